import type { Currency } from '@plenty/contracts/money';
import { convertMoney } from '@plenty/contracts/rates';
import type { WalletList } from '@plenty/contracts/views/wallets';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNetWorthQuery, useWalletsQuery } from '../../../lib/api/wallets';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { usePreferences } from '../../../lib/preferences';
import { walletName } from '../../../lib/wallet-name';
import { useMonthWriters } from '../../../ui/budget-status/use-month-writers';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { NetWorthChart, perCurrencyNet } from '../../../ui/net-worth/net-worth-chart';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { Figure, statNoteClass, toneClass } from '../../../ui/stat/stat';
import styles from '../dashboard.module.css';

/** How many wallets the card lists; the wallets page has them all. */
const TOP_WALLETS = 4;

/** The wallets worth most in the display currency first (unarchived, those left out of totals too). */
function topWallets(list: WalletList, rates: Parameters<typeof convertMoney>[2] | null) {
  const value = (amount: number, currency: Currency) =>
    rates === null ? amount : convertMoney({ amount, currency }, list.displayCurrency, rates).amount;
  return list.items
    .filter((wallet) => !wallet.archived)
    .map((wallet) => ({ wallet, value: value(wallet.balance, wallet.currency) }))
    .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
    .slice(0, TOP_WALLETS)
    .map(({ wallet }) => wallet);
}

/**
 * Where the money is: the wallets' total in the display currency (as of `asOf`, today by
 * default), the largest wallets with their balances, and a link to all of them; a user with no
 * wallet yet is invited to add one.
 */
export function WalletsCard({ asOf }: { readonly asOf: string | null }) {
  const intl = useIntl();
  const query = useWalletsQuery({ asOf });
  const { preferences } = usePreferences();
  const list = query.data;
  const write = useMonthWriters(list?.displayCurrency ?? preferences?.currency ?? 'USD');
  const viewAll = (
    <LocalizedLink to="/dashboard/wallets" className={styles.inlineAction}>
      <FormattedMessage id="dashboard.wallets.viewAll" />
    </LocalizedLink>
  );
  if (list === undefined) {
    return (
      <Card title={<FormattedMessage id="dashboard.wallets.title" />} testId="wallets-card">
        {query.isError ? (
          <QueryLoadError query={query} message="dashboard.wallets.error" retry="dashboard.error.retry" />
        ) : (
          <SkeletonBlock height="8rem" />
        )}
      </Card>
    );
  }
  if (list.items.length === 0) {
    return (
      <Card title={<FormattedMessage id="dashboard.wallets.title" />} testId="wallets-card">
        <EmptyState
          title={<FormattedMessage id="dashboard.wallets.emptyTitle" />}
          testId="wallets-empty"
          action={
            asOf === null && (
              <LocalizedLink to="/dashboard/wallets" className={buttonClass('secondary')}>
                <FormattedMessage id="dashboard.wallets.add" />
              </LocalizedLink>
            )
          }
        >
          <FormattedMessage id="dashboard.wallets.emptyBody" />
        </EmptyState>
      </Card>
    );
  }
  const shown = topWallets(list, preferences?.rates ?? null);
  const mixed = list.perCurrency.some((row) => row.currency !== list.displayCurrency);
  return (
    <Card title={<FormattedMessage id="dashboard.wallets.title" />} actions={viewAll} testId="wallets-card">
      <p className={styles.muted}>
        <FormattedMessage id="dashboard.wallets.total" values={{ date: write.longDate(list.asOf) }} />
      </p>
      <Figure size="large" className={list.total < 0 ? toneClass.expense : undefined} testId="wallets-total">
        {write.money(list.total)}
      </Figure>
      {mixed && (
        <p className={statNoteClass} data-testid="wallets-per-currency">
          <FormattedMessage
            id="dashboard.wallets.asRecorded"
            values={{ amounts: list.perCurrency.map((row) => write.moneyIn(row.amount, row.currency)).join(' · ') }}
          />
        </p>
      )}
      <OutOfRangeNote outOfRange={list.outOfRange} />
      <ul className={styles.walletList} aria-label={intl.formatMessage({ id: 'dashboard.wallets.listLabel' })}>
        {shown.map((wallet) => (
          <li key={wallet.id} className={styles.walletRow} data-testid="dashboard-wallet">
            <span className={styles.walletDot} style={{ background: wallet.color }} aria-hidden="true" />
            <span className={styles.walletName}>
              <span className={styles.ellipsis}>{walletName(intl, wallet)}</span>
              <span className={styles.walletKind}>
                <FormattedMessage id={`wallet.kind.${wallet.kind}`} />
                {wallet.excludeFromTotals && (
                  <>
                    {' · '}
                    <FormattedMessage id="dashboard.wallets.leftOut" />
                  </>
                )}
              </span>
            </span>
            <span
              className={wallet.balance < 0 ? `${styles.walletBalance} ${toneClass.expense}` : styles.walletBalance}
            >
              {write.moneyIn(wallet.balance, wallet.currency)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * Net worth: what the wallets hold less what is still owed on debts, as of `asOf` (today by
 * default), with the last 12 month ends as a chart and table; per currency as recorded when
 * currencies are mixed.
 */
export function NetWorthCard({ asOf }: { readonly asOf: string | null }) {
  const intl = useIntl();
  const query = useNetWorthQuery({ asOf });
  const { preferences } = usePreferences();
  const data = query.data;
  const write = useMonthWriters(data?.displayCurrency ?? preferences?.currency ?? 'USD');
  const say = (id: MessageId) => intl.formatMessage({ id });
  if (data === undefined) {
    return (
      <Card title={<FormattedMessage id="dashboard.netWorth.title" />} testId="net-worth-card">
        {query.isError ? (
          <QueryLoadError query={query} message="dashboard.netWorth.error" retry="dashboard.error.retry" />
        ) : (
          <SkeletonBlock height="14rem" />
        )}
      </Card>
    );
  }
  const { current } = data;
  const recorded = perCurrencyNet(current, data.displayCurrency, write);
  return (
    <Card title={<FormattedMessage id="dashboard.netWorth.title" />} testId="net-worth-card">
      <p className={styles.muted}>
        <FormattedMessage id="dashboard.netWorth.asOf" values={{ date: write.longDate(data.asOf) }} />
      </p>
      <Figure size="large" className={current.net < 0 ? toneClass.expense : undefined} testId="net-worth-value">
        {write.money(current.net)}
      </Figure>
      <p className={statNoteClass} data-testid="net-worth-parts">
        <FormattedMessage
          id="dashboard.netWorth.parts"
          values={{ assets: write.money(current.assets), debts: write.money(current.debts) }}
        />
      </p>
      {recorded !== null && (
        <p className={statNoteClass} data-testid="net-worth-per-currency">
          <FormattedMessage id="dashboard.netWorth.asRecorded" values={{ amounts: recorded }} />
        </p>
      )}
      <OutOfRangeNote outOfRange={data.outOfRange} />
      <NetWorthChart
        data={data}
        write={write}
        testId="net-worth-chart"
        names={{
          title: say('dashboard.netWorth.chart'),
          month: say('dashboard.chart.month'),
          assets: say('dashboard.netWorth.assets'),
          debts: say('dashboard.netWorth.debts'),
          net: say('dashboard.netWorth.net'),
          showTable: say('dashboard.chart.showTable'),
          showChart: say('dashboard.chart.showChart'),
        }}
      />
    </Card>
  );
}
