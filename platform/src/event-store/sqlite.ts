import Database from 'better-sqlite3';
import {
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type BatchAppend,
  type BatchAppendOutcome,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type EventWithoutData,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ReadUserEventsOptions,
  type RecordedEvent,
} from './port.js';
import {
  SqliteEventWriter,
  fromWireError,
  serializedEvent,
  type AppendOutcome,
  type AppendRequest,
} from './sqlite-writer.js';
import { inlineWriter, threadWriter, type EventWriter } from './sqlite-writers.js';
import { startCheckpointThread, type CheckpointThread } from './sqlite-checkpointer.js';
import { openOrExplainDamage } from '../damaged-database.js';

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

interface PendingAppend extends Omit<AppendRequest, 'events'> {
  readonly events: readonly NewEvent[];
  /** `appended` is false for a retry of events already stored. */
  resolve(result: AppendResult, appended: boolean): void;
  reject(error: unknown): void;
}

/** A row read without its data column, as the event it holds without its data. */
function toRecordedWithoutData(row: Omit<EventRow, 'data'>): EventWithoutData {
  return {
    id: row.id,
    type: row.type,
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    streamId: row.stream_id,
    revision: row.revision,
    position: String(row.position),
    recordedAt: row.recorded_at,
  };
}

/** Every event read goes through here (a rebuild, the projector): one object, not a spread of the one above. */
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

/** The rows of several streams (ordered by stream and revision) as each asked stream's events, in the order asked. */
function byStreamAsked<R extends { readonly stream_id: string }, E>(
  streamIds: readonly string[],
  rows: readonly R[],
  toEvent: (row: R) => E,
): E[][] {
  const byStream = new Map<string, E[]>();
  for (const row of rows) {
    const events = byStream.get(row.stream_id);
    if (events === undefined) byStream.set(row.stream_id, [toEvent(row)]);
    else events.push(toEvent(row));
  }
  return streamIds.map((streamId) => byStream.get(streamId)?.slice() ?? []);
}

/**
 * The embedded event store. Appends that arrive while the writer is busy (or in the same turn
 * of the event loop) share one transaction and one fsync (group commit); each is still checked
 * on its own and answered only after the commit that holds it. Reads use a connection of their
 * own, which sees every commit answered.
 */
class SqliteEventStoreImpl implements SqliteEventStore {
  private readonly statements;
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  private flushing: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private closed = false;
  private fallbackCheckpoints: NodeJS.Timeout | null = null;
  private checkpointThreadLost: string | null = null;

  constructor(
    private readonly db: Database.Database,
    private readonly writer: EventWriter,
    private readonly checkpointThread: CheckpointThread | null = null,
  ) {
    this.statements = {
      readStream: this.db.prepare<[string, number, number], EventRow>(
        'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      // The index on (stream_id, revision) for each id, in that order: no sort.
      readStreams: this.db.prepare<[string], EventRow>(
        'SELECT * FROM events WHERE stream_id IN (SELECT value FROM json_each(?)) ORDER BY stream_id, revision',
      ),
      // The same, every column but the data: it is neither copied out of SQLite nor parsed.
      readStreamsWithoutData: this.db.prepare<[string], Omit<EventRow, 'data'>>(
        'SELECT position, id, stream_id, revision, type, metadata, recorded_at FROM events WHERE stream_id IN (SELECT value FROM json_each(?)) ORDER BY stream_id, revision',
      ),
      readAll: this.db.prepare<[number, number], EventRow>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      headPosition: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
      // A range of the primary key: counting a million events takes milliseconds.
      count: this.db.prepare<[number, number], { n: number }>(
        'SELECT count(*) AS n FROM events WHERE position > ? AND position <= ?',
      ),
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
      this.enqueue({ streamId, events, expected: expectedRevision, resolve, reject });
    });
  }

  /** Queued in one go, so they are written by the same transaction (unless the store fails). */
  async appendMany(appends: readonly BatchAppend[]): Promise<BatchAppendOutcome[]> {
    if (this.closed) throw new Error('event store is closed');
    let failure: unknown = null;
    const outcomes = await Promise.all(
      appends.map(
        ({ streamId, events, expectedRevision }) =>
          new Promise<BatchAppendOutcome>((resolve) => {
            if (events.length === 0) return resolve({ ok: false, error: new RangeError('nothing to append') });
            this.enqueue({
              streamId,
              events,
              expected: expectedRevision,
              resolve: (result, appended) => resolve({ ok: true, result, appended }),
              reject: (error) => {
                const known = error instanceof Error ? error : new Error(String(error));
                if (!(known instanceof WrongExpectedRevisionError)) failure ??= known;
                resolve({ ok: false, error: known });
              },
            });
          }),
      ),
    );
    if (failure !== null) throw failure;
    return outcomes;
  }

