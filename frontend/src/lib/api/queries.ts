import type { z } from 'zod';
import type { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { ApiTag } from './api';

/** The name of a query of the query API, as `contracts/src/views/query-routes.ts` lists them. */
export type QueryName = keyof typeof QUERY_ROUTES;

type Route<N extends QueryName> = (typeof QUERY_ROUTES)[N];

/** What a query answers (`z.output` of its answer schema). */
export type QueryAnswer<N extends QueryName> = z.output<Route<N>['answer']>;

/** The query string a query takes (`z.input` of its query schema). */
export type QueryParams<N extends QueryName> = z.input<NonNullable<Route<N>['query']>>;

/** The queries that answer with a whole list, `{ items }`. */
type ListQueryName = 'categories' | 'goals' | 'tags';

/**
 * The definition of a query answered with a whole list: read as the list itself, cached under
 * `tag` (for `build.query<ListOf<N>, void>(…)` of an `api.injectEndpoints`).
 */
export function listQuery<N extends ListQueryName>(name: N, tag: ApiTag) {
  return {
    query: () => `queries/${name}`,
    transformResponse: (response: QueryAnswer<N>): QueryAnswer<N>['items'] => response.items,
    providesTags: [tag],
  };
}
