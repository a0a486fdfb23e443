import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import type { SavedAnswer } from '../offline/answers';
import { networkSlice } from '../offline/network-slice';
import { createBaseQuery } from './base-query';
import { createCatchUp } from './catch-up';
import { commandApplied, consistencySlice, selectBehind } from './consistency-slice';

/** What the views hold at a position: the figure shown once they reached the last command. */
const answer = (position: string, income: number, status = 200) =>
  new Response(JSON.stringify({ income }), {
    status,
    headers: { 'content-type': 'application/json', 'x-position': position },
  });

/**
 * The app's store in small: an api whose base query does not pause for the views itself
 * (`catchUpDelaysMs: []`), the consistency and network slices, and the catch-up asking again
 * after a few milliseconds. `server` answers each request in turn; `copy` is the device copy.
 */
function setUp(server: () => Promise<Response>, copy: SavedAnswer | null = null) {
  let sent = 0;
  const baseQuery = createBaseQuery({
    baseUrl: 'http://plenty.test/api',
    tokens: { idToken: () => Promise.resolve('t') },
    fetchFn: (() => {
      sent += 1;
      return server();
    }) as typeof fetch,
    browserOnline: () => true,
    catchUpDelaysMs: [],
    deviceWaitMs: 20,
    ...(copy === null
      ? {}
      : { device: { uid: () => 'u1', read: () => Promise.resolve(copy), save: () => Promise.resolve() } }),
  });
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery,
    keepUnusedDataFor: 0,
    invalidationBehavior: 'immediately',
    endpoints: (build) => ({
      dashboard: build.query<{ income: number }, void>({ query: () => 'queries/dashboard' }),
    }),
  });
  const store = configureStore({
    reducer: combineReducers({
      api: testApi.reducer,
      network: networkSlice.reducer,
      consistency: consistencySlice.reducer,
    }),
    middleware: (defaults) =>
      defaults({ serializableCheck: false }).concat(
        testApi.middleware,
        createCatchUp({
          endpoints: () => testApi.endpoints,
          reducerPath: testApi.reducerPath,
          delaysMs: [5, 10],
          browserOnline: () => true,
        }),
      ),
  });
  const shown = () => testApi.endpoints.dashboard.select()(store.getState()).data?.income;
  return { store, testApi, shown, sent: () => sent };
}

/** Resolves once `check` holds, trying every few milliseconds for at most ten seconds (a busy machine's). */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('answers still behind the last command', () => {
  it('are asked for again until one has caught up, and then no more', async () => {
    const answers = [answer('5', 0), answer('7', 0), answer('9', 500)];
    const { store, testApi, shown, sent } = setUp(() => Promise.resolve(answers.shift() ?? answer('9', 500)));
    store.dispatch(commandApplied('9'));
    const query = store.dispatch(testApi.endpoints.dashboard.initiate());
    await until(() => shown() === 500);
    expect(sent()).toBe(3);
    expect(selectBehind(store.getState())).toEqual([]);
    await settle();
    expect(sent()).toBe(3);
    query.unsubscribe();
  });

  it('are asked for again when the command was answered while the request was on its way', async () => {
    let release: (response: Response) => void = () => undefined;
    let first = true;
    const { store, testApi, shown, sent } = setUp(() => {
      if (!first) return Promise.resolve(answer('4', 500));
      first = false;
      return new Promise<Response>((resolve) => (release = resolve));
    });
    const query = store.dispatch(testApi.endpoints.dashboard.initiate());
    await until(() => sent() === 1);
    // The command lands while the views are read: its invalidation finds the request on its way.
    store.dispatch(commandApplied('4'));
    release(answer('3', 0));
    await until(() => shown() === 500);
    expect(sent()).toBe(2);
    query.unsubscribe();
  });

  it('include a device copy that answered for a slow server, which is then asked again', async () => {
    let calls = 0;
    const { store, testApi, shown } = setUp(
      () => {
        calls += 1;
        // The first request never answers; the device copy does, after the wait.
        return calls === 1 ? new Promise<Response>(() => undefined) : Promise.resolve(answer('3', 500));
      },
      { key: 'queries/dashboard', data: { income: 0 }, savedAt: '2026-11-26T07:30:00.000Z', position: '1' },
    );
    store.dispatch(commandApplied('3'));
    const query = store.dispatch(testApi.endpoints.dashboard.initiate());
    await until(() => shown() === 0);
    await until(() => shown() === 500);
    expect(selectBehind(store.getState())).toEqual([]);
    query.unsubscribe();
  });

  it('are not asked for again once they leave the cache, nor after an error', async () => {
    const { store, testApi, sent } = setUp(() => Promise.resolve(answer('1', 0)));
    store.dispatch(commandApplied('2'));
    const query = store.dispatch(testApi.endpoints.dashboard.initiate());
    await query;
    await until(() => sent() >= 2);
    query.unsubscribe();
    await until(() => selectBehind(store.getState()).length === 0);
    const after = sent();
    await settle();
    expect(sent()).toBeLessThanOrEqual(after + 1);
    const stopped = sent();
    await settle();
    expect(sent()).toBe(stopped);

    const failing = setUp(() => Promise.resolve(answer('1', 0, 500)));
    failing.store.dispatch(commandApplied('2'));
    const failed = failing.store.dispatch(failing.testApi.endpoints.dashboard.initiate());
    await failed;
    await settle();
    expect(failing.sent()).toBe(1);
    expect(selectBehind(failing.store.getState())).toEqual([]);
    failed.unsubscribe();
  });

  it('are forgotten when the whole cache is emptied (signed out)', async () => {
    const { store, testApi } = setUp(() => Promise.resolve(answer('1', 0)));
    store.dispatch(commandApplied('2'));
    const query = store.dispatch(testApi.endpoints.dashboard.initiate());
    await query;
    expect(selectBehind(store.getState())).toEqual(['dashboard(undefined)']);
    store.dispatch(testApi.util.resetApiState());
    expect(selectBehind(store.getState())).toEqual([]);
    query.unsubscribe();
  });
});
