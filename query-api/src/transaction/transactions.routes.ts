import type { FastifyInstance } from 'fastify';
import { uuidSchema } from '@plenty/contracts/ids';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import {
  searchKey,
  transactionListQuerySchema,
  transactionHistoryQuerySchema,
  transactionTotalsQuerySchema,
  type TransactionHistory,
  type TransactionHistoryDoc,
  type TransactionList,
  type TransactionTotals,
  type TransactionTotalsDoc,
  type TransactionView,
} from '@plenty/contracts/views/transactions';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { HttpError, parseOrThrow } from '@plenty/platform/http/errors';
import { InvalidCursorError, type ReadStore } from '@plenty/platform/read-store/port';
import {
  PREFERENCES_VIEW,
  TRANSACTION_HISTORY_VIEW,
  TRANSACTION_TOTALS_VIEW,
  TRANSACTIONS_VIEW,
} from '../read-views.js';
import { findByValue, SORTS, TotalsFold } from './search.js';

/** Types × categories × currencies of one user: far fewer in practice. */
const MAX_TOTALS_DOCS = 100_000;

const invalidCursor = () =>
  new HttpError(400, 'validation_failed', 'The page cursor is not valid.', { cursor: 'field_invalid' });

function filtersOf(query: { type?: string | undefined; categoryId?: string | undefined }): Record<string, string> {
  const where: Record<string, string> = {};
  if (query.type !== undefined) where.type = query.type;
  if (query.categoryId !== undefined) where.categoryId = query.categoryId;
  return where;
}

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
  app.get('/transactions', async (request): Promise<TransactionList> => {
    const user = currentUser(request);
    const query = parseOrThrow(transactionListQuerySchema, request.query);
    try {
      if (query.sort === 'highest' || query.sort === 'lowest') {
        // By what the amounts are worth in the user's currency, at the user's rates.
        const [stored, currencies] = await Promise.all([
          readStore.get<PreferencesView>(PREFERENCES_VIEW, user.uid, PREFERENCES_DOC_ID),
          currenciesOf(readStore, user.uid, filtersOf(query)),
        ]);
        const preferences: PreferencesView = { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
        return await findByValue(readStore, {
          userId: user.uid,
          where: filtersOf(query),
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
      }
      const page = await readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
        userId: user.uid,
        where: filtersOf(query),
        ...noteContaining(query.q),
        sort: SORTS[query.sort],
        limit: query.limit,
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      });
      return { items: page.items.map((item) => item.doc), nextCursor: page.nextCursor };
    } catch (error) {
      if (error instanceof InvalidCursorError) throw invalidCursor();
      throw error;
    }
  });

  app.get('/transactions/totals', async (request): Promise<TransactionTotals> => {
    const user = currentUser(request);
    const query = parseOrThrow(transactionTotalsQuerySchema, request.query);
    const fold = new TotalsFold();
    if (query.q === undefined) {
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
    // A search sums the matching transactions themselves, from the index that carries the notes.
    const groups = await readStore.sum(TRANSACTIONS_VIEW, {
      userId: user.uid,
      where: filtersOf(query),
      ...noteContaining(query.q),
      groupBy: ['type', 'currency'],
      field: 'amount',
    });
    for (const { group, count, sum } of groups) {
      fold.addSum(group.type as TransactionView['type'], group.currency as Currency, count, sum);
    }
    return fold.result();
  });

  app.get<{ Params: { id: string } }>('/transactions/:id', async (request): Promise<TransactionView> => {
    const user = currentUser(request);
    const id = uuidSchema.safeParse(request.params.id);
    // Another user's transaction is as unknown as one that never existed.
    const found = id.success ? await readStore.get<TransactionView>(TRANSACTIONS_VIEW, user.uid, id.data) : null;
    if (found === null) throw new HttpError(404, 'not_found', 'Not found.');
    return found.doc;
  });

  app.get<{ Params: { id: string } }>('/transactions/:id/history', async (request): Promise<TransactionHistory> => {
    const user = currentUser(request);
    const query = parseOrThrow(transactionHistoryQuerySchema, request.query);
    const id = uuidSchema.safeParse(request.params.id);
    if (!id.success) throw new HttpError(404, 'not_found', 'Not found.');
    try {
      const page = await readStore.find<TransactionHistoryDoc>(TRANSACTION_HISTORY_VIEW, {
        userId: user.uid,
        where: { transactionId: id.data },
        sort: [{ field: 'revision', direction: 'desc' }],
        limit: query.limit,
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      });
      // Another user's transaction has no history of this user's: as unknown as one never made.
      if (query.cursor === undefined && page.items.length === 0) throw new HttpError(404, 'not_found', 'Not found.');
      return {
        items: page.items.map(({ doc }) => ({
          revision: doc.revision,
          type: doc.type,
          occurredAt: doc.occurredAt,
          changes: doc.changes,
        })),
        nextCursor: page.nextCursor,
      };
    } catch (error) {
      if (error instanceof InvalidCursorError) throw invalidCursor();
      throw error;
    }
  });
}
