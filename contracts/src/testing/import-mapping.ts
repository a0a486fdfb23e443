import type { ColumnMapping } from '../import/mapping.js';

/**
 * The mapping the import library's tests start from: date, amount and note in the first three
 * columns, dates DD/MM/YYYY of the common era, a point before the decimals, baht, and a negative
 * amount an expense.
 */
export const DATE_AMOUNT_NOTE_MAPPING: ColumnMapping = {
  date: 0,
  amount: 1,
  note: 2,
  dateFormat: 'DD/MM/YYYY',
  era: 'ce',
  decimal: '.',
  defaultCurrency: 'THB',
  sign: 'negative-expense',
};
