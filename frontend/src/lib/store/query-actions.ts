/**
 * RTK Query's own actions as slices outside the api watch them, for any api (matched by type,
 * so a slice does not load RTK Query to know them).
 */

/** RTK Query's query thunk settled: `<reducerPath>/executeQuery/fulfilled|rejected`. */
export interface QuerySettled {
  readonly type: string;
  readonly meta: {
    readonly arg?: {
      readonly queryCacheKey?: unknown;
      readonly endpointName?: unknown;
      readonly originalArgs?: unknown;
    };
    readonly condition?: boolean;
    readonly baseQueryMeta?: unknown;
    readonly requestStatus?: string;
  };
  readonly payload?: unknown;
}

export const isQuerySettled = (action: { type: string }): action is QuerySettled =>
  /\/executeQuery\/(fulfilled|rejected)$/.test(action.type) && typeof (action as { meta?: unknown }).meta === 'object';

/** A cache entry left RTK Query's cache: `<reducerPath>/queries/removeQueryResult`. */
export const isQueryRemoved = (action: {
  type: string;
}): action is { type: string; payload: { queryCacheKey: string } } =>
  action.type.endsWith('/queries/removeQueryResult') &&
  typeof (action as { payload?: { queryCacheKey?: unknown } }).payload?.queryCacheKey === 'string';
