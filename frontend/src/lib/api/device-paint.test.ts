import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import type { SavedAnswer } from '../offline/answers';
import { networkSlice } from '../offline/network-slice';
import { createBaseQuery } from './base-query';
import { createDevicePaint } from './device-paint';

const SAVED_AT = '2026-11-26T07:30:00.000Z';

interface Page {
  readonly items: readonly string[];
  readonly next: string | null;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The app's store in small: an api whose base query paints from a device copy in memory while
 * `auth.restoring`, and a server (`answer`) that may be slow or out of reach.
 */
function setUp(server: { answer: (url: string) => Promise<Response> }) {
  const saved = new Map<string, SavedAnswer>([
    ['queries/dashboard', { key: 'queries/dashboard', data: { income: 0 }, savedAt: SAVED_AT, position: '1' }],
    ['queries/list', { key: 'queries/list', data: { items: ['old'], next: null }, savedAt: SAVED_AT, position: '1' }],
  ]);
  const baseQuery = createBaseQuery({
    baseUrl: 'http://plenty.test/api',
    tokens: { idToken: () => Promise.resolve('t') },
    fetchFn: ((input: Request) => server.answer(input.url)) as typeof fetch,
    browserOnline: () => true,
    deviceWaitMs: 50,
    catchUpDelaysMs: [],
    device: {
      uid: () => 'u1',
      read: (_uid, key) => Promise.resolve(saved.get(key) ?? null),
      save: () => Promise.resolve(),
    },
    paint: createDevicePaint(() => testApi.endpoints),
  });
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery,
    keepUnusedDataFor: 0,
    endpoints: (build) => ({
      dashboard: build.query<{ income: number }, void>({ query: () => 'queries/dashboard' }),
      list: build.infiniteQuery<Page, void, string | null>({
        infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.next },
        query: ({ pageParam }) => (pageParam === null ? 'queries/list' : `queries/list?after=${pageParam}`),
      }),
    }),
  });
  const store = configureStore({
    reducer: combineReducers({
      api: testApi.reducer,
      network: networkSlice.reducer,
      auth: (state: { restoring: boolean } = { restoring: true }) => state,
    }),
    middleware: (defaults) => defaults({ serializableCheck: false }).concat(testApi.middleware),
  });
  const refreshing = () => store.getState().network.refreshing;
  return { store, testApi, refreshing };
}

/** Resolves once `check` holds, trying every few milliseconds for at most ten seconds (a busy machine's). */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a repeat visit painted from the device', () => {
  it('shows the device copy at once, then the server answer, and is no longer updating', async () => {
    const { store, testApi, refreshing } = setUp({ answer: () => Promise.resolve(json({ income: 500 })) });
    const query = store.dispatch(testApi.endpoints.dashboard.initiate());
    const painted = await query;
    expect(painted.data).toEqual({ income: 0 });
    expect(refreshing()).toEqual(['dashboard(undefined)']);
    expect(store.getState().network.shownAsOf).toBe(SAVED_AT);
    await until(() => testApi.endpoints.dashboard.select()(store.getState()).data?.income === 500);
    await until(() => refreshing().length === 0);
    expect(store.getState().network.shownAsOf).toBeNull();
    query.unsubscribe();
  });

  it('is no longer updating when the server answers a request already on its way, or a slow one at last', async () => {
    let release: (response: Response) => void = () => undefined;
    const { store, testApi, refreshing } = setUp({
      answer: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    const query = store.dispatch(testApi.endpoints.dashboard.initiate());
    await query;
    // The refresh is on its way and slow; a page asks again meanwhile (RTK Query keeps one request).
    await until(() => testApi.endpoints.dashboard.select()(store.getState()).status === 'pending');
    void query.refetch();
    expect(refreshing()).toEqual(['dashboard(undefined)']);
    release(json({ income: 500 }));
    await until(() => refreshing().length === 0);
    expect(testApi.endpoints.dashboard.select()(store.getState()).data).toEqual({ income: 500 });
    query.unsubscribe();
  });

  it('tells the server as out of reach, not as updating, when the refresh cannot reach it', async () => {
    const { store, testApi, refreshing } = setUp({ answer: () => Promise.reject(new TypeError('Failed to fetch')) });
    const query = store.dispatch(testApi.endpoints.dashboard.initiate());
    await query;
    await until(() => refreshing().length === 0);
    expect(store.getState().network.online).toBe(false);
    expect(store.getState().network.shownAsOf).toBe(SAVED_AT);
    query.unsubscribe();
  });

  it('tells the copy as not current when the server fails to answer the refresh (5xx)', async () => {
    const { store, testApi, refreshing } = setUp({
      answer: () =>
        Promise.resolve(new Response('{}', { status: 503, headers: { 'content-type': 'application/json' } })),
    });
    const query = store.dispatch(testApi.endpoints.dashboard.initiate());
    await query;
    await until(() => refreshing().length === 0);
    // The painted figures stay on screen, and the banner says they are the device's, as of when.
    expect(testApi.endpoints.dashboard.select()(store.getState()).data).toEqual({ income: 0 });
    expect(store.getState().network.online).toBe(false);
    expect(store.getState().network.shownAsOf).toBe(SAVED_AT);
    query.unsubscribe();
  });

  it('is no longer updating when the painted entry leaves the cache before the server is asked', async () => {
    const { store, testApi, refreshing } = setUp({ answer: () => Promise.resolve(json({ income: 500 })) });
    const query = store.dispatch(testApi.endpoints.dashboard.initiate());
    query.unsubscribe();
    await query;
    await until(() => refreshing().length === 0);
  });

  it('refreshes a paged list painted from the device', async () => {
    const { store, testApi, refreshing } = setUp({
      answer: (url) => Promise.resolve(json(url.endsWith('/queries/list') ? { items: ['new'], next: null } : {})),
    });
    const query = store.dispatch(testApi.endpoints.list.initiate());
    const painted = await query;
    expect(painted.data?.pages).toEqual([{ items: ['old'], next: null }]);
    await until(() => refreshing().length === 0);
    expect(testApi.endpoints.list.select()(store.getState()).data?.pages).toEqual([{ items: ['new'], next: null }]);
    query.unsubscribe();
  });
});
