import { createHash } from 'node:crypto';

/**
 * The id of a receipt: a UUID (version 8, name-based) of the user and the SHA-256 of the
 * bytes, so the same file uploaded twice by one user is stored once, and two users' equal
 * files never share an id.
 */
export function receiptIdFor(userId: string, sha256Hex: string): string {
  const hash = createHash('sha256').update(`plenty-receipt\u0000${userId}\u0000${sha256Hex}`).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
