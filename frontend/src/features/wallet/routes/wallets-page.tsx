import { todayIn } from '@plenty/contracts/calendar/zone';
import type { WalletList, WalletView } from '@plenty/contracts/views/wallets';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useCommand } from '../../../lib/api/use-command';
import { useWalletsQuery } from '../../../lib/api/wallets';
import { LocalizedLink } from '../../../lib/localized-link';
import { usePreferences } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { usePageTitle } from '../../../lib/use-page-title';
import { AsOfPanel, isAsOfRefused, useAsOfParam } from '../../../ui/as-of/as-of';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { Row, RowList } from '../../../ui/list-row/list-row';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { Page, PageHeader } from '../../../ui/page/page';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { StatCard, StatCards, statCardsClass } from '../../../ui/stat/stat';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { TransferDialog, type TransferEditing } from '../components/transfer-dialog';
import { WalletDialog } from '../components/wallet-dialog';
import { SignedMoney, WalletBadges, WalletIcon, useWalletName } from '../components/wallet-icon';
import styles from '../wallets.module.css';

/**
 * The wallets: the total in the display currency (and per currency as recorded), every wallet
 * with its kind and balance, archived ones behind a toggle with Restore; add a wallet, move
 * money between two. `?asOf=` shows the balances at the end of a past day.
 */
export function WalletsPage() {
  usePageTitle('page.wallets');
  const { preferences } = usePreferences();
  const today = todayIn(preferences?.timeZone);
  const { asOf, setAsOf, todaySearch } = useAsOfParam();
  const query = useWalletsQuery({ asOf });
  const data = query.currentData;
  const [adding, setAdding] = useState(false);
  const [transferring, setTransferring] = useState<TransferEditing>(null);
  const active = data?.items.filter((wallet) => !wallet.archived) ?? [];
  const live = asOf === null;

  const startTransfer = () =>
    setTransferring({ mode: 'add', fromWalletId: active[0]?.id ?? '', toWalletId: active[1]?.id ?? '' });

  return (
    <Page testId="wallets-page">
      <PageHeader
        size="compact"
        align="start"
        title={<FormattedMessage id="page.wallets" />}
        lead={<FormattedMessage id="wallet.lead" />}
        actions={
          live &&
          data !== undefined &&
          data.items.length > 0 && (
            <div className={styles.actions}>
              {active.length >= 2 && (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={startTransfer}
                  data-testid="wallets-transfer"
                >
                  <span aria-hidden="true">⇄ </span>
                  <FormattedMessage id="transfer.action" />
                </button>
              )}
              <button
                type="button"
                className={buttonClass('primary')}
                onClick={() => setAdding(true)}
                data-testid="add-wallet"
              >
                <span aria-hidden="true">+</span>
                <FormattedMessage id="wallet.add" />
              </button>
            </div>
          )
        }
      />
      <AsOfPanel
        asOf={asOf}
        todaySearch={todaySearch}
        onChange={setAsOf}
        loading={query.isFetching && data === undefined}
        refused={isAsOfRefused(query.error) && !query.isFetching}
      />

      {data === undefined ? (
        query.isError ? (
          isAsOfRefused(query.error) ? null : (
            <QueryLoadError query={query} message="wallet.loadFailed" retry="wallet.retry" testId="wallets-error" />
          )
        ) : (
          <Skeleton />
        )
      ) : (
        <Wallets data={data} live={live} onAdd={() => setAdding(true)} />
      )}

      <WalletDialog
        open={adding}
        wallets={data?.items ?? []}
        defaultCurrency={preferences?.currency ?? 'LAK'}
        today={today}
        onClose={() => setAdding(false)}
      />
      <TransferDialog
        editing={transferring}
        wallets={data?.items ?? []}
        today={today}
        onClose={() => setTransferring(null)}
      />
    </Page>
  );
}

