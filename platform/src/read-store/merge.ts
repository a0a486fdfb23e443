import { encodeCursor } from './keys.js';
import type { FindQuery, MergedFindQuery, MergeKey } from './port.js';

/** A part's first keys in the store's order (at most the page's limit), and whether it has more. */
export interface PartKeys<K extends MergeKey = MergeKey> {
  readonly keys: readonly K[];
  readonly more: boolean;
}

/** The plain query of one part of a merged one: the split field's value, from the part's cursor. */
export function partQuery(query: MergedFindQuery, part: MergedFindQuery['split']['parts'][number]): FindQuery {
  return {
    userId: query.userId,
    where: { ...query.where, [query.split.field]: part.value },
    contains: query.contains,
    ranges: query.ranges,
    match: query.match,
    sort: query.sort,
    limit: query.limit,
    ...(part.cursor === undefined ? {} : { cursor: part.cursor }),
  };
}

/** The cursor after a key: its sort values and id, as both stores encode a page's next cursor. */
export const cursorOfKey = (key: MergeKey): string => encodeCursor([...key.sort, key.id]);

/**
 * Merges the parts' keys into a page of at most `limit` (`ReadStore.findMerged`): each time the
 * first of the parts' next keys by `compare`, the earlier part on a tie; and where each part goes
 * on from. The stores differ only in how they read the keys and the documents listed.
 */
export function mergeParts<K extends MergeKey>(
  parts: readonly PartKeys<K>[],
  limit: number,
  compare: MergedFindQuery['compare'],
): { taken: K[]; cursors: (string | null | undefined)[] } {
  const heads = parts.map(() => 0);
  const taken: K[] = [];
  while (taken.length < limit) {
    let best = -1;
    let bestKey: K | undefined;
    parts.forEach((part, p) => {
      const head = part.keys[heads[p] ?? 0];
      if (head === undefined) return;
      if (bestKey === undefined || compare(head, bestKey) < 0) {
        best = p;
        bestKey = head;
      }
    });
    if (bestKey === undefined) break;
    taken.push(bestKey);
    heads[best] = (heads[best] ?? 0) + 1;
  }
  const cursors = parts.map((part, p) => {
    const used = heads[p] ?? 0;
    const last = part.keys[used - 1];
    // Every key listed: the part goes on after its last, if it has more.
    if (used === part.keys.length) return part.more && last !== undefined ? cursorOfKey(last) : null;
    // Some listed: right after the last of them, as a page of that many would end.
    return last === undefined ? undefined : cursorOfKey(last);
  });
  return { taken, cursors };
}
