import { TAGS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import type { TagView } from '@plenty/contracts/tags';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { findAll } from '../read-all.js';
import { queryRoute } from '../query-route.js';

/** Tags read a page at a time; a person has a few dozen, and the list holds them all. */
const PAGE = 500;

/** Most used first, then by key (the tag in lower case, NFC) in code-point order. */
function byUse(a: TagView, b: TagView): number {
  if (a.count !== b.count) return b.count - a.count;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The signed-in user's tags that some live transaction carries: most used first, then by key
 * (the tag in lower case, NFC) in code-point order. The order is the same in every language, so
 * the list does not move when the reader switches language.
 */
export async function readTags(readStore: ReadStore, userId: string, pageSize = PAGE): Promise<TagView[]> {
  const found = await findAll<TagView>(readStore, TAGS_VIEW, {
    userId,
    ranges: { count: { gt: 0 } },
    sort: [{ field: 'count', direction: 'desc' }],
    limit: pageSize,
  });
  return found.map(({ doc }) => ({ id: doc.id, name: doc.name, count: doc.count, lastUsed: doc.lastUsed })).sort(byUse);
}

export function tagsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  queryRoute(app, QUERY_ROUTES.tags, async ({ user }) => ({ items: await readTags(readStore, user.uid) }));
}
