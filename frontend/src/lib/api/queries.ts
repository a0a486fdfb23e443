import type { z } from 'zod';
import type { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';

/** The name of a query of the query API, as `contracts/src/views/query-routes.ts` lists them. */
export type QueryName = keyof typeof QUERY_ROUTES;

type Route<N extends QueryName> = (typeof QUERY_ROUTES)[N];

/** What a query answers (`z.output` of its answer schema). */
export type QueryAnswer<N extends QueryName> = z.output<Route<N>['answer']>;

/** The query string a query takes (`z.input` of its query schema). */
export type QueryParams<N extends QueryName> = z.input<NonNullable<Route<N>['query']>>;
