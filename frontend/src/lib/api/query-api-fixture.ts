import type { BaseQueryApi } from '@reduxjs/toolkit/query';

/**
 * The api RTK Query hands a base query, for tests: a query or a mutation over `state`, whose
 * dispatched actions are kept in `dispatched`, in order.
 */
export function queryApi(
  type: 'query' | 'mutation',
  state: unknown = {},
): { api: BaseQueryApi; dispatched: unknown[] } {
  const dispatched: unknown[] = [];
  const api: BaseQueryApi = {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: (action: unknown) => {
      dispatched.push(action);
      return action;
    },
    getState: () => state,
    extra: undefined,
    endpoint: 'test',
    type,
  };
  return { api, dispatched };
}
