import { describe, expect, it } from 'vitest';
import type { RecurringItem } from '../../ui/upcoming/upcoming';
import { NO_FILTERS } from './filters';
import { paramsWithScheduled, scheduledMatching, showsScheduled } from './scheduled';

const WALLET = '0192f000-0000-7000-8000-0000000000a1';
const OTHER_WALLET = '0192f000-0000-7000-8000-0000000000a2';

const item = (overrides: Partial<RecurringItem>): RecurringItem => ({
  kind: 'recurring',
  ruleId: '0192f000-0000-7000-8000-000000000001',
  date: '2026-12-01',
  type: 'expense',
  amount: { amount: 250000000, currency: 'LAK' },
  categoryId: 'builtin-housing',
  walletId: WALLET,
  note: 'Rent for the flat',
  mode: 'auto',
  state: 'scheduled',
  heldReason: null,
  edited: false,
  overdue: false,
  remind: false,
  ...overrides,
});

describe('show scheduled', () => {
  it('is kept in the address as scheduled=1, next to the other parameters', () => {
    const on = paramsWithScheduled(true, new URLSearchParams('type=expense&view=abc'));
    expect(on.toString()).toBe('type=expense&view=abc&scheduled=1');
    expect(showsScheduled(on)).toBe(true);
    const off = paramsWithScheduled(false, on);
    expect(off.toString()).toBe('type=expense&view=abc');
    expect(showsScheduled(off)).toBe(false);
    expect(showsScheduled(new URLSearchParams('scheduled=yes'))).toBe(false);
  });

  it('lists the occurrences the filters let through, as the posted transactions they will become', () => {
    const rent = item({});
    const salary = item({ type: 'income', categoryId: 'builtin-salary', note: null });
    const phone = item({ categoryId: 'builtin-bills', walletId: OTHER_WALLET, note: 'Phone top-up' });
    const all = [rent, salary, phone];
    expect(scheduledMatching(all, NO_FILTERS)).toEqual(all);
    expect(scheduledMatching(all, { ...NO_FILTERS, type: 'income' })).toEqual([salary]);
    expect(scheduledMatching(all, { ...NO_FILTERS, categoryId: 'builtin-bills' })).toEqual([phone]);
    expect(scheduledMatching(all, { ...NO_FILTERS, walletId: WALLET })).toEqual([rent, salary]);
    expect(scheduledMatching(all, { ...NO_FILTERS, q: ' FLAT ' })).toEqual([rent]);
  });
});
