/**
 * Schema evolution of stored events. Events are never rewritten: an event keeps the
 * `metadata.schemaVersion` of the code that recorded it, and readers turn older data into the
 * current shape on the way in, one version step at a time. The version is per event type: a
 * type whose data never changed stays at version 1.
 *
 * To change the shape of an event type's data: raise its entry in `EVENT_SCHEMA_VERSIONS`,
 * write the new schema, and add an upcaster from the previous version to `UPCASTERS`. Keep the
 * old upcasters: a store may hold events of every version ever written.
 */

export interface Upcaster {
  readonly type: string;
  /** The version this upcaster reads; it returns the data of version `from + 1`. */
  readonly from: number;
  /**
   * The dotted paths of personal (encrypted) text in data of version `from`, when they differ
   * from the next version's: they are decrypted before the upcaster runs.
   */
  readonly personalFields?: readonly string[];
  up(data: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

export class UnsupportedSchemaVersionError extends Error {
  override readonly name = 'UnsupportedSchemaVersionError';
  constructor(
    readonly eventType: string,
    readonly schemaVersion: number,
    readonly supported: number,
  ) {
    super(
      schemaVersion > supported
        ? `${eventType} of schema version ${schemaVersion} was written by newer code (this code reads up to ${supported})`
        : `${eventType} of schema version ${schemaVersion} has no upcaster to version ${supported}`,
    );
  }
}

/** The upcasters of every event type and the version each type is at now. */
export class Upcasters {
  private readonly byStep = new Map<string, Upcaster>();

  constructor(
    private readonly currentVersions: Readonly<Record<string, number>>,
    upcasters: readonly Upcaster[],
  ) {
    for (const upcaster of upcasters) {
      const key = `${upcaster.type}@${upcaster.from}`;
      if (this.byStep.has(key)) throw new Error(`two upcasters read ${key}`);
      if (upcaster.from < 1 || upcaster.from >= this.currentVersionOf(upcaster.type))
        throw new Error(`the upcaster of ${key} reads no older version of ${upcaster.type}`);
      this.byStep.set(key, upcaster);
    }
  }

  /** The schema version writers record for an event type (1 for a type that never changed). */
  currentVersionOf(type: string): number {
    return Object.hasOwn(this.currentVersions, type) ? (this.currentVersions[type] ?? 1) : 1;
  }

  /** Personal paths of the data as stored at `version`, or null when they are the current ones. */
  personalFieldsAt(type: string, version: number): readonly string[] | null {
    return this.byStep.get(`${type}@${version}`)?.personalFields ?? null;
  }

  /** Whether data of this type and version needs upcasting before use. */
  isOutdated(type: string, version: number): boolean {
    return version !== this.currentVersionOf(type);
  }

  /** The data in the current shape of its type; throws for a version it cannot read. */
  upcast(type: string, version: number, data: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const current = this.currentVersionOf(type);
    if (!Number.isInteger(version) || version < 1 || version > current)
      throw new UnsupportedSchemaVersionError(type, version, current);
    let result = data as Record<string, unknown>;
    for (let at = version; at < current; at += 1) {
      const step = this.byStep.get(`${type}@${at}`);
      if (step === undefined) throw new UnsupportedSchemaVersionError(type, version, current);
      result = step.up(result);
    }
    return result;
  }
}

/**
 * The current schema version of each event type whose data changed since it was first
 * recorded. Every type not listed is at version 1.
 */
export const EVENT_SCHEMA_VERSIONS: Readonly<Record<string, number>> = {};

/** Every step from an older version of an event type's data to the next one. */
export const UPCASTERS: readonly Upcaster[] = [];

export const upcasters = new Upcasters(EVENT_SCHEMA_VERSIONS, UPCASTERS);

/** The schema version to record with a new event of this type. */
export const schemaVersionOf = (type: string): number => upcasters.currentVersionOf(type);
