import type { Document, FindQuery, ReadStore, StoredDocument } from '@plenty/platform/read-store/port';

/**
 * Every document a find matches, read in keyset pages of `query.limit` in the query's order,
 * for the reads that fold all of them.
 */
export async function findAll<D extends Document>(
  readStore: ReadStore,
  view: string,
  query: Omit<FindQuery, 'cursor'>,
): Promise<StoredDocument<D>[]> {
  const found: StoredDocument<D>[] = [];
  let cursor: string | undefined;
  do {
    const page = await readStore.find<D>(view, { ...query, ...(cursor === undefined ? {} : { cursor }) });
    found.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return found;
}
