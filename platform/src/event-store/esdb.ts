import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendResult as EsdbAppendResult,
  type AppendToStreamOptions,
  type CurrentRevision,
  type DeleteResult,
  type EventData,
  type ExpectedRevision as EsdbExpectedRevision,
  type JSONEventType,
  type Position as EsdbPosition,
  type ReadAllOptions as EsdbReadAllOptions,
  type ReadPosition,
  type ReadStreamOptions as EsdbReadStreamOptions,
  type RecordedEvent as EsdbRecordedEvent,
  type ResolvedEvent,
  type SubscribeToAllOptions,
  type TombstoneStreamOptions,
} from '@eventstore/db-client';
import { uuidV5 } from '@plenty/contracts/ids';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
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

/** The bookkeeping stream that records every deleted stream, so reads of all forget them. */
export const DELETED_STREAMS_STREAM = 'plenty-deleted-streams';
/** Type of the marker event appended to DELETED_STREAMS_STREAM by deleteStream. */
export const STREAM_DELETED_EVENT_TYPE = 'StreamDeleted';

/** Namespace of the deterministic ids of deletion markers (one id per deleted stream). */
const DELETION_MARKER_NAMESPACE = 'a3c59f1e-4b0d-4e8a-9f26-7d1c3e5b8a40';

/** Prefix of the per-user index streams that list the streams a user opened (for erasure). */
export const USER_STREAMS_PREFIX = 'plenty-user-streams-';
/** Type of the index events in a user's index stream. */
export const STREAM_OPENED_EVENT_TYPE = 'StreamOpened';
const STREAM_OPENED_NAMESPACE = '6f1d2c9a-3e57-4b8e-a0d4-92c1b7e5f318';

/** Events read from $all per round trip when a page has to be scanned past filtered events. */
const HEAD_PAGE_SIZE = 32;
/** Streams read at once when a user's history is gathered from their streams. */
const USER_STREAM_READS_AT_ONCE = 16;
/** Delay before a dropped live subscription is opened again. */
const RESUBSCRIBE_DELAY_MS = 1_000;

/** The part of a catch-up subscription the adapter uses. */
export interface EsdbSubscription {
  on(event: 'data', listener: (event: AllStreamResolvedEvent) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'confirmation' | 'end' | 'close', listener: () => void): unknown;
  unsubscribe(): Promise<void>;
}

/**
 * The part of EventStoreDBClient the adapter uses, with the client's own option and result
 * types; an EventStoreDBClient is one. Tests pass a hand-made object.
 */
export interface EsdbClient {
  appendToStream(streamName: string, events: EventData[], options: AppendToStreamOptions): Promise<EsdbAppendResult>;
  readStream(streamName: string, options: EsdbReadStreamOptions): AsyncIterable<ResolvedEvent>;
  readAll(options: EsdbReadAllOptions): AsyncIterable<AllStreamResolvedEvent>;
  subscribeToAll(options: SubscribeToAllOptions): EsdbSubscription;
  tombstoneStream(streamName: string, options: TombstoneStreamOptions): Promise<DeleteResult>;
  dispose(): Promise<void>;
}

export type OpenEsdbEventStoreOptions =
  /** The adapter creates the client and disposes of it on close. */
  | { readonly connectionString: string }
  /** A client owned by the caller: close() leaves it open. */
  | { readonly client: EsdbClient };

// ---------------------------------------------------------------------------------------------
// Pure mappings between the port and the client
// ---------------------------------------------------------------------------------------------

/** The port's position (`commit/prepare`, decimal) of an EventStoreDB position. */
export function formatEsdbPosition(position: EsdbPosition): Position {
  return `${position.commit.toString(10)}/${position.prepare.toString(10)}`;
}

/**
 * Where a read of $all starts for a port position: START is the start of the log; a bare
 * decimal n (as comparePositions reads it) is n/0.
 */
export function parseEsdbPosition(position: Position): ReadPosition {
  const match = /^(\d{1,20})(?:\/(\d{1,20}))?$/.exec(position);
  if (match === null) throw new RangeError(`not an EventStoreDB position: ${position}`);
  const commit = BigInt(match[1] ?? '0');
  const prepare = BigInt(match[2] ?? '0');
  if (commit === 0n && prepare === 0n) return ESDB_START;
  return { commit, prepare };
}

