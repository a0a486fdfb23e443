import type { EventEnvelope } from '@plenty/contracts/events/envelope';
import { eventDataSchemas, isPlentyEventType, personalFieldsOf } from '@plenty/contracts/events/registry';
import { withoutLaterRefusedCharacters } from '@plenty/contracts/text';
import {
  upcasters as currentUpcasters,
  UnsupportedSchemaVersionError,
  type Upcasters,
} from '@plenty/contracts/events/upcast';
import type { NewEvent, RecordedEvent } from '../event-store/port.js';
import type { KeyStore } from './port.js';
import { decryptValue, encryptValue, isEncrypted } from './field-cipher.js';

type Data = Record<string, unknown>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
 * Event data that does not match its type's schema. Thrown by `encode`, so nothing out of
 * range is ever stored (the HTTP layer answers 422 `event_out_of_range`).
 */
export class EventSchemaError extends Error {
  override readonly name = 'EventSchemaError';
  constructor(
    readonly eventType: string,
    /** `<path>: <message>` per issue. */
    readonly issues: readonly string[],
  ) {
    super(`${eventType} does not match its schema: ${issues.join('; ')}`);
  }
}

/**
 * A stored event that cannot be read because of what it holds (a sealed value that does not
 * open, data an upcaster fails on or that does not match its schema): the event's own fault,
 * unlike a key store that cannot be reached or a schema version written by newer code.
 */
export class UndecodableEventError extends Error {
  override readonly name = 'UndecodableEventError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The issues of data against its type's schema, leaving out personal fields read as erased; [] when it matches. */
export function schemaIssues(type: string, data: Data, erased = false): string[] {
  if (!isPlentyEventType(type)) return [];
  const result = eventDataSchemas[type].safeParse(data);
  if (result.success) return [];
  const erasedPaths = erased ? personalFieldsOf(type).filter((path) => valueAt(data, path) === ERASED) : [];
  return result.error.issues
    .map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))
    .filter(({ path }) => !erasedPaths.includes(path))
    .map(({ path, message }) => `${path || '(data)'}: ${message}`);
}

export interface DecodeOptions {
  /**
   * Check the data, once decrypted and upcast, against its type's schema (default true). The
   * command side folds a stream's history without it: a decision works with what was
   * stored, and what it appends is checked by `encode`.
   */
  readonly validate?: boolean;
}

/**
 * Encrypts personal fields of events before they are stored and decrypts them after they
 * are read. The event id is bound as associated data, so a sealed value cannot be moved.
 */
export class EventCodec {
  constructor(
    private readonly keys: KeyStore,
    private readonly upcasters: Upcasters = currentUpcasters,
  ) {}

  /** Seals the personal fields; throws an EventSchemaError for data that does not match its schema. */
  async encode(event: EventEnvelope<string, Data>): Promise<NewEvent> {
    const issues = schemaIssues(event.type, event.data);
    if (issues.length > 0) throw new EventSchemaError(event.type, issues);
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

  /**
   * The decrypted data in the current shape of its type (contracts/src/events/upcast.ts),
   * checked against its schema unless told not to.
   */
  private current<E extends RecordedEvent>(event: E, data: Data, erased: boolean, options: DecodeOptions): E {
    const version = event.metadata.schemaVersion;
    let decoded: E;
    if (!this.upcasters.isOutdated(event.type, version)) decoded = data === event.data ? event : { ...event, data };
    else {
      let upcast: Data;
      try {
        upcast = this.upcasters.upcast(event.type, version, data);
      } catch (error) {
        if (error instanceof UnsupportedSchemaVersionError) throw error;
        throw new UndecodableEventError(`${event.type} could not be upcast: ${messageOf(error)}`, { cause: error });
      }
      decoded = {
        ...event,
        data: upcast,
        metadata: { ...event.metadata, schemaVersion: this.upcasters.currentVersionOf(event.type) },
      };
    }
    if (options.validate === false) return decoded;
    const issues = schemaIssues(decoded.type, decoded.data, erased);
    if (issues.length === 0) return decoded;
    // Text stored before C1 controls and lone surrogates were refused reads without them.
    const cleaned = withoutLaterRefusedCharacters(decoded.data) as Data;
    if (schemaIssues(decoded.type, cleaned, erased).length === 0) return { ...decoded, data: cleaned };
    throw new UndecodableEventError(`${decoded.type} does not match its schema: ${issues.join('; ')}`);
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

  /**
   * The event as `decode` answers it, given the plaintexts of its sealed values (ignored for an
   * erased key); throws as `decode` does for data that does not match its schema.
   */
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
    return this.current(event, data, sealed.key === null && sealed.values.length > 0, {});
  }

  /**
   * Personal fields of a user whose key is gone read as null. Data recorded with an older
   * schema version of its type comes out in the current shape (contracts/src/events/upcast.ts),
   * then is checked against its schema. What the event holds is its own fault
   * (UndecodableEventError); a key store that fails, or a version written by newer code, is not.
   */
  async decode<E extends RecordedEvent>(event: E, options: DecodeOptions = {}): Promise<E> {
    const paths = this.storedPaths(event);
    let data = event.data;
    let erased = false;
    if (paths.length > 0) {
      const key = await this.keys.get(event.metadata.userId);
      for (const path of paths) {
        data = mapPath(data, path, (value) => {
          if (!isEncrypted(value)) return value;
          if (key === null) {
            erased = true;
            return ERASED;
          }
          try {
            return decryptValue(key, value, `${event.id}:${path}`);
          } catch (error) {
            throw new UndecodableEventError(`${path} of ${event.type} does not open with its key`, { cause: error });
          }
        });
      }
    }
    return this.current(event, data, erased, options);
  }
}
