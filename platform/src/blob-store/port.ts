import { createHash } from 'node:crypto';

/**
 * Files users attach (receipts), kept apart from events and views. Blobs belong to a user:
 * reading another user's blob answers nothing, and erasing an account deletes all of them.
 * Callers enforce the size limit before `put`.
 */
export interface BlobInfo {
  readonly size: number;
  /** Hex SHA-256 of the bytes. */
  readonly sha256: string;
}

export interface StoredBlob {
  readonly bytes: Buffer;
  readonly contentType: string;
}

export interface BlobStore {
  /** Stores the bytes under (userId, blobId), replacing what was there. */
  put(userId: string, blobId: string, bytes: Buffer, contentType: string): Promise<BlobInfo>;
  /** The blob, or null when this user has none with that id. */
  get(userId: string, blobId: string): Promise<StoredBlob | null>;
  /** Deletes the blob; deleting one that does not exist is not an error. */
  delete(userId: string, blobId: string): Promise<void>;
  /** Deletes every blob of the user (account erasure). */
  deleteUser(userId: string): Promise<void>;
  close(): Promise<void>;
}

export class InvalidBlobReferenceError extends Error {
  override readonly name = 'InvalidBlobReferenceError';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The blob id in canonical (lower-case) form; InvalidBlobReferenceError unless it is a UUID. */
export function blobIdOf(blobId: string): string {
  if (!UUID.test(blobId)) throw new InvalidBlobReferenceError('a blob id must be a UUID');
  return blobId.toLowerCase();
}

/** InvalidBlobReferenceError unless the user id is 1 to 128 characters, as identity providers issue them. */
export function checkUserId(userId: string): string {
  if (userId.length === 0 || userId.length > 128) {
    throw new InvalidBlobReferenceError('a user id must have 1 to 128 characters');
  }
  return userId;
}

const CONTENT_TYPE =
  /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;\s*[a-z0-9!#$&^_.+-]+=("[^"\r\n]*"|[a-z0-9!#$&^_.+-]+))*$/i;

/** InvalidBlobReferenceError unless it is a media type such as `image/jpeg` or `text/plain; charset=utf-8`. */
export function checkContentType(contentType: string): string {
  if (contentType.length > 200 || !CONTENT_TYPE.test(contentType)) {
    throw new InvalidBlobReferenceError('not a media type');
  }
  return contentType;
}

export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
