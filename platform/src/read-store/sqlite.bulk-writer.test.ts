import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BulkLoad, BulkWrite, ReadStore, ViewDefinition } from './port.js';
import { threadSearchedNotes } from './sqlite-bulk-search-fixture.js';
import { openReadModelsFile } from './damaged-file.js';
import { compiledModuleUrl } from './search-tokens.js';
import { openSqliteReadStore } from './sqlite.js';

interface Note {
  readonly kind: string;
  readonly score: number;
  readonly text: string;
}

const notes: ViewDefinition = {
  name: 'notes',
  fields: { kind: 'text', score: 'integer' },
  indexes: [['kind', 'score']],
  search: { columns: ['text'], values: (doc) => ({ text: [(doc as unknown as Note).text] }) },
};
const tallies: ViewDefinition = { name: 'tallies', fields: {}, indexes: [] };
const extras: ViewDefinition = { name: 'extras', fields: {}, indexes: [] };

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-bulk-writer-'));
});

afterEach(() => {
  delete process.env['PLENTY_BULK_WRITER'];
  rmSync(dir, { recursive: true, force: true });
});

const position = (n: number) => String(n).padStart(8, '0');
const note = (userId: string, id: string, n: number, text: string): BulkWrite => ({
  view: 'notes',
  userId,
  id,
  // A label on every third note: the search keys of the thread-searched notes carry it, or null.
  doc: { kind: n % 2 === 0 ? 'even' : 'odd', score: n, text, ...(n % 3 === 0 ? { label: `l${n}` } : {}) },
  position: position(n),
});

/** Three loads: 70 notes of two users and a tally; then some replaced, one removed, one user purged. */
const loads: BulkLoad[] = [
  {
    purged: [],
    writes: [
      ...Array.from({ length: 40 }, (_, i) => note('ann', `n${String(i).padStart(2, '0')}`, i, `market ${i} ก๋วยเตี๋ยว`)),
      ...Array.from({ length: 30 }, (_, i) => note('ben', `n${String(i).padStart(2, '0')}`, 100 + i, `rent ${i}`)),
      { view: 'tallies', userId: 'ann', id: 'total', doc: { count: 40 }, position: position(39) },
    ],
  },
  {
    purged: [],
    writes: [
      note('ann', 'n03', 200, 'market moved'),
      { view: 'notes', userId: 'ann', id: 'n04', doc: null, position: position(201) },
      { view: 'tallies', userId: 'ann', id: 'total', doc: { count: 39 }, position: position(201) },
    ],
  },
  { purged: ['ben'], writes: [note('ben', 'back', 300, 'returned')] },
];

/** Every row of the view tables and the FTS keys, and what a few searches find. */
async function contents(store: ReadStore, path: string) {
  const db = new Database(path, { readonly: true });
  const rows = Object.fromEntries(
    ['view_notes', 'view_tallies', 'ftk_notes'].map((table) => [
      table,
      db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).raw().all().length,
    ]),
  );
  const docs = db.prepare('SELECT * FROM view_notes ORDER BY user_id, id').raw().all();
  db.close();
  const found = async (userId: string, token: string) =>
    (
      await store.find(notes.name, {
        userId,
        match: { all: [[{ column: 'text', token, prefix: false }]] },
        sort: [{ field: 'score', direction: 'asc' }],
        limit: 100,
      })
    ).items.map((item) => item.id);
  return {
    rows,
    docs,
    market: await found('ann', 'market'),
    moved: await found('ann', 'moved'),
    thai: await found('ann', 'ก๋วยเตี๋ยว'),
    rent: await found('ben', 'rent'),
    returned: await found('ben', 'returned'),
    checkpoint: await store.getCheckpoint('replay'),
  };
}

/**
 * Gives the file a document before bulk mode begins: a rebuild into a file that holds documents
 * keeps its rollback journal, and a failed load is rolled back and the loads after it written.
 */
async function holdData(store: ReadStore): Promise<void> {
  await store.ensureViews([extras]);
  await store.applyBatch('earlier', position(1), async (uow) => {
    uow.put('extras', 'zed', 'kept', { n: 0 }, position(1));
  });
  expect((await store.get('extras', 'zed', 'kept'))?.doc).toEqual({ n: 0 });
}

