import { Worker } from 'node:worker_threads';
import type { RecordedEvent } from '../event-store/port.js';
import type { DecryptReply, DecryptRequest } from './decrypt-worker.js';
import { UndecodableEventError, type EventCodec, type SealedEvent } from './event-codec.js';

/** An event decoded, or why it could not be (as `EventCodec.decode` would have thrown). */
export type Decoded =
  { readonly ok: true; readonly event: RecordedEvent } | { readonly ok: false; readonly error: Error };

/**
 * Decodes batches of events with the AES-GCM work in a worker thread, so a replay applies
 * one batch on its thread while the next is decrypted on another core. Keys are looked up
 * through the codec on the calling thread and sent with each batch; the answers equal
 * `codec.decode` event for event.
 */
export class ParallelDecoder {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(reply: DecryptReply): void; reject(error: Error): void }>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor(private readonly codec: EventCodec) {
    // From source (tests), the thread still runs the compiled module: threads cannot load TypeScript.
    const compiled = import.meta.url.endsWith('.ts') ? '../../dist/crypto/decrypt-worker.js' : './decrypt-worker.js';
    this.worker = new Worker(new URL(compiled, import.meta.url));
    this.worker.on('message', (reply: DecryptReply) => {
      this.pending.get(reply.id)?.resolve(reply);
      this.pending.delete(reply.id);
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the decryption thread stopped (exit code ${code})`)));
  }

  /** Starts decoding at once; the answer comes when the worker has decrypted the batch. */
  async decode(events: readonly RecordedEvent[]): Promise<Decoded[]> {
    const sealed: (SealedEvent | Error)[] = [];
    const keys = new Map<string, Uint8Array>();
    const items: string[] = [];
    for (const event of events) {
      let found: SealedEvent;
      try {
        found = await this.codec.sealedValues(event);
      } catch (error) {
        sealed.push(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      sealed.push(found);
      if (found.key === null) continue;
      const userId = event.metadata.userId;
      if (!keys.has(userId)) keys.set(userId, new Uint8Array(found.key));
      for (const value of found.values) items.push(userId, value.sealed, value.associatedData);
    }
    const reply = items.length === 0 ? { id: -1, values: [], errors: [] } : await this.decrypt([...keys], items);
    const errors = new Map(reply.errors);
    const decoded: Decoded[] = [];
    let index = 0;
    events.forEach((event, i) => {
      const found = sealed[i] as SealedEvent | Error;
      if (found instanceof Error) {
        decoded.push({ ok: false, error: found });
        return;
      }
      const count = found.key === null ? 0 : found.values.length;
      let failed: string | undefined;
      for (let k = 0; k < count && failed === undefined; k += 1) failed = errors.get(index + k);
      const plaintexts = reply.values.slice(index, index + count);
      index += count;
      if (failed !== undefined) {
        decoded.push({
          ok: false,
          error: new UndecodableEventError(`a personal field of ${event.type} does not open with its key: ${failed}`),
        });
        return;
      }
      try {
        decoded.push({ ok: true, event: this.codec.opened(event, found, plaintexts) });
      } catch (error) {
        decoded.push({ ok: false, error: error instanceof Error ? error : new Error(String(error)) });
      }
    });
    return decoded;
  }

  private decrypt(keys: [string, Uint8Array][], items: string[]): Promise<DecryptReply> {
    if (this.failure !== null) return Promise.reject(this.failure);
    const id = this.nextId++;
    const request: DecryptRequest = { id, keys, items };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}
