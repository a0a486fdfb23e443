import { configureStore } from '@reduxjs/toolkit';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { afterEach, vi } from 'vitest';
import en from '@plenty/locales/en.json';
import { dynamicMiddleware, rootReducer } from '../store/root-reducer';

// Each test starts on an empty page with the real fetch.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders a component as the app does: a store, and the English catalog. */
export function renderWithApp(ui: ReactElement) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (defaults) => defaults().concat(dynamicMiddleware.middleware),
  });
  const view = render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={en}>
        {ui}
      </IntlProvider>
    </Provider>,
  );
  return { store, ...view };
}

export interface SentRequest {
  readonly url: string;
  readonly body: Record<string, unknown>;
}

/** The English text of a message, to find it on the screen. */
export const english = (id: keyof typeof en): string => en[id];

/**
 * Stands in for the API: answers each request with the next status and body, and keeps what
 * was sent. A status of 0 is a network failure.
 */
export function fakeApi(answers: { status: number; body?: unknown }[]) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const text = await input.text();
    sent.push({
      url: new URL(input.url).pathname,
      body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    });
    const answer = answers.shift();
    if (answer === undefined || answer.status === 0) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { sent };
}
