import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MongoClient } from 'mongodb';
import {
  GridFSBucket,
  MongoRuntimeError,
  type Db,
  type Filter,
  type GridFSFile,
  type ObjectId,
  type Sort,
} from 'mongodb';
import {
  blobIdOf,
  checkContentType,
  checkUserId,
  sha256Of,
  type BlobInfo,
  type BlobStore,
  type StoredBlob,
} from './port.js';
import { connectMongo } from '../mongo.js';

export const RECEIPTS_BUCKET = 'receipts';

export interface ReceiptMetadata {
  readonly userId: string;
  readonly blobId: string;
  readonly contentType: string;
  readonly sha256: string;
}

/** The GridFS file name of a blob; the blob id is a UUID, so no two (user, blob) pairs share one. */
export const receiptFilename = (userId: string, blobId: string): string => `${userId}/${blobId}`;

/** The stored versions of a blob, newest first; the newest is the blob, older ones are being replaced. */
export function versionsQuery(userId: string, blobId: string): { filter: Filter<GridFSFile>; sort: Sort } {
  return {
    filter: { filename: receiptFilename(userId, blobId), 'metadata.userId': userId },
    sort: [
      ['uploadDate', -1],
      ['_id', -1],
    ],
  };
}

function isFileNotFound(error: unknown): boolean {
  return error instanceof MongoRuntimeError && error.message.startsWith('File not found');
}

/**
 * Blobs in the GridFS bucket `receipts` (collections `receipts.files` and `receipts.chunks`),
 * named `<userId>/<blobId>` with metadata { userId, blobId, contentType, sha256 }. GridFS
 * writes the file document after the last chunk, so a blob is visible only once complete.
 * Replacing a blob uploads a new version and then deletes every version but the newest;
 * readers take the newest, so concurrent writers agree on which one stays.
 */
class GridFsBlobStore implements BlobStore {
  constructor(
    private readonly bucket: GridFSBucket,
    private readonly owned: MongoClient | null,
  ) {}

  private versions(userId: string, blobId: string): Promise<GridFSFile[]> {
    const { filter, sort } = versionsQuery(userId, blobId);
    return this.bucket.find(filter, { sort }).toArray();
  }

  private async remove(id: ObjectId): Promise<void> {
    try {
      await this.bucket.delete(id);
    } catch (error) {
      if (!isFileNotFound(error)) throw error;
    }
  }

  async put(userId: string, blobId: string, bytes: Buffer, contentType: string): Promise<BlobInfo> {
    const id = blobIdOf(blobId);
    const metadata: ReceiptMetadata = {
      userId: checkUserId(userId),
      blobId: id,
      contentType: checkContentType(contentType),
      sha256: sha256Of(bytes),
    };
    await pipeline(Readable.from([bytes]), this.bucket.openUploadStream(receiptFilename(userId, id), { metadata }));
    const [, ...older] = await this.versions(userId, id);
    for (const file of older) await this.remove(file._id);
    return { size: bytes.length, sha256: metadata.sha256 };
  }

  async get(userId: string, blobId: string): Promise<StoredBlob | null> {
    const [newest] = await this.versions(checkUserId(userId), blobIdOf(blobId));
    if (newest === undefined) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(newest._id)) chunks.push(Buffer.from(chunk as Uint8Array));
    const bytes = Buffer.concat(chunks);
    const metadata = newest.metadata as ReceiptMetadata | undefined;
    if (metadata === undefined || metadata.sha256 !== sha256Of(bytes)) {
      throw new Error(`receipt ${receiptFilename(userId, blobId)} is damaged`);
    }
    return { bytes, contentType: metadata.contentType };
  }

  async delete(userId: string, blobId: string): Promise<void> {
    for (const file of await this.versions(checkUserId(userId), blobIdOf(blobId))) await this.remove(file._id);
  }

  async deleteUser(userId: string): Promise<void> {
    const files = await this.bucket.find({ 'metadata.userId': checkUserId(userId) }).toArray();
    for (const file of files) await this.remove(file._id);
  }

  async close(): Promise<void> {
    if (this.owned !== null) await this.owned.close();
  }
}

/** The blob store on a bucket the caller made (and keeps owning). */
export function gridFsBlobStoreOn(bucket: GridFSBucket): BlobStore {
  return new GridFsBlobStore(bucket, null);
}

export type GridFsBlobStoreOptions =
  { readonly client: MongoClient; readonly dbName: string } | { readonly url: string; readonly dbName: string };

/**
 * Opens the blob store on a database and makes sure `receipts.files` has the index erasure
 * looks users up by. Given a client, the caller keeps owning it; given a URL, the store
 * connects and `close()` disconnects.
 */
export async function openGridFsBlobStore(options: GridFsBlobStoreOptions): Promise<BlobStore> {
  const owned = 'url' in options ? await connectMongo(options.url) : null;
  const client = owned ?? ('client' in options ? options.client : null);
  if (client === null) throw new TypeError('a MongoDB client or URL is required');
  const db: Db = client.db(options.dbName);
  await db.collection(`${RECEIPTS_BUCKET}.files`).createIndex({ 'metadata.userId': 1 }, { name: 'metadata_userId' });
  const bucket = new GridFSBucket(db, { bucketName: RECEIPTS_BUCKET, writeConcern: { w: 'majority' } });
  return new GridFsBlobStore(bucket, owned);
}
