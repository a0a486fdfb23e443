import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileDurably } from './durable-file.js';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
async function folder() {
  const made = await mkdtemp(join(tmpdir(), 'plenty-durable-'));
  folders.push(made);
  return made;
}

describe('writing a file durably', () => {
  it('puts the whole file in place with its mode and leaves no temporary file behind', async () => {
    const dir = await folder();
    await writeFileDurably(join(dir, 'master.key'), 'secret\n', { mode: 0o600, exclusive: true });
    expect(await readFile(join(dir, 'master.key'), 'utf8')).toBe('secret\n');
    expect((await stat(join(dir, 'master.key'))).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['master.key']);
  });

  it('refuses to replace an existing file when exclusive, keeping it as it was', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'master.key'), 'theirs\n');
    await expect(writeFileDurably(join(dir, 'master.key'), 'mine\n', { exclusive: true })).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await readFile(join(dir, 'master.key'), 'utf8')).toBe('theirs\n');
    expect(await readdir(dir)).toEqual(['master.key']);
  });

  it('replaces an existing file otherwise', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'mail.json'), 'old');
    await writeFileDurably(join(dir, 'mail.json'), Buffer.from('new'));
    expect(await readFile(join(dir, 'mail.json'), 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['mail.json']);
  });

  it('of two writers racing for the same new file, one wins whole and the other is told', async () => {
    const dir = await folder();
    const path = join(dir, 'master.key');
    const results = await Promise.allSettled(
      ['a', 'b', 'c', 'd'].map((text) => writeFileDurably(path, text.repeat(44), { exclusive: true })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await readFile(path, 'utf8')).toMatch(/^(a{44}|b{44}|c{44}|d{44})$/);
    expect(await readdir(dir)).toEqual(['master.key']);
  });
});
