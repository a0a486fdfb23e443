import { configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { afterEach, vi } from 'vitest';
import en from '@plenty/locales/en.json';
import { api } from '../api/api';
import { createDevicePaint } from '../api/device-paint';
import { answeredFromDevice } from '../offline/network-slice';
import { dynamicMiddleware, rootReducer } from '../store/root-reducer';

// Each test starts on an empty page with the real fetch.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** When the painted copies of these tests were saved on the device. */
export const PAINTED_AT = '2026-11-27T07:00:00.000Z';

function appStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (defaults) => defaults({ serializableCheck: false }).concat(dynamicMiddleware.middleware),
  });
}
export type AppStore = ReturnType<typeof appStore>;

/** An answer put into the cache (a feature api's `util.upsertQueryData(…)`). */
type Upsert = ThunkAction<unknown, never, unknown, UnknownAction>;

/**
 * A page load painted from the device: each answer goes into the cache as the device copy the
 * start-up paints (`answeredFromDevice({ painted: queryCacheKey })`), so the network slice keeps
 * its key until the server is asked again (`refreshPainted`).
 */
export async function paintedStore(answers: readonly Upsert[]): Promise<{ store: AppStore; keys: string[] }> {
  const store = appStore();
  const keys: string[] = [];
  for (const answer of answers) {
    const before = new Set(Object.keys(store.getState().api?.queries ?? {}));
    await (store.dispatch as (action: Upsert) => unknown)(answer);
    for (const key of Object.keys(store.getState().api?.queries ?? {})) {
      if (before.has(key)) continue;
      keys.push(key);
      store.dispatch(answeredFromDevice({ savedAt: PAINTED_AT, painted: key }));
    }
  }
  return { store, keys };
}

/** Renders a component on `store` as the app does: the English catalog. */
export function renderOn(store: AppStore, ui: ReactElement) {
  return render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={en}>
        {ui}
      </IntlProvider>
    </Provider>,
  );
}

/** Asks the server for every painted entry, as the start-up does once the copy is on screen (device-paint.ts). */
export function refreshPainted(store: AppStore): void {
  const paint = createDevicePaint(() => api.endpoints);
  for (const key of store.getState().network.refreshing) paint.refresh(store, key);
}

/**
 * Stands in for the query API by path (`/api/queries/goals`): each answers 200 with its body, or
 * the given status; `offline` makes every request fail as without a network. Keeps what was sent.
 */
export function serveApi(routes: Record<string, unknown>, options: { offline?: boolean; status?: number } = {}) {
  const sent: { readonly url: string; readonly method: string; readonly body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const text = await input.text();
    const url = new URL(input.url);
    sent.push({ url: url.pathname, method: input.method, body: text === '' ? {} : (JSON.parse(text) as unknown) });
    if (options.offline === true) throw new TypeError('Failed to fetch');
    const status = options.status ?? 200;
    const known = url.pathname in routes;
    return new Response(JSON.stringify(known ? routes[url.pathname] : { error: { code: 'not_found' } }), {
      status: known ? status : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { sent };
}
