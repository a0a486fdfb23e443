import { TAGS_VIEW } from '@plenty/contracts/views/registry';
import { tagKey, type TagEvent, type TagView } from '@plenty/contracts/tags';
import type { ActivityDoc } from '@plenty/contracts/views/activity';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { activityCounts } from './activity-counts.js';

/*
 * How a tag's rename and deletion read on the Activity page (see contracts/views/activity.ts):
 * an entry of the tag as it was named before the event, with how many transactions carried it
 * (the `tags` view as it stood before the event) and, for a rename, whether it merged into a tag
 * that existed.
 */

type Recorded<E> = RecordedEvent & E;
type Entry = Pick<ActivityDoc, 'kind' | 'subjectId' | 'subject' | 'type'> & Partial<ActivityDoc>;

export const TAG_ACTIVITY_EVENTS = ['TagRenamed', 'TagDeleted'] as const;

/** The live transactions carrying a tag before the event; 0 for a tag none carries. */
async function carrying(uow: UnitOfWork, userId: string, key: string): Promise<number> {
  return (await uow.get<TagView>(TAGS_VIEW, userId, key))?.doc.count ?? 0;
}

export async function tagEntry(event: Recorded<TagEvent>, uow: UnitOfWork): Promise<Entry | null> {
  const { userId } = event.metadata;
  // A name an erasure left unreadable: the entry says it without one.
  const named = (tag: string | null) => ({ name: tag, categoryId: null, amount: null });
  switch (event.type) {
    case 'TagRenamed': {
      const from = typeof event.data.from === 'string' ? event.data.from : null;
      const to = typeof event.data.to === 'string' ? event.data.to : null;
      const fromKey = from === null ? '' : tagKey(from);
      const toKey = to === null ? '' : tagKey(to);
      const rows = from === null ? null : await carrying(uow, userId, fromKey);
      const merge = to !== null && toKey !== fromKey && (await carrying(uow, userId, toKey)) > 0;
      return {
        kind: 'tag',
        subjectId: fromKey,
        subject: named(from),
        type: 'tag_renamed',
        changes: [{ field: 'name', from, to }],
        counts: activityCounts({ rows, merge }),
      };
    }
    case 'TagDeleted': {
      const tag = typeof event.data.tag === 'string' ? event.data.tag : null;
      const key = tag === null ? '' : tagKey(tag);
      return {
        kind: 'tag',
        subjectId: key,
        subject: named(tag),
        type: 'tag_deleted',
        counts: activityCounts({ deleted: tag === null ? null : await carrying(uow, userId, key) }),
      };
    }
    default:
      return null;
  }
}
