import { configureStore } from '@reduxjs/toolkit';
import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { isSignedInMessage } from '../../lib/catalog-parts';
import { Toaster } from './toaster';
import { showSuccess, TOAST_DURATION_MS, toastsSlice } from './toasts-slice';

/** The English catalog as a guest's pages have it (without the signed-in app's part) and in full. */
const all = en as Record<string, string>;
const guest = Object.fromEntries(Object.entries(all).filter(([id]) => !isSignedInMessage(id)));

/** The toaster under `messages`, in a store of its own. */
function renderToaster() {
  const store = configureStore({ reducer: { toasts: toastsSlice.reducer } });
  const tree = (messages: Record<string, string>) => (
    <Provider store={store}>
      <IntlProvider locale="en" messages={messages} onError={() => {}}>
        <Toaster />
      </IntlProvider>
    </Provider>
  );
  // Messages that start as the guest's part and become the whole catalog on `arrive()`.
  const { rerender } = render(tree(guest));
  return { store, arrive: () => rerender(tree(all)) };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a toast raised before its message has arrived', () => {
  it('is not shown with its key, and shows its text for its full time once the message arrives', async () => {
    vi.useFakeTimers();
    expect(isSignedInMessage('goals.toast.reached')).toBe(true);
    const { store, arrive } = renderToaster();
    act(() => {
      store.dispatch(showSuccess('goals.toast.reached', { name: 'Trip to Luang Prabang' }));
    });
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(document.body.textContent).not.toContain('goals.toast.reached');
    // Longer than a toast stays: it is held, not timed out, while its text is unknown.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS * 2);
    });
    expect(screen.queryByTestId('toast')).toBeNull();

    act(() => arrive());
    const toast = screen.getByTestId('toast');
    expect(toast.textContent).toContain('Trip to Luang Prabang');
    expect(toast.textContent).not.toContain('goals.toast.reached');
    expect(screen.getByRole('status').textContent).toContain('Trip to Luang Prabang');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 100);
    });
    expect(screen.queryByTestId('toast')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('shows a toast whose message is already known at once', () => {
    const { store } = renderToaster();
    act(() => {
      store.dispatch(showSuccess('toast.saved'));
    });
    expect(screen.getByTestId('toast').textContent).toContain(all['toast.saved']);
  });
});
