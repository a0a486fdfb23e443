import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionChanged } from '../../lib/auth/auth-slice';
import { serverUnreachable, wentOffline } from '../../lib/offline/network-slice';
import type { OutboxActions } from '../../lib/outbox/outbox';
import { outboxRead, syncStopped } from '../../lib/outbox/outbox-slice';
import type { AnyOutboxEntry } from '../../lib/outbox/types';
import { english, renderWithApp } from '../../lib/testing/render-app';
import { LocaleContext } from '../../lib/use-locale';
import { CAR_LOAN, FOOD, lunch, queued, refused, TAXI, USER } from '../../ui/sync-status/outbox-fixtures';
import { SyncPanel } from './sync-panel';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The API: the categories (Food), and the taxi ride as the server has it now. */
function stubApi() {
  vi.stubGlobal('fetch', async (input: Request) => {
    const path = new URL(input.url).pathname;
    if (path === '/api/queries/categories') {
      return json({
        items: [
          {
            id: FOOD,
            type: 'expense',
            name: 'Food',
            nameKey: null,
            icon: null,
            color: null,
            builtIn: false,
            archived: false,
          },
        ],
      });
    }
    if (path === `/api/queries/transactions/${TAXI}`) {
      return json({
        id: TAXI,
        type: 'expense',
        amount: { amount: 40000, currency: 'LAK' },
        categoryId: FOOD,
        date: '2026-11-25',
        time: null,
        note: 'Taxi home',
        receipt: null,
        location: null,
        walletId: '0192f000-0000-7000-8000-0000000000a1',
        createdAt: '2026-11-25T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
        revision: 2,
      });
    }
    if (path === '/api/queries/wallets') return json({ items: [] });
    return new Response('{}', { status: 404 });
  });
}

/** Where the panel sent the reader, with the route state it gave. */
function Landed() {
  const location = useLocation();
  const state = location.state as { outboxSeq?: number } | null;
  return (
    <p data-testid="landed">
      {location.pathname} seq {String(state?.outboxSeq)}
    </p>
  );
}

function show(entries: AnyOutboxEntry[]) {
  stubApi();
  const onClose = vi.fn();
  const actions: OutboxActions = {
    syncNow: vi.fn(),
    discard: vi.fn(async (seq: number) => {
      const found = current().find((entry) => entry.seq === seq) ?? null;
      read(current().filter((entry) => entry.seq !== seq));
      return found;
    }),
    restore: vi.fn(async (entry: AnyOutboxEntry) => {
      read([...current(), entry].sort((a, b) => a.seq - b.seq));
    }),
    resendAnyway: vi.fn(async () => undefined),
    replace: vi.fn(async () => undefined),
  };
  const { store } = renderWithApp(
    <MemoryRouter initialEntries={['/dashboard']}>
      <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
        <Routes>
          <Route path="/dashboard" element={<SyncPanel open onClose={onClose} actions={actions} />} />
          <Route path="/dashboard/transactions/*" element={<Landed />} />
        </Routes>
      </LocaleContext.Provider>
    </MemoryRouter>,
  );
  const current = () => store.getState().outbox.entries as AnyOutboxEntry[];
  function read(next: AnyOutboxEntry[]) {
    act(() => void store.dispatch(outboxRead({ uid: USER, entries: next })));
  }
  act(() => {
    store.dispatch(sessionChanged({ uid: USER, email: 'a@example.com', displayName: null, emailVerified: true }));
  });
  read(entries);
  return { store, actions, onClose };
}

const rows = () => screen.getAllByTestId('outbox-entry');
const row = (index: number) => {
  const found = rows()[index];
  if (found === undefined) throw new Error(`no entry ${index}`);
  return within(found);
};

const taxiEdit = (seq: number) =>
  queued(
    seq,
    'EditTransaction',
    { transactionId: TAXI, baseRevision: 1, changes: { amount: { amount: 50000, currency: 'LAK' } } },
    refused(409, 'transaction_changed'),
  );

