import { todayIn } from '@plenty/contracts/calendar/zone';
import type { WalletView } from '@plenty/contracts/views/wallets';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch, useStore } from 'react-redux';
import { useParams } from 'react-router';
import type { ApiError } from '../../../lib/api/api-error';
import { useCommand } from '../../../lib/api/use-command';
import { useWalletsQuery } from '../../../lib/api/wallets';
import { LocalizedLink } from '../../../lib/localized-link';
import { usePreferences } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { usePageTitle } from '../../../lib/use-page-title';
import { AsOfPanel, isAsOfRefused, useAsOfParam } from '../../../ui/as-of/as-of';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Inline } from '../../../ui/list-row/list-row';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { BackLink, ItemNotFound, type BackTo } from '../../../ui/page/back-link';
import { Page, PageHeader, PageTitle } from '../../../ui/page/page';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { Figure } from '../../../ui/stat/stat';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useLazyTransferByIdQuery, useWalletByIdQuery, useWalletMovementPagesInfiniteQuery } from '../api';
import { MovementList, uniqueRows } from '../components/movement-list';
import { PendingMovements } from '../components/pending-movements';
import { ReconcileDialog } from '../components/reconcile-dialog';
import { TransferDialog, type TransferEditing } from '../components/transfer-dialog';
import { WalletDialog } from '../components/wallet-dialog';
import { selectIsPainted, useServerAnswer, type PaintState } from '../../../lib/api/server-answer';
import { WaitingDialog } from '../../../ui/dialog-form/waiting-dialog';
import { SignedMoney, WalletBadges, WalletIcon, useWalletName } from '../components/wallet-icon';
import styles from '../wallets.module.css';

const BACK: BackTo = { to: '/dashboard/wallets', label: 'wallet.detail.back' };

/**
 * One wallet: its balance as of today or a chosen day, its actions, and its movements with the
 * running balance, ending on the chosen day (every one, dated ahead too, as of today).
 */
export function WalletDetailPage() {
  const { id = '' } = useParams();
  const { asOf, setAsOf, todaySearch } = useAsOfParam();
  const query = useWalletByIdQuery({ id, asOf });
  const current = useServerAnswer(query);
  const error = query.error as ApiError | undefined;
  const refused = isAsOfRefused(query.error) && !query.isFetching;
  const notFound = error?.status === 404 || error?.code === 'wallet_not_found';
  usePageTitle(notFound ? 'errorPage.notFoundTitle' : 'page.walletDetail');

  if (notFound) return <ItemNotFound back={BACK} testId="wallet-not-found" />;
  const panel = (
    <AsOfPanel
      asOf={asOf}
      todaySearch={todaySearch}
      onChange={setAsOf}
      loading={query.isFetching && query.currentData === undefined}
      refused={refused}
    />
  );
  const wallet = query.currentData;
  if (wallet === undefined) {
    return (
      <Page>
        <BackLink {...BACK} />
        <PageTitle size="compact">
          <FormattedMessage id="page.walletDetail" />
        </PageTitle>
        {panel}
        {query.isError ? (
          !refused && (
            <QueryLoadError
              query={query}
              message="wallet.detail.loadFailed"
              retry="wallet.retry"
              testId="wallet-error"
            />
          )
        ) : (
          <Loading className={styles.loading} testId="wallet-loading">
            <SkeletonBlock />
            <SkeletonBlock height="20rem" />
          </Loading>
        )}
      </Page>
    );
  }
  return <Detail wallet={wallet} asOf={asOf} panel={panel} current={current} />;
}

/**
 * `current`: the wallet is the server's answer, not the device copy a page load paints first;
 * its edit and reconcile dialogs start from the server's values, so they wait for it.
 */
