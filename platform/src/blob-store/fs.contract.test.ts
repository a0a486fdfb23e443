import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blobStoreContract } from './blob-store.contract.js';
import { decodeBlobFile, encodeBlobFile, openFsBlobStore, userFolder } from './fs.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

blobStoreContract('files', () => openFsBlobStore({ directory: join(dir, randomUUID()) }));

describe('file blob store layout', () => {
  it('keeps every user, whatever the id, in a folder named by a hash inside the store', async () => {
    const root = join(dir, 'layout');
    const store = await openFsBlobStore({ directory: root });
    for (const userId of ['../../escape', '/etc', 'Alice', 'alice']) {
      await store.put(userId, randomUUID(), Buffer.from('x'), 'text/plain');
      expect(userFolder(root, userId)).toMatch(new RegExp(`^${root}/[0-9a-f]{64}$`));
    }
    expect(readdirSync(root)).toHaveLength(4);
  });

  it('leaves no temporary files behind', async () => {
    const root = join(dir, 'temporary');
    const store = await openFsBlobStore({ directory: root });
    const id = randomUUID();
    await store.put('u', id, Buffer.from('one'), 'text/plain');
    await store.put('u', id, Buffer.from('two'), 'text/plain');
    expect(readdirSync(userFolder(root, 'u'))).toEqual([id]);
  });

  it('refuses a damaged file instead of returning wrong bytes', () => {
    const { file } = encodeBlobFile(Buffer.from('receipt'), 'text/plain');
    expect(decodeBlobFile(file, 'x').bytes.toString()).toBe('receipt');
    file.writeUInt8(file.readUInt8(file.length - 1) ^ 1, file.length - 1);
    expect(() => decodeBlobFile(file, 'x')).toThrow(/damaged/);
  });
});
