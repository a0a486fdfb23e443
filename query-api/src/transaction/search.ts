import { TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import { finishFigures } from '@plenty/contracts/figures';
import { CURRENCIES, type Currency, type ExactTotal } from '@plenty/contracts/money';
import { convertExact, RATE_PATTERN, type RateTable } from '@plenty/contracts/rates';
import type { TransactionSort, TransactionTotals, TransactionView } from '@plenty/contracts/views/transactions';
import {
  InvalidCursorError,
  type FindQuery,
  type MergeKey,
  type ReadStore,
  type StoredDocument,
} from '@plenty/platform/read-store/port';
import type { StoreConditions } from './filters.js';

/** The read store breaks ties by id, in the direction of the last sort key. */
export const SORTS: Record<TransactionSort, FindQuery['sort']> = {
  newest: [{ field: 'occurredAt', direction: 'desc' }],
  oldest: [{ field: 'occurredAt', direction: 'asc' }],
  highest: [{ field: 'amount', direction: 'desc' }],
  lowest: [{ field: 'amount', direction: 'asc' }],
};

/** Rows read from the store per round trip while scanning. */
export const SCAN_PAGE = 1000;

export interface ScanQuery {
  readonly userId: string;
  readonly where: Readonly<Record<string, string>>;
  readonly sort: FindQuery['sort'];
  readonly cursor?: string | undefined;
  readonly pageSize?: number;
}

/** Every transaction matching the equality filters, in keyset pages, holding one page at a time. */
export async function* scanTransactions(
  readStore: ReadStore,
  query: ScanQuery,
): AsyncGenerator<StoredDocument<TransactionView>> {
  let cursor = query.cursor;
  for (;;) {
    const page = await readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
      userId: query.userId,
      where: query.where,
      sort: query.sort,
      limit: query.pageSize ?? SCAN_PAGE,
      ...(cursor === undefined ? {} : { cursor }),
    });
    yield* page.items;
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}

/** Sums per currency, in integer minor units, exact, in the order of CURRENCIES. */
export class TotalsFold {
  private count = 0;
  private readonly sums = new Map<Currency, { income: bigint; expense: bigint }>();

  /** `count` transactions of one type and currency adding up to `sum`. */
  addSum(type: TransactionView['type'], currency: Currency, count: number, sum: ExactTotal | bigint): void {
    this.count += count;
    const sums = this.sums.get(currency) ?? { income: 0n, expense: 0n };
    sums[type] += BigInt(sum);
    this.sums.set(currency, sums);
  }

  result(): TransactionTotals {
    const totals = CURRENCIES.flatMap((currency) => {
      const sums = this.sums.get(currency);
      return sums === undefined ? [] : [{ currency, income: sums.income, expense: sums.expense }];
    });
    const { value, outOfRange } = finishFigures<Omit<TransactionTotals, 'outOfRange'>>({ count: this.count, totals });
    return { ...value, outOfRange };
  }
}

/**
 * Sorting by amount compares what the amounts are worth, not their minor units: each amount
 * is converted, exactly, into the user's display currency at the user's rates (USD 100.00 is
 * more than LAK 55,000). Equal values keep the order of CURRENCIES, then of the amount and id.
 *
 * Every supported currency always has a rate (the bundled table or the user's own), so every
 * amount converts. Were a rate ever absent or unusable, that currency's amounts would come after
 * all converted ones, in both directions, ordered by their own amount: the list says so.
 */
export interface AmountOrder {
  readonly direction: 'asc' | 'desc';
  readonly display: Currency;
  readonly rates: RateTable;
}

const usableRate = (rate: string | undefined): boolean =>
  rate !== undefined && RATE_PATTERN.test(rate) && /[1-9]/.test(rate);

/** The amount in the display currency, exact; null when one of the two rates is missing. */
export function valueInDisplay(
  amount: number,
  currency: Currency,
  order: Omit<AmountOrder, 'direction'>,
): bigint | null {
  if (currency === order.display) return BigInt(amount);
  if (!usableRate(order.rates[currency]) || !usableRate(order.rates[order.display])) return null;
  return convertExact(BigInt(amount), currency, order.display, order.rates);
}

