import { DEBTS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { daysInMonthOf, monthOfDate, monthsEndingWith } from '@plenty/contracts/calendar/date';
import { finishFigures, type Exact } from '@plenty/contracts/figures';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import type { PreferencesView } from '@plenty/contracts/preferences';
import { sumInCurrencyExact } from '@plenty/contracts/rates';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { NetWorth, NetWorthPoint } from '@plenty/contracts/views/wallets';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { queryRoute } from '../query-route.js';
import { balanceDay } from '../wallet/as-of-day.js';
import { balanceAt, balanceAtMonthEnd, monthsByWallet, type WalletDoc } from '../wallet/wallet-docs.js';
import { counted, walletsOf } from '../wallet/wallets.routes.js';

/** A person's debts are few; one page holds them all. */
const MAX_DEBTS = 1000;

/** What a debt is read for here. */
export type DebtAtDate = Pick<
  DebtDetail,
  'currency' | 'currentAmount' | 'openDate' | 'startDate' | 'schedule' | 'payments'
>;

/**
 * What was still owed (principal) on a debt at the end of `date`: nothing before it was opened
 * (the earlier of its open and start dates); from then on its current amount (what was owed on
 * its start date) less the principal of the installments paid and the extra payments dated up
 * to that day. Never below zero.
 */
export function owedAt(debt: DebtAtDate, date: string): bigint {
  const opened = debt.openDate < debt.startDate ? debt.openDate : debt.startDate;
  if (date < opened) return 0n;
  let owed = BigInt(debt.currentAmount);
  for (const row of debt.schedule) {
    if (row.status === 'paid' && row.paidOn !== null && row.paidOn <= date) owed -= BigInt(row.principal);
  }
  for (const payment of debt.payments) {
    if (payment.installmentNumber === null && payment.date <= date) owed -= BigInt(payment.amount);
  }
  return owed > 0n ? owed : 0n;
}

/** One point: the counted wallets' balances and the debts' outstanding principal, per currency and converted. */
export function netWorthPoint(
  assets: readonly { readonly currency: Currency; readonly amount: bigint }[],
  debts: readonly { readonly currency: Currency; readonly amount: bigint }[],
  preferences: Pick<PreferencesView, 'currency' | 'rates'>,
): Exact<NetWorthPoint> {
  const sums = new Map<Currency, { assets: bigint; debts: bigint }>();
  const at = (currency: Currency) => {
    let entry = sums.get(currency);
    if (entry === undefined) {
      entry = { assets: 0n, debts: 0n };
      sums.set(currency, entry);
    }
    return entry;
  };
  for (const { currency, amount } of assets) at(currency).assets += amount;
  for (const { currency, amount } of debts) if (amount !== 0n) at(currency).debts += amount;
  const perCurrency = CURRENCIES.flatMap((currency) => {
    const entry = sums.get(currency);
    return entry === undefined ? [] : [{ currency, ...entry, net: entry.assets - entry.debts }];
  });
  const convert = (part: 'assets' | 'debts') =>
    sumInCurrencyExact(
      perCurrency.map((entry) => ({ currency: entry.currency, amount: entry[part] })),
      preferences.currency,
      preferences.rates,
    );
  const totalAssets = convert('assets');
  const totalDebts = convert('debts');
  return { assets: totalAssets, debts: totalDebts, net: totalAssets - totalDebts, perCurrency };
}

const debtsAt = (debts: readonly DebtAtDate[], date: string) =>
  debts.map((debt) => ({ currency: debt.currency, amount: owedAt(debt, date) }));

/**
 * `GET /net-worth`: the unarchived wallets not left out of totals, less what is still owed on
 * debts, at the end of `asOf` (today by default) and at the end of each of the last `months`
 * months (the last one as of `asOf`). Month ends come from the wallets' month sums alone; only
 * the day itself reads its month's movements.
 */
export function netWorthRoutes(app: FastifyInstance, readStore: ReadStore, now: () => Date): void {
  queryRoute(app, QUERY_ROUTES.netWorth, async ({ user, query }) => {
    const [day, wallets, months, debtPage] = await Promise.all([
      balanceDay(readStore, user.uid, query.asOf, now()),
      walletsOf(readStore, user.uid),
      monthsByWallet(readStore, user.uid),
      readStore.find<DebtAtDate & Record<string, unknown>>(DEBTS_VIEW, {
        userId: user.uid,
        sort: [],
        limit: MAX_DEBTS,
      }),
    ]);
    const debts = debtPage.items.map(({ doc }) => doc);
    const kept: WalletDoc[] = wallets.filter(counted);
    const currentAssets = await Promise.all(
      kept.map(async (wallet) => ({
        currency: wallet.currency,
        amount: (await balanceAt(readStore, user.uid, wallet, months.get(wallet.id) ?? [], day.asOf, day.today))
          .balance,
      })),
    );
    const current = netWorthPoint(currentAssets, debtsAt(debts, day.asOf), day.preferences);
    const lastMonth = monthOfDate(day.asOf);
    const points = monthsEndingWith(lastMonth, query.months).map((month) => {
      if (month === lastMonth) return { ...current, month };
      const lastDay = `${month}-${String(daysInMonthOf(month)).padStart(2, '0')}`;
      const assets = kept.map((wallet) => ({
        currency: wallet.currency,
        amount: balanceAtMonthEnd(wallet, months.get(wallet.id) ?? [], month, lastDay),
      }));
      return { ...netWorthPoint(assets, debtsAt(debts, lastDay), day.preferences), month };
    });
    const { value, outOfRange } = finishFigures<Omit<NetWorth, 'outOfRange'>>({
      asOf: day.asOf,
      displayCurrency: day.preferences.currency,
      current,
      months: points,
    });
    return { ...value, outOfRange };
  });
}
