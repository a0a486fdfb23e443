import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamIds } from '@plenty/contracts/events/envelope';
import {
  importBatchId,
  importCommandSchemas,
  importTransactionId,
  type ImportCommand,
  type ImportRow,
} from '@plenty/contracts/imports';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { CommandsInFlight } from '../account/commands-in-flight.js';
import { runCommand } from '../pipeline/run-command.js';
import { ProfileCache } from '../profile/profile-cache.js';
import { refusal, testCaller, testUser } from '../testing/stores.js';
import { lunch, transactionSender } from '../testing/transaction-commands.js';
import { transactionStream } from '../transaction/transaction.stream.js';
import { importRows } from './import-rows.js';
import { importStream } from './import.stream.js';

/*
 * The import batch stream and its rows against a real store: a batch opened once per file, rows
 * added once, the undo deleting only the batch's transactions, resumed after a store that fails
 * half-way.
 */

let stores: TestStores | null = null;
beforeAll(async () => {
  stores = await openTestStores('import-stream');
});
afterAll(() => stores?.close());

const now = new Date('2026-11-27T10:30:00.000Z');

/** The import's dependencies on a store (the real one, or one failing on purpose). */
function depsOn(eventStore: EventStore) {
  if (stores === null) throw new Error('the stores open in beforeAll');
  const { codec } = stores;
  const profiles = new ProfileCache(eventStore, codec);
  const transactions = transactionStream({ profiles, blobs: null, receipts: null });
  const inFlight = new CommandsInFlight({ has: async () => false });
  return { eventStore, codec, now: () => now, profiles, transactions, inFlight };
}

const real = () => depsOn(stores?.eventStore as EventStore);

function send(user: VerifiedUser, type: ImportCommand['type'], body: Record<string, unknown>, eventStore?: EventStore) {
  const deps = eventStore === undefined ? real() : depsOn(eventStore);
  const data = importCommandSchemas[type].parse({ commandId: randomUUID(), ...body });
  return runCommand(deps, importStream(deps), { type, data } as ImportCommand, testCaller(user));
}

const sha = (content = randomUUID()) => createHash('sha256').update(content).digest('hex');

async function started(user: VerifiedUser, rowCount: number, file = sha()) {
  const batchId = importBatchId(user.uid, file, 0);
  await send(user, 'StartImport', { batchId, fileName: 'บัญชี.csv', fileSha256: file, source: 'csv', rowCount });
  return batchId;
}

const row = (index: number, fields: Partial<ImportRow> = {}): ImportRow => ({
  row: index,
  type: 'expense',
  amount: { amount: 1000 + index, currency: 'THB' },
  categoryId: 'builtin-food',
  date: '2026-11-20',
  ...fields,
});

const typesOf = async (streamId: string) =>
  (await (stores?.eventStore as EventStore).readStream(streamId)).map((event) => event.type);

