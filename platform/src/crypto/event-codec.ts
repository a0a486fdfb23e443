import type { EventEnvelope } from '@plenty/contracts/events/envelope';
import { personalFieldsOf } from '@plenty/contracts/events/registry';
import { upcasters as currentUpcasters, type Upcasters } from '@plenty/contracts/events/upcast';
import type { NewEvent, RecordedEvent } from '../event-store/port.js';
import type { KeyStore } from './port.js';
import { decryptValue, encryptValue, isEncrypted } from './field-cipher.js';

type Data = Record<string, unknown>;

function mapPath(data: Data, path: string, fn: (value: unknown) => unknown): Data {
  const [head, ...rest] = path.split('.');
  if (head === undefined || !Object.hasOwn(data, head)) return data;
  const current = data[head];
  if (rest.length === 0) {
    return current === undefined || current === null ? data : { ...data, [head]: fn(current) };
  }
  if (typeof current !== 'object' || current === null) return data;
  return { ...data, [head]: mapPath(current as Data, rest.join('.'), fn) };
}

/** Marks a personal field whose key was erased. */
export const ERASED = null;

/**
 * Encrypts personal fields of events before they are stored and decrypts them after they
 * are read. The event id is bound as associated data, so a sealed value cannot be moved.
 */
export class EventCodec {
  constructor(
    private readonly keys: KeyStore,
    private readonly upcasters: Upcasters = currentUpcasters,
  ) {}

  async encode(event: EventEnvelope<string, Data>): Promise<NewEvent> {
    const paths = personalFieldsOf(event.type);
    if (paths.length === 0) return { id: event.id, type: event.type, data: event.data, metadata: event.metadata };
    const key = await this.keys.getOrCreate(event.metadata.userId);
    let data = event.data;
    for (const path of paths) {
      data = mapPath(data, path, (value) => encryptValue(key, value, `${event.id}:${path}`));
    }
    return { id: event.id, type: event.type, data, metadata: event.metadata };
  }

  /**
   * Personal fields of a user whose key is gone read as null. Data recorded with an older
   * schema version of its type comes out in the current shape (contracts/src/events/upcast.ts).
   */
  async decode<E extends RecordedEvent>(event: E): Promise<E> {
    const version = event.metadata.schemaVersion;
    const outdated = this.upcasters.isOutdated(event.type, version);
    const paths =
      (outdated ? this.upcasters.personalFieldsAt(event.type, version) : null) ?? personalFieldsOf(event.type);
    let data = event.data;
    if (paths.length > 0) {
      const key = await this.keys.get(event.metadata.userId);
      for (const path of paths) {
        data = mapPath(data, path, (value) => {
          if (!isEncrypted(value)) return value;
          if (key === null) return ERASED;
          return decryptValue(key, value, `${event.id}:${path}`);
        });
      }
    }
    if (!outdated) return data === event.data ? event : { ...event, data };
    return {
      ...event,
      data: this.upcasters.upcast(event.type, version, data),
      metadata: { ...event.metadata, schemaVersion: this.upcasters.currentVersionOf(event.type) },
    };
  }
}
