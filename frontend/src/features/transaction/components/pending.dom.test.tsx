import { act, fireEvent, screen, within } from '@testing-library/react';
import type { CommandRequest } from '@plenty/contracts/commands/registry';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { outboxRead } from '../../../lib/outbox/outbox-slice';
import type { PendingFilter } from '../../../lib/outbox/pending';
import type { AnyOutboxEntry, OutboxRejection } from '../../../lib/outbox/types';
import { renderWithApp } from '../../../lib/testing/render-app';
import { LocaleContext } from '../../../lib/use-locale';
import { PendingTotalsLine, usePendingAdds, usePendingSums } from '../../../ui/pending/pending';
import { PendingAddsBlock } from './pending';

const id = (n: number) => `0192f000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function add(
  seq: number,
  body: Partial<Omit<CommandRequest<'AddTransaction'>, 'commandId' | 'transactionId'>>,
  rejection: OutboxRejection | null = null,
): AnyOutboxEntry {
  return {
    seq,
    name: 'AddTransaction',
    body: {
      commandId: id(900 + seq),
      transactionId: id(seq),
      type: 'expense',
      amount: { amount: 1000, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-11-20',
      ...body,
    },
    queuedAt: '2026-11-27T07:00:00.000Z',
    state: rejection === null ? 'waiting' : 'rejected',
    attempts: 0,
    rejection,
  };
}

const refused: OutboxRejection = {
  status: 404,
  code: 'category_not_found',
  messageId: 'error.category_not_found',
  fields: { categoryId: 'category_not_found' },
  at: '2026-11-27T08:00:00.000Z',
};

const ENTRIES: AnyOutboxEntry[] = [
  add(1, {
    amount: { amount: 30000, currency: 'THB' },
    note: 'Dinner',
    tags: ['Trip'],
    splits: [
      { categoryId: 'builtin-food', amount: 20000 },
      { categoryId: 'builtin-transport', amount: 10000 },
    ],
  }),
  add(2, { type: 'income', categoryId: 'builtin-salary', amount: { amount: 500000, currency: 'THB' }, note: 'Pay' }),
  add(3, { amount: { amount: 1250000, currency: 'LAK' }, note: 'Noodles', date: '2026-12-01' }),
  add(4, { note: 'Refused', amount: { amount: 999, currency: 'THB' } }, refused),
];

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

function Block({ filter }: { readonly filter: PendingFilter }) {
  return <PendingAddsBlock adds={usePendingAdds(filter)} />;
}

function Totals({ filter }: { readonly filter: PendingFilter }) {
  return <PendingTotalsLine sums={usePendingSums(filter)} />;
}

function show(ui: React.ReactElement, entries: AnyOutboxEntry[] = ENTRIES) {
  vi.stubGlobal(
    'fetch',
    async () => new Response('{"items":[]}', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  const view = renderWithApp(
    <MemoryRouter initialEntries={['/dashboard/transactions?type=expense']}>
      <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
        <Routes>
          <Route path="/dashboard/transactions" element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </LocaleContext.Provider>
    </MemoryRouter>,
  );
  act(() => {
    view.store.dispatch(outboxRead({ uid: 'user-1', entries }));
  });
  return view;
}

describe('the block of entries waiting to sync above the list', () => {
  it('lists the device’s adds with their badge, newest first, a refused one as not synced with the way to the panel', () => {
    show(<Block filter={{}} />);
    const block = screen.getByTestId('pending-adds');
    expect(within(block).getByRole('heading').textContent).toBe('On this device — waiting to sync');
    const rows = block.querySelectorAll('[data-pending="add"]');
    expect([...rows].map((row) => row.getAttribute('data-pending-id'))).toEqual([id(3), id(1), id(2), id(4)]);
    const states = [...rows].map((row) => row.getAttribute('data-state'));
    expect(states).toEqual(['waiting', 'waiting', 'waiting', 'rejected']);
    expect(within(rows[0] as HTMLElement).getByTestId('pending-badge').textContent).toBe('Waiting to sync');
    expect(within(rows[3] as HTMLElement).getByTestId('pending-badge').textContent).toBe('Not synced');
    expect(within(rows[3] as HTMLElement).getByTestId('pending-fix').textContent).toBe('See why and fix');
    expect(within(rows[0] as HTMLElement).queryByTestId('pending-fix')).toBeNull();
    // The split row names its lines' categories, and its tag is shown.
    expect(within(rows[1] as HTMLElement).getByTestId('row-split')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('row-tags').textContent).toBe('Trip');
  });

  it('keeps to the list’s filters', () => {
    show(<Block filter={{ type: 'income' }} />);
    const rows = screen.getByTestId('pending-adds').querySelectorAll('[data-pending="add"]');
    expect([...rows].map((row) => row.getAttribute('data-pending-id'))).toEqual([id(2)]);
  });

  it('is not there when nothing waits', () => {
    show(<Block filter={{}} />, []);
    expect(screen.queryByTestId('pending-adds')).toBeNull();
  });

  it('opens the form on the entry a row stands for, with the list’s filters to come back to', () => {
    show(<Block filter={{ type: 'income' }} />);
    fireEvent.click(within(screen.getByTestId('pending-adds')).getByRole('link'));
    const where = screen.getByTestId('where').textContent ?? '';
    expect(where).toContain('/dashboard/transactions/add');
    expect(where).toContain('"outboxSeq":2');
    expect(where).toContain('"listSearch":"?type=expense"');
  });
});

describe('the line of pending totals', () => {
  it('says what waits per currency in exact amounts, a split transaction once, refused ones left out', () => {
    show(<Totals filter={{}} />);
    const line = screen.getByTestId('pending-totals');
    expect(within(line).getByTestId('pending-totals-sums').textContent).toBe(
      '−₭1,250,000 expenses; +฿5,000.00 income, −฿300.00 expenses',
    );
    expect(line.textContent).toContain('Waiting to sync:');
    expect(line.textContent).toContain('Not counted in the totals until synced.');
  });

  it('counts only a month’s adds for the month', () => {
    show(<Totals filter={{ from: '2026-11-01', to: '2026-11-30' }} />);
    expect(screen.getByTestId('pending-totals-sums').textContent).toBe('+฿5,000.00 income, −฿300.00 expenses');
  });

  it('counts a category’s lines when the filter names it', () => {
    show(<Totals filter={{ categoryId: 'builtin-transport' }} />);
    expect(screen.getByTestId('pending-totals-sums').textContent).toBe('−฿100.00 expenses');
  });

  it('is not there when nothing waits', () => {
    show(<Totals filter={{}} />, [ENTRIES[3] as AnyOutboxEntry]);
    expect(screen.queryByTestId('pending-totals')).toBeNull();
  });
});