describe('the import batch stream', () => {
  it('opens a batch once per file: the same file again is a retry, another file import_exists', async () => {
    const user = testUser(`importer-${randomUUID()}`);
    const file = sha();
    const batchId = await started(user, 3, file);
    await send(user, 'StartImport', { batchId, fileName: 'again.csv', fileSha256: file, source: 'csv', rowCount: 3 });
    expect(await typesOf(streamIds.import(batchId))).toEqual(['ImportStarted']);
    const other = await refusal(
      send(user, 'StartImport', { batchId, fileName: 'x.csv', fileSha256: sha(), source: 'csv', rowCount: 3 }),
    );
    expect([other.statusCode, other.code]).toEqual([409, 'import_exists']);
  });

  it('finishes once, keeps the first summary, and answers another user’s batch as unknown', async () => {
    const user = testUser(`importer-${randomUUID()}`);
    const batchId = await started(user, 2);
    await send(user, 'FinishImport', { batchId, added: 2, existing: 0, skipped: {} });
    await send(user, 'FinishImport', { batchId, added: 0, existing: 2, skipped: {} });
    const stored = await (stores?.eventStore as EventStore).readStream(streamIds.import(batchId));
    expect(stored.map((event) => event.type)).toEqual(['ImportStarted', 'ImportFinished']);
    expect(stored[1]?.data).toMatchObject({ added: 2, existing: 0 });

    const mallory = testUser(`mallory-${randomUUID()}`);
    for (const type of ['FinishImport', 'UndoImport'] as const) {
      const body = type === 'FinishImport' ? { batchId, added: 0, existing: 0, skipped: {} } : { batchId };
      const error = await refusal(send(mallory, type, body));
      expect([error.statusCode, error.code]).toEqual([404, 'import_not_found']);
    }
    const steal = await refusal(
      send(mallory, 'StartImport', { batchId, fileName: 'x.csv', fileSha256: sha(), source: 'csv', rowCount: 1 }),
    );
    expect([steal.statusCode, steal.code]).toEqual([404, 'import_not_found']);
    const unknown = await refusal(send(user, 'UndoImport', { batchId: randomUUID() }));
    expect(unknown.code).toBe('import_not_found');
  });

  it('adds each row once, refuses bad rows without stopping good ones, and tells rows in already', async () => {
    const user = testUser(`importer-${randomUUID()}`);
    const batchId = await started(user, 4);
    const deps = real();
    const request = {
      batchId,
      rows: [row(0), row(1, { categoryId: randomUUID() }), row(2, { note: 'ข้าวมันไก่' }), row(3)],
    };
    const first = await importRows(deps, testCaller(user), request);
    expect(first.results.map((r) => [r.row, r.outcome, r.code])).toEqual([
      [0, 'added', undefined],
      [1, 'refused', 'category_not_found'],
      [2, 'added', undefined],
      [3, 'added', undefined],
    ]);
    const again = await importRows(deps, testCaller(user), request);
    expect(again.results.map((r) => r.outcome)).toEqual(['exists', 'refused', 'exists', 'exists']);
    const stored = await (stores?.eventStore as EventStore).readStream(
      streamIds.transaction(importTransactionId(user.uid, batchId, 2)),
    );
    expect(stored).toHaveLength(1);
    const decoded = await stores?.codec.decode(stored[0] as (typeof stored)[number]);
    expect(decoded?.data).toMatchObject({ note: 'ข้าวมันไก่', import: { batchId, row: 2 } });
    // An erasure finds the batch and its rows among the user's streams.
    const listed = await (stores?.eventStore as EventStore).streamIdsOfUser(user.uid);
    expect(listed).toEqual(
      expect.arrayContaining([
        streamIds.import(batchId),
        ...[0, 2, 3].map((index) => streamIds.transaction(importTransactionId(user.uid, batchId, index))),
      ]),
    );
  });

  it('answers the same with a store that has no batch append (one append per stream)', async () => {
    const user = testUser(`importer-${randomUUID()}`);
    const batchId = await started(user, 3);
    const store = stores?.eventStore as EventStore;
    const oneByOne: EventStore = Object.assign(Object.create(store) as EventStore, { appendMany: undefined });
    const deps = depsOn(oneByOne);
    const first = await importRows(deps, testCaller(user), { batchId, rows: [row(0), row(1)] });
    expect(first.results.map((r) => r.outcome)).toEqual(['added', 'added']);
    const second = await importRows(deps, testCaller(user), { batchId, rows: [row(0), row(1), row(2)] });
    expect(second.results.map((r) => r.outcome)).toEqual(['exists', 'exists', 'added']);
    expect(await typesOf(streamIds.transaction(importTransactionId(user.uid, batchId, 1)))).toEqual([
      'TransactionAdded',
    ]);
  });

  it('refuses rows past the batch, after it finished, and on another user’s batch', async () => {
    const user = testUser(`importer-${randomUUID()}`);
    const batchId = await started(user, 2);
    const deps = real();
    const past = await refusal(importRows(deps, testCaller(user), { batchId, rows: [row(2)] }));
    expect([past.statusCode, past.code]).toEqual([400, 'validation_failed']);
    const mallory = testUser(`mallory-${randomUUID()}`);
    const stolen = await refusal(importRows(deps, testCaller(mallory), { batchId, rows: [row(0)] }));
    expect([stolen.statusCode, stolen.code]).toEqual([404, 'import_not_found']);
    await send(user, 'FinishImport', { batchId, added: 0, existing: 0, skipped: {} });
    const finished = await refusal(importRows(deps, testCaller(user), { batchId, rows: [row(0)] }));
    expect([finished.statusCode, finished.code]).toEqual([422, 'import_finished']);
  });

  it('undoes only the batch’s transactions, keeps their history, and skips one the user deleted', async () => {
    const user = testUser(`importer-${randomUUID()}`);
    const batchId = await started(user, 5);
    const deps = real();
    await importRows(deps, testCaller(user), { batchId, rows: [0, 1, 2, 3].map((index) => row(index)) });
    const own = lunch();
    const sendTransaction = transactionSender(deps, deps.transactions);
    await sendTransaction('AddTransaction', testCaller(user), own);
    await sendTransaction('DeleteTransaction', testCaller(user), {
      transactionId: importTransactionId(user.uid, batchId, 1),
    });
    await send(user, 'UndoImport', { batchId });
    expect(await typesOf(streamIds.import(batchId))).toEqual(['ImportStarted', 'ImportUndoStarted', 'ImportUndone']);
    const undone = await (stores?.eventStore as EventStore).readStream(streamIds.import(batchId));
    expect(undone.at(-1)?.data).toEqual({ batchId, deleted: 3 });
    for (const index of [0, 2, 3]) {
      expect(await typesOf(streamIds.transaction(importTransactionId(user.uid, batchId, index)))).toEqual([
        'TransactionAdded',
        'TransactionDeleted',
      ]);
    }
    expect(await typesOf(streamIds.transaction(own.transactionId))).toEqual(['TransactionAdded']);
    const again = await refusal(send(user, 'UndoImport', { batchId }));
    expect([again.statusCode, again.code]).toEqual([409, 'import_undone']);
    const rows = await refusal(importRows(deps, testCaller(user), { batchId, rows: [row(4)] }));
    expect(rows.code).toBe('import_undone');
  });

  it('finishes an undo cut short by a failing store when UndoImport is sent again', async () => {
    const user = testUser(`importer-${randomUUID()}`);
    const rowCount = 600;
    const batchId = await started(user, rowCount);
    const deps = real();
    for (let first = 0; first < rowCount; first += 300) {
      const rows = Array.from({ length: 300 }, (_, index) => row(first + index));
      await importRows(deps, testCaller(user), { batchId, rows });
    }
    const store = stores?.eventStore as EventStore;
    let deletions = 0;
    const failing: EventStore = Object.assign(Object.create(store) as EventStore, {
      appendToStream: (...args: Parameters<EventStore['appendToStream']>) => {
        if (args[0].startsWith('transaction-') && (deletions += 1) > 270) {
          return Promise.reject(new Error('disk I/O error'));
        }
        return store.appendToStream(...args);
      },
    });
    await expect(send(user, 'UndoImport', { batchId }, failing)).rejects.toThrow('disk I/O error');
    expect(await typesOf(streamIds.import(batchId))).toEqual(['ImportStarted', 'ImportUndoStarted']);
    const deletedSoFar = async () => {
      let count = 0;
      for (let index = 0; index < rowCount; index += 1) {
        const types = await typesOf(streamIds.transaction(importTransactionId(user.uid, batchId, index)));
        if (types.includes('TransactionDeleted')) count += 1;
      }
      return count;
    };
    const cut = await deletedSoFar();
    expect(cut).toBeGreaterThan(0);
    expect(cut).toBeLessThan(rowCount);

    await send(user, 'UndoImport', { batchId });
    expect(await deletedSoFar()).toBe(rowCount);
    const stored = await store.readStream(streamIds.import(batchId));
    expect(stored.map((event) => event.type)).toEqual(['ImportStarted', 'ImportUndoStarted', 'ImportUndone']);
    expect(stored.at(-1)?.data).toEqual({ batchId, deleted: rowCount });
    const history = await typesOf(streamIds.transaction(importTransactionId(user.uid, batchId, 0)));
    expect(history).toEqual(['TransactionAdded', 'TransactionDeleted']);
  });
});
