import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const uuidSchema = z
  .string({ error: 'id_invalid' })
  .regex(UUID, { error: 'id_invalid' })
  .transform((s) => s.toLowerCase());

/** Namespace for event ids derived from command ids. */
const EVENT_ID_NAMESPACE = '6f1d3c2a-8b7e-4f5a-9c0d-2e4b6a8c1f37';

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function formatUuid(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * SHA-1 (FIPS 180-4) of a message, in plain TypeScript: these ids are made in the server and in
 * the browser alike, and `node:crypto` does not exist in the browser. Only for UUIDv5 names, not
 * for anything secret.
 */
export function sha1(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8;
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x1_0000_0000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const words = new Uint32Array(80);
  const rotl = (value: number, bits: number) => (value << bits) | (value >>> (32 - bits));
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t += 1) words[t] = view.getUint32(block + t * 4);
    for (let t = 16; t < 80; t += 1) {
      words[t] = rotl((words[t - 3] ?? 0) ^ (words[t - 8] ?? 0) ^ (words[t - 14] ?? 0) ^ (words[t - 16] ?? 0), 1);
    }
    let [a, b, c, d, e] = state as [number, number, number, number, number];
    for (let t = 0; t < 80; t += 1) {
      const [f, k] =
        t < 20
          ? [(b & c) | (~b & d), 0x5a827999]
          : t < 40
            ? [b ^ c ^ d, 0x6ed9eba1]
            : t < 60
              ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
              : [b ^ c ^ d, 0xca62c1d6];
      const next = (rotl(a, 5) + f + e + k + (words[t] ?? 0)) >>> 0;
      e = d;
      d = c;
      c = rotl(b, 30) >>> 0;
      b = a;
      a = next;
    }
    state[0] = ((state[0] ?? 0) + a) >>> 0;
    state[1] = ((state[1] ?? 0) + b) >>> 0;
    state[2] = ((state[2] ?? 0) + c) >>> 0;
    state[3] = ((state[3] ?? 0) + d) >>> 0;
    state[4] = ((state[4] ?? 0) + e) >>> 0;
  }
  const digest = new Uint8Array(20);
  const out = new DataView(digest.buffer);
  state.forEach((word, index) => out.setUint32(index * 4, word));
  return digest;
}

/** RFC 9562 UUIDv5 (SHA-1, name-based). */
export function uuidV5(name: string, namespace: string): string {
  const text = new TextEncoder().encode(name);
  const message = new Uint8Array(16 + text.length);
  message.set(uuidBytes(namespace));
  message.set(text, 16);
  const bytes = sha1(message).slice(0, 16);
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
  bytes.set(uuidBytes(id).subarray(0, 6), 0);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  return formatUuid(bytes);
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
