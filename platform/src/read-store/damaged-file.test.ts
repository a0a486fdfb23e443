import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openReadModelsFile } from './damaged-file.js';
import { openSqliteReadStore } from './sqlite.js';

const view = { name: 'notes', fields: {}, indexes: [] };
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
async function folder() {
  const made = await mkdtemp(join(tmpdir(), 'plenty-readmodels-'));
  folders.push(made);
  return made;
}

/** A read models file at `path` holding one note with `text`. */
async function fileWithNote(path: string, text: string): Promise<void> {
  const store = await openSqliteReadStore({ path });
  await store.ensureViews([view]);
  await store.applyBatch('live', '1', async (uow) => {
    uow.put('notes', 'u1', 'n1', { text }, '1');
  });
  await store.close();
}

describe('opening the read models file', () => {
  it('opens a healthy file as it is, documents and all', async () => {
    const dir = await folder();
    const path = join(dir, 'read.db');
    await fileWithNote(path, 'kept');

    const { readStore, setAside, discarded } = await openReadModelsFile(path);
    await readStore.ensureViews([view]);
    expect(setAside).toBeNull();
    expect(discarded).toBe(false);
    expect((await readStore.get('notes', 'u1', 'n1'))?.doc).toEqual({ text: 'kept' });
    await readStore.close();
  });

  it('sets a file that is not a database aside, with its -wal, and starts from empty views', async () => {
    const dir = await folder();
    const path = join(dir, 'read.db');
    await writeFile(path, Buffer.alloc(8192, 7));
    await writeFile(`${path}-wal`, 'stale');
    const { readStore, setAside } = await openReadModelsFile(path, new Date('2026-11-25T15:40:00.123Z'));
    try {
      expect(setAside).toBe(join(dir, 'read.db.damaged-2026-11-25T15-40-00-123Z'));
      expect(await readFile(setAside ?? '')).toEqual(Buffer.alloc(8192, 7));
      expect(await readFile(`${setAside}-wal`, 'utf8')).toBe('stale');
      await readStore.ensureViews([view]);
      expect(await readStore.getCheckpoint('live')).toBeNull();
      expect(await readStore.get('notes', 'u1', 'n1')).toBeNull();
    } finally {
      await readStore.close();
    }
    const names = await readdir(dir);
    expect(names).toContain('read.db');
    expect(names).toContain('read.db.damaged-2026-11-25T15-40-00-123Z-wal');
  });

  it('discards a file a rebuild left marked unfinished, with its journal, log and shared memory, and starts from empty views', async () => {
    const dir = await folder();
    const path = join(dir, 'read.db');
    await fileWithNote(path, 'half written');
    await writeFile(`${path}-journal`, '');
    await writeFile(`${path}-rebuilding`, 'unfinished');

    const { readStore, setAside, discarded } = await openReadModelsFile(path);
    try {
      expect(discarded).toBe(true);
      expect(setAside).toBeNull();
      await readStore.ensureViews([view]);
      expect(await readStore.getCheckpoint('live')).toBeNull();
      expect(await readStore.get('notes', 'u1', 'n1')).toBeNull();
    } finally {
      await readStore.close();
    }
    const names = await readdir(dir);
    expect(names).not.toContain('read.db-rebuilding');
    expect(names).not.toContain('read.db-journal');
  });
});