function Wallets({
  data,
  live,
  onAdd,
}: {
  readonly data: WalletList;
  readonly live: boolean;
  readonly onAdd: () => void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const archivedId = useId();
  const [showArchived, setShowArchived] = useState(false);
  const active = data.items.filter((wallet) => !wallet.archived);
  const archived = data.items.filter((wallet) => wallet.archived);
  const otherCurrencies = data.perCurrency.some((money) => money.currency !== data.displayCurrency);

  return (
    <>
      <StatCards label={intl.formatMessage({ id: 'wallet.summary.title' })}>
        <StatCard
          label={<FormattedMessage id="wallet.summary.total" />}
          figure={<SignedMoney amount={data.total} currency={data.displayCurrency} />}
          testId="wallets-total"
          note={
            otherCurrencies && (
              <span className={styles.muted} data-testid="wallets-per-currency">
                {data.perCurrency.map((money) => format.money(money)).join(' + ')}
              </span>
            )
          }
        />
        <StatCard
          label={<FormattedMessage id="wallet.summary.count" />}
          figure={format.number(active.length)}
          testId="wallets-count"
        />
      </StatCards>
      <OutOfRangeNote outOfRange={data.outOfRange} />

      <Card title={<FormattedMessage id="wallet.list.title" />} gap="medium">
        {data.items.length === 0 ? (
          <EmptyState
            title={<FormattedMessage id="wallet.empty.title" />}
            testId="wallets-empty"
            action={
              live && (
                <button type="button" className={buttonClass('primary')} onClick={onAdd} data-testid="add-first-wallet">
                  <span aria-hidden="true">+</span>
                  <FormattedMessage id="wallet.empty.action" />
                </button>
              )
            }
          >
            <FormattedMessage id="wallet.empty.body" />
          </EmptyState>
        ) : (
          <>
            {active.length === 0 ? (
              <p className={styles.muted}>
                <FormattedMessage id="wallet.noActive" />
              </p>
            ) : (
              <WalletRows wallets={active} testId="wallets-active" />
            )}
            {archived.length > 0 && (
              <button
                type="button"
                className={`${buttonClass('secondary')} ${styles.toggle}`}
                aria-expanded={showArchived}
                aria-controls={archivedId}
                onClick={() => setShowArchived((shown) => !shown)}
                data-testid="toggle-archived"
              >
                <FormattedMessage
                  id={showArchived ? 'wallet.hideArchived' : 'wallet.showArchived'}
                  values={{ count: format.number(archived.length) }}
                />
              </button>
            )}
            <div id={archivedId} hidden={!showArchived}>
              {showArchived && <WalletRows wallets={archived} testId="wallets-archived" restore={live} />}
            </div>
          </>
        )}
      </Card>
    </>
  );
}

/** Wallets, each with its icon, name (a link to its page), kind and balance; archived ones can be restored. */
function WalletRows({
  wallets,
  testId,
  restore = false,
}: {
  readonly wallets: readonly WalletView[];
  readonly testId: string;
  readonly restore?: boolean;
}) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const nameOf = useWalletName();
  const restoreWallet = useCommand('RestoreWallet');

  const onRestore = async (wallet: WalletView) => {
    const outcome = await restoreWallet.run({ walletId: wallet.id });
    dispatch(outcome.ok ? showSuccess('wallet.toast.restored', { name: nameOf(wallet) }) : showApiError(outcome.error));
  };

  return (
    <RowList testId={testId}>
      {wallets.map((wallet) => {
        const name = nameOf(wallet);
        return (
          <Row key={wallet.id} className={styles.wallet} testId="wallet-item">
            <WalletIcon icon={wallet.icon} color={wallet.color} />
            <div className={styles.walletBody}>
              <h3 className={styles.walletName} id={`wallet-name-${wallet.id}`}>
                <LocalizedLink to={`/dashboard/wallets/${wallet.id}`} data-testid="wallet-link">
                  {name}
                </LocalizedLink>
              </h3>
              <span className={styles.actions}>
                <WalletBadges wallet={wallet} />
              </span>
            </div>
            <div className={styles.balance}>
              <SignedMoney amount={wallet.balance} currency={wallet.currency} testId="wallet-balance" />
              {restore && (
                <div>
                  <button
                    type="button"
                    className={`${buttonClass('secondary')} ${styles.small}`}
                    aria-label={intl.formatMessage({ id: 'wallet.restoreLabel' }, { name })}
                    disabled={restoreWallet.pending}
                    onClick={() => void onRestore(wallet)}
                    data-testid="restore-wallet"
                  >
                    <FormattedMessage id="wallet.restore" />
                  </button>
                </div>
              )}
            </div>
          </Row>
        );
      })}
    </RowList>
  );
}

function Skeleton() {
  return (
    <Loading testId="wallets-loading" className={styles.loading}>
      <div className={statCardsClass} aria-hidden="true">
        {[0, 1].map((key) => (
          <SkeletonBlock key={key} />
        ))}
      </div>
      <SkeletonBlock height="16rem" />
    </Loading>
  );
}
