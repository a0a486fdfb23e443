import { describe, expect, it } from 'vitest';
import { columnRoles, completeMapping, missingRoles, withRole } from './mapping';

const settings = {
  dateFormat: 'DD/MM/YYYY',
  era: 'ce',
  decimal: '.',
  defaultCurrency: 'THB',
  sign: 'negative-expense',
} as const;

describe('column roles', () => {
  it('gives every column the field that names it, the rest ignored', () => {
    expect(columnRoles({ date: 0, amount: 2, note: 3 }, 5)).toEqual(['date', 'ignore', 'amount', 'note', 'ignore']);
  });

  it('ignores a field naming a column the file does not have', () => {
    expect(columnRoles({ date: 0, wallet: 7 }, 2)).toEqual(['date', 'ignore']);
  });

  it('moves a role to its new column, leaving the old one ignored', () => {
    const moved = withRole({ date: 0, amount: 1 }, 2, 'date');
    expect(columnRoles(moved, 3)).toEqual(['ignore', 'amount', 'date']);
  });

  it('replaces what a column held before', () => {
    const changed = withRole({ date: 0, note: 1 }, 1, 'category');
    expect(changed).toEqual({ date: 0, category: 1 });
  });

  it('keeps a signed amount and a debit/credit pair apart', () => {
    const pair = withRole(withRole({ date: 0, amount: 1 }, 2, 'debit'), 3, 'credit');
    expect(pair).toEqual({ date: 0, debit: 2, credit: 3 });
    expect(withRole(pair, 1, 'amount')).toEqual({ date: 0, amount: 1 });
  });

  it('ignoring a column drops its field', () => {
    expect(withRole({ date: 0, amount: 1 }, 1, 'ignore')).toEqual({ date: 0 });
  });
});

describe('a complete mapping', () => {
  it('needs a date and an amount (or a debit or credit column)', () => {
    expect(missingRoles({})).toEqual(['date', 'amount']);
    expect(missingRoles({ date: 0, credit: 2 })).toEqual([]);
    expect(completeMapping({ ...settings, amount: 1 })).toBeNull();
    expect(completeMapping({ ...settings, date: 0, amount: 1 })).toEqual({ ...settings, date: 0, amount: 1 });
  });
});
