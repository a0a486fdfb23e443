import type { FastifyInstance } from 'fastify';
import { uuidSchema } from '@plenty/contracts/ids';
import {
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
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import { InvalidCursorError, type ReadStore } from '@plenty/platform/read-store/port';
import { TRANSACTION_HISTORY_VIEW, TRANSACTION_TOTALS_VIEW, TRANSACTIONS_VIEW } from '../read-views.js';
import { searchKey, SORTS, TotalsFold } from './search.js';
import { SearchSnapshots } from './search-snapshot.js';

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

export function transactionsRoutes(app: FastifyInstance, readStore: ReadStore, progress: ProjectionProgress): void {
  const snapshots = new SearchSnapshots(readStore);
  app.get('/transactions', async (request): Promise<TransactionList> => {
    const user = currentUser(request);
    const query = parseOrThrow(transactionListQuerySchema, request.query);
    const where = filtersOf(query);
    const sort = SORTS[query.sort];
    try {
      if (query.q === undefined) {
        const page = await readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
          userId: user.uid,
          where,
          sort,
          limit: query.limit,
          ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
        });
        return { items: page.items.map((item) => item.doc), nextCursor: page.nextCursor };
      }
      // Notes are free text in any script with no index to search them: a search reads a
      // snapshot of the user's transactions, taken anew once the projections move on.
      const snapshot = await snapshots.of(user.uid, await progress.current(user.uid));
      const page = snapshot.page({ ...query, needle: searchKey(query.q) }, query.sort, query.limit, query.cursor);
      const docs = await Promise.all(
        page.ids.map((id) => readStore.get<TransactionView>(TRANSACTIONS_VIEW, user.uid, id)),
      );
      return {
        items: docs.flatMap((stored) => (stored === null ? [] : [stored.doc])),
        nextCursor: page.nextCursor,
      };
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
    const snapshot = await snapshots.of(user.uid, await progress.current(user.uid));
    for (const row of snapshot.all({ ...query, needle: searchKey(query.q) })) {
      fold.addSum(row.type, row.amount.currency, 1, row.amount.amount);
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