/** The same loads, each write of a key the store has nothing under marked `fresh`, as a replay marks it. */
const freshLoads: BulkLoad[] = loads.map((load, i) => ({
  purged: load.purged,
  writes: load.writes.map((write) => ({ ...write, fresh: i === 0 || (i === 2 && write.userId === 'ben') })),
}));

async function loadAll(
  path: string,
  mode: 'thread' | 'main',
  view: ViewDefinition = notes,
  given: readonly BulkLoad[] = loads,
): Promise<Awaited<ReturnType<typeof contents>>> {
  process.env['PLENTY_BULK_WRITER'] = mode;
  const store = await openSqliteReadStore({ path });
  await store.bulkMode?.(true);
  await store.reset([view, tallies], 'replay');
  // Handed over one after the other without waiting, as a replay does.
  const written = given.map((load, i) => store.bulkLoad?.('replay', position(1000 + i), load) ?? Promise.resolve());
  // A read waits for the loads handed over.
  expect((await store.get('tallies', 'ann', 'total'))?.doc).toEqual({ count: 39 });
  await Promise.all(written);
  await store.bulkMode?.(false);
  const result = await contents(store, path);
  await store.close();
  return result;
}

describe('bulk loads written by the writer thread', () => {
  it('store the same rows, FTS rows and checkpoint as loads written on the calling thread', async () => {
    const threaded = await loadAll(join(dir, 'thread.db'), 'thread');
    const inline = await loadAll(join(dir, 'main.db'), 'main');
    expect(threaded).toEqual(inline);
    // ann's 40 (n04 a tombstone) and ben's one after his purge; FTS rows only for live documents.
    expect(threaded.rows).toEqual({ view_notes: 41, view_tallies: 1, ftk_notes: 40 });
    expect(threaded.market).toHaveLength(39);
    expect(threaded.moved).toEqual(['n03']);
    expect(threaded.thai).toHaveLength(38);
    expect(threaded.rent).toEqual([]);
    expect(threaded.returned).toEqual(['back']);
    expect(threaded.checkpoint).toBe(position(1002));
  });

  it('derive the FTS rows in the thread from the documents, byte for byte as the calling thread derives them', async () => {
    const search = threadSearchedNotes.search as NonNullable<ViewDefinition['search']>;
    let derivedHere = 0;
    // The replay's copy counts its calls; the thread imports the fixture module's own.
    const counted: ViewDefinition = {
      ...threadSearchedNotes,
      search: {
        ...search,
        values: (doc) => {
          derivedHere += 1;
          return search.values(doc);
        },
      },
    };
    // Writes of keys the store has nothing under add their FTS rows without looking for one to replace.
    const threaded = await loadAll(join(dir, 'thread.db'), 'thread', counted, freshLoads);
    expect(derivedHere).toBe(0);
    const inline = await loadAll(join(dir, 'main.db'), 'main', counted);
    expect(derivedHere).toBeGreaterThan(70);
    expect(threaded).toEqual(inline);
    expect(threaded.thai).toHaveLength(38);
    // Every row of the FTS index's own tables and of its keys, byte for byte.
    const ftsRows = (path: string) => {
      const db = new Database(path, { readonly: true });
      const tables = db
        .prepare<[], { name: string }>(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE 'fts_notes_%' OR name = 'ftk_notes') ORDER BY name`,
        )
        .all()
        .map((row) => row.name);
      const rows = Object.fromEntries(
        tables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1`).raw().all()]),
      );
      db.close();
      return rows;
    };
    const threadRows = ftsRows(join(dir, 'thread.db'));
    expect(Object.keys(threadRows)).toEqual([
      'ftk_notes',
      'fts_notes_config',
      'fts_notes_data',
      'fts_notes_docsize',
      'fts_notes_idx',
    ]);
    expect(threadRows).toEqual(ftsRows(join(dir, 'main.db')));
  });

  it('in a file that held documents, fail a load whose search module exports no such view, and write the loads after (the journal kept)', async () => {
    process.env['PLENTY_BULK_WRITER'] = 'thread';
    const path = join(dir, 'no-view.db');
    const store = await openSqliteReadStore({ path });
    await holdData(store);
    await store.bulkMode?.(true);
    const search = threadSearchedNotes.search as NonNullable<ViewDefinition['search']>;
    const elsewhere: ViewDefinition = {
      ...threadSearchedNotes,
      search: { ...search, module: compiledModuleUrl(new URL('./search-tokens.ts', import.meta.url).href) },
    };
    await store.reset([elsewhere, tallies], 'replay');
    await expect(store.bulkLoad?.('replay', position(1000), loads[0] as BulkLoad)).rejects.toThrow(
      /exports no view notes searching text, kind/,
    );
    expect(await store.getCheckpoint('replay')).toBeNull();
    await store.bulkLoad?.('replay', position(1001), {
      purged: [],
      writes: [{ view: 'tallies', userId: 'ann', id: 'total', doc: { count: 1 }, position: position(1001) }],
    });
    expect(await store.getCheckpoint('replay')).toBe(position(1001));
    await store.close();
  });

  it('in a file that held documents, a load the thread cannot write is rolled back whole by the journal and fails, leaving the checkpoint of the last load written', async () => {
    const path = join(dir, 'failing.db');
    const store = await openSqliteReadStore({ path });
    await holdData(store);
    await store.bulkMode?.(true);
    await store.reset([notes, tallies], 'replay');
    await store.bulkLoad?.('replay', position(1000), loads[0] as BulkLoad);
    // Another connection takes a table away: the thread's next load cannot write to it.
    const other = new Database(path);
    other.exec('DROP TABLE view_tallies');
    other.close();
    await expect(store.bulkLoad?.('replay', position(1001), loads[1] as BulkLoad)).rejects.toThrow(
      /bulk writer rolled back a flush: no such table: view_tallies/,
    );
    expect(await store.getCheckpoint('replay')).toBe(position(1000));
    // Nothing of the failed load is there: n03 keeps its first text, n04 is not removed.
    expect((await store.get<{ text: string }>('notes', 'ann', 'n03'))?.doc.text).toBe('market 3 ก๋วยเตี๋ยว');
    expect(await store.get('notes', 'ann', 'n04')).not.toBeNull();
    // The thread still writes the loads after.
    await store.bulkLoad?.('replay', position(1002), { purged: [], writes: [note('cat', 'x', 400, 'later')] });
    expect(await store.getCheckpoint('replay')).toBe(position(1002));
    await store.close();
  });

  it('in a file that held documents, a load rolled back early still tells the thread of the statements its later chunks bring, so the loads after can use them', async () => {
    const path = join(dir, 'failing-early.db');
    const store = await openSqliteReadStore({ path });
    await holdData(store);
    await store.bulkMode?.(true);
    await store.reset([notes, tallies, extras], 'replay');
    await store.bulkLoad?.('replay', position(1000), loads[0] as BulkLoad);
    const other = new Database(path);
    other.exec('DROP TABLE view_tallies');
    other.close();
    // The tally fails at once; the notes after it fill more than one chunk, and the last write is
    // to a view no load wrote before: its statement comes with the load's last chunk.
    const many = Array.from({ length: 6_000 }, (_, i) =>
      note('dan', `m${String(i).padStart(4, '0')}`, 2_000 + i, `many ${i}`),
    );
    await expect(
      store.bulkLoad?.('replay', position(1001), {
        purged: [],
        writes: [
          { view: 'tallies', userId: 'dan', id: 'total', doc: { count: 1 }, position: position(1_999) },
          ...many,
          { view: 'extras', userId: 'dan', id: 'e', doc: { n: 1 }, position: position(8_000) },
        ],
      }),
    ).rejects.toThrow(/no such table: view_tallies/);
    // A load to that view: written, not refused for a statement the thread was never told of.
    await store.bulkLoad?.('replay', position(1002), {
      purged: [],
      writes: [{ view: 'extras', userId: 'eve', id: 'x', doc: { n: 2 }, position: position(9_000) }],
    });
    expect(await store.getCheckpoint('replay')).toBe(position(1002));
    expect((await store.get('extras', 'eve', 'x'))?.doc).toEqual({ n: 2 });
    expect(await store.get('notes', 'dan', 'm0000')).toBeNull();
    expect(await store.get('extras', 'dan', 'e')).toBeNull();
    await store.close();
  });
});

