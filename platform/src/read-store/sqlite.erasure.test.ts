import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { BulkWrite, ReadStore, ViewDefinition } from './port.js';
import { openSqliteReadStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-read-erasure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env['PLENTY_READ_TABLE_LAYOUT'];
  delete process.env['PLENTY_BULK_WRITER'];
});
let files = 0;
const newPath = () => join(dir, `read-${++files}.db`);

const notes: ViewDefinition = {
  name: 'notes',
  fields: { note: 'text' },
  indexes: [['note']],
  // Searched too: the FTS index must not keep an erased user's words either.
  search: { columns: ['note'], values: (doc) => ({ note: String(doc.note).split(' ') }) },
};

/** Whether the database file or its write-ahead log holds the text anywhere. */
function filesContain(path: string, text: string): boolean {
  return [path, `${path}-wal`].some((file) => existsSync(file) && readFileSync(file).includes(text));
}

describe('an erased user in the SQLite read store', () => {
  it('leaves no note on disk: neither an old version, nor the purged documents, nor a copy in the log', async () => {
    const path = join(dir, 'read.db');
    const store = await openSqliteReadStore({ path });
    await store.ensureViews([notes]);
    let position = 0;
    const write = (userId: string, id: string, note: string) =>
      store.applyBatch('projector', String(++position), async (uow) => {
        uow.put('notes', userId, id, { note }, String(position));
      });
    for (let n = 0; n < 100; n += 1) await write('staying', `doc-${n}`, `staying note ${n}`);
    // Each edit rewrites the document: earlier versions must not linger in free space either.
    const leavingNotes: string[] = [];
    for (let version = 0; version < 5; version += 1) {
      for (let n = 0; n < 20; n += 1) {
        const note = `leaving note ${n} v${version} ${'y'.repeat(n * 30)} zebracorn${n}v${version} ครัวป้าลับ${n}`;
        leavingNotes.push(note);
        await write('leaving', `doc-${n}`, note);
      }
    }
    expect(filesContain(path, 'leaving note 3 v4')).toBe(true);
    const search = (token: string) =>
      store.find('notes', {
        userId: 'leaving',
        match: { all: [[{ column: 'note', token, prefix: true }]] },
        sort: [],
        limit: 50,
      });
    expect((await search('zebracorn')).items).toHaveLength(20);
    await store.applyBatch('projector', String(++position), async () => {});
    expect(filesContain(path, 'zebracorn')).toBe(true);
    expect(filesContain(path, 'ครัวป้าลับ')).toBe(true);

    await store.applyBatch('projector', String(++position), async (uow) => uow.purgeUser('leaving'));

    for (const note of leavingNotes) expect(filesContain(path, note.slice(0, 18))).toBe(false);
    // Words only the erased user wrote, in any version, are gone from the FTS index's pages too.
    expect(filesContain(path, 'zebracorn')).toBe(false);
    expect(filesContain(path, 'ครัวป้าลับ')).toBe(false);
    expect((await search('zebracorn')).items).toEqual([]);
    expect(statSync(`${path}-wal`).size).toBe(0);
    expect((await store.get('notes', 'staying', 'doc-99'))?.doc).toEqual({ note: 'staying note 99' });
    await write('staying', 'doc-100', 'after the purge');
    expect((await store.get('notes', 'staying', 'doc-100'))?.doc).toEqual({ note: 'after the purge' });
    await store.close();
  });
});

/** A view of notes whose text is indexed: its rows and its index entries both hold the text. */
const indexedNotes: ViewDefinition = { name: 'notes', fields: { note: 'text' }, indexes: [['note']] };

interface Edit {
  readonly userId: string;
  readonly id: string;
  readonly note: string;
}

/**
 * Batches of 16 edits of 40 documents of three users, in random order and of random length
 * (seeded): pages fill and empty, and SQLite moves cells between them. The leaving user's notes
 * start with `secret-`, each version its own.
 */
function editsOf(seed: number, count: number): Edit[][] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const users = ['a-staying', 'leaving', 'z-staying'];
  const versions = new Map<string, number>();
  const batches: Edit[][] = [];
  for (let b = 0; b < count / 16; b += 1) {
    const batch: Edit[] = [];
    for (let k = 0; k < 16; k += 1) {
      const userId = users[Math.floor(next() * users.length)] ?? 'leaving';
      const id = `doc-${Math.floor(next() * 40)}`;
      const version = (versions.get(`${userId}/${id}`) ?? -1) + 1;
      versions.set(`${userId}/${id}`, version);
      const word = userId === 'leaving' ? 'secret' : 'public';
      batch.push({ userId, id, note: `${word}-${id}-v${version} ${'x'.repeat(Math.floor(next() * 600))}` });
    }
    batches.push(batch);
  }
  return batches;
}

/** The start of every version of the leaving user's notes, and of those a later edit replaced. */
function leavingVersions(batches: readonly Edit[][]): { all: string[]; replaced: string[] } {
  const last = new Map<string, string>();
  const all: string[] = [];
  for (const edit of batches.flat()) {
    if (edit.userId !== 'leaving') continue;
    const start = edit.note.slice(0, edit.note.indexOf(' ') + 1);
    all.push(start);
    last.set(edit.id, start);
  }
  const current = new Set(last.values());
  return { all, replaced: all.filter((start) => !current.has(start)) };
}