describe('the sync panel', () => {
  it('lists the entries in the order they will be sent, each with its words and state', async () => {
    show([lunch(1), queued(2, 'MarkInstallmentUnpaid', { debtId: CAR_LOAN, number: 3 })]);
    const panel = screen.getByTestId('sync-panel');
    expect(within(panel).getByRole('heading', { name: english('sync.panel.title') })).toBeDefined();
    expect(rows().map((entry) => entry.getAttribute('data-state'))).toEqual(['waiting', 'waiting']);
    await waitFor(() =>
      expect(row(0).getByTestId('outbox-entry-words').textContent).toBe('Expense ₭45,000 · Food · Nov 27'),
    );
    expect(row(1).getByTestId('outbox-entry-words').textContent).toBe('Installment 3 of a debt unpaid');
    expect(row(0).getAllByText(english('sync.state.waiting')).length).toBe(1);
  });

  it('asks before discarding, then offers Undo, which puts the entry back', async () => {
    const { actions } = show([lunch(1)]);
    fireEvent.click(row(0).getByRole('button', { name: /^Discard / }));
    const question = await screen.findByText(/This entry has not reached Plenty\. Discard it\?/);
    expect(question).toBeDefined();
    expect(actions.discard).not.toHaveBeenCalled();
    const confirm = screen
      .getAllByRole('button', { name: english('sync.discard.confirm') })
      .find((button) => button.closest('[data-testid="outbox-entry"]') === null);
    fireEvent.click(confirm!);
    await waitFor(() => expect(actions.discard).toHaveBeenCalledWith(1));
    expect(screen.queryAllByTestId('outbox-entry')).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByTestId('sync-notice').textContent).toContain('Entry discarded: Expense ₭45,000'),
    );
    const undo = screen.getByRole('button', { name: english('sync.action.undo') });
    await waitFor(() => expect(document.activeElement).toBe(undo));
    fireEvent.click(undo);
    await waitFor(() => expect(actions.restore).toHaveBeenCalledTimes(1));
    const restored = vi.mocked(actions.restore).mock.calls[0]?.[0];
    expect(restored?.seq).toBe(1);
    expect(rows()).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('sync-notice').textContent).toContain('Entry put back'));
  });

  it('keeps the entry when the question is answered Cancel', async () => {
    const { actions } = show([lunch(1)]);
    fireEvent.click(row(0).getByRole('button', { name: /^Discard / }));
    fireEvent.click(await screen.findByRole('button', { name: english('common.cancel') }));
    expect(actions.discard).not.toHaveBeenCalled();
    expect(rows()).toHaveLength(1);
  });

  it('shows a refused add with its reason by field, and Fix opens the form on the entry', async () => {
    show([lunch(4, refused(404, 'category_not_found', { categoryId: 'category_not_found' }))]);
    expect(rows()[0]?.getAttribute('data-state')).toBe('rejected');
    const reason = row(0).getByTestId('outbox-reason');
    expect(reason.textContent).toContain(english('error.category_not_found'));
    // The field is named; its message is the one said above, so it is not said twice.
    expect(
      within(reason)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['category']);
    expect(reason.textContent).toContain(english('sync.reason.fields'));
    fireEvent.click(row(0).getByRole('button', { name: /^Fix / }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard/transactions/add seq 4');
  });

  it('opens a refused edit in the transaction’s own form', async () => {
    const edit = queued(
      5,
      'EditTransaction',
      { transactionId: TAXI, changes: { amount: { amount: 0, currency: 'LAK' } } },
      refused(400, 'validation_failed', { 'changes.amount.amount': 'amount_not_positive' }),
    );
    show([edit]);
    expect(row(0).getByTestId('outbox-reason').textContent).toContain(
      `amount: ${english('error.amount_not_positive')}`,
    );
    fireEvent.click(row(0).getByRole('button', { name: /^Fix / }));
    expect((await screen.findByTestId('landed')).textContent).toBe(`/dashboard/transactions/edit/${TAXI} seq 5`);
  });

  it('offers Review and Apply mine anyway for an edit of a transaction changed elsewhere', async () => {
    const { actions } = show([taxiEdit(6)]);
    expect(row(0).getByTestId('outbox-reason').textContent).toContain(english('error.transaction_changed'));
    expect(row(0).queryByRole('button', { name: /^Fix / })).toBeNull();
    const review = row(0).getByRole('button', { name: /^Review / });
    fireEvent.click(review);
    expect(review.getAttribute('aria-expanded')).toBe('true');
    const table = row(0).getByTestId('sync-review');
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /amount/ }).textContent).toBe('amount₭50,000₭40,000'),
    );
    fireEvent.click(row(0).getByRole('button', { name: /^Apply mine anyway / }));
    await waitFor(() => expect(actions.resendAnyway).toHaveBeenCalledWith(6));
    // The notice follows once the resend has settled, a render after the call.
    await waitFor(() => expect(screen.getByTestId('sync-notice').textContent).toBe(english('sync.applied')));
  });

  it('offers only Discard for a refusal nothing on the device can fix, saying why', () => {
    show([
      queued(
        7,
        'MarkInstallmentPaid',
        { debtId: CAR_LOAN, number: 3, paymentId: TAXI, date: '2026-11-27' },
        refused(409, 'installment_already_paid'),
      ),
    ]);
    const reason = row(0).getByTestId('outbox-reason').textContent;
    expect(reason).toContain(english('error.installment_already_paid'));
    expect(reason).toContain(english('sync.reason.nothingToFix'));
    expect(
      row(0)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([english('sync.action.discard')]);
  });

  it('sends now on request, and says why it cannot while offline', () => {
    const { store, actions } = show([lunch(1)]);
    const syncNow = screen.getByRole('button', { name: english('sync.panel.syncNow') });
    fireEvent.click(syncNow);
    expect(actions.syncNow).toHaveBeenCalledTimes(1);
    act(() => void store.dispatch(wentOffline()));
    expect(syncNow.getAttribute('aria-disabled')).toBe('true');
    const why = document.getElementById(syncNow.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe(english('sync.panel.offline'));
    fireEvent.click(syncNow);
    expect(actions.syncNow).toHaveBeenCalledTimes(1);
  });

  it('keeps Sync now on with a weak signal, when the browser is online but the server was not reached', () => {
    const { store, actions } = show([lunch(1)]);
    act(() => void store.dispatch(serverUnreachable()));
    const syncNow = screen.getByRole('button', { name: english('sync.panel.syncNow') });
    expect(syncNow.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(syncNow);
    expect(actions.syncNow).toHaveBeenCalledTimes(1);
  });

  it('says everything is synced, with the last sync time, when nothing is left', () => {
    const { store } = show([]);
    act(() => void store.dispatch(syncStopped({ syncedAt: '2026-11-27T07:30:00.000Z' })));
    const empty = screen.getByTestId('sync-empty').textContent;
    expect(empty).toContain(english('sync.panel.empty'));
    expect(empty).toMatch(/Last synced Nov 27 \d\d:\d\d/);
    expect(screen.queryByRole('button', { name: english('sync.panel.syncNow') })).toBeNull();
  });

  it('offers no Discard for an entry on its way (the server may have it already)', () => {
    show([{ ...lunch(1), state: 'sending' }, lunch(2)]);
    expect(row(0).queryByRole('button', { name: /^Discard / })).toBeNull();
    expect(row(1).getByRole('button', { name: /^Discard / })).toBeDefined();
  });

  it('lists a huge outbox’s refused entries and the first waiting ones, and says how many more wait', async () => {
    const entries = Array.from({ length: 1000 }, (_, n) =>
      n === 700 ? lunch(n + 1, refused(422, 'category_not_found', { categoryId: 'category_not_found' })) : lunch(n + 1),
    );
    show(entries);
    const listed = rows().map((entry) => Number(entry.getAttribute('data-seq')));
    expect(listed).toHaveLength(50);
    expect(listed.slice(0, 49)).toEqual(Array.from({ length: 49 }, (_, n) => n + 1));
    expect(listed[49]).toBe(701);
    expect(screen.getByTestId('sync-more').textContent).toBe('950 more entries wait after these; they sync in order.');
  });

  it('lists an entry changed by hand into something unreadable, to be discarded', () => {
    const broken = { ...lunch(1), body: null } as unknown as AnyOutboxEntry;
    show([broken, lunch(2)]);
    expect(row(0).getByTestId('outbox-entry-words').textContent).toBe(english('sync.entry.unreadable'));
    expect(row(0).getByRole('button', { name: /^Discard / })).toBeDefined();
  });

  it('closes on Escape', () => {
    const { onClose } = show([lunch(1)]);
    fireEvent.keyDown(screen.getByTestId('sync-panel'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
