import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ViewDefinition } from './port.js';
import { openSqliteReadStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-read-erasure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