  private enqueue(pending: PendingAppend): void {
    this.queue.push(pending);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        void this.drain();
      });
    }
  }

  /** Writes what is queued, batch after batch, until nothing is; one drain runs at a time. */
  private drain(): Promise<void> {
    // Started only with something to write, so it is still running when it is recorded here.
    if (this.flushing === null && this.queue.length > 0) this.flushing = this.runDrain();
    return this.flushing ?? Promise.resolve();
  }

  private async runDrain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        await this.write(batch);
      }
    } finally {
      this.flushing = null;
    }
  }

  private async write(queued: readonly PendingAppend[]): Promise<void> {
    // Without the callbacks, the events as the text of their columns: the requests may cross
    // to the writer thread. An append whose data is not JSON is refused on its own.
    const batch: PendingAppend[] = [];
    const requests: AppendRequest[] = [];
    for (const pending of queued) {
      const { streamId, events, expected } = pending;
      try {
        requests.push({ streamId, events: events.map(serializedEvent), expected });
        batch.push(pending);
      } catch (error) {
        pending.reject(error);
      }
    }
    if (requests.length === 0) return;
    let outcomes: readonly AppendOutcome[];
    try {
      outcomes = await this.writer.append(requests);
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    let appended = false;
    batch.forEach((pending, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) return pending.reject(new Error('append lost'));
      if (!outcome.ok) return pending.reject(fromWireError(outcome.error));
      appended ||= outcome.appended;
      pending.resolve(outcome.result, outcome.appended);
    });
    if (appended) this.notify();
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

  /** One statement for all the streams: one read transaction (one look at the log) instead of one per stream. */
  async readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    if (streamIds.length === 0) return [];
    return byStreamAsked(streamIds, this.statements.readStreams.all(JSON.stringify(streamIds)), toRecorded);
  }

  async readStreamsWithoutData(streamIds: readonly string[]): Promise<EventWithoutData[][]> {
    if (streamIds.length === 0) return [];
    const rows = this.statements.readStreamsWithoutData.all(JSON.stringify(streamIds));
    return byStreamAsked(streamIds, rows, toRecordedWithoutData);
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
    await this.writer.deleteStream(streamId);
  }

  /**
   * Deleted rows are overwritten in the database's pages as they are deleted (secure_delete);
   * this copies the log into the file and truncates it, so no earlier copy of those pages
   * stays in `events.db-wal`. The writer's connection does it, between two batches.
   */
  async scrubDeleted(): Promise<void> {
    await this.writer.scrubDeleted();
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
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    let after = options.after === undefined ? 0 : Number(options.after);
    for (;;) {
      const page = Math.min(USER_EVENTS_PAGE, maxCount - events.length);
      if (page <= 0) return events;
      const rows = this.statements.userEvents.all(after, userId, before, page);
      for (const row of rows) events.push(toRecorded(row));
      const last = rows.at(-1);
      if (last === undefined || rows.length < page) return events;
      after = last.position;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Copies the write-ahead log into the database without blocking readers or the writer. */
  checkpoint(): void {
    if (!this.closed) this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  /**
   * The checkpoint thread ended on its own: said once, then this connection checkpoints on the
   * thread's schedule (PASSIVE, every second, between requests), so the log does not grow.
   */
  checkpointThreadEnded(reason: string, intervalMs = 1000): void {
    if (this.closed || this.checkpointThreadLost !== null) return;
    this.checkpointThreadLost = reason;
    process.stderr.write(
      `The event log's checkpoint thread stopped (${reason}); the log is checkpointed from the main connection every ${intervalMs} ms instead.\n`,
    );
    this.fallbackCheckpoints = setInterval(() => {
      try {
        this.checkpoint();
      } catch {
        // A busy moment: the next one copies what this one could not.
      }
    }, intervalMs);
    this.fallbackCheckpoints.unref();
  }

  checkpointStatus(): CheckpointStatus {
    if (this.checkpointThread === null) return { by: 'connection' };
    if (this.checkpointThreadLost === null) return { by: 'thread' };
    return { by: 'main-connection', threadEnded: this.checkpointThreadLost };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // What was acknowledged stays; what is queued is still written and answered.
    this.closed = true;
    await this.drain();
    this.listeners.clear();
    if (this.fallbackCheckpoints !== null) clearInterval(this.fallbackCheckpoints);
    await this.checkpointThread?.stop();
    await this.writer.close();
    this.db.close();
  }
}

/**
 * Who checkpoints the event log: its own connections (`auto`/`elsewhere`), the checkpoint thread,
 * or, once that thread has ended on its own, the store's main connection in its place.
 */
export type CheckpointStatus =
  | { readonly by: 'connection' }
  | { readonly by: 'thread' }
  | { readonly by: 'main-connection'; readonly threadEnded: string };

export interface SqliteEventStore extends EventStore {
  checkpoint(): void;
  checkpointStatus(): CheckpointStatus;
  scrubDeleted(): Promise<void>;
  countEvents(range?: { readonly after?: Position; readonly until?: Position }): Promise<number>;
  /** The appends in one transaction (with whatever else is queued), each checked on its own. */
  appendMany(appends: readonly BatchAppend[]): Promise<BatchAppendOutcome[]>;
}

/**
 * `checkpoints: 'elsewhere'` leaves checkpointing to another connection that calls
 * `checkpoint()`; `'thread'` checkpoints every second from a thread of its own (the embedded
 * default), so that neither the writer's commits nor the projector's batches wait for it; if
 * that thread ends on its own, it is said once and the main connection checkpoints instead.
 * `writer: 'thread'` writes from a thread of its own (it needs the built code), so that the
 * requests' thread does not wait for each commit's fsync.
 */
export async function openSqliteEventStore(options: {
  path: string;
  checkpoints?: 'auto' | 'elsewhere' | 'thread';
  /** How often the checkpoint thread (or, once it has ended, the main connection) checkpoints; 1 s. */
  checkpointIntervalMs?: number;
  /** The checkpoint thread's module (tests start one that fails). */
  checkpointThreadModule?: URL;
  writer?: 'inline' | 'thread';
}): Promise<SqliteEventStore> {
  // The events cannot be rebuilt from anything: a damaged file stops the opening with one
  // sentence naming it, and is left as it is.
  return openOrExplainDamage(options.path, () => open(options));
}

async function open(options: {
  path: string;
  checkpoints?: 'auto' | 'elsewhere' | 'thread';
  checkpointIntervalMs?: number;
  checkpointThreadModule?: URL;
  writer?: 'inline' | 'thread';
}): Promise<SqliteEventStore> {
  const checkpoints = options.checkpoints ?? 'auto';
  const writerCheckpoints = checkpoints === 'auto' ? 'auto' : 'elsewhere';
  if ((options.writer === 'thread' || checkpoints === 'thread') && options.path === ':memory:') {
    throw new RangeError('a writer or checkpoint thread needs a database file, not :memory:');
  }
  // The writer first: it creates the file and its table, which the other connections need.
  let writer: EventWriter;
  let db: Database.Database;
  if (options.writer !== 'thread') {
    const inline = new SqliteEventWriter(options.path, writerCheckpoints);
    writer = inlineWriter(inline);
    db = inline.connection;
  } else {
    writer = await threadWriter(options.path, writerCheckpoints);
    try {
      db = new Database(options.path);
      db.pragma('busy_timeout = 5000');
      // Only the writer's connection checkpoints (or another thread's, see `checkpoint`).
      db.pragma('wal_autocheckpoint = 0');
    } catch (error) {
      await writer.close();
      throw error;
    }
  }
  if (checkpoints !== 'thread') return new SqliteEventStoreImpl(db, writer);
  try {
    let store: SqliteEventStoreImpl | null = null;
    const thread = await startCheckpointThread(options.path, {
      intervalMs: options.checkpointIntervalMs ?? 1000,
      ...(options.checkpointThreadModule === undefined ? {} : { module: options.checkpointThreadModule }),
      onLost: (reason) => store?.checkpointThreadEnded(reason, options.checkpointIntervalMs),
    });
    store = new SqliteEventStoreImpl(db, writer, thread);
    if (thread.lost !== null) store.checkpointThreadEnded(thread.lost, options.checkpointIntervalMs);
    return store;
  } catch (error) {
    await writer.close();
    if (db.open) db.close();
    throw error;
  }
}
