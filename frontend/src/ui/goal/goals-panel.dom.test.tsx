import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GoalView } from '@plenty/contracts/goals';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paintedStore, refreshPainted, renderOn, serveApi } from '../../lib/testing/painted';
import { LocaleContext } from '../../lib/use-locale';
import { goalsApi } from './api';
import { GoalsPanel } from './goals-panel';

const goal = (name: string, saved: number): GoalView => ({
  id: 'g1',
  name,
  target: { amount: 100_000, currency: 'THB' },
  saved: { amount: saved, currency: 'THB' },
  targetDate: '2030-06-30',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  reachedAt: null,
});

const dialogOpen = () => (screen.getByTestId('goal-dialog') as HTMLDialogElement).open;

/** The panel on a page load painted from the device, its goal "Old trip" with 1,000 saved. */
async function renderPaintedGoals() {
  const { store } = await paintedStore([goalsApi.util.upsertQueryData('goals', undefined, [goal('Old trip', 1_000)])]);
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter>
        <GoalsPanel />
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  return store;
}

async function openEditOnPaintedGoals() {
  const store = await renderPaintedGoals();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Old trip' }));
  return store;
}

describe('editing a goal on a page load painted from the device', () => {
  it('opens the dialog with the server’s values, not the painted copy', async () => {
    serveApi({
      '/api/queries/goals': { items: [goal('New trip', 2_000)] },
      '/api/queries/preferences': DEFAULT_PREFERENCES_VIEW,
    });
    const store = await openEditOnPaintedGoals();
    // Still the device copy: a modal "Loading…", no form to start from it.
    expect((screen.getByTestId('waiting-dialog') as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(dialogOpen()).toBe(false);

    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /name/i })).toHaveProperty('value', 'New trip'));
    expect(screen.getByTestId('goal-dialog').textContent).toContain('Edit goal');
  });

  it('does not open once the server answers when the wait was given up (Escape)', async () => {
    serveApi({
      '/api/queries/goals': { items: [goal('New trip', 2_000)] },
      '/api/queries/preferences': DEFAULT_PREFERENCES_VIEW,
    });
    const store = await openEditOnPaintedGoals();
    fireEvent.keyDown(screen.getByTestId('waiting-dialog'), { key: 'Escape' });
    expect((screen.getByTestId('waiting-dialog') as HTMLDialogElement).open).toBe(false);

    act(() => refreshPainted(store));
    await waitFor(() => expect(store.getState().network.refreshing).toEqual([]));
    await screen.findByRole('button', { name: 'Edit New trip' });
    expect(dialogOpen()).toBe(false);
  });

  it('opens from the device copy when the server cannot be reached, marked offline', async () => {
    serveApi({}, { offline: true });
    const store = await openEditOnPaintedGoals();
    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(screen.getByRole('textbox', { name: /name/i })).toHaveProperty('value', 'Old trip');
    expect(store.getState().network.online).toBe(false);
  });

  it('opens from the device copy when the server fails', async () => {
    serveApi({ '/api/queries/goals': { error: { code: 'internal' } } }, { status: 503 });
    const store = await openEditOnPaintedGoals();
    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(screen.getByRole('textbox', { name: /name/i })).toHaveProperty('value', 'Old trip');
    expect(store.getState().network.refreshing).toEqual([]);
  });
});

describe('moving money on a page load painted from the device', () => {
  it('shows what the server says is saved once it answers, not the painted figure', async () => {
    serveApi({
      '/api/queries/goals': { items: [goal('Old trip', 60_000)] },
      '/api/queries/preferences': DEFAULT_PREFERENCES_VIEW,
    });
    const store = await renderPaintedGoals();
    await userEvent.click(await screen.findByRole('button', { name: 'Add or take out: Old trip' }));
    const dialog = screen.getByTestId('goal-money-dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain('10.00');

    act(() => refreshPainted(store));
    await waitFor(() => expect(dialog.textContent).toContain('600.00'));
    expect(dialog.open).toBe(true);
  });
});
