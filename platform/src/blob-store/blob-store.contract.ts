import { createHash, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidBlobReferenceError, type BlobStore } from './port.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** The behaviour every blob store adapter promises to the receipt routes and account erasure. */
export function blobStoreContract(name: string, open: () => Promise<BlobStore>): void {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore;

    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('returns the bytes and content type it stored, with their size and SHA-256', async () => {
      const id = randomUUID();
      const content = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      const info = await store.put('alice', id, content, 'image/png');
      expect(info).toEqual({ size: 256, sha256: createHash('sha256').update(content).digest('hex') });
      const blob = await store.get('alice', id);
      expect(blob?.contentType).toBe('image/png');
      expect(blob?.bytes.equals(content)).toBe(true);
    });

    it('keeps a large blob whole', async () => {
      const id = randomUUID();
      const content = Buffer.alloc(700 * 1024, 7);
      content.write('end', content.length - 3);
      await store.put('alice', id, content, 'application/pdf');
      expect((await store.get('alice', id))?.bytes.equals(content)).toBe(true);
    });

    it('keeps an empty blob', async () => {
      const id = randomUUID();
      expect(await store.put('alice', id, Buffer.alloc(0), 'text/plain; charset=utf-8')).toMatchObject({ size: 0 });
      expect((await store.get('alice', id))?.bytes).toHaveLength(0);
    });

    it("answers nothing for another user's blob or an unknown one", async () => {
      const id = randomUUID();
      await store.put('alice', id, bytes('mine'), 'text/plain');
      expect(await store.get('bob', id)).toBeNull();
      expect(await store.get('alice', randomUUID())).toBeNull();
    });

    it('replaces a blob stored again under the same id', async () => {
      const id = randomUUID();
      await store.put('alice', id, bytes('first'), 'text/plain');
      await store.put('alice', id, bytes('second'), 'image/jpeg');
      const blob = await store.get('alice', id);
      expect(blob?.bytes.toString('utf8')).toBe('second');
      expect(blob?.contentType).toBe('image/jpeg');
    });

    it('treats a blob id in upper case as the same UUID', async () => {
      const id = randomUUID();
      await store.put('alice', id.toUpperCase(), bytes('x'), 'text/plain');
      expect((await store.get('alice', id))?.bytes.toString('utf8')).toBe('x');
    });

    it("deletes a blob, quietly when it is gone already, and never another user's", async () => {
      const id = randomUUID();
      await store.put('alice', id, bytes('x'), 'text/plain');
      await store.put('bob', id, bytes('y'), 'text/plain');
      await store.delete('alice', id);
      await store.delete('alice', id);
      expect(await store.get('alice', id)).toBeNull();
      expect((await store.get('bob', id))?.bytes.toString('utf8')).toBe('y');
    });

    it("deletes every blob of a user on erasure and nobody else's", async () => {
      const mine = [randomUUID(), randomUUID()];
      const theirs = randomUUID();
      for (const id of mine) await store.put('leaving', id, bytes(id), 'text/plain');
      await store.put('staying', theirs, bytes('kept'), 'text/plain');
      await store.deleteUser('leaving');
      await store.deleteUser('never-stored-anything');
      for (const id of mine) expect(await store.get('leaving', id)).toBeNull();
      expect(await store.get('staying', theirs)).not.toBeNull();
    });

    it('refuses blob ids that are not UUIDs, so no id can point elsewhere', async () => {
      for (const id of ['../../etc/passwd', '..', '', 'a/b', `${randomUUID()}/..`]) {
        await expect(store.put('alice', id, bytes('x'), 'text/plain')).rejects.toThrow(InvalidBlobReferenceError);
        await expect(store.get('alice', id)).rejects.toThrow(InvalidBlobReferenceError);
        await expect(store.delete('alice', id)).rejects.toThrow(InvalidBlobReferenceError);
      }
    });

    it('refuses an empty user id and a content type that is not a media type', async () => {
      await expect(store.put('', randomUUID(), bytes('x'), 'text/plain')).rejects.toThrow(InvalidBlobReferenceError);
      await expect(store.put('alice', randomUUID(), bytes('x'), 'text/plain\r\nX: y')).rejects.toThrow(
        InvalidBlobReferenceError,
      );
    });
  });
}
