import { createHash } from 'node:crypto';
import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const uuidSchema = z
  .string({ error: 'id_invalid' })
  .regex(UUID, { error: 'id_invalid' })
  .transform((s) => s.toLowerCase());

/** Namespace for event ids derived from command ids. */
const EVENT_ID_NAMESPACE = '6f1d3c2a-8b7e-4f5a-9c0d-2e4b6a8c1f37';

function uuidBytes(uuid: string): Buffer {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex');
}

function formatUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** RFC 9562 UUIDv5 (SHA-1, name-based). */
export function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  const bytes = Buffer.from(hash.subarray(0, 16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return formatUuid(bytes);
}

/**
 * The id of the index-th event a command produces: a retried command yields the same ids.
 * When the command id is a UUIDv7 its 48-bit time prefix is kept (a UUIDv8 with the rest
 * from the name hash), so event ids sort by time and index inserts stay near the end.
 */
export function eventIdFor(commandId: string, index: number): string {
  const id = commandId.toLowerCase();
  const hashed = uuidV5(`${id}#${index}`, EVENT_ID_NAMESPACE);
  if (id[14] !== '7') return hashed;
  const bytes = uuidBytes(hashed);
  uuidBytes(id).copy(bytes, 0, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  return formatUuid(bytes);
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
