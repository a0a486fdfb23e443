import { dayNumber } from '@plenty/contracts/calendar/date';
import { EARLIEST_AS_OF, MAX_REPORT_RANGE_DAYS } from '@plenty/contracts/views/dashboard';
import type { DateRange } from '../../lib/date-range';
import type { MessageId } from '../../lib/messages';

/** Days of a range, both ends included. */
export const rangeDays = (range: DateRange): number => dayNumber(range.to) - dayNumber(range.from) + 1;

/** What is wrong with a range typed on the page, as the server would say it; null when it may be asked for. */
export function rangeProblem(range: { readonly from: string; readonly to: string }): MessageId | null {
  if (range.from === '' || range.to === '') return 'error.field_required';
  if (range.from < EARLIEST_AS_OF || range.to < EARLIEST_AS_OF) return 'error.date_invalid';
  if (range.to < range.from) return 'error.date_range_invalid';
  if (rangeDays(range) > MAX_REPORT_RANGE_DAYS) return 'error.date_range_too_long';
  return null;
}