/** Applies each batch of edits at positions 1, 2, …; answers the last position. */
async function applyEdits(store: ReadStore, batches: readonly Edit[][]): Promise<number> {
  let position = 0;
  for (const batch of batches) {
    const at = String(++position);
    await store.applyBatch('projector', at, async (uow) => {
      for (const edit of batch) uow.put('notes', edit.userId, edit.id, { note: edit.note }, at);
    });
  }
  return position;
}

/** Copies the log into the file and empties it, from a connection of its own. */
function checkpoint(path: string): void {
  const db = new Database(path);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

describe('what page balancing leaves in the SQLite read store', () => {
  for (const layout of ['rowid', 'without-rowid'] as const) {
    it(`leaves no version of an erased user's notes where cells were moved (${layout} tables)`, async () => {
      process.env['PLENTY_READ_TABLE_LAYOUT'] = layout;
      const path = newPath();
      const store = await openSqliteReadStore({ path });
      await store.ensureViews([indexedNotes]);
      const batches = editsOf(2, 1200);
      const position = await applyEdits(store, batches);
      const { all, replaced } = leavingVersions(batches);
      // The case: secure_delete overwrote the replaced rows, yet a copy of some stays in pages
      // that were rebuilt when cells moved between them (in the space between a page's cell
      // pointers and its cells), with both layouts.
      checkpoint(path);
      expect(replaced.filter((start) => filesContain(path, start)).length).toBeGreaterThan(0);

      await store.applyBatch('projector', String(position + 1), async (uow) => uow.purgeUser('leaving'));

      expect(all.filter((start) => filesContain(path, start))).toEqual([]);
      expect(statSync(`${path}-wal`).size).toBe(0);
      expect((await store.find('notes', { userId: 'a-staying', sort: [], limit: 100 })).items.length).toBe(40);
      await store.close();
    });
  }

  it('scrubs a purge a process committed but did not scrub, at the next batch', async () => {
    const path = newPath();
    const store = await openSqliteReadStore({ path });
    await store.ensureViews([indexedNotes]);
    const batches = editsOf(2, 1200);
    const position = await applyEdits(store, batches);
    await store.close();
    // The purge's transaction, as the store commits it, and a process that stops right after.
    const db = new Database(path);
    db.pragma('secure_delete = ON');
    db.transaction(() => {
      db.prepare(`DELETE FROM view_notes WHERE user_id = 'leaving'`).run();
      db.prepare('INSERT INTO erasure_scrub (owed) VALUES (1)').run();
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const { all } = leavingVersions(batches);
    expect(all.filter((start) => filesContain(path, start)).length).toBeGreaterThan(0);

    const reopened = await openSqliteReadStore({ path });
    await reopened.ensureViews([indexedNotes]);
    await reopened.applyBatch('projector', String(position + 1), async () => {});

    expect(all.filter((start) => filesContain(path, start))).toEqual([]);
    await reopened.close();
  });

  for (const writer of ['thread', 'main'] as const) {
    it(`leaves nothing of a user purged in a rebuild's bulk load (writer on ${writer})`, async () => {
      process.env['PLENTY_BULK_WRITER'] = writer;
      const path = newPath();
      const store = await openSqliteReadStore({ path });
      const searched: ViewDefinition = {
        ...indexedNotes,
        search: { columns: ['note'], values: (doc) => ({ note: String(doc.note).split(' ') }) },
      };
      await store.ensureViews([searched]);
      if (store.bulkMode === undefined || store.bulkLoad === undefined) throw new Error('the store loads in bulk');
      await store.bulkMode(true);
      const batches = editsOf(2, 1600);
      let position = 0;
      const at = () => String(++position).padStart(8, '0');
      // A rebuild writes each document over its earlier version, 64 writes a load.
      for (let b = 0; b < batches.length; b += 4) {
        const writes: BulkWrite[] = batches
          .slice(b, b + 4)
          .flat()
          .map((edit) => ({
            view: 'notes',
            userId: edit.userId,
            id: edit.id,
            doc: { note: edit.note },
            position: at(),
          }));
        await store.bulkLoad('projector', String(position).padStart(8, '0'), { purged: [], writes });
      }
      const last = at();
      await store.bulkLoad('projector', last, {
        purged: ['leaving'],
        writes: [{ view: 'notes', userId: 'a-staying', id: 'after', doc: { note: 'public after' }, position: last }],
      });
      const { all } = leavingVersions(batches);
      const left = () => all.filter((start) => filesContain(path, start));
      // The writer thread may be writing the next load: the purge is scrubbed when bulk mode
      // ends, and until then moved cells keep some versions. On this thread, at once.
      if (writer === 'thread') expect(left().length).toBeGreaterThan(0);
      else expect(left()).toEqual([]);

      await store.bulkMode(false);

      expect(left()).toEqual([]);
      expect(existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0).toBe(0);
      expect((await store.get('notes', 'a-staying', 'after'))?.doc).toEqual({ note: 'public after' });
      expect((await store.find('notes', { userId: 'leaving', sort: [], limit: 100 })).items).toEqual([]);
      await store.close();
    });
  }
});
