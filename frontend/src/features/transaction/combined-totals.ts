import { isRepresentable, saturate, type Currency } from '@plenty/contracts/money';
import type { TransactionType } from '@plenty/contracts/categories';
import type { PreferencesView } from '@plenty/contracts/preferences';
import { sumInCurrencyExact } from '@plenty/contracts/rates';

export interface CombinedTotals {
  readonly currency: Currency;
  readonly income: number;
  readonly expense: number;
  /** The day of the rates used, as the reader writes dates; '' when unknown. */
  readonly date: string;
  /** A sum converted past 2^53 − 1 shows that figure instead (see `saturate`). */
  readonly outOfRange: boolean;
}

/**
 * Totals in several currencies, or in one the user does not display, also added up in the
 * display currency: each currency's total converted once with the user's rates. Null when
 * everything is already in the display currency or the preferences are not read yet.
 */
export function combinedTotals(
  rows: readonly { currency: Currency; income: number; expense: number }[],
  preferences: Pick<PreferencesView, 'currency' | 'rates' | 'ratesDate' | 'ratesUpdatedAt'> | null,
  longDate: (date: string) => string,
): CombinedTotals | null {
  if (preferences === null || rows.every((row) => row.currency === preferences.currency)) return null;
  const to = preferences.currency;
  const total = (pick: TransactionType) =>
    sumInCurrencyExact(
      rows.map((row) => ({ amount: row[pick], currency: row.currency })),
      to,
      preferences.rates,
    );
  const income = total('income');
  const expense = total('expense');
  const date = preferences.ratesDate ?? preferences.ratesUpdatedAt?.slice(0, 10) ?? null;
  return {
    currency: to,
    income: saturate(income),
    expense: saturate(expense),
    date: date === null ? '' : longDate(date),
    outOfRange: !isRepresentable(income) || !isRepresentable(expense),
  };
}
