import { IMPORTS_VIEW } from '@plenty/contracts/views/registry';
import { importViewSchema } from '@plenty/contracts/imports';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { allProjections } from './all.js';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { projectionScratch } from './testing/scratch.js';

const BATCH = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
const AGAIN = '0192f0c4-7a1b-7c3d-8e4f-00000000b002';
const scratch = projectionScratch();
const { given } = scratch;
const importsOf = async (userId: string) =>
  (await scratch.documents(IMPORTS_VIEW, userId)).map((doc) => importViewSchema.parse(doc));

/** A batch of three rows: two added, one refused, finished, then undone. */
function wholeLife(): RecordedEvent[] {
  const { log } = scratch;
  return [
    log.importStarted('alice', BATCH, { fileName: 'KBank 2026.csv', source: 'plenty', rowCount: 3 }),
    log.transactionImported('alice', 't0', BATCH, 0),
    log.transactionImported('alice', 't2', BATCH, 2, { note: 'Rent' }),
    log.importEvent('alice', BATCH, 'ImportFinished', {
      added: 2,
      existing: 0,
      skipped: { category_not_found: 1 },
    }),
    log.importEvent('alice', BATCH, 'ImportUndoStarted'),
    log.transactionDeleted('alice', 't0'),
    log.transactionDeleted('alice', 't2'),
    log.importEvent('alice', BATCH, 'ImportUndone', { deleted: 2 }),
  ];
}

describe('imports projection', () => {
  it('follows a batch from its start through its rows, its summary and its undo', async () => {
    const events = wholeLife();
    const at = (i: number): RecordedEvent => {
      const event = events[i];
      if (event === undefined) throw new Error(`no event ${String(i)}`);
      return event;
    };
    const [started, finished, undone] = [at(0), at(3), at(7)];
    await given(started, at(1));
    expect(await importsOf('alice')).toEqual([
      {
        batchId: BATCH,
        fileName: 'KBank 2026.csv',
        fileSha256: 'ab'.repeat(32),
        source: 'plenty',
        rowCount: 3,
        status: 'importing',
        added: 1,
        deleted: 0,
        existing: null,
        skipped: {},
        startedAt: started.metadata.occurredAt,
        finishedAt: null,
        undoneAt: null,
      },
    ]);
    await given(at(2), finished);
    expect(await importsOf('alice')).toEqual([
      expect.objectContaining({
        status: 'finished',
        added: 2,
        existing: 0,
        skipped: { category_not_found: 1 },
        finishedAt: finished.metadata.occurredAt,
      }),
    ]);
    await given(at(4), at(5));
    expect(await importsOf('alice')).toEqual([expect.objectContaining({ status: 'undoing', added: 2, deleted: 1 })]);
    await given(at(6), undone);
    expect(await importsOf('alice')).toEqual([
      expect.objectContaining({
        status: 'undone',
        added: 2,
        deleted: 2,
        finishedAt: finished.metadata.occurredAt,
        undoneAt: undone.metadata.occurredAt,
      }),
    ]);
  });

  it('counts only its own rows: not transactions entered by hand, another batch, or another user', async () => {
    const { log } = scratch;
    await given(
      log.importStarted('alice', BATCH),
      log.importStarted('alice', AGAIN, { rowCount: 1 }),
      log.importStarted('bob', BATCH),
      log.transactionImported('alice', 't0', BATCH, 0),
      log.transactionImported('alice', 't1', BATCH, 1),
      log.transactionImported('alice', 'u0', AGAIN, 0),
      log.transactionImported('bob', 'b0', BATCH, 0),
      log.transactionAdded('alice', 'hand'),
      log.transactionDeleted('alice', 'hand'),
      log.transactionDeleted('alice', 'u0'),
      // One of the batch's transactions deleted by hand counts as deleted as well.
      log.transactionDeleted('alice', 't1'),
    );
    const alice = await importsOf('alice');
    expect(alice.map(({ batchId, added, deleted, status }) => ({ batchId, added, deleted, status }))).toEqual([
      { batchId: BATCH, added: 2, deleted: 1, status: 'importing' },
      { batchId: AGAIN, added: 1, deleted: 1, status: 'importing' },
    ]);
    expect((await importsOf('bob')).map(({ added, deleted }) => ({ added, deleted }))).toEqual([
      { added: 1, deleted: 0 },
    ]);
  });

  it('keeps an undo under way when the summary of the batch arrives after it', async () => {
    const { log } = scratch;
    await given(
      log.importStarted('alice', BATCH),
      log.importEvent('alice', BATCH, 'ImportUndoStarted'),
      log.importEvent('alice', BATCH, 'ImportFinished', { added: 0, existing: 0, skipped: {} }),
    );
    expect(await importsOf('alice')).toEqual([expect.objectContaining({ status: 'undoing', existing: 0 })]);
  });

  it('shows the file name of a user whose key was erased as empty', async () => {
    await given(scratch.log.importStarted('alice', BATCH, { fileName: null }));
    expect(await importsOf('alice')).toEqual([expect.objectContaining({ fileName: '' })]);
  });

  it('is purged with the rest of an erased account', async () => {
    await given(scratch.log.importStarted('alice', BATCH), scratch.log.accountErased('alice'));
    expect(await importsOf('alice')).toEqual([]);
  });

  it('changes nothing when events are delivered again, and a rebuild from the first event gives the same documents', async () => {
    const events = wholeLife();
    const incremental = await scratchReadStore(allProjections);
    const rebuilt = await scratchReadStore(allProjections);
    try {
      await applyEvents(rebuilt.store, allProjections, events);
      for (let i = 0; i < events.length; i += 1) {
        await applyEvents(incremental.store, allProjections, events.slice(i, i + 1));
        // Everything so far arrives again after it.
        await applyEvents(incremental.store, allProjections, events.slice(0, i + 1));
      }
      const once = await documents(rebuilt.store, IMPORTS_VIEW, 'alice');
      expect(once).toEqual([expect.objectContaining({ added: 2, deleted: 2, status: 'undone' })]);
      expect(await documents(incremental.store, IMPORTS_VIEW, 'alice')).toEqual(once);
    } finally {
      await incremental.dispose();
      await rebuilt.dispose();
    }
  });

  it('counts every row of a large batch in its one document', async () => {
    const { log } = scratch;
    const rows = 2000;
    const events = [
      log.importStarted('alice', BATCH, { rowCount: rows }),
      ...Array.from({ length: rows }, (_, row) => log.transactionImported('alice', `t${String(row)}`, BATCH, row)),
      log.importEvent('alice', BATCH, 'ImportFinished', { added: rows, existing: 0, skipped: {} }),
    ];
    // In projector-sized batches, as the runtime applies them.
    for (let i = 0; i < events.length; i += 500) await given(...events.slice(i, i + 500));
    expect(await importsOf('alice')).toEqual([expect.objectContaining({ added: rows, status: 'finished' })]);
  }, 60_000);
});
