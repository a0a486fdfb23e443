import { createApi } from '@reduxjs/toolkit/query/react';
import { sessionTokens } from '../auth/session';
import { dynamicMiddleware, rootReducer } from '../store/root-reducer';
import { readAnswer, saveAnswer, signedInUid } from '../offline/answers';
import { createBaseQuery } from './base-query';
import { createCatchUp } from './catch-up';
import { createDevicePaint } from './device-paint';

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

/** Repeat visits paint each query's device copy first, then ask the server (device-paint.ts). */
const paint = createDevicePaint(() => api.endpoints);

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
// Answers still behind the last command are asked for again until they catch up (catch-up.ts).
dynamicMiddleware.addMiddleware(
  api.middleware,
  createCatchUp({ endpoints: () => api.endpoints, reducerPath: api.reducerPath }),
);
