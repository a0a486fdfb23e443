import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionChanged } from '../../lib/auth/auth-slice';
import { outboxCleared, outboxRead } from '../../lib/outbox/outbox-slice';
import { renderWithApp } from '../../lib/testing/render-app';
import { LocaleContext } from '../../lib/use-locale';
import { PendingFixLink } from '../../ui/pending/pending';
import { lunch, refused, USER } from '../../ui/sync-status/outbox-fixtures';
import HeaderSync from './header-sync';

function show() {
  vi.stubGlobal(
    'fetch',
    async () => new Response('{"items":[]}', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  const view = renderWithApp(
    <MemoryRouter initialEntries={['/dashboard/transactions']}>
      <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
        <HeaderSync />
        <main id="main-content" tabIndex={-1}>
          <PendingFixLink />
        </main>
      </LocaleContext.Provider>
    </MemoryRouter>,
  );
  act(() => {
    view.store.dispatch(sessionChanged({ uid: USER, email: 'a@example.com', displayName: null, emailVerified: true }));
    view.store.dispatch(outboxRead({ uid: USER, entries: [lunch(1, refused(404, 'category_not_found'))] }));
  });
  return view;
}

const panel = () => screen.getByTestId('sync-panel') as HTMLDialogElement;

describe('the way from a refused row to the sync panel', () => {
  it('opens the header’s panel without pressing the header’s button, which says it is expanded', () => {
    show();
    const status = screen.getByTestId('sync-status');
    const click = vi.fn();
    status.addEventListener('click', click);
    expect(panel().open).toBe(false);
    fireEvent.click(screen.getByTestId('pending-fix'));
    expect(panel().open).toBe(true);
    expect(click).not.toHaveBeenCalled();
    expect(status.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('pending-fix').getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('gives focus back to the row’s button when the panel closes', async () => {
    show();
    const fix = screen.getByTestId('pending-fix');
    fix.focus();
    fireEvent.click(fix);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(panel().open).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(fix));
    expect(screen.getByTestId('sync-status').getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with the outbox when the user’s data is wiped', () => {
    const { store } = show();
    fireEvent.click(screen.getByTestId('pending-fix'));
    expect(panel().open).toBe(true);
    act(() => void store.dispatch(outboxCleared()));
    expect(store.getState().syncPanel.open).toBe(false);
    expect(panel().open).toBe(false);
  });
});