function Detail({
  wallet,
  asOf,
  panel,
  current,
}: {
  readonly wallet: WalletView;
  readonly asOf: string | null;
  readonly panel: ReactNode;
  readonly current: boolean;
}) {
  const dispatch = useDispatch();
  const format = useFormat();
  const { preferences } = usePreferences();
  const today = todayIn(preferences?.timeZone);
  const nameOf = useWalletName();
  const name = nameOf(wallet);
  const wallets = useWalletsQuery({ asOf: null }).data?.items ?? [wallet];
  const movements = useWalletMovementPagesInfiniteQuery({ id: wallet.id, asOf });
  const [loadTransfer] = useLazyTransferByIdQuery();
  const store = useStore<PaintState>();
  const archive = useCommand('ArchiveWallet');
  const restore = useCommand('RestoreWallet');
  const deleteTransfer = useCommand('DeleteTransfer');

  const [editing, setEditing] = useState(false);
  const [reconciling, setReconciling] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [transferring, setTransferring] = useState<TransferEditing>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const others = wallets.filter((other) => other.id !== wallet.id && !other.archived);
  const hasMore = movements.hasNextPage;
  const rows = uniqueRows(movements.data?.pages ?? []);

  const onArchive = async () => {
    setArchiving(false);
    const outcome = await archive.run({ walletId: wallet.id });
    dispatch(outcome.ok ? showSuccess('wallet.toast.archived', { name }) : showApiError(outcome.error));
  };
  const onRestore = async () => {
    const outcome = await restore.run({ walletId: wallet.id });
    dispatch(outcome.ok ? showSuccess('wallet.toast.restored', { name }) : showApiError(outcome.error));
  };
  const onEditTransfer = async (transferId: string) => {
    let answer = await loadTransfer(transferId);
    // Read while the session is restored, the answer may be the device copy painted first: the
    // form starts from the server's transfer, so it is asked again (the device's when offline).
    if (selectIsPainted(store.getState(), answer)) answer = await loadTransfer(transferId);
    if (answer.data === undefined) {
      dispatch(showApiError(answer.error as ApiError));
      return;
    }
    setTransferring({ mode: 'edit', transfer: answer.data });
  };
  const onDeleteTransfer = async () => {
    const transferId = removing;
    setRemoving(null);
    if (transferId === null) return;
    const outcome = await deleteTransfer.run({ transferId });
    dispatch(outcome.ok ? showSuccess('transfer.toast.deleted') : showApiError(outcome.error));
  };

  return (
    <Page testId="wallet-detail">
      <BackLink {...BACK} />
      <PageHeader
        align="start"
        heading={
          <div className={styles.heading}>
            <WalletIcon icon={wallet.icon} color={wallet.color} size={28} />
            <div>
              <PageTitle size="compact">{name}</PageTitle>
              <Inline>
                <WalletBadges wallet={wallet} />
              </Inline>
            </div>
          </div>
        }
        actions={
          <div className={styles.actions}>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => setEditing(true)}
              data-testid="edit-wallet"
            >
              <FormattedMessage id="wallet.detail.edit" />
            </button>
            {!wallet.archived && others.length > 0 && (
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() =>
                  setTransferring({ mode: 'add', fromWalletId: wallet.id, toWalletId: others[0]?.id ?? '' })
                }
                data-testid="wallet-transfer"
              >
                <FormattedMessage id="transfer.action" />
              </button>
            )}
            {!wallet.archived && (
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => setReconciling(true)}
                data-testid="reconcile-wallet"
              >
                <FormattedMessage id="wallet.reconcile.action" />
              </button>
            )}
            {wallet.archived ? (
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={restore.pending}
                onClick={() => void onRestore()}
                data-testid="restore-wallet"
              >
                <FormattedMessage id="wallet.restore" />
              </button>
            ) : (
              <button
                type="button"
                className={`${buttonClass('secondary')} ${styles.danger}`}
                onClick={() => setArchiving(true)}
                data-testid="archive-wallet"
              >
                <FormattedMessage id="wallet.archive" />
              </button>
            )}
            <LocalizedLink to={`/activity?kind=wallet&subject=${wallet.id}`} className={buttonClass('secondary')}>
              <FormattedMessage id="nav.activity" />
            </LocalizedLink>
          </div>
        }
      />
      {panel}

      <Card title={<FormattedMessage id="wallet.detail.balance" />} gap="small" testId="wallet-balance-card">
        <Figure size="large" testId="wallet-detail-balance">
          <SignedMoney amount={wallet.balance} currency={wallet.currency} />
        </Figure>
        <p className={styles.muted}>
          <FormattedMessage
            id={asOf === null ? 'wallet.detail.asOfToday' : 'wallet.detail.asOfDay'}
            values={{ date: format.longDate(asOf ?? today) }}
          />
          {wallet.lastReconciledOn !== null && (
            <>
              {' · '}
              <FormattedMessage
                id="wallet.detail.lastReconciled"
                values={{ date: format.longDate(wallet.lastReconciledOn) }}
              />
            </>
          )}
        </p>
      </Card>

      <Card title={<FormattedMessage id="wallet.detail.movements" />} gap="small">
        {asOf === null && <PendingMovements wallet={wallet} wallets={wallets} />}
        {movements.data === undefined ? (
          movements.isError ? (
            <QueryLoadError
              query={movements}
              message="wallet.detail.movementsFailed"
              retry="wallet.retry"
              testId="wallet-movements-error"
            />
          ) : (
            <Loading testId="wallet-movements-loading" className={styles.loading}>
              <SkeletonBlock height="8rem" />
            </Loading>
          )
        ) : rows.length === 0 ? (
          <p className={styles.muted} data-testid="wallet-movements-empty">
            <FormattedMessage id="wallet.detail.noMovements" />
          </p>
        ) : (
          <>
            <MovementList
              wallet={wallet}
              rows={rows}
              wallets={wallets}
              onEditTransfer={(transferId) => void onEditTransfer(transferId)}
              onDeleteTransfer={setRemoving}
            />
            {hasMore && (
              <button
                type="button"
                className={`${buttonClass('secondary')} ${styles.toggle}`}
                disabled={movements.isFetchingNextPage}
                aria-busy={movements.isFetchingNextPage}
                onClick={() => void movements.fetchNextPage()}
                data-testid="wallet-movements-more"
              >
                <FormattedMessage
                  id={movements.isFetchingNextPage ? 'wallet.detail.loadingMore' : 'wallet.detail.showMore'}
                />
              </button>
            )}
            {movements.isFetchNextPageError && (
              <p className={styles.muted} role="alert">
                <FormattedMessage id="wallet.detail.movementsFailed" />
              </p>
            )}
          </>
        )}
      </Card>

      <WaitingDialog
        open={(editing || reconciling) && !current}
        onClose={() => {
          setEditing(false);
          setReconciling(false);
        }}
      />
      <WalletDialog
        open={editing && current}
        wallet={wallet}
        wallets={wallets}
        defaultCurrency={wallet.currency}
        today={today}
        onClose={() => setEditing(false)}
      />
      <TransferDialog editing={transferring} wallets={wallets} today={today} onClose={() => setTransferring(null)} />
      <ReconcileDialog
        wallet={reconciling && current ? wallet : null}
        today={today}
        onClose={() => setReconciling(false)}
      />
      <ConfirmDialog
        open={archiving}
        title="wallet.archiveDialog.title"
        body="wallet.archiveDialog.body"
        confirm="wallet.archive"
        values={{ name }}
        danger
        onConfirm={() => void onArchive()}
        onCancel={() => setArchiving(false)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="transfer.deleteDialog.title"
        body="transfer.deleteDialog.body"
        confirm="transfer.delete"
        danger
        onConfirm={() => void onDeleteTransfer()}
        onCancel={() => setRemoving(null)}
      />
    </Page>
  );
}
