import { parentPort } from 'node:worker_threads';
import { decryptValue } from './field-cipher.js';

/** A batch to decrypt: keys by user, then (user, sealed value, associated data) triples. */
export interface DecryptRequest {
  readonly id: number;
  readonly keys: readonly (readonly [string, Uint8Array])[];
  readonly items: readonly string[];
}

/** The values in the order asked; a value that failed to decrypt is in `errors` by its index. */
export interface DecryptReply {
  readonly id: number;
  readonly values: unknown[];
  readonly errors: (readonly [number, string])[];
}

parentPort?.on('message', (request: DecryptRequest) => {
  const keys = new Map(request.keys.map(([userId, key]) => [userId, Buffer.from(key)]));
  const values: unknown[] = [];
  const errors: [number, string][] = [];
  const { items } = request;
  for (let i = 0; i + 2 < items.length; i += 3) {
    const index = i / 3;
    try {
      const key = keys.get(items[i] ?? '');
      if (key === undefined) throw new Error('no key sent for this value');
      values[index] = decryptValue(key, items[i + 1] ?? '', items[i + 2] ?? '');
    } catch (error) {
      values[index] = null;
      errors.push([index, error instanceof Error ? error.message : String(error)]);
    }
  }
  const reply: DecryptReply = { id: request.id, values, errors };
  parentPort?.postMessage(reply);
});
