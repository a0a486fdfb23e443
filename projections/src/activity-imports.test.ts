import { ACTIVITY_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { activityDocOf, activityDocSchema, type StoredActivityDoc } from '@plenty/contracts/views/activity';
import { projectionScratch } from './testing/scratch.js';

const BATCH = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
const BACKUP = '0192f0c4-7a1b-7c3d-8e4f-0000000bac01';

const scratch = projectionScratch();
const { given } = scratch;

/** The user's entries oldest first, each by what sets it apart. */
async function entries(userId = 'alice') {
  const docs = ((await scratch.documents(ACTIVITY_VIEW, userId)) as StoredActivityDoc[])
    .map(activityDocOf)
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
  for (const doc of docs) expect(activityDocSchema.parse(doc)).toEqual(doc);
  return docs.map(({ kind, subjectId, type, subject, counts }) => ({ kind, subjectId, type, subject, counts }));
}

const none = { rows: null, added: null, existing: null, skipped: null, deleted: null, merge: null };
const file = { name: 'KBank 2026.csv', categoryId: null, amount: null };
const rice = { name: 'Rice', categoryId: 'builtin-food', amount: { amount: 4500, currency: 'THB' } };

describe('activity of imports and restores', () => {
  it('records each event of an import batch as an entry of the batch, named by its file, with its numbers; its rows as transactions', async () => {
    const { log } = scratch;
    await given(
      log.importStarted('alice', BATCH, { fileName: 'KBank 2026.csv', rowCount: 3 }),
      log.transactionImported('alice', 't0', BATCH, 0, { note: 'Rice' }),
      log.importEvent('alice', BATCH, 'ImportFinished', {
        added: 1,
        existing: 1,
        skipped: { duplicate: 1 },
      }),
      log.importEvent('alice', BATCH, 'ImportUndoStarted'),
      log.transactionDeleted('alice', 't0'),
      log.importEvent('alice', BATCH, 'ImportUndone', { deleted: 1 }),
    );
    const batch = { kind: 'import', subjectId: BATCH, subject: file };
    expect(await entries()).toEqual([
      { ...batch, type: 'import_started', counts: { ...none, rows: 3 } },
      { kind: 'transaction', subjectId: 't0', type: 'transaction_added', subject: rice, counts: null },
      {
        ...batch,
        type: 'import_finished',
        counts: { ...none, added: 1, existing: 1, skipped: { duplicate: 1 } },
      },
      { ...batch, type: 'import_undo_started', counts: null },
      { kind: 'transaction', subjectId: 't0', type: 'transaction_deleted', subject: rice, counts: null },
      { ...batch, type: 'import_undone', counts: { ...none, deleted: 1 } },
    ]);
  });

  it('names a batch of a user whose key was erased as unnamed', async () => {
    await given(scratch.log.importStarted('alice', BATCH, { fileName: null }));
    expect(await entries()).toEqual([
      expect.objectContaining({ type: 'import_started', subject: { name: null, categoryId: null, amount: null } }),
    ]);
  });

  it('records a restore as entries of the backup: how many events it held and whether it merged, then what it appended', async () => {
    const restore = (type: string, data: Record<string, unknown>) =>
      scratch.log.event(`restore-${BACKUP}`, 'bob', type, { backupId: BACKUP, ...data });
    await given(
      restore('RestoreStarted', { sourceUserId: 'alice', merge: true, eventCount: 1200 }),
      restore('RestoreFinished', { appended: 1150, existing: 50 }),
    );
    const backup = { kind: 'restore', subjectId: BACKUP, subject: { name: null, categoryId: null, amount: null } };
    expect(await entries('bob')).toEqual([
      { ...backup, type: 'restore_started', counts: { ...none, rows: 1200, merge: true } },
      { ...backup, type: 'restore_finished', counts: { ...none, added: 1150, existing: 50 } },
    ]);
    expect(await entries('alice')).toEqual([]);
  });
});
