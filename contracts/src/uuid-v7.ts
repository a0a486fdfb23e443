let lastMs = 0;
let sequence = 0;

/**
 * RFC 9562 UUIDv7: 48-bit Unix milliseconds, then random bits, with a counter in the
 * random part so ids made in the same millisecond still sort in creation order. Web Crypto
 * only, so the server and the browser make ids the same way.
 */
export function uuidV7(now: number = Date.now()): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  if (now === lastMs) sequence = (sequence + 1) & 0xfff;
  else {
    lastMs = now;
    sequence = (bytes[6] ?? 0) & 0x07;
  }
  let time = now;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