export function toEsdbExpectedRevision(expected: ExpectedRevision): EsdbExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new RangeError(`expected revision must be 'no_stream', 'any' or a revision >= 0, not ${expected}`);
  }
  return BigInt(expected);
}

export function fromEsdbCurrentRevision(current: CurrentRevision): number | 'no_stream' {
  return current === NO_STREAM ? 'no_stream' : Number(current);
}

/** System events ($-prefixed types, as excludeSystemEvents filters them) and $-streams. */
export function isSystemEvent(event: { readonly type: string; readonly streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function decodeJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return JSON.parse(Buffer.from(value).toString('utf8'));
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Position of a recorded event, from the event or, for older servers, the commit position. */
function positionOf(event: EsdbRecordedEvent, commitPosition: bigint | undefined): Position {
  if (event.position !== undefined) return formatEsdbPosition(event.position);
  if (commitPosition !== undefined) return formatEsdbPosition({ commit: commitPosition, prepare: commitPosition });
  throw new Error(`EventStoreDB reported no position for event ${event.id} (server 22.6 or later needed)`);
}

/** The port's view of an event the client read. */
export function toRecordedEvent(event: EsdbRecordedEvent, commitPosition?: bigint): RecordedEvent {
  const data = decodeJson(event.data);
  const metadata = decodeJson(event.metadata);
  if (!isRecord(data)) throw new Error(`event ${event.id} in ${event.streamId}: data is not a JSON object`);
  if (!isRecord(metadata)) throw new Error(`event ${event.id} in ${event.streamId}: metadata is not a JSON object`);
  return {
    id: event.id,
    type: event.type,
    data,
    metadata: metadata as unknown as RecordedEvent['metadata'],
    streamId: event.streamId,
    revision: Number(event.revision),
    position: positionOf(event, commitPosition),
    recordedAt: event.created.toISOString(),
  };
}

/** The stream a deletion marker names, or null when the event is no marker. */
export function deletedStreamOf(event: { readonly streamId: string; readonly type: string; readonly data: unknown }) {
  if (event.streamId !== DELETED_STREAMS_STREAM || event.type !== STREAM_DELETED_EVENT_TYPE) return null;
  const data = decodeJson(event.data);
  return isRecord(data) && typeof data.streamId === 'string' ? data.streamId : null;
}

function toEventData(event: NewEvent): EventData {
  return jsonEvent<JSONEventType>({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: { ...event.metadata },
  });
}

function isNotFound(error: unknown): boolean {
  return error instanceof StreamNotFoundError || error instanceof StreamDeletedError;
}

// ---------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------

class EsdbEventStore implements EventStore {
  private readonly listeners = new Set<() => void>();
  private subscription: EsdbSubscription | null = null;
  private resubscribeTimer: NodeJS.Timeout | null = null;
  /** Streams deleted so far, from the bookkeeping stream and markers met in $all. */
  private readonly deleted = new Set<string>();
  /** Next revision of the bookkeeping stream to read. */
  private deletionsRead = 0;
  private refreshing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly client: EsdbClient,
    private readonly ownsClient: boolean,
  ) {}

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    this.assertOpen();
    if (events.length === 0) throw new RangeError('nothing to append');
    const expected = toEsdbExpectedRevision(expectedRevision);
    const userId = events[0]?.metadata.userId;
    if (expectedRevision === 'no_stream' && userId !== undefined) {
      // Indexed before the stream exists, so no stream of a user can escape erasure; an index
      // entry whose append then fails names a stream that does not exist, which is harmless.
      const opened = jsonEvent<JSONEventType>({
        id: uuidV5(streamId, STREAM_OPENED_NAMESPACE),
        type: STREAM_OPENED_EVENT_TYPE,
        data: { streamId },
        metadata: { userId },
      });
      await this.client.appendToStream(`${USER_STREAMS_PREFIX}${userId}`, [opened], { expectedRevision: ANY });
    }
    let result: EsdbAppendResult;
    try {
      result = await this.client.appendToStream(streamId, events.map(toEventData), { expectedRevision: expected });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const original = await this.originalAppend(streamId, events, expectedRevision);
      if (original !== null) return original;
      throw new WrongExpectedRevisionError(streamId, expectedRevision, fromEsdbCurrentRevision(error.actualVersion));
    }
    if (!result.success) {
      // A client configured with throwOnAppendFailure: false answers a conflict this way.
      const original = await this.originalAppend(streamId, events, expectedRevision);
      if (original !== null) return original;
      const current = result.nextExpectedRevision < 0n ? 'no_stream' : Number(result.nextExpectedRevision);
      throw new WrongExpectedRevisionError(streamId, expectedRevision, current);
    }
    let appended: AppendResult;
    if (result.position !== undefined) {
      appended = {
        streamId,
        revision: Number(result.nextExpectedRevision),
        position: formatEsdbPosition(result.position),
      };
    } else {
      // Servers that deduplicate a retried append without reporting where the original is.
      const original = await this.originalAppend(streamId, events, expectedRevision, result.nextExpectedRevision);
      if (original === null) throw new Error(`stream ${streamId}: append acknowledged without a position`);
      appended = original;
    }
    this.notify();
    return appended;
  }

  /**
   * The result of the original append when these exact events are already stored at the
   * place the append expected (or, for 'any', ending at `lastRevision`); null otherwise.
   */
  private async originalAppend(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    lastRevision?: bigint,
  ): Promise<AppendResult | null> {
    let from: number;
    if (expected === 'no_stream') from = 0;
    else if (expected === 'any') {
      if (lastRevision === undefined) return null;
      from = Number(lastRevision) - events.length + 1;
      if (from < 0) return null;
    } else from = expected + 1;
    const stored = await this.readStream(streamId, { fromRevision: from, maxCount: events.length });
    const matches =
      stored.length === events.length &&
      stored.every((event, index) => event.id.toLowerCase() === events[index]?.id.toLowerCase());
    const last = stored.at(-1);
    if (!matches || last === undefined) return null;
    return { streamId, revision: last.revision, position: last.position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (this.deleted.has(streamId)) return [];
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    if (maxCount <= 0) return [];
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: BigInt(options.fromRevision ?? 0),
        maxCount,
        direction: FORWARDS,
        resolveLinkTos: false,
      })) {
        if (resolved.event !== undefined) events.push(toRecordedEvent(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    this.assertOpen();
    const { maxCount } = options;
    if (maxCount <= 0) return [];
    const after = options.after ?? START;
    // A read of $all from a position includes the event at that position: it comes back first
    // and is skipped, as is everything the filters drop, until maxCount events or the end.
    let skipThrough: Position | null = comparePositions(after, START) === 0 ? null : after;
    let from: ReadPosition = skipThrough === null ? ESDB_START : parseEsdbPosition(skipThrough);
    const pageSize = maxCount + 1;
    const found: RecordedEvent[] = [];
    let page: AllStreamResolvedEvent[];
    [, page] = await Promise.all([this.refreshDeletions(), this.readAllPage(from, pageSize, FORWARDS)]);
    for (;;) {
      let last: EsdbPosition | null = null;
      for (const resolved of page) {
        const event = resolved.event;
        if (event === undefined) continue;
        last = event.position;
        if (skipThrough !== null && comparePositions(formatEsdbPosition(event.position), skipThrough) <= 0) continue;
        if (!this.isVisible(event)) continue;
        found.push(toRecordedEvent(event));
        if (found.length === maxCount) return found;
      }
      if (page.length < pageSize || last === null) return found;
      const next = formatEsdbPosition(last);
      if (skipThrough !== null && comparePositions(next, skipThrough) <= 0) return found;
      skipThrough = next;
      from = last;
      page = await this.readAllPage(from, pageSize, FORWARDS);
    }
  }

  async headPosition(): Promise<Position> {
    this.assertOpen();
    await this.refreshDeletions();
    let from: ReadPosition = END;
    // Reads backwards from a position may include the event at it: anything at or after the
    // last position already looked at is skipped.
    let seenFrom: Position | null = null;
    for (;;) {
      const page = await this.readAllPage(from, HEAD_PAGE_SIZE, BACKWARDS);
      let last: EsdbPosition | null = null;
      for (const resolved of page) {
        const event = resolved.event;
        if (event === undefined) continue;
        last = event.position;
        const position = formatEsdbPosition(event.position);
        if (seenFrom !== null && comparePositions(position, seenFrom) >= 0) continue;
        if (this.isVisible(event)) return position;
      }
      if (page.length < HEAD_PAGE_SIZE || last === null) return START;
      const next = formatEsdbPosition(last);
      if (seenFrom !== null && comparePositions(next, seenFrom) >= 0) return START;
      seenFrom = next;
      from = last;
    }
  }

  private async readAllPage(
    fromPosition: ReadPosition,
    maxCount: number,
    direction: typeof FORWARDS | typeof BACKWARDS,
  ): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    for await (const resolved of this.client.readAll({ fromPosition, maxCount, direction, resolveLinkTos: false })) {
      page.push(resolved);
    }
    return page;
  }

  /**
   * Whether a read of all returns this event: not a system event, not a deletion marker (a
   * marker met here also teaches this process of the deletion), not in a deleted stream.
   */
  private isVisible(event: { readonly streamId: string; readonly type: string; readonly data: unknown }): boolean {
    if (isSystemEvent(event) || event.streamId.startsWith(USER_STREAMS_PREFIX)) return false;
    if (event.streamId === DELETED_STREAMS_STREAM) {
      const deleted = deletedStreamOf(event);
      if (deleted !== null) this.deleted.add(deleted);
      return false;
    }
    return !this.deleted.has(event.streamId);
  }

  /** Reads the markers appended since the last look (by any process) into the deleted set. */
  private refreshDeletions(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        for await (const resolved of this.client.readStream(DELETED_STREAMS_STREAM, {
          fromRevision: BigInt(this.deletionsRead),
          direction: FORWARDS,
          resolveLinkTos: false,
        })) {
          const event = resolved.event;
          if (event === undefined) continue;
          const deleted = deletedStreamOf(event);
          if (deleted !== null) this.deleted.add(deleted);
          this.deletionsRead = Math.max(this.deletionsRead, Number(event.revision) + 1);
        }
      } catch (error) {
        if (!isNotFound(error)) throw error;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** Loads the deleted set before the store is handed out. */
  async load(): Promise<void> {
    await this.refreshDeletions();
  }

  onAppended(listener: () => void): () => void {
    if (this.closed) return () => undefined;
    this.listeners.add(listener);
    if (this.subscription === null && this.resubscribeTimer === null) this.subscribe();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.stopSubscription();
    };
  }

  /** A live subscription to $all from its end, so appends by other processes wake listeners too. */
  private subscribe(): void {
    let subscription: EsdbSubscription;
    try {
      subscription = this.client.subscribeToAll({
        fromPosition: END,
        filter: excludeSystemEvents(),
        resolveLinkTos: false,
      });
    } catch {
      this.scheduleResubscribe();
      return;
    }
    this.subscription = subscription;
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (this.subscription !== subscription) return;
      this.subscription = null;
      this.scheduleResubscribe();
    };
    subscription.on('data', (resolved) => {
      const event = resolved.event;
      if (event === undefined) return;
      if (event.streamId === DELETED_STREAMS_STREAM) {
        const deleted = deletedStreamOf(event);
        if (deleted !== null) this.deleted.add(deleted);
        return;
      }
      if (!isSystemEvent(event)) this.notify();
    });
    // Appends made while the subscription was being set up may have been missed: wake once.
    subscription.on('confirmation', () => this.notify());
    subscription.on('error', drop);
    subscription.on('end', drop);
    subscription.on('close', drop);
  }

  private scheduleResubscribe(): void {
    if (this.closed || this.listeners.size === 0 || this.resubscribeTimer !== null) return;
    this.resubscribeTimer = setTimeout(() => {
      this.resubscribeTimer = null;
      if (!this.closed && this.listeners.size > 0 && this.subscription === null) this.subscribe();
    }, RESUBSCRIBE_DELAY_MS);
    this.resubscribeTimer.unref();
  }

  private async stopSubscription(): Promise<void> {
    if (this.resubscribeTimer !== null) {
      clearTimeout(this.resubscribeTimer);
      this.resubscribeTimer = null;
    }
    const subscription = this.subscription;
    this.subscription = null;
    if (subscription === null) return;
    try {
      await subscription.unsubscribe();
    } catch {
      // The subscription is gone either way.
    }
  }

  private notify(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A failing listener must not affect the writers or the other listeners.
      }
    }
  }

  /**
   * Tombstones the stream (it can never be written again) after recording the deletion in
   * the bookkeeping stream, which reads of all consult: EventStoreDB keeps a deleted stream's
   * events in $all until a scavenge removes them from disk.
   */
  async deleteStream(streamId: string): Promise<void> {
    this.assertOpen();
    if (streamId === DELETED_STREAMS_STREAM) throw new RangeError(`${streamId} cannot be deleted`);
    const marker = jsonEvent<JSONEventType>({
      id: uuidV5(streamId, DELETION_MARKER_NAMESPACE),
      type: STREAM_DELETED_EVENT_TYPE,
      data: { streamId },
    });
    await this.client.appendToStream(DELETED_STREAMS_STREAM, [marker], { expectedRevision: ANY });
    this.deleted.add(streamId);
    try {
      await this.client.tombstoneStream(streamId, { expectedRevision: ANY });
    } catch (error) {
      if (!(error instanceof StreamDeletedError)) throw error;
    }
  }

  /**
   * Streams are created with `no_stream` (commands create them so), and each creation is
   * first recorded in the user's index stream, which this reads. Streams a user only ever
   * appended to with another expectation are not listed.
   */
  async streamIdsOfUser(userId: string): Promise<string[]> {
    const { index, streams } = await this.indexedStreamsOf(userId);
    const listed: string[] = [];
    for (const streamId of streams) {
      // An index entry whose stream append failed names a stream that never existed.
      if ((await this.readStream(streamId, { maxCount: 1 })).length > 0) listed.push(streamId);
    }
    // The index itself goes last, so an erasure that stops half-way still finds the rest.
    if (index.length > 0) listed.push(`${USER_STREAMS_PREFIX}${userId}`);
    return listed;
  }

  /** The user's index stream and the streams it names that are not deleted, sorted. */
  private async indexedStreamsOf(userId: string): Promise<{ index: RecordedEvent[]; streams: string[] }> {
    this.assertOpen();
    await this.refreshDeletions();
    const index = await this.readStream(`${USER_STREAMS_PREFIX}${userId}`);
    const streams = new Set<string>();
    for (const event of index) {
      const named = event.type === STREAM_OPENED_EVENT_TYPE ? event.data.streamId : undefined;
      if (typeof named === 'string' && !this.deleted.has(named)) streams.add(named);
    }
    return { index, streams: [...streams].sort() };
  }

  /**
   * Reads every stream the user's index names (a few at a time) and merges their events by
   * position. Only events whose metadata names the user are kept, whatever the stream.
   */
  async readUserEvents(userId: string, options: ReadUserEventsOptions = {}): Promise<RecordedEvent[]> {
    const { streams } = await this.indexedStreamsOf(userId);
    const before = options.occurredBefore === undefined ? null : Date.parse(options.occurredBefore);
    const events: RecordedEvent[] = [];
    for (let start = 0; start < streams.length; start += USER_STREAM_READS_AT_ONCE) {
      const read = await Promise.all(
        streams.slice(start, start + USER_STREAM_READS_AT_ONCE).map((streamId) => this.readStream(streamId)),
      );
      for (const event of read.flat()) {
        if (event.metadata.userId !== userId) continue;
        if (before !== null && !(Date.parse(event.metadata.occurredAt) < before)) continue;
        events.push(event);
      }
    }
    return events.sort((a, b) => comparePositions(a.position, b.position));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    await this.stopSubscription();
    if (this.ownsClient) await this.client.dispose();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('event store is closed');
  }
}

/**
 * The EventStoreDB / KurrentDB event store. With a connection string (e.g.
 * `esdb://localhost:2113?tls=false`) the adapter owns the client and disposes of it on close.
 */
export async function openEsdbEventStore(options: OpenEsdbEventStoreOptions): Promise<EventStore> {
  const owns = 'connectionString' in options;
  const client: EsdbClient = owns ? EventStoreDBClient.connectionString(options.connectionString) : options.client;
  const store = new EsdbEventStore(client, owns);
  try {
    await store.load();
  } catch (error) {
    if (owns) await client.dispose();
    throw error;
  }
  return store;
}
