import type { Currency } from '@plenty/contracts/money';

export interface TotalsRow {
  readonly currency: Currency;
  readonly income: number;
  readonly expense: number;
}

export type TotalsColumn = 'income' | 'expense' | 'net';

export interface TotalsTable {
  /** The columns worth showing: income and expense when some currency has any; net when both are. */
  readonly columns: readonly TotalsColumn[];
  /** The currencies with a figure that is not zero (every currency when all are zero). */
  readonly rows: readonly TotalsRow[];
}

/**
 * What the totals show. A currency whose income and expense are both zero is left out, and so is
 * a column that would be zero in every row (no "Income ฿0.00" in a list of expenses), unless
 * everything is zero: then the totals say so with their zeros rather than stand empty.
 */
export function totalsTable(rows: readonly TotalsRow[]): TotalsTable {
  const nonZero = rows.filter((row) => row.income !== 0 || row.expense !== 0);
  if (nonZero.length === 0) return { columns: ['income', 'expense', 'net'], rows };
  const income = nonZero.some((row) => row.income !== 0);
  const expense = nonZero.some((row) => row.expense !== 0);
  const columns: TotalsColumn[] = [];
  if (income) columns.push('income');
  if (expense) columns.push('expense');
  if (income && expense) columns.push('net');
  return { columns, rows: nonZero };
}
