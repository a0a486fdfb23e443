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

/** Where an event's personal value is read: undefined where `mapPath` would not reach. */
function valueAt(data: Data, path: string): unknown {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, part)) return undefined;
    current = (current as Data)[part];
  }
  return current;
}

/** A personal value of an event still sealed, with the associated data it was sealed with. */
export interface SealedValue {
  readonly path: string;
  readonly sealed: string;
  readonly associatedData: string;
}

/** What decoding an event needs decrypted, and the key to do it with (null: erased). */
export interface SealedEvent {
  readonly key: Buffer | null;
  readonly values: readonly SealedValue[];
}

const NOTHING_SEALED: SealedEvent = { key: null, values: [] };

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

  /** The personal paths of the event's data as it was stored (its schema version's). */
  private storedPaths(event: RecordedEvent): readonly string[] {
    const version = event.metadata.schemaVersion;
    const outdated = this.upcasters.isOutdated(event.type, version);
    return (outdated ? this.upcasters.personalFieldsAt(event.type, version) : null) ?? personalFieldsOf(event.type);
  }

  /** The decrypted data in the current shape of its type (contracts/src/events/upcast.ts). */
  private current<E extends RecordedEvent>(event: E, data: Data): E {
    const version = event.metadata.schemaVersion;
    if (!this.upcasters.isOutdated(event.type, version)) return data === event.data ? event : { ...event, data };
    return {
      ...event,
      data: this.upcasters.upcast(event.type, version, data),
      metadata: { ...event.metadata, schemaVersion: this.upcasters.currentVersionOf(event.type) },
    };
  }

  /**
   * `decode` in two steps, so the decryption in between can run elsewhere: the sealed values
   * of an event with the user's key, then `opened` with their plaintexts in the same order.
   */
  async sealedValues(event: RecordedEvent): Promise<SealedEvent> {
    const values: SealedValue[] = [];
    for (const path of this.storedPaths(event)) {
      const value = valueAt(event.data, path);
      if (isEncrypted(value)) values.push({ path, sealed: value, associatedData: `${event.id}:${path}` });
    }
    if (values.length === 0) return NOTHING_SEALED;
    return { key: await this.keys.get(event.metadata.userId), values };
  }

  /** The event as `decode` answers it, given the plaintexts of its sealed values (ignored for an erased key). */
  opened<E extends RecordedEvent>(event: E, sealed: SealedEvent, plaintexts: readonly unknown[]): E {
    let data = event.data;
    for (const path of this.storedPaths(event)) {
      const index = sealed.values.findIndex((value) => value.path === path);
      data = mapPath(data, path, (value) => {
        if (!isEncrypted(value)) return value;
        if (sealed.key === null) return ERASED;
        return plaintexts[index];
      });
    }
    return this.current(event, data);
  }

  /**
   * Personal fields of a user whose key is gone read as null. Data recorded with an older
   * schema version of its type comes out in the current shape (contracts/src/events/upcast.ts).
   */
  async decode<E extends RecordedEvent>(event: E): Promise<E> {
    const paths = this.storedPaths(event);
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
    return this.current(event, data);
  }
}