/** Negative when `a` comes first in the list. */
export function compareValues(
  a: { readonly value: bigint | null; readonly currency: Currency },
  b: { readonly value: bigint | null; readonly currency: Currency },
  direction: AmountOrder['direction'],
): number {
  if (a.value !== null && b.value !== null && a.value !== b.value) {
    const ascending = a.value < b.value ? -1 : 1;
    return direction === 'asc' ? ascending : -ascending;
  }
  // Unconvertible amounts after every converted one.
  if (a.value === null && b.value !== null) return 1;
  if (a.value !== null && b.value === null) return -1;
  return CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency);
}

/**
 * Where each currency's part of the list goes on from: the store's own cursor, `0` when that
 * currency has no more, absent when it has not started. Sent as `v1.<base64url JSON>`.
 */
type MergeState = Partial<Record<Currency, string | 0>>;
const CURSOR_PREFIX = 'v1.';

export function encodeAmountCursor(state: MergeState): string {
  return CURSOR_PREFIX + Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

export function decodeAmountCursor(cursor: string): MergeState {
  if (!cursor.startsWith(CURSOR_PREFIX)) throw new InvalidCursorError('not a cursor of an amount sort');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor.slice(CURSOR_PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('malformed cursor');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidCursorError('malformed cursor');
  }
  const state: MergeState = {};
  for (const [key, value] of Object.entries(parsed)) {
    const currency = CURRENCIES.find((c) => c === key);
    if (currency === undefined || !(value === 0 || (typeof value === 'string' && value.length > 0))) {
      throw new InvalidCursorError('malformed cursor');
    }
    state[currency] = value;
  }
  return state;
}

export interface AmountQuery {
  readonly userId: string;
  /** The filters' equality, range and full-text conditions (filters.ts). */
  readonly conditions: StoreConditions;
  readonly limit: number;
  readonly cursor?: string | undefined;
  /** The currencies the matching transactions may be in (a superset is fine). */
  readonly currencies: readonly Currency[];
  readonly order: AmountOrder;
}

/**
 * One page of transactions by their value in the display currency. Conversion keeps the order
 * of amounts within one currency, so each currency's transactions are read in amount order from
 * the store (keyset pages, as any list) and the currencies are merged (`findMerged`: the store
 * reads each currency's keys, at most `limit`, and only the documents listed), and the cursor
 * holds where each currency stands.
 */
export async function findByValue(
  readStore: ReadStore,
  query: AmountQuery,
): Promise<{ items: TransactionView[]; nextCursor: string | null }> {
  const state = query.cursor === undefined ? {} : decodeAmountCursor(query.cursor);
  const currencies = CURRENCIES.filter((currency) => query.currencies.includes(currency) && state[currency] !== 0);
  // Each key's value, converted once (a key is compared several times while merging).
  const values = new Map<MergeKey, { value: bigint | null; currency: Currency }>();
  const valueOf = (key: MergeKey) => {
    let value = values.get(key);
    if (value === undefined) {
      const currency = currencies[key.part] as Currency;
      value = { value: valueInDisplay(Number(key.sort[0]), currency, query.order), currency };
      values.set(key, value);
    }
    return value;
  };
  const found = await readStore.findMerged<TransactionView>(TRANSACTIONS_VIEW, {
    userId: query.userId,
    ...query.conditions,
    sort: [{ field: 'amount', direction: query.order.direction }],
    limit: query.limit,
    split: {
      field: 'currency',
      parts: currencies.map((currency) => {
        const from = state[currency];
        return { value: currency, ...(typeof from === 'string' ? { cursor: from } : {}) };
      }),
    },
    compare: (a, b) => compareValues(valueOf(a), valueOf(b), query.order.direction),
  });

  // A currency none of whose rows went on the page stays where it was; one whose every row did
  // goes on after its last, or is done (0). The store's cursors are made of the row's sort values
  // and id (the indexed `amount` is the amount's minor units), as a page of that many would end.
  const next: MergeState = { ...state };
  let more = false;
  currencies.forEach((currency, part) => {
    const cursor = found.cursors[part];
    if (cursor === undefined) {
      more = true;
      return;
    }
    next[currency] = cursor ?? 0;
    if (cursor !== null) more = true;
  });
  return { items: found.items.map((stored) => stored.doc), nextCursor: more ? encodeAmountCursor(next) : null };
}
