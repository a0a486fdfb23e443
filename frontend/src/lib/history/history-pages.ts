/** Entries per request: the latest changes at a glance; older ones on demand. */
export const HISTORY_PAGE_SIZE = 20;

/** The request for one page of a debt's or a transaction's history, newest first, from `cursor` on. */
export function itemHistoryPageUrl(
  collection: 'debts' | 'transactions',
  id: string,
  cursor: string | null,
  limit = HISTORY_PAGE_SIZE,
): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor !== null) params.set('cursor', cursor);
  return `queries/${collection}/${encodeURIComponent(id)}/history?${params.toString()}`;
}

/**
 * The entries of the pages loaded so far, newest first, each once: a change recorded while
 * the reader pages can push an entry already shown onto the next page.
 */
export function uniqueEntriesNewestFirst<E extends { readonly revision: number }>(
  pages: readonly { readonly items: readonly E[] }[],
): E[] {
  const byRevision = new Map<number, E>();
  for (const page of pages) for (const entry of page.items) byRevision.set(entry.revision, entry);
  return [...byRevision.values()].sort((a, b) => b.revision - a.revision);
}
