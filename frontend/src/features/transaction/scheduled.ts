import type { RecurringItem } from '../../ui/upcoming/upcoming';
import type { TransactionFilters } from './filters';

/** How far ahead "Show scheduled" looks. */
export const SCHEDULED_DAYS = 30;

/** Whether the list shows the scheduled occurrences above it: `?scheduled=1` in the address. */
export const showsScheduled = (params: URLSearchParams): boolean => params.get('scheduled') === '1';

/** The address with "Show scheduled" turned on or off, other parameters kept. */
export function paramsWithScheduled(on: boolean, previous: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(previous);
  if (on) next.set('scheduled', '1');
  else next.delete('scheduled');
  return next;
}

/**
 * The scheduled occurrences the list's filters let through: the same type, category and wallet,
 * and the searched text in the note, as the posted transactions they will become.
 */
export function scheduledMatching(items: readonly RecurringItem[], filters: TransactionFilters): RecurringItem[] {
  const q = filters.q.trim().toLocaleLowerCase();
  // Scheduled items are not imported: a list narrowed to one import has none.
  if (filters.importId !== null) return [];
  return items.filter(
    (item) =>
      (filters.type === null || item.type === filters.type) &&
      (filters.categoryId === null || item.categoryId === filters.categoryId) &&
      (filters.walletId === null || item.walletId === filters.walletId) &&
      (q === '' || (item.note ?? '').toLocaleLowerCase().includes(q)),
  );
}
