import { createApi } from '@reduxjs/toolkit/query/react';
import { sessionTokens } from '../auth/session';
import { dynamicMiddleware, rootReducer } from '../store/root-reducer';
import { readAnswer, saveAnswer, signedInUid } from '../offline/answers';
import { paintRefreshed } from '../offline/network-slice';
import { createBaseQuery, type DevicePaint } from './base-query';

/** The read models the app caches, named by the tags queries provide and commands invalidate. */
const TAG_TYPES = [
  'Transactions',
  'Categories',
  'Profile',
  'Budget',
  'Goals',
  'Debts',
  'Reports',
  'Preferences',
  'Wallets',
  'Recurring',
  'Imports',
  'Tags',
] as const;
export type ApiTag = (typeof TAG_TYPES)[number];

/** Whether the signed-in user is the one the browser saved, not yet confirmed by the SDK (auth-slice.ts). */
function restoring(state: unknown): boolean {
  if (typeof state !== 'object' || state === null || !('auth' in state)) return false;
  return (state as { auth: { restoring?: unknown } }).auth.restoring === true;
}

interface CacheEntry {
  readonly status?: string;
  readonly endpointName?: string;
  readonly originalArgs?: unknown;
}

function cacheEntry(state: unknown, queryCacheKey: string): CacheEntry | undefined {
  const queries = (state as { api?: { queries?: Record<string, CacheEntry | undefined> } } | null)?.api?.queries;
  return queries?.[queryCacheKey];
}

/** A query's painted answer is in the cache once its first request is no longer pending; wait that long at most. */
const REFRESH_TRIES = 20;

/** Repeat visits paint each query's device copy first, then ask the server (base-query.ts, DevicePaint). */
const paint: DevicePaint = {
  painting: restoring,
  refresh({ dispatch, getState }, queryCacheKey) {
    const attempt = (triesLeft: number) => {
      const entry = cacheEntry(getState(), queryCacheKey);
      if (entry?.status === 'pending' && triesLeft > 0) {
        setTimeout(() => attempt(triesLeft - 1), 0);
        return;
      }
      const endpoints = api.endpoints as Partial<
        Record<string, { initiate(arg: unknown, options: { subscribe: boolean; forceRefetch: boolean }): unknown }>
      >;
      const endpoint = entry?.endpointName === undefined ? undefined : endpoints[entry.endpointName];
      if (entry === undefined || endpoint === undefined) {
        dispatch(paintRefreshed());
        return;
      }
      const asked = dispatch(
        endpoint.initiate(entry.originalArgs, { subscribe: false, forceRefetch: true }) as Parameters<
          typeof dispatch
        >[0],
      ) as unknown;
      void Promise.resolve(asked)
        .catch(() => undefined)
        .finally(() => dispatch(paintRefreshed()));
    };
    attempt(REFRESH_TRIES);
  },
};

/** A signed-in user's answers are kept on the device, for reading them offline (lib/offline/answers.ts). */
const baseQuery = createBaseQuery({
  baseUrl: '/api',
  tokens: sessionTokens,
  device: { uid: signedInUid, read: readAnswer, save: saveAnswer },
  paint,
});
export type ApiBaseQuery = typeof baseQuery;

/**
 * The app's single API. Features add their queries with `api.injectEndpoints` in their own
 * `api.ts`; the commands' mutations are made from the registry in `commands.ts`. The first
 * feature that imports it plugs it into the store. When the network comes back, the queries on
 * screen are asked again (`refetchOnReconnect`, with `setupListeners` in lib/offline/listeners.ts),
 * so answers shown from the device are replaced.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  refetchOnReconnect: true,
  // A command's views are read again as soon as it is answered, even while another query is
  // still on its way (a warm-up, a page waiting for the views to catch up): waiting for every
  // query to settle first could hold a change back for as long as one of them takes.
  invalidationBehavior: 'immediately',
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

declare module '../store/root-reducer' {
  export interface LazyLoadedSlices {
    [api.reducerPath]: ReturnType<typeof api.reducer>;
  }
}

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
