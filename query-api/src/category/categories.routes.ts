import { CATEGORIES_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { BUILT_IN_CATEGORIES } from '@plenty/contracts/categories';
import type { CategoryView } from '@plenty/contracts/views/categories';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { queryRoute } from '../query-route.js';

/** Custom categories are few (a person's own list); one page holds them all. */
const MAX_CUSTOM = 1000;

const builtIns: readonly CategoryView[] = BUILT_IN_CATEGORIES.map((c) => ({
  id: c.id,
  name: null,
  nameKey: c.nameKey,
  type: c.type,
  icon: c.icon,
  color: c.color,
  builtIn: true,
}));

export function categoriesRoutes(app: FastifyInstance, readStore: ReadStore): void {
  queryRoute(app, QUERY_ROUTES.categories, async ({ user }) => {
    const custom = await readStore.find<CategoryView>(CATEGORIES_VIEW, {
      userId: user.uid,
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: MAX_CUSTOM,
    });
    const items = custom.items.map(({ doc }) => ({
      id: doc.id,
      name: doc.name,
      nameKey: null,
      type: doc.type,
      icon: doc.icon,
      color: doc.color,
      builtIn: false,
    }));
    return { items: [...builtIns, ...items] };
  });
}
