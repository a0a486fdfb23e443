import { IMPORTS_VIEW, TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { IMPORT_EXISTING_MAX, type ImportExisting, type ImportView } from '@plenty/contracts/imports';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { encodeCursor } from '@plenty/platform/read-store/keys';
import type { FindResult, ReadStore } from '@plenty/platform/read-store/port';
import { itemIdOr404, notFound, queryRoute } from '../query-route.js';

/** A person's imports are few; one page holds them all. */
const MAX_IMPORTS = 1000;

/** How many transactions one read of the store brings while the existing ones are gathered. */
const EXISTING_PAGE = 2000;

export interface ImportRoutesOptions {
  /** At most this many items in one answer of `/imports/existing` (tests lower it). */
  readonly existingMax?: number;
  /** Transactions read per page while gathering them (tests lower it). */
  readonly existingPage?: number;
}

/**
 * The user's transactions dated `from` … `to` (inclusive), oldest first, read through the
 * transactions view's date index a page at a time: the first page starts just before `from`
 * (a cursor of the sort value `from` and the empty id, which sort before every moment of that
 * day), and the reading stops at the first transaction after `to`, or once `max` are found.
 */
async function existingBetween(
  readStore: ReadStore,
  userId: string,
  range: { readonly from: string; readonly to: string },
  limits: { readonly max: number; readonly page: number },
): Promise<ImportExisting> {
  const items: ImportExisting['items'] = [];
  // `occurredAt` is `<date>T<time>`: every moment of `to` sorts before `<to>U`.
  const end = `${range.to}U`;
  let cursor: string | undefined = encodeCursor([range.from, '']);
  while (cursor !== undefined) {
    const page: FindResult<TransactionView> = await readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
      userId,
      sort: [{ field: 'occurredAt', direction: 'asc' }],
      limit: limits.page,
      cursor,
    });
    for (const { doc } of page.items) {
      if (`${doc.date}T${doc.time ?? '00:00'}` >= end) return { items, truncated: false };
      if (items.length === limits.max) return { items, truncated: true };
      items.push({
        date: doc.date,
        type: doc.type,
        amount: doc.amount,
        note: doc.note,
        batchId: doc.import?.batchId ?? null,
      });
    }
    cursor = page.nextCursor ?? undefined;
  }
  return { items, truncated: false };
}

/**
 * The user's import batches (newest first), one batch (404 `import_not_found` when missing or
 * another user's), and the transactions between two dates that rows of a file are compared
 * with to flag those that look like them (imports.ts `duplicateKey`).
 */
export function importsRoutes(app: FastifyInstance, readStore: ReadStore, options: ImportRoutesOptions = {}): void {
  const limits = { max: options.existingMax ?? IMPORT_EXISTING_MAX, page: options.existingPage ?? EXISTING_PAGE };

  queryRoute(app, QUERY_ROUTES.imports, async ({ user }) => {
    const page = await readStore.find<ImportView>(IMPORTS_VIEW, {
      userId: user.uid,
      sort: [{ field: 'startedAt', direction: 'desc' }],
      limit: MAX_IMPORTS,
    });
    return { items: page.items.map(({ doc }) => doc) };
  });

  queryRoute(app, QUERY_ROUTES.importExisting, async ({ user, query }) =>
    existingBetween(readStore, user.uid, query, limits),
  );

  queryRoute(app, QUERY_ROUTES.import, async ({ user, params }) => {
    // Another user's batch is as unknown as one that never existed.
    const found = await readStore.get<ImportView>(IMPORTS_VIEW, user.uid, itemIdOr404(params.id, 'import_not_found'));
    if (found === null) throw notFound('import_not_found');
    return found.doc;
  });
}
