import {
  PREFERENCES_VIEW,
  TRANSACTIONS_VIEW,
  TRANSACTION_HISTORY_VIEW,
  TRANSACTION_TOTALS_VIEW,
} from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import {
  searchKey,
  type TransactionHistoryDoc,
  type TransactionTotalsDoc,
  type TransactionView,
} from '@plenty/contracts/views/transactions';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { historyPage, itemIdOr404, notFound, paged, queryRoute } from '../query-route.js';
import { findByValue, SORTS, TotalsFold } from './search.js';

/** Types × categories × currencies of one user: far fewer in practice. */
const MAX_TOTALS_DOCS = 100_000;

/** The filters the totals view answers: it keeps sums per type, category and currency. */
function filtersOf(query: { type?: string | undefined; categoryId?: string | undefined }): Record<string, string> {
  const where: Record<string, string> = {};
  if (query.type !== undefined) where.type = query.type;
  if (query.categoryId !== undefined) where.categoryId = query.categoryId;
  return where;
}

/** The filters of the transactions themselves: those of the totals, the wallet, the recurring rule and the import batch. */
function listFiltersOf(query: {
  type?: string | undefined;
  categoryId?: string | undefined;
  walletId?: string | undefined;
  ruleId?: string | undefined;
  importId?: string | undefined;
}): Record<string, string> {
  const where = filtersOf(query);
  if (query.walletId !== undefined) where.walletId = query.walletId;
  if (query.ruleId !== undefined) where.ruleId = query.ruleId;
  if (query.importId !== undefined) where.importId = query.importId;
  return where;
}

/** The answer's transaction: `recurrence` and `import` are null for one entered by hand (absent in older documents). */
const transactionOf = (doc: TransactionView): TransactionView => ({
  ...doc,
  recurrence: doc.recurrence ?? null,
  import: doc.import ?? null,
});

/** A search in notes: the view keeps each note in search form, the needle is put in the same form. */
const noteContaining = (q: string | undefined) =>
  q === undefined ? {} : { contains: { field: 'noteKey', text: searchKey(q) } };

/** The currencies a user's transactions matching the type and category filters are in. */
async function currenciesOf(readStore: ReadStore, userId: string, where: Record<string, string>): Promise<Currency[]> {
  const sums = await readStore.find<TransactionTotalsDoc>(TRANSACTION_TOTALS_VIEW, {
    userId,
    where,
    sort: [],
    limit: MAX_TOTALS_DOCS,
  });
  const found = new Set(sums.items.filter(({ doc }) => doc.count > 0).map(({ doc }) => doc.currency));
  return CURRENCIES.filter((currency) => found.has(currency));
}

export function transactionsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  queryRoute(app, QUERY_ROUTES.transactions, async ({ user, query }) =>
    paged(async () => {
      if (query.sort === 'highest' || query.sort === 'lowest') {
        // By what the amounts are worth in the user's currency, at the user's rates.
        const [stored, currencies] = await Promise.all([
          readStore.get<PreferencesView>(PREFERENCES_VIEW, user.uid, PREFERENCES_DOC_ID),
          currenciesOf(readStore, user.uid, filtersOf(query)),
        ]);
        const preferences: PreferencesView = { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
        // A wallet's transactions are in one currency; the totals' currencies are a superset.
        const found = await findByValue(readStore, {
          userId: user.uid,
          where: listFiltersOf(query),
          contains: query.q === undefined ? undefined : { field: 'noteKey', text: searchKey(query.q) },
          limit: query.limit,
          cursor: query.cursor,
          currencies,
          order: {
            direction: query.sort === 'highest' ? 'desc' : 'asc',
            display: preferences.currency,
            rates: preferences.rates,
          },
        });
        return { items: found.items.map(transactionOf), nextCursor: found.nextCursor };
      }
      const page = await readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
        userId: user.uid,
        where: listFiltersOf(query),
        ...noteContaining(query.q),
        sort: SORTS[query.sort],
        limit: query.limit,
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      });
      return { items: page.items.map((item) => transactionOf(item.doc)), nextCursor: page.nextCursor };
    }),
  );

  queryRoute(app, QUERY_ROUTES.transactionTotals, async ({ user, query }) => {
    const fold = new TotalsFold();
    if (query.q === undefined && query.walletId === undefined && query.importId === undefined) {
      // The projector keeps sums per (type, category, currency): a few documents per user.
      const sums = await readStore.find<TransactionTotalsDoc>(TRANSACTION_TOTALS_VIEW, {
        userId: user.uid,
        where: filtersOf(query),
        sort: [],
        limit: MAX_TOTALS_DOCS,
      });
      for (const { doc } of sums.items) fold.addSum(doc.type, doc.currency, doc.count, doc.sum);
      return fold.result();
    }
    // A search, a wallet or an import batch sums the matching transactions themselves, from an
    // index that carries the notes, wallets and batches.
    const groups = await readStore.sum(TRANSACTIONS_VIEW, {
      userId: user.uid,
      where: listFiltersOf(query),
      ...noteContaining(query.q),
      groupBy: ['type', 'currency'],
      field: 'amount',
    });
    for (const { group, count, sum } of groups) {
      fold.addSum(group.type as TransactionView['type'], group.currency as Currency, count, sum);
    }
    return fold.result();
  });

  queryRoute(app, QUERY_ROUTES.transaction, async ({ user, params }) => {
    // Another user's transaction is as unknown as one that never existed.
    const found = await readStore.get<TransactionView>(TRANSACTIONS_VIEW, user.uid, itemIdOr404(params.id));
    if (found === null) throw notFound();
    return transactionOf(found.doc);
  });

  queryRoute(app, QUERY_ROUTES.transactionHistory, async ({ user, params, query }) =>
    historyPage(readStore, {
      view: TRANSACTION_HISTORY_VIEW,
      userId: user.uid,
      where: { transactionId: itemIdOr404(params.id) },
      query,
      notFound,
      entry: (doc: TransactionHistoryDoc) => ({
        revision: doc.revision,
        type: doc.type,
        occurredAt: doc.occurredAt,
        changes: doc.changes,
      }),
    }),
  );
}
