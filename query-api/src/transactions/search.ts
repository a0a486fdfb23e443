import { finishFigures } from '@plenty/contracts/figures';
import { CURRENCIES, type Currency, type ExactTotal } from '@plenty/contracts/money';
import type { TransactionSort, TransactionTotals, TransactionView } from '@plenty/contracts/views/transactions';
import type { FindQuery, ReadStore, StoredDocument } from '@plenty/platform/read-store/port';
import { TRANSACTIONS_VIEW } from '../read-views.js';

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
