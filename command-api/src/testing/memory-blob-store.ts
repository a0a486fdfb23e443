import { blobIdOf, sha256Of, type BlobStore, type StoredBlob } from '@plenty/platform/blob-store/port';

/** Blobs in memory, per user, as the blob store port describes them. */
export class MemoryBlobStore implements BlobStore {
  readonly blobs = new Map<string, StoredBlob>();
  readonly reads: string[] = [];

  async put(userId: string, blobId: string, bytes: Buffer, contentType: string) {
    this.blobs.set(`${userId}/${blobIdOf(blobId)}`, { bytes, contentType });
    return { size: bytes.length, sha256: sha256Of(bytes) };
  }

  async get(userId: string, blobId: string) {
    this.reads.push(blobId);
    return this.blobs.get(`${userId}/${blobIdOf(blobId)}`) ?? null;
  }

  async delete(userId: string, blobId: string) {
    this.blobs.delete(`${userId}/${blobIdOf(blobId)}`);
  }

  async deleteUser(userId: string) {
    for (const key of this.blobs.keys()) if (key.startsWith(`${userId}/`)) this.blobs.delete(key);
  }

  async close() {}
}
