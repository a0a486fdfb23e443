import type { ReadStore } from '@plenty/platform/read-store/port';

/** Every document of one user in one view of a read store, page by page, with its id. */
export async function allDocuments(store: ReadStore, view: string, userId: string): Promise<unknown[]> {
  const docs: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.find(view, { userId, sort: [], limit: 1000, ...(cursor ? { cursor } : {}) });
    docs.push(...page.items.map((item) => ({ id: item.id, doc: item.doc })));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return docs;
}
