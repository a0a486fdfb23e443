import type { FastifyInstance } from 'fastify';
import { uuidSchema } from '@plenty/contracts/ids';
import {
  transactionListQuerySchema,
  type TransactionList,
  type TransactionSort,
  type TransactionView,
} from '@plenty/contracts/views/transactions';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { HttpError, parseOrThrow } from '@plenty/platform/http/errors';
import { InvalidCursorError, type FindQuery, type ReadStore } from '@plenty/platform/read-store/port';
import { TRANSACTIONS_VIEW } from '../read-views.js';

/** The read store breaks ties by id, in the direction of the last sort key. */
const SORTS: Record<TransactionSort, FindQuery['sort']> = {
  newest: [{ field: 'occurredAt', direction: 'desc' }],
  oldest: [{ field: 'occurredAt', direction: 'asc' }],
  highest: [{ field: 'amount', direction: 'desc' }],
  lowest: [{ field: 'amount', direction: 'asc' }],
};

export function transactionsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  app.get('/transactions', async (request): Promise<TransactionList> => {
    const user = currentUser(request);
    const query = parseOrThrow(transactionListQuerySchema, request.query);
    const where: Record<string, string> = {};
    if (query.type !== undefined) where.type = query.type;
    if (query.categoryId !== undefined) where.categoryId = query.categoryId;
    try {
      const page = await readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
        userId: user.uid,
        where,
        sort: SORTS[query.sort],
        limit: query.limit,
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      });
      return { items: page.items.map((item) => item.doc), nextCursor: page.nextCursor };
    } catch (error) {
      if (error instanceof InvalidCursorError) {
        throw new HttpError(400, 'validation_failed', 'The page cursor is not valid.', { cursor: 'field_invalid' });
      }
      throw error;
    }
  });

  app.get<{ Params: { id: string } }>('/transactions/:id', async (request): Promise<TransactionView> => {
    const user = currentUser(request);
    const id = uuidSchema.safeParse(request.params.id);
    // Another user's transaction is as unknown as one that never existed.
    const found = id.success ? await readStore.get<TransactionView>(TRANSACTIONS_VIEW, user.uid, id.data) : null;
    if (found === null) throw new HttpError(404, 'not_found', 'Not found.');
    return found.doc;
  });
}
