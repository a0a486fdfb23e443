import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { MongoRuntimeError, ObjectId, type Document, type GridFSBucket, type GridFSFile } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { matches, sortDocuments, type SortSpec } from '../read-store/mongo-fake-query.js';
import { blobStoreContract } from './blob-store.contract.js';
import { gridFsBlobStoreOn, receiptFilename, versionsQuery } from './gridfs.js';

/**
 * The part of GridFSBucket the store uses, in memory: like GridFS, a file becomes visible
 * only when its upload finishes, and deleting a missing file throws "File not found".
 */
class FakeBucket {
  readonly files = new Map<string, { file: GridFSFile; bytes: Buffer }>();
  /** Runs after an upload finished and before the store looks for older versions. */
  afterUpload: (() => Promise<void>) | null = null;
  deletes = 0;

  find(filter: Document = {}, options: { sort?: SortSpec } = {}): { toArray(): Promise<GridFSFile[]> } {
    const found = [...this.files.values()].map((f) => f.file).filter((file) => matches(file, filter));
    const sorted = options.sort === undefined ? found : sortDocuments(found, options.sort);
    return { toArray: async () => sorted };
  }

  openUploadStream(filename: string, options: { metadata?: Document } = {}): Writable {
    const chunks: Buffer[] = [];
    const id = new ObjectId();
    return new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        chunks.push(chunk);
        callback();
      },
      final: (callback) => {
        const bytes = Buffer.concat(chunks);
        const file: GridFSFile = {
          _id: id,
          length: bytes.length,
          chunkSize: 255 * 1024,
          filename,
          uploadDate: new Date(),
          ...(options.metadata === undefined ? {} : { metadata: options.metadata }),
        };
        this.files.set(id.toHexString(), { file, bytes });
        const after = this.afterUpload;
        this.afterUpload = null;
        if (after === null) callback();
        else after().then(() => callback(), callback);
      },
    });
  }

  openDownloadStream(id: ObjectId): Readable {
    const stored = this.files.get(id.toHexString());
    if (stored === undefined) throw new Error(`FileNotFound: file ${id.toHexString()} was not found`);
    return Readable.from([stored.bytes.subarray(0, 100), stored.bytes.subarray(100)]);
  }

  async delete(id: ObjectId): Promise<void> {
    this.deletes += 1;
    if (!this.files.delete(id.toHexString())) throw new MongoRuntimeError(`File not found for id ${id.toHexString()}`);
  }
}

const storeOn = (bucket: FakeBucket) => gridFsBlobStoreOn(bucket as unknown as GridFSBucket);

blobStoreContract('GridFS adapter over an in-memory bucket', async () => storeOn(new FakeBucket()));

describe('GridFS blob store', () => {
  it("names a blob by user and blob id and finds its versions newest first, only among the user's files", () => {
    const id = randomUUID();
    expect(receiptFilename('alice', id)).toBe(`alice/${id}`);
    expect(versionsQuery('alice', id)).toEqual({
      filter: { filename: `alice/${id}`, 'metadata.userId': 'alice' },
      sort: [
        ['uploadDate', -1],
        ['_id', -1],
      ],
    });
  });

  it('stores the user, blob id, content type and SHA-256 as file metadata', async () => {
    const bucket = new FakeBucket();
    const id = randomUUID();
    const { sha256 } = await storeOn(bucket).put('alice', id.toUpperCase(), Buffer.from('r'), 'image/jpeg');
    const [stored] = [...bucket.files.values()];
    expect(stored?.file.filename).toBe(`alice/${id}`);
    expect(stored?.file.metadata).toEqual({ userId: 'alice', blobId: id, contentType: 'image/jpeg', sha256 });
  });

  it('keeps only the newest version when two writers replace a blob at once', async () => {
    const bucket = new FakeBucket();
    const store = storeOn(bucket);
    const id = randomUUID();
    await store.put('alice', id, Buffer.from('old'), 'text/plain');
    // A second writer's upload lands while the first is still cleaning up.
    bucket.afterUpload = async () => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      await storeOn(bucket).put('alice', id, Buffer.from('newest'), 'text/plain');
    };
    await store.put('alice', id, Buffer.from('middle'), 'text/plain');
    expect([...bucket.files.values()].map((f) => f.bytes.toString())).toEqual(['newest']);
    expect((await store.get('alice', id))?.bytes.toString()).toBe('newest');
  });

  it('ignores a version another writer deleted first', async () => {
    const bucket = new FakeBucket();
    const store = storeOn(bucket);
    const id = randomUUID();
    await store.put('alice', id, Buffer.from('x'), 'text/plain');
    const [file] = await bucket.find().toArray();
    const remove = bucket.delete.bind(bucket);
    bucket.delete = async (fileId: ObjectId) => {
      await remove(fileId);
      if (file !== undefined) await remove(file._id).catch(() => undefined);
    };
    await expect(store.delete('alice', id)).resolves.toBeUndefined();
    expect(bucket.files.size).toBe(0);
  });

  it('refuses to return bytes that do not match their SHA-256', async () => {
    const bucket = new FakeBucket();
    const store = storeOn(bucket);
    const id = randomUUID();
    await store.put('alice', id, Buffer.from('receipt'), 'text/plain');
    const [stored] = [...bucket.files.values()];
    stored?.bytes.write('X');
    await expect(store.get('alice', id)).rejects.toThrow(/damaged/);
  });
});
