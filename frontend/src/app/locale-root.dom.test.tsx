import { cleanup, render, screen } from '@testing-library/react';
import { act } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Messages } from '../lib/messages';

const attempts = vi.hoisted(() => ({ count: 0, failFirst: 1 }));
const english = vi.hoisted(() => ({}) as Record<string, unknown>);

vi.mock('../lib/messages', async () => {
  const { parse } = await import('@formatjs/icu-messageformat-parser');
  const catalog = (await import('../../../locales/en.json')).default as Record<string, string>;
  for (const [id, text] of Object.entries(catalog)) english[id] = parse(text);
  return {
    loadedMessages: () => undefined,
    loadMessages: () => {
      attempts.count += 1;
      return attempts.count <= attempts.failFirst
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(english as Messages);
    },
  };
});

const { LocaleRoot } = await import('./locale-root');
const { createStore } = await import('./store');

function renderRoot() {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={['/auth/login']}>
        <Routes>
          <Route element={<LocaleRoot />}>
            <Route path="*" element={<p>the page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  attempts.count = 0;
});

describe('the locale root when its messages cannot be fetched', () => {
  it('asks for them again as soon as the browser is back online, and then shows the page', async () => {
    attempts.failFirst = 1;
    renderRoot();
    await vi.waitFor(() => expect(attempts.count).toBe(1));
    expect(screen.queryByText('the page')).toBeNull();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(attempts.count).toBe(2);
  });

  it('asks again after a pause that grows with each failure, without the browser saying anything', async () => {
    vi.useFakeTimers();
    attempts.failFirst = 2;
    renderRoot();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(attempts.count).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(attempts.count).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(attempts.count).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(attempts.count).toBe(3);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
