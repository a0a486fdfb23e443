import { describe, expect, it } from 'vitest';
import { totalsTable } from './totals-rows';

describe('transaction totals table', () => {
  it('leaves out a currency whose totals are zero', () => {
    const table = totalsTable([
      { currency: 'LAK', income: 0, expense: 55_000 },
      { currency: 'THB', income: 0, expense: 0 },
      { currency: 'USD', income: 10_000, expense: 2_500 },
    ]);
    expect(table.rows.map((row) => row.currency)).toEqual(['LAK', 'USD']);
    expect(table.columns).toEqual(['income', 'expense', 'net']);
  });

  it('shows only the expense column for expenses alone, with no net repeating it', () => {
    const table = totalsTable([
      { currency: 'LAK', income: 0, expense: 55_000 },
      { currency: 'USD', income: 0, expense: 100 },
    ]);
    expect(table.columns).toEqual(['expense']);
    expect(totalsTable([{ currency: 'THB', income: 900, expense: 0 }]).columns).toEqual(['income']);
  });

  it('shows the zeros when every currency is zero', () => {
    const rows = [{ currency: 'THB' as const, income: 0, expense: 0 }];
    expect(totalsTable(rows)).toEqual({ columns: ['income', 'expense', 'net'], rows });
  });
});
