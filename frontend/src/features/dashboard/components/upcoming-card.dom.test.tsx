import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Upcoming, UpcomingItem } from '@plenty/contracts/views/recurring';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionChanged } from '../../../lib/auth/auth-slice';
import { renderWithApp } from '../../../lib/testing/render-app';
import { paintedStore, refreshPainted, renderOn } from '../../../lib/testing/painted';
import { upcomingApi } from '../../../ui/upcoming/api';
import { LocaleContext } from '../../../lib/use-locale';
import { ReminderStrip } from './reminder-strip';
import { UPCOMING_DAYS, UpcomingCard } from './upcoming-card';

const USER = 'user-1';
const RULE = '0192f000-0000-7000-8000-000000000001';
const DEBT = '0192f000-0000-7000-8000-0000000000d1';

const rent: UpcomingItem = {
  kind: 'recurring',
  ruleId: RULE,
  date: '2026-11-27',
  type: 'expense',
  amount: { amount: 2500000, currency: 'LAK' },
  categoryId: 'builtin-housing',
  walletId: '0192f000-0000-7000-8000-0000000000a1',
  note: 'Rent for the flat',
  mode: 'confirm',
  state: 'due',
  heldReason: null,
  edited: false,
  overdue: false,
  remind: true,
};
const installment: UpcomingItem = {
  kind: 'installment',
  debtId: DEBT,
  name: 'Scooter loan',
  number: 2,
  date: '2026-11-30',
  amount: { amount: 1000000, currency: 'LAK' },
  overdue: false,
  remind: false,
};

const answer = (items: UpcomingItem[]): Upcoming => ({
  today: '2026-11-27',
  through: '2026-12-04',
  displayCurrency: 'LAK',
  items,
  totals: { income: 0, expense: items.reduce((sum, item) => sum + item.amount.amount, 0), outOfRange: false },
  waitingCount: items.filter((item) => item.kind === 'recurring' && item.state === 'due').length,
});

/** The API by path: the upcoming answers in turn (the last one again), no categories, commands accepted. */
function api(upcoming: Upcoming[]) {
  const commands: { name: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/queries/upcoming') return json(upcoming.length > 1 ? upcoming.shift() : upcoming[0]);
    if (url.pathname === '/api/queries/categories') return json({ items: [] });
    if (url.pathname.startsWith('/api/commands/')) {
      commands.push({ name: url.pathname.slice('/api/commands/'.length), body: JSON.parse(await input.text()) });
      return json({ streamId: 'x', revision: 0, position: '1' });
    }
    return new Response('{}', { status: 404 });
  });
  return { commands };
}

function show(ui: ReactElement) {
  const { store } = renderWithApp(
    <MemoryRouter>
      <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>{ui}</LocaleContext.Provider>
    </MemoryRouter>,
  );
  store.dispatch(sessionChanged({ uid: USER, email: 'a@example.com', displayName: null, emailVerified: true }));
}

describe('the Upcoming card', () => {
  it('lists what is due with its totals, and posts a confirm occurrence, which then leaves the card', async () => {
    const { commands } = api([answer([rent, installment]), answer([installment])]);
    show(<UpcomingCard />);
    const item = await screen.findByText('Rent for the flat');
    const row = item.closest('li');
    if (row === null) throw new Error('no row');
    expect(within(row).getByText('Today')).toBeDefined();
    expect(screen.getByText('Scooter loan, installment 2').getAttribute('href')).toBe(
      `/dashboard/debt-tracker/${DEBT}`,
    );
    expect(screen.getByTestId('upcoming-out').textContent).toContain('3,500,000');
    fireEvent.click(within(row).getByRole('button', { name: /^Post now: Rent for the flat/ }));
    await waitFor(() => expect(screen.queryByText('Rent for the flat')).toBeNull());
    expect(commands).toEqual([
      { name: 'PostOccurrence', body: { commandId: expect.any(String), ruleId: RULE, date: '2026-11-27' } },
    ]);
  });

  it('says why a held rule posts nothing, and offers no Post now on it', async () => {
    const held: UpcomingItem = { ...rent, mode: 'auto', state: 'held', heldReason: 'wallet_archived', remind: false };
    api([answer([held])]);
    show(<UpcomingCard />);
    const row = (await screen.findByText('Rent for the flat')).closest('li');
    if (row === null) throw new Error('no row');
    expect(within(row).getByText(/This wallet is archived/)).toBeDefined();
    expect(within(row).getByText('On hold')).toBeDefined();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('invites to add a recurring item when nothing is due', async () => {
    api([answer([])]);
    show(<UpcomingCard />);
    expect(await screen.findByText('Nothing due in the next 7 days')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Add a recurring item' }).getAttribute('href')).toBe(
      '/dashboard/recurring',
    );
  });
});

describe('in-app reminders', () => {
  afterEach(() => window.localStorage.clear());

  it('remind of a bill in a polite live region, and stay dismissed for that occurrence', async () => {
    api([answer([rent, installment])]);
    show(<ReminderStrip />);
    const reminder = await screen.findByText('Rent for the flat is due today');
    expect(screen.getByTestId('reminder-strip').getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByText(/Scooter loan/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the reminder: Rent for the flat is due today' }));
    await waitFor(() => expect(reminder.isConnected).toBe(false));
    expect(window.localStorage.getItem(`plenty_reminders_dismissed:${USER}`)).toContain(RULE);
  });
});

describe('another amount for a due occurrence, on a page load painted from the device', () => {
  async function paintedCard() {
    const old = { ...rent, amount: { amount: 2_000_000, currency: 'LAK' as const } };
    const { store } = await paintedStore([
      upcomingApi.util.upsertQueryData('upcoming', { days: UPCOMING_DAYS }, answer([old])),
    ]);
    renderOn(
      store,
      <MemoryRouter>
        <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
          <UpcomingCard />
        </LocaleContext.Provider>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('upcoming-edit-amount'));
    return store;
  }
  const dialogOpen = () => (screen.getByTestId('post-amount-dialog') as HTMLDialogElement).open;
  const amount = () => (screen.getByTestId('post-amount-input') as HTMLInputElement).value;

  it('starts from the server’s amount, not the painted one', async () => {
    api([answer([rent])]);
    const store = await paintedCard();
    expect(dialogOpen()).toBe(false);

    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(amount()).toBe('2500000');
  });

  it('starts from the device copy when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const store = await paintedCard();
    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(amount()).toBe('2000000');
    expect(store.getState().network.online).toBe(false);
  });
});
