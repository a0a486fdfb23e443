import type { Currency } from '@plenty/contracts/money';

export interface TotalsRow {
  readonly currency: Currency;
  readonly income: number;
  readonly expense: number;
}

/** What one currency's line of the totals shows: a figure that is zero says nothing and is left out. */
export interface TotalsLine extends TotalsRow {
  readonly showIncome: boolean;
  readonly showExpense: boolean;
  /** Only when there is both income and expense: otherwise the net repeats the one figure. */
  readonly showNet: boolean;
}

/**
 * The lines of the totals: currencies whose income and expense are both zero are left out,
 * unless every currency's are (then each shows its zeros, so the totals never stand empty).
 */
export function totalsLines(rows: readonly TotalsRow[]): TotalsLine[] {
  const nonZero = rows.filter((row) => row.income !== 0 || row.expense !== 0);
  if (nonZero.length === 0) {
    return rows.map((row) => ({ ...row, showIncome: true, showExpense: true, showNet: true }));
  }
  return nonZero.map((row) => ({
    ...row,
    showIncome: row.income !== 0,
    showExpense: row.expense !== 0,
    showNet: row.income !== 0 && row.expense !== 0,
  }));
}

/** The typographic minus, as the money formatter writes it (never the hyphen "-"). */
export const MINUS = '\u2212';

/** A signed figure: "−" and the amount's size, or the amount as it is. */
export function signedMoney(amount: number, money: (amount: number) => string): string {
  return amount < 0 ? `${MINUS}${money(-amount)}` : money(amount);
}
