import { daysInMonth } from '@plenty/contracts/calendar/date';

/**
 * The day net worth is shown for: the end of the report's month, or the day the report is
 * "as of" when that comes first; null for today (the current month, not as of a past day).
 */
export function netWorthDay(month: string, today: string, asOf: string | null): string | null {
  const end = `${month}-${String(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))).padStart(2, '0')}`;
  const last = asOf ?? today;
  if (end >= last) return asOf;
  return end;
}
