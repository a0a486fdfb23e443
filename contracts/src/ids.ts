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

/** Two hex digits of each byte value. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function formatUuid(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < 16; i += 1) {
    hex += HEX[bytes[i] ?? 0] ?? '00';
    if (i === 3 || i === 5 || i === 7 || i === 9) hex += '-';
  }
  return hex;
}

/** The message schedule, reused by every call (SHA-1 runs to the end without yielding). */
const WORDS = new Uint32Array(80);

/**
 * SHA-1 (FIPS 180-4) of a message, in plain TypeScript: these ids are made in the server and in
 * the browser alike, and `node:crypto` does not exist in the browser. Only for UUIDv5 names, not
 * for anything secret. Plain integer arithmetic without allocations per block or round: ids are
 * made for every command, posted occurrence and projected event.
 */
export function sha1(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8;
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x1_0000_0000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  let h0 = 0x67452301;
  let h1 = 0xefcdab89;
  let h2 = 0x98badcfe;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0;
  const w = WORDS;
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t += 1) w[t] = view.getUint32(block + t * 4);
    for (let t = 16; t < 80; t += 1) {
      const x = (w[t - 3] as number) ^ (w[t - 8] as number) ^ (w[t - 14] as number) ^ (w[t - 16] as number);
      w[t] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let t = 0; t < 80; t += 1) {
      let f: number;
      if (t < 20) f = ((b & c) | (~b & d)) + 0x5a827999;
      else if (t < 40) f = (b ^ c ^ d) + 0x6ed9eba1;
      else if (t < 60) f = ((b & c) | (b & d) | (c & d)) + 0x8f1bbcdc;
      else f = (b ^ c ^ d) + 0xca62c1d6;
      const next = (((a << 5) | (a >>> 27)) + f + e + (w[t] as number)) >>> 0;
      e = d;
      d = c;
      c = ((b << 30) | (b >>> 2)) >>> 0;
      b = a;
      a = next;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
  }
  const digest = new Uint8Array(20);
  const out = new DataView(digest.buffer);
  out.setUint32(0, h0);
  out.setUint32(4, h1);
  out.setUint32(8, h2);
  out.setUint32(12, h3);
  out.setUint32(16, h4);
  return digest;
}

/** What UUIDv5 needs of Node's `crypto` and `Buffer` (structural: this module also runs in the browser). */
interface NodeHashing {
  readonly hash: (algorithm: 'sha1', data: Uint8Array, outputEncoding: 'hex') => string;
  readonly allocUnsafe: (size: number) => Uint8Array & {
    write(text: string, offset: number, encoding: 'utf8'): number;
  };
  readonly byteLength: (text: string, encoding: 'utf8') => number;
}

/**
 * Node's one-shot SHA-1 and its `Buffer` where they exist (the server: `process.getBuiltinModule`,
 * no import for the browser's bundle to resolve), else null (the browser).
 */
function nodeHashing(): NodeHashing | null {
  const host = globalThis as {
    process?: { getBuiltinModule?: (id: string) => unknown };
    Buffer?: Partial<Pick<NodeHashing, 'allocUnsafe' | 'byteLength'>>;
  };
  const crypto = host.process?.getBuiltinModule?.('node:crypto') as Partial<Pick<NodeHashing, 'hash'>> | undefined;
  const hash = crypto?.hash;
  const buffers = host.Buffer;
  if (typeof hash !== 'function' || buffers?.allocUnsafe === undefined || buffers.byteLength === undefined) return null;
  return {
    hash: (algorithm, data, encoding) => hash.call(crypto, algorithm, data, encoding),
    allocUnsafe: buffers.allocUnsafe.bind(buffers),
    byteLength: buffers.byteLength.bind(buffers),
  };
}

const node = nodeHashing();

/** Which SHA-1 `uuidV5` runs here: `node:crypto` (the server) or `script` (`sha1`, the browser). */
export const uuidV5Hash: 'node:crypto' | 'script' = node === null ? 'script' : 'node:crypto';

/** The hex digit of the variant (`10xx`) for each first hex digit of byte 8 of the hash. */
const VARIANT = '89ab89ab89ab89ab';

const namespaceBytes = new Map<string, Uint8Array>();
const utf8 = new TextEncoder();

/** The namespace's 16 bytes: a handful of namespaces, asked for again and again. */
function namespaceOf(namespace: string): Uint8Array {
  let space = namespaceBytes.get(namespace);
  if (space === undefined) {
    space = uuidBytes(namespace);
    if (namespaceBytes.size < 64) namespaceBytes.set(namespace, space);
  }
  return space;
}

/**
 * RFC 9562 UUIDv5 (SHA-1, name-based). On the server with `node:crypto` (about a quarter of the
 * time the script takes), in the browser with `sha1`: the same bytes (`scriptUuidV5`).
 */
export function uuidV5(name: string, namespace: string): string {
  if (node === null) return scriptUuidV5(name, namespace);
  const length = node.byteLength(name, 'utf8');
  const message = node.allocUnsafe(16 + length);
  message.set(namespaceOf(namespace));
  message.write(name, 16, 'utf8');
  const hex = node.hash('sha1', message, 'hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${VARIANT[parseInt(hex.charAt(16), 16)] ?? '8'}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `uuidV5` as the browser makes it (`sha1` in script), wherever it runs. */
export function scriptUuidV5(name: string, namespace: string): string {
  const text = utf8.encode(name);
  const message = new Uint8Array(16 + text.length);
  message.set(namespaceOf(namespace));
  message.set(text, 16);
  const bytes = sha1(message);
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
