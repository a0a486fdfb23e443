import { PREFERENCES_VIEW, TRANSACTIONS_VIEW, TRANSACTION_TOTALS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import { type TransactionTotalsDoc, type TransactionView } from '@plenty/contracts/views/transactions';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { lineCategoryToken } from '@plenty/projections/transactions.projection';
import { itemIdOr404, notFound, paged, queryRoute } from '../query-route.js';
import { transactionHistoryPage } from './history.js';
import { narrowsBeyondTotals, splitLineSums, storeConditions } from './filters.js';
import { findByValue, SORTS, TotalsFold } from './search.js';

/** Types × categories × currencies of one user: far fewer in practice. */
const MAX_TOTALS_DOCS = 100_000;

/** The answer's transaction: `recurrence`, `import` and `splits` null and `tags` empty when it has none (absent in older documents). */
const transactionOf = (doc: TransactionView): TransactionView => ({
  ...doc,
  recurrence: doc.recurrence ?? null,
  import: doc.import ?? null,
  splits: doc.splits ?? null,
  tags: doc.tags ?? [],
});

/** The currencies a user's transactions of the type (every type when none) are in. */
async function currenciesOf(readStore: ReadStore, userId: string, type: string | undefined): Promise<Currency[]> {
  const sums = await readStore.find<TransactionTotalsDoc>(TRANSACTION_TOTALS_VIEW, {
    userId,
    where: type === undefined ? {} : { type },
    sort: [],
    limit: MAX_TOTALS_DOCS,
  });
  const found = new Set(sums.items.filter(({ doc }) => doc.count > 0).map(({ doc }) => doc.currency));
  return CURRENCIES.filter((currency) => found.has(currency));
}

export function transactionsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  queryRoute(app, QUERY_ROUTES.transactions, async ({ user, query }) =>
    paged(async () => {
      const conditions = await storeConditions(readStore, user.uid, query);
      if (query.sort === 'highest' || query.sort === 'lowest') {
        // By what the amounts are worth in the user's currency, at the user's rates.
        const [stored, currencies] = await Promise.all([
          readStore.get<PreferencesView>(PREFERENCES_VIEW, user.uid, PREFERENCES_DOC_ID),
          currenciesOf(readStore, user.uid, query.type),
        ]);
        const preferences: PreferencesView = { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
        // The currencies of the user's transactions of the type: a superset of those that match.
        const found = await findByValue(readStore, {
          userId: user.uid,
          conditions,
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
        ...conditions,
        sort: SORTS[query.sort],
        limit: query.limit,
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      });
      return { items: page.items.map((item) => transactionOf(item.doc)), nextCursor: page.nextCursor };
    }),
  );

  queryRoute(app, QUERY_ROUTES.transactionTotals, async ({ user, query }) => {
    const fold = new TotalsFold();
    if (!narrowsBeyondTotals(query)) {
      // The projector keeps sums per (type, category, currency): a few documents per user. Each
      // counts the transactions of its own category and sums the split lines of its category, so
      // by category only the split transactions with a line in it and another category of their
      // own are left to count: their `l` token finds those few.
      const where: Record<string, string> = {};
      if (query.type !== undefined) where.type = query.type;
      if (query.categoryId !== undefined) where.categoryId = query.categoryId;
      const [sums, others] = await Promise.all([
        readStore.find<TransactionTotalsDoc>(TRANSACTION_TOTALS_VIEW, {
          userId: user.uid,
          where,
          sort: [],
          limit: MAX_TOTALS_DOCS,
        }),
        query.categoryId === undefined
          ? []
          : readStore.sum(TRANSACTIONS_VIEW, {
              userId: user.uid,
              where: query.type === undefined ? {} : { type: query.type },
              match: { all: [[{ column: 'ref', token: lineCategoryToken(query.categoryId), prefix: false }]] },
              groupBy: ['type', 'currency'],
              field: 'amount',
            }),
      ]);
      for (const { doc } of sums.items) fold.addSum(doc.type, doc.currency, doc.count, doc.sum);
      for (const { group, count } of others) {
        fold.addSum(group.type as TransactionView['type'], group.currency as Currency, count, 0n);
      }
      return fold.result();
    }
    // Any other filter sums the matching transactions themselves, from an index that carries
    // what the filters and the sum read. Filtered by a category, a split transaction counts its
    // lines of that category, not its whole amount: the few split ones are read and folded.
    const conditions = await storeConditions(readStore, user.uid, query);
    const groupBy = query.categoryId === undefined ? ['type', 'currency'] : ['type', 'currency', 'split'];
    const [groups, lines] = await Promise.all([
      readStore.sum(TRANSACTIONS_VIEW, { userId: user.uid, ...conditions, groupBy, field: 'amount' }),
      query.categoryId === undefined ? undefined : splitLineSums(readStore, user.uid, conditions, query.categoryId),
    ]);
    for (const { group, count, sum } of groups) {
      const type = group.type as TransactionView['type'];
      const currency = group.currency as Currency;
      const split = lines !== undefined && group.split === 1;
      fold.addSum(type, currency, count, split ? (lines.get(`${type}|${currency}`) ?? 0n) : sum);
    }
    return fold.result();
  });

  queryRoute(app, QUERY_ROUTES.transaction, async ({ user, params }) => {
    // Another user's transaction is as unknown as one that never existed.
    const found = await readStore.get<TransactionView>(TRANSACTIONS_VIEW, user.uid, itemIdOr404(params.id));
    if (found === null) throw notFound();
    return transactionOf(found.doc);
  });

  queryRoute(app, QUERY_ROUTES.transactionHistory, ({ user, params, query }) =>
    transactionHistoryPage(readStore, user.uid, itemIdOr404(params.id), query),
  );
}
