import { createApi } from '@reduxjs/toolkit/query/react';
import { sessionTokens } from '../auth/session';
import { dynamicMiddleware, rootReducer } from '../store/root-reducer';
import { createBaseQuery } from './base-query';

/**
 * The app's single API. Features add their endpoints with `api.injectEndpoints` in their own
 * `api.ts`; tags name the read models a command changes. The first feature that imports it
 * plugs it into the store.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery({ baseUrl: '/api', tokens: sessionTokens }),
  tagTypes: ['Transactions', 'Categories', 'Profile', 'Budget', 'Goals', 'Debts', 'Reports'],
  endpoints: () => ({}),
});

declare module '../store/root-reducer' {
  export interface LazyLoadedSlices {
    [api.reducerPath]: ReturnType<typeof api.reducer>;
  }
}

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
