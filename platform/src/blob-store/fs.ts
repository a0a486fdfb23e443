import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileDurably } from '../durable-file.js';
import {
  blobIdOf,
  checkContentType,
  checkUserId,
  sha256Of,
  type BlobInfo,
  type BlobStore,
  type StoredBlob,
} from './port.js';

interface Header {
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
}

const NEWLINE = 0x0a;

/**
 * A user's folder is named by the SHA-256 of the user id: any user id maps to one safe,
 * fixed-length name that differs only by lower-case hex, so nothing can point outside the
 * store and case-insensitive file systems cannot merge two users.
 */
export function userFolder(root: string, userId: string): string {
  return join(root, createHash('sha256').update(checkUserId(userId), 'utf8').digest('hex'));
}

/** One file per blob: a JSON header line (content type, size, SHA-256), then the bytes. */
export function encodeBlobFile(bytes: Buffer, contentType: string): { file: Buffer; info: BlobInfo } {
  const info = { size: bytes.length, sha256: sha256Of(bytes) };
  const header: Header = { contentType, ...info };
  return { file: Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), bytes]), info };
}

export function decodeBlobFile(file: Buffer, where: string): StoredBlob {
  const end = file.indexOf(NEWLINE);
  const header = end < 0 ? null : (JSON.parse(file.subarray(0, end).toString('utf8')) as Header);
  const bytes = file.subarray(end + 1);
  if (header === null || header.size !== bytes.length || header.sha256 !== sha256Of(bytes)) {
    throw new Error(`blob file ${where} is damaged`);
  }
  return { bytes, contentType: header.contentType };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Blobs as files under a directory: `<directory>/<sha256 of user id>/<blob id>`. A write goes
 * to a temporary file in the same folder, is flushed to disk and renamed over the blob, so a
 * reader sees the old blob or the new one, never part of one.
 */
class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  async put(userId: string, blobId: string, bytes: Buffer, contentType: string): Promise<BlobInfo> {
    const id = blobIdOf(blobId);
    const folder = userFolder(this.root, userId);
    const { file, info } = encodeBlobFile(bytes, checkContentType(contentType));
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await writeFileDurably(join(folder, id), file, { mode: 0o600 });
    return info;
  }

  async get(userId: string, blobId: string): Promise<StoredBlob | null> {
    const path = join(userFolder(this.root, userId), blobIdOf(blobId));
    try {
      return decodeBlobFile(await readFile(path), path);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(userId: string, blobId: string): Promise<void> {
    await rm(join(userFolder(this.root, userId), blobIdOf(blobId)), { force: true });
  }

  async deleteUser(userId: string): Promise<void> {
    await rm(userFolder(this.root, userId), { recursive: true, force: true });
  }

  async close(): Promise<void> {}
}

export async function openFsBlobStore(options: { directory: string }): Promise<BlobStore> {
  await mkdir(options.directory, { recursive: true, mode: 0o700 });
  return new FsBlobStore(options.directory);
}
