/**
 * How the transaction form gives the list back: the list's own filters and sort (its address
 * without the open detail) go to the form in the navigation state, and the form comes back to
 * that address with the row it saved, which the list scrolls into view and focuses.
 */
export interface ListReturn {
  /** The list's query string (`?sort=lowest`), or '' for the plain list. */
  readonly listSearch: string;
  /** The transaction just saved, or null (a cancel from a new form). */
  readonly focusRow: string | null;
}

/** The list's query string without the open detail (`view`). */
export function listSearchOf(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('view');
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** What a navigation state says about the list, whatever else it holds. */
export function listReturnOf(state: unknown): ListReturn {
  const record = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const listSearch = typeof record.listSearch === 'string' ? listSearchOf(record.listSearch) : '';
  const focusRow = typeof record.focusRow === 'string' && record.focusRow !== '' ? record.focusRow : null;
  return { listSearch, focusRow };
}