describe('a rebuild into a file that holds nothing, written by the thread without a journal', () => {
  const marker = (path: string) => `${path}-rebuilding`;

  it('marks the file unfinished before the thread writes, and removes the mark once bulk mode ends with every load written', async () => {
    process.env['PLENTY_BULK_WRITER'] = 'thread';
    const path = join(dir, 'fresh.db');
    const store = await openSqliteReadStore({ path });
    // Checkpoints only, as a start writes the projections' versions into a new file: no document.
    await store.applyBatch('projection-version:notes', '1', async () => undefined);
    await store.bulkMode?.(true);
    expect(existsSync(marker(path))).toBe(true);
    await store.reset([notes, tallies], 'replay');
    await Promise.all(
      loads.map((load, i) => store.bulkLoad?.('replay', position(1000 + i), load) ?? Promise.resolve()),
    );
    expect(existsSync(marker(path))).toBe(true);
    await store.bulkMode?.(false);
    expect(existsSync(marker(path))).toBe(false);
    expect(await store.getCheckpoint('replay')).toBe(position(1002));
    await store.close();
    // Opened as the start opens it: kept, documents and all.
    const { readStore, discarded } = await openReadModelsFile(path);
    await readStore.ensureViews([notes, tallies]);
    expect(discarded).toBe(false);
    expect(await readStore.getCheckpoint('replay')).toBe(position(1002));
    expect((await readStore.get<{ text: string }>('notes', 'ann', 'n03'))?.doc.text).toBe('market moved');
    await readStore.close();
  });

  it('does not mark a file that held documents when bulk mode began: it keeps its journal', async () => {
    process.env['PLENTY_BULK_WRITER'] = 'thread';
    const path = join(dir, 'held.db');
    const store = await openSqliteReadStore({ path });
    await holdData(store);
    await store.bulkMode?.(true);
    expect(existsSync(marker(path))).toBe(false);
    await store.bulkMode?.(false);
    await store.close();
  });

  it('refuses every load after a failed one, since no journal can roll it back, and leaves the mark, so the next open discards the file', async () => {
    process.env['PLENTY_BULK_WRITER'] = 'thread';
    const path = join(dir, 'refusing.db');
    const store = await openSqliteReadStore({ path });
    await store.bulkMode?.(true);
    await store.reset([notes, tallies], 'replay');
    await store.bulkLoad?.('replay', position(1000), loads[0] as BulkLoad);
    const other = new Database(path);
    other.exec('DROP TABLE view_tallies');
    other.close();
    // Handed over together, as a replay does: the thread refuses the one behind the failed one.
    const failed = store.bulkLoad?.('replay', position(1001), loads[1] as BulkLoad);
    const behind = store.bulkLoad?.('replay', position(1002), { purged: [], writes: [note('cat', 'x', 400, 'later')] });
    await expect(failed).rejects.toThrow(/no such table: view_tallies/);
    await expect(behind).rejects.toThrow(/a flush before failed, and the file has no journal to roll it back/);
    // And the store refuses a load handed over after it heard of the failure.
    await expect(
      store.bulkLoad?.('replay', position(1003), { purged: [], writes: [note('dan', 'y', 500, 'later still')] }),
    ).rejects.toThrow(/refuses bulk loads after a failed one/);
    await store.bulkMode?.(false);
    expect(existsSync(marker(path))).toBe(true);
    await store.close();

    const { readStore, discarded } = await openReadModelsFile(path);
    await readStore.ensureViews([notes, tallies]);
    expect(discarded).toBe(true);
    expect(existsSync(marker(path))).toBe(false);
    expect(await readStore.getCheckpoint('replay')).toBeNull();
    expect(await readStore.get('notes', 'ann', 'n00')).toBeNull();
    await readStore.close();
  });
});
