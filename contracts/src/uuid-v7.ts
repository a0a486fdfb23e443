import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * RFC 9562 UUIDv7: 48-bit Unix milliseconds, then random bits, with a counter in the
 * random part so ids made in the same millisecond still sort in creation order.
 */
export function uuidV7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  if (now === lastMs) sequence = (sequence + 1) & 0xfff;
  else {
    lastMs = now;
    sequence = (bytes[6] ?? 0) & 0x07;
  }
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
