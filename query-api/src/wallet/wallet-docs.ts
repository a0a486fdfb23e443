import { WALLET_MONTHS_VIEW, WALLET_MOVEMENTS_VIEW } from '@plenty/contracts/views/registry';
import { addDays, dayOfMonth, daysInMonthOf, monthOfDate } from '@plenty/contracts/calendar/date';
import { totalOf } from '@plenty/contracts/money';
import type { WalletDoc, WalletMonthDoc, WalletMovementDoc } from '@plenty/contracts/views/wallet-docs';
import { encodeCursor } from '@plenty/platform/read-store/keys';
import type { FindResult, ReadStore } from '@plenty/platform/read-store/port';

/*
 * The documents of the wallets projection (contracts/views/wallet-docs.ts) as this service
 * reads them, and the balance of a wallet at the end of a day from them: the opening balance (when its date is not later),
 * the months before the day's month from their sums, and the day's month up to the day from
 * its movements. Every sum is exact (bigint).
 */

export type { WalletDoc, WalletMonthDoc, WalletMovementDoc } from '@plenty/contracts/views/wallet-docs';

/** Movements read per page when a balance needs a month's own movements. */
const PAGE = 200;
/** A person's wallets × months: far fewer in practice. */
const MAX_MONTH_DOCS = 100_000;

export const NEWEST_FIRST = [{ field: 'sortKey', direction: 'desc' }] as const;

/**
 * A cursor for the newest-first order that lets through exactly the movements dated up to
 * `date` (every sort key of a later day is above `<date>U`; '' sorts before every id).
 */
export const endOfDayCursor = (date: string): string => encodeCursor([`${date}U`, '']);

/** The sum and number of movements. */
export interface Flow {
  readonly change: bigint;
  readonly count: number;
}

const NO_FLOW: Flow = { change: 0n, count: 0 };
const plus = (a: Flow, b: Flow): Flow => ({ change: a.change + b.change, count: a.count + b.count });

/** Every month document of the user, by wallet. */
export async function monthsByWallet(readStore: ReadStore, userId: string): Promise<Map<string, WalletMonthDoc[]>> {
  const page = await readStore.find<WalletMonthDoc & Record<string, unknown>>(WALLET_MONTHS_VIEW, {
    userId,
    sort: [],
    limit: MAX_MONTH_DOCS,
  });
  const byWallet = new Map<string, WalletMonthDoc[]>();
  for (const { doc } of page.items) {
    const list = byWallet.get(doc.walletId);
    if (list === undefined) byWallet.set(doc.walletId, [doc]);
    else list.push(doc);
  }
  return byWallet;
}

/** The month documents of one wallet. */
export async function monthsOfWallet(
  readStore: ReadStore,
  userId: string,
  walletId: string,
): Promise<WalletMonthDoc[]> {
  const page = await readStore.find<WalletMonthDoc & Record<string, unknown>>(WALLET_MONTHS_VIEW, {
    userId,
    where: { walletId },
    sort: [],
    limit: MAX_MONTH_DOCS,
  });
  return page.items.map(({ doc }) => doc);
}

/** The movements of the months that `include` selects. */
export function flowOfMonths(months: readonly WalletMonthDoc[], include: (month: string) => boolean): Flow {
  let flow = NO_FLOW;
  for (const doc of months) {
    if (include(doc.month)) flow = plus(flow, { change: totalOf(doc.change), count: doc.count });
  }
  return flow;
}

/** The movements of `walletId` dated from `first` to `last` (both inclusive), read newest first from the end of `last`. */
async function flowOfDays(
  readStore: ReadStore,
  userId: string,
  walletId: string,
  first: string,
  last: string,
): Promise<Flow> {
  let flow = NO_FLOW;
  let cursor: string | null = endOfDayCursor(last);
  while (cursor !== null) {
    const page: FindResult<WalletMovementDoc & Record<string, unknown>> = await readStore.find(WALLET_MOVEMENTS_VIEW, {
      userId,
      where: { walletId },
      sort: NEWEST_FIRST,
      limit: PAGE,
      cursor,
    });
    for (const { doc } of page.items) {
      if (doc.date < first) return flow;
      flow = plus(flow, { change: BigInt(doc.amount), count: 1 });
    }
    cursor = page.nextCursor;
  }
  return flow;
}

/**
 * The movements of `date`'s month dated up to it. Up to the middle of the month they are read
 * themselves; later, or on `today`, the month's sum less the movements dated after the day, which
 * for today are only those dated ahead (none, mostly): a month of 1,000 movements is not read
 * document by document on every look at a balance. The month document is the sum of its
 * movements (the wallets projection writes both in one step), so both ways give the same flow.
 */
export async function flowOfMonthUpTo(
  readStore: ReadStore,
  userId: string,
  walletId: string,
  date: string,
  month: WalletMonthDoc,
  today?: string,
): Promise<Flow> {
  const monthStart = `${monthOfDate(date)}-01`;
  const days = daysInMonthOf(month.month);
  if (date !== today && Number(date.slice(8, 10)) * 2 <= days)
    return flowOfDays(readStore, userId, walletId, monthStart, date);
  const lastDay = dayOfMonth(month.month, days);
  if (date >= lastDay) return { change: totalOf(month.change), count: month.count };
  const after = await flowOfDays(readStore, userId, walletId, addDays(date, 1), lastDay);
  return { change: totalOf(month.change) - after.change, count: month.count - after.count };
}

/** The opening balance counts from its date on; a wallet without one (a default wallet) has it always. */
export const openingAt = (wallet: Pick<WalletDoc, 'openingBalance' | 'openingDate'>, date: string): bigint =>
  wallet.openingDate === null || wallet.openingDate <= date ? BigInt(wallet.openingBalance) : 0n;

/** The balance at the end of a month: opening and every movement of the months up to it. */
export function balanceAtMonthEnd(
  wallet: WalletDoc,
  months: readonly WalletMonthDoc[],
  month: string,
  lastDay: string,
): bigint {
  return openingAt(wallet, lastDay) + flowOfMonths(months, (m) => m <= month).change;
}

/**
 * The balance at the end of `date` and how many movements make it. The day's month is read
 * from its movements only when it has any (its month document says so); `today`, the user's,
 * tells when the day's later movements are only those dated ahead.
 */
export async function balanceAt(
  readStore: ReadStore,
  userId: string,
  wallet: WalletDoc,
  months: readonly WalletMonthDoc[],
  date: string,
  today?: string,
): Promise<{ readonly balance: bigint; readonly movementCount: number }> {
  const month = monthOfDate(date);
  const before = flowOfMonths(months, (m) => m < month);
  const monthDoc = months.find((doc) => doc.month === month && doc.count > 0);
  const within =
    monthDoc === undefined ? NO_FLOW : await flowOfMonthUpTo(readStore, userId, wallet.id, date, monthDoc, today);
  const flow = plus(before, within);
  return { balance: openingAt(wallet, date) + flow.change, movementCount: flow.count };
}
