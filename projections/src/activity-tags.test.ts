import { ACTIVITY_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { activityDocOf, activityDocSchema, type StoredActivityDoc } from '@plenty/contracts/views/activity';
import { activityProjection } from './activity.projection.js';
import { tagsProjection } from './tags.projection.js';
import { projectionScratch } from './testing/scratch.js';
import { transactionsProjection } from './transactions.projection.js';

const scratch = projectionScratch([activityProjection, transactionsProjection, tagsProjection]);
const { given } = scratch;

/** The user's tag entries oldest first, each by what sets it apart. */
async function tagEntries(userId = 'alice') {
  const docs = ((await scratch.documents(ACTIVITY_VIEW, userId)) as StoredActivityDoc[])
    .map(activityDocOf)
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
  for (const doc of docs) expect(activityDocSchema.parse(doc)).toEqual(doc);
  return docs
    .filter((doc) => doc.kind === 'tag')
    .map(({ subjectId, type, subject, changes, counts }) => ({ subjectId, type, name: subject.name, changes, counts }));
}

const none = { rows: null, added: null, existing: null, skipped: null, deleted: null, merge: null };

describe('activity of tags', () => {
  it('records a rename with how many transactions carried the tag, a merge into a tag that existed, and a deletion', async () => {
    const { log } = scratch;
    await given(
      log.transactionAdded('alice', 't1', { tags: ['trip', 'ງານແຕ່ງ'] }),
      log.transactionAdded('alice', 't2', { tags: ['trip', 'Japan'] }),
      log.profile('alice', 'TagRenamed', { from: 'trip', to: 'Trip' }),
      log.profile('alice', 'TagRenamed', { from: 'Trip', to: 'japan' }),
      log.profile('alice', 'TagDeleted', { tag: 'ງານແຕ່ງ' }),
    );
    expect(await tagEntries()).toEqual([
      {
        subjectId: 'trip',
        type: 'tag_renamed',
        name: 'trip',
        changes: [{ field: 'name', from: 'trip', to: 'Trip' }],
        counts: { ...none, rows: 2, merge: false },
      },
      {
        subjectId: 'trip',
        type: 'tag_renamed',
        name: 'Trip',
        changes: [{ field: 'name', from: 'Trip', to: 'japan' }],
        counts: { ...none, rows: 2, merge: true },
      },
      { subjectId: 'ງານແຕ່ງ', type: 'tag_deleted', name: 'ງານແຕ່ງ', changes: [], counts: { ...none, deleted: 1 } },
    ]);
  });

  it('says a tag an erasure left unreadable without its name', async () => {
    await given(scratch.log.profile('alice', 'TagDeleted', { tag: null }));
    expect(await tagEntries()).toEqual([{ subjectId: '', type: 'tag_deleted', name: null, changes: [], counts: none }]);
  });
});
