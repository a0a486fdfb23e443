import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionChanged, sessionRestoring } from '../lib/auth/auth-slice';

// The pages that listen for a revoked session, as session.ts keeps them.
const revoked = vi.hoisted(() => ({ listeners: new Set<(code: string) => void>() }));
vi.mock('../lib/auth/session', () => ({
  onSessionRevoked: (listener: (code: string) => void) => {
    revoked.listeners.add(listener);
    return () => {
      revoked.listeners.delete(listener);
    };
  },
}));

const { PageGuard } = await import('./page-guard');
const { createStore } = await import('./store');

const user = { uid: 'u1', email: 'noy@example.com', displayName: 'Noy', emailVerified: true };

function renderDashboard() {
  const store = createStore();
  render(
    <Provider store={store}>
      <IntlProvider locale="en" onError={() => undefined}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route element={<PageGuard access="signed-in" />}>
              <Route path="/dashboard" element={<p>Dashboard</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
  return store;
}

afterEach(() => {
  cleanup();
  revoked.listeners.clear();
});

describe('a signed-in page and a revoked session', () => {
  it('does not hear of a revocation while it shows a device copy of a session being restored, so the login page tells it', () => {
    const store = renderDashboard();
    act(() => {
      store.dispatch(sessionRestoring(user));
    });
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(revoked.listeners.size).toBe(0);
    // The SDK confirms the session: from then on the page on screen tells of a revocation.
    act(() => {
      store.dispatch(sessionChanged(user));
    });
    expect(revoked.listeners.size).toBe(1);
  });
});
