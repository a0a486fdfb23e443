import Database from 'better-sqlite3';
import { WrongExpectedRevisionError, type AppendResult, type ExpectedRevision, type NewEvent } from './port.js';
import { createScrubMarker, markScrubOwed, scrubIfOwed, scrubOwedAtOpen } from '../sqlite-scrub.js';

export const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    id          TEXT NOT NULL UNIQUE,
    stream_id   TEXT NOT NULL,
    revision    INTEGER NOT NULL,
    type        TEXT NOT NULL,
    data        TEXT NOT NULL,
    metadata    TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    UNIQUE (stream_id, revision)
  );
`;

/**
 * An event as the writer stores it: its data and metadata already the JSON text of their columns.
 * Strings cross to the writer thread for a fraction of what the objects' structured clone costs
 * (both ways), and the writer thread has nothing left to serialize.
 */
export interface SerializedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

export function serializedEvent(event: NewEvent): SerializedEvent {
  return { id: event.id, type: event.type, data: JSON.stringify(event.data), metadata: JSON.stringify(event.metadata) };
}

/** One append as the writer gets it: plain data, so it can cross to another thread. */
export interface AppendRequest {
  readonly streamId: string;
  readonly events: readonly SerializedEvent[];
  readonly expected: ExpectedRevision;
}

/** An error as plain data: its kind, message and SQLite or system code survive the crossing. */
export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly wrongRevision?: {
    readonly streamId: string;
    readonly expected: ExpectedRevision;
    readonly actual: number | 'no_stream';
  };
}

export type AppendOutcome =
  | { readonly ok: true; readonly result: AppendResult; readonly appended: boolean }
  | { readonly ok: false; readonly error: WireError };

export function toWireError(error: unknown): WireError {
  if (error instanceof WrongExpectedRevisionError) {
    return {
      name: error.name,
      message: error.message,
      wrongRevision: { streamId: error.streamId, expected: error.expected, actual: error.actual },
    };
  }
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    return { name: error.name, message: error.message, ...(code === undefined ? {} : { code }) };
  }
  return { name: 'Error', message: String(error) };
}

export function fromWireError(wire: WireError): Error {
  if (wire.wrongRevision !== undefined) {
    const { streamId, expected, actual } = wire.wrongRevision;
    return new WrongExpectedRevisionError(streamId, expected, actual);
  }
  const error = new Error(wire.message);
  error.name = wire.name;
  return wire.code === undefined ? error : Object.assign(error, { code: wire.code });
}

interface StoredEventRef {
  streamId: string;
  revision: number;
  position: number;
}

/**
 * The one connection that writes events. A batch of appends shares one transaction and one
 * fsync (group commit); each append is still checked on its own (expected revision, a retry
 * of events already stored) and a refused one leaves nothing behind. It runs on the calling
 * thread, or in the writer thread of `sqlite-writer-worker.ts` so that the fsync does not
 * hold up the thread answering requests.
 */
export class SqliteEventWriter {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(path: string, checkpoints: 'auto' | 'elsewhere') {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    // Deleted events (account erasure) are overwritten in the file, not left in free space.
    this.db.pragma('secure_delete = ON');
    // A checkpoint copies the log into the database and fsyncs it: tens of milliseconds that
    // would stall every command. When another thread checkpoints, the writer never does.
    this.db.pragma(`wal_autocheckpoint = ${checkpoints === 'auto' ? 1000 : 0}`);
    this.db.exec(SCHEMA);
    createScrubMarker(this.db);
    // A process stopped between an erasure's deletions and their scrub scrubs now.
    scrubOwedAtOpen(this.db);
    this.statements = {
      head: this.db.prepare<[string], { revision: number | null }>(
        'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
      ),
      byId: this.db.prepare<[string], { stream_id: string; revision: number; position: number }>(
        'SELECT stream_id, revision, position FROM events WHERE id = ?',
      ),
      insert: this.db.prepare(
        'INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      deleteStream: this.db.prepare('DELETE FROM events WHERE stream_id = ?'),
    };
  }

  /**
   * Writes the batch in one transaction: an outcome per append, in order. Throws (and writes
   * nothing) when the transaction itself fails: a full, read-only or failing disk.
   */
  append(batch: readonly AppendRequest[]): AppendOutcome[] {
    const outcomes: AppendOutcome[] = [];
    // Everything is checked before anything is inserted, so a refused append leaves nothing
    // behind and needs no savepoint; heads and ids written earlier in this batch count too.
    const heads = new Map<string, number>();
    const written = new Map<string, StoredEventRef>();
    this.db.transaction(() => {
      for (const request of batch) {
        try {
          outcomes.push({ ok: true, ...this.appendInTransaction(request, heads, written) });
        } catch (error) {
          outcomes.push({ ok: false, error: toWireError(error) });
        }
      }
    })();
    return outcomes;
  }

  /** The connection, for reading on the same thread (an in-memory database has only this one). */
  get connection(): Database.Database {
    return this.db;
  }

  /** Deletes the stream's events; the file owes a scrub from the same commit on. */
  deleteStream(streamId: string): void {
    this.db.transaction(() => {
      if (this.statements.deleteStream.run(streamId).changes > 0) markScrubOwed(this.db);
    })();
  }

  /**
   * After deletions, the file is written anew from its live rows and the log truncated
   * (`scrubIfOwed`): the plain parts of a deleted event (its ids, amounts, dates) would
   * otherwise stay where b-tree balancing moved them. Without deletions, the log is truncated.
   */
  scrubDeleted(): void {
    scrubIfOwed(this.db);
  }

  close(): void {
    this.db.close();
  }

  /** Inserts `event` as `revision` of its stream; its position. */
  private insert(streamId: string, revision: number, event: SerializedEvent, recordedAt: string): number {
    const info = this.statements.insert.run(
      event.id,
      streamId,
      revision,
      event.type,
      event.data,
      event.metadata,
      recordedAt,
    );
    return Number(info.lastInsertRowid);
  }

  /** The event inserted as revision 0 of its stream and its position, or null when a unique index refused it. */
  private insertedFirst(streamId: string, event: SerializedEvent): number | null {
    try {
      return this.insert(streamId, 0, event, new Date().toISOString());
    } catch (error) {
      if (error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE') return null;
      throw error;
    }
  }

  private appendInTransaction(
    { streamId, events, expected }: AppendRequest,
    heads: Map<string, number>,
    written: Map<string, StoredEventRef>,
  ): { result: AppendResult; appended: boolean } {
    const lookup = (id: string): StoredEventRef | undefined => {
      const row = written.get(id) ?? this.statements.byId.get(id);
      return (
        row && ('stream_id' in row ? { streamId: row.stream_id, revision: row.revision, position: row.position } : row)
      );
    };
    const [only] = events;
    if (expected === 'no_stream' && events.length === 1 && only !== undefined && !heads.has(streamId)) {
      // A new stream of one event (every append of the recurring poster): inserted at once, which
      // is one statement instead of three. The unique indexes refuse it when its id is stored
      // already (a retry, or an id another stream holds) or the stream has begun (its revision 0
      // is taken); nothing is inserted then, and it is looked at as any other append below.
      const position = this.insertedFirst(streamId, only);
      if (position !== null) {
        written.set(only.id, { streamId, revision: 0, position });
        heads.set(streamId, 0);
        return { result: { streamId, revision: 0, position: String(position) }, appended: true };
      }
    }
    const retried = retriedAppend(streamId, events, lookup);
    if (retried !== null) return { result: retried, appended: false };
    const head = heads.get(streamId) ?? this.statements.head.get(streamId)?.revision ?? -1;
    const actual = head < 0 ? 'no_stream' : head;
    const fits = expected === 'any' || (expected === 'no_stream' ? head < 0 : expected === head);
    if (!fits) throw new WrongExpectedRevisionError(streamId, expected, actual);
    const recordedAt = new Date().toISOString();
    let position = 0;
    events.forEach((event, index) => {
      const revision = head + 1 + index;
      position = this.insert(streamId, revision, event, recordedAt);
      written.set(event.id, { streamId, revision, position });
    });
    heads.set(streamId, head + events.length);
    return { result: { streamId, revision: head + events.length, position: String(position) }, appended: true };
  }
}

/** The original result when these exact events are already in this stream, in order. */
function retriedAppend(
  streamId: string,
  events: readonly SerializedEvent[],
  lookup: (id: string) => StoredEventRef | undefined,
): AppendResult | null {
  const first = events[0] ? lookup(events[0].id) : undefined;
  if (first === undefined) return null;
  let last = first;
  for (const [index, event] of events.entries()) {
    const stored = lookup(event.id);
    if (stored === undefined || stored.streamId !== streamId || stored.revision !== first.revision + index) {
      throw new WrongExpectedRevisionError(streamId, 'no_stream', first.revision);
    }
    last = stored;
  }
  return { streamId, revision: last.revision, position: String(last.position) };
}
