import Database from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  START,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ReadUserEventsOptions,
  type RecordedEvent,
} from './port.js';

interface EventRow {
  position: number;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

/** Events of one user read per step of readUserEvents. */
const USER_EVENTS_PAGE = 2000;

interface StoredEventRef {
  streamId: string;
  revision: number;
  position: number;
}

interface PendingAppend {
  streamId: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

const SCHEMA = `
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

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    streamId: row.stream_id,
    revision: row.revision,
    position: String(row.position),
    recordedAt: row.recorded_at,
  };
}

/**
 * The embedded event store. Appends that arrive in the same turn of the event loop share
 * one transaction and one fsync (group commit); each is still checked on its own and
 * answered only after the commit that holds it.
 */
class SqliteEventStoreImpl implements SqliteEventStore {
  private readonly db: Database.Database;
  private readonly statements;
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(path: string, checkpoints: 'auto' | 'elsewhere') {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    // A checkpoint copies the log into the database and fsyncs it: tens of milliseconds that
    // would stall every command. When another thread checkpoints, the writer never does.
    this.db.pragma(`wal_autocheckpoint = ${checkpoints === 'auto' ? 1000 : 0}`);
    this.db.exec(SCHEMA);
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
      readStream: this.db.prepare<[string, number, number], EventRow>(
        'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      readAll: this.db.prepare<[number, number], EventRow>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      headPosition: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
      // A range of the primary key: counting a million events takes milliseconds.
      count: this.db.prepare<[number, number], { n: number }>(
        'SELECT count(*) AS n FROM events WHERE position > ? AND position <= ?',
      ),
      deleteStream: this.db.prepare('DELETE FROM events WHERE stream_id = ?'),
      // A scan: account erasure is rare, and an index on the user would cost every append.
      streamsOfUser: this.db.prepare<[string], { stream_id: string }>(
        "SELECT DISTINCT stream_id FROM events WHERE json_extract(metadata, '$.userId') = ? ORDER BY stream_id",
      ),
      // The same scan in position order (the primary key); occurredAt is an ISO instant as the
      // command API writes it (`toISOString`), so text order is time order.
      userEvents: this.db.prepare<[number, string, string, number], EventRow>(
        "SELECT * FROM events WHERE position > ? AND json_extract(metadata, '$.userId') = ? AND json_extract(metadata, '$.occurredAt') < ? ORDER BY position LIMIT ?",
      ),
    };
  }

  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('event store is closed'));
    if (events.length === 0) return Promise.reject(new RangeError('nothing to append'));
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events, expected: expectedRevision, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const outcomes: ({ ok: true; result: AppendResult; appended: boolean } | { ok: false; error: unknown })[] = [];
    // Everything is checked before anything is inserted, so a refused append leaves nothing
    // behind and needs no savepoint; heads and ids written earlier in this batch count too.
    const heads = new Map<string, number>();
    const written = new Map<string, StoredEventRef>();
    try {
      this.db.transaction(() => {
        for (const pending of batch) {
          try {
            outcomes.push({ ok: true, ...this.appendInTransaction(pending, heads, written) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      })();
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    let appended = false;
    batch.forEach((pending, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) return pending.reject(new Error('append lost'));
      if (!outcome.ok) return pending.reject(outcome.error);
      appended ||= outcome.appended;
      pending.resolve(outcome.result);
    });
    if (appended) this.notify();
  }

  private appendInTransaction(
    { streamId, events, expected }: PendingAppend,
    heads: Map<string, number>,
    written: Map<string, StoredEventRef>,
  ): { result: AppendResult; appended: boolean } {
    const lookup = (id: string): StoredEventRef | undefined => {
      const row = written.get(id) ?? this.statements.byId.get(id);
      return (
        row && ('stream_id' in row ? { streamId: row.stream_id, revision: row.revision, position: row.position } : row)
      );
    };
    const retried = this.retriedAppend(streamId, events, lookup);
    if (retried !== null) return { result: retried, appended: false };
    const head = heads.get(streamId) ?? this.statements.head.get(streamId)?.revision ?? -1;
    const actual = head < 0 ? 'no_stream' : head;
    const fits = expected === 'any' || (expected === 'no_stream' ? head < 0 : expected === head);
    if (!fits) throw new WrongExpectedRevisionError(streamId, expected, actual);
    const recordedAt = new Date().toISOString();
    let position = 0;
    events.forEach((event, index) => {
      const revision = head + 1 + index;
      const info = this.statements.insert.run(
        event.id,
        streamId,
        revision,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
        recordedAt,
      );
      position = Number(info.lastInsertRowid);
      written.set(event.id, { streamId, revision, position });
    });
    heads.set(streamId, head + events.length);
    return { result: { streamId, revision: head + events.length, position: String(position) }, appended: true };
  }

  /** The original result when these exact events are already in this stream, in order. */
  private retriedAppend(
    streamId: string,
    events: readonly NewEvent[],
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

  private notify(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // A failing listener must not affect the writers or the other listeners.
      }
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const rows = this.statements.readStream.all(streamId, options.fromRevision ?? 0, options.maxCount ?? -1);
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const after = Number(options.after ?? START);
    return this.statements.readAll.all(after, options.maxCount).map(toRecorded);
  }

  async headPosition(): Promise<Position> {
    return String(this.statements.headPosition.get()?.position ?? START);
  }

  async countEvents(range: { after?: Position; until?: Position } = {}): Promise<number> {
    const until = range.until === undefined ? Number.MAX_SAFE_INTEGER : Number(range.until);
    return this.statements.count.get(Number(range.after ?? START), until)?.n ?? 0;
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async deleteStream(streamId: string): Promise<void> {
    this.statements.deleteStream.run(streamId);
  }

  async streamIdsOfUser(userId: string): Promise<string[]> {
    return this.statements.streamsOfUser.all(userId).map((row) => row.stream_id);
  }

  async readUserEvents(userId: string, options: ReadUserEventsOptions = {}): Promise<RecordedEvent[]> {
    // '~' sorts after every digit: without a bound every instant is before it.
    const before = options.occurredBefore === undefined ? '~' : new Date(options.occurredBefore).toISOString();
    // In pages along the primary key, letting other work run between them: the scan runs on
    // the calling thread, and a large store takes a while to pass over.
    const events: RecordedEvent[] = [];
    let after = 0;
    for (;;) {
      const rows = this.statements.userEvents.all(after, userId, before, USER_EVENTS_PAGE);
      for (const row of rows) events.push(toRecorded(row));
      const last = rows.at(-1);
      if (last === undefined || rows.length < USER_EVENTS_PAGE) return events;
      after = last.position;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Copies the write-ahead log into the database without blocking readers or the writer. */
  checkpoint(): void {
    if (!this.closed) this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.queue.length > 0) this.flush();
    this.closed = true;
    this.listeners.clear();
    this.db.close();
  }
}

export interface SqliteEventStore extends EventStore {
  checkpoint(): void;
  countEvents(range?: { readonly after?: Position; readonly until?: Position }): Promise<number>;
}

/**
 * `checkpoints: 'elsewhere'` leaves checkpointing to another connection that calls
 * `checkpoint()` (the embedded default does it from the projector's thread).
 */
export async function openSqliteEventStore(options: {
  path: string;
  checkpoints?: 'auto' | 'elsewhere';
}): Promise<SqliteEventStore> {
  return new SqliteEventStoreImpl(options.path, options.checkpoints ?? 'auto');
}
