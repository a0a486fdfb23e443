import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START as ESDB_START,
  StreamDeletedError,
  WrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendResult as EsdbAppendResult,
  type JSONEventType,
  type Position as EsdbPosition,
  type ReadPosition,
} from '@eventstore/db-client';
import { uuidV5 } from '@plenty/contracts/ids';
import { EsdbDeletions } from './esdb-deletions.js';
import { EsdbLiveAppends } from './esdb-live.js';
import {
  DELETED_STREAMS_STREAM,
  DELETION_MARKER_NAMESPACE,
  HEAD_PAGE_SIZE,
  STREAM_DELETED_EVENT_TYPE,
  USER_STREAMS_PREFIX,
  formatEsdbPosition,
  fromEsdbCurrentRevision,
  isNotFound,
  parseEsdbPosition,
  readAllPage,
  toEsdbExpectedRevision,
  toEventData,
  toRecordedEvent,
  type EsdbClient,
  type OpenEsdbEventStoreOptions,
} from './esdb-mapping.js';
import { readUserEvents, streamIdsOfUser, streamOpenedEvent } from './esdb-user-index.js';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  withoutData,
  type AppendResult,
  type EventStore,
  type EventWithoutData,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ReadUserEventsOptions,
  type RecordedEvent,
} from './port.js';

/*
 * The EventStoreDB / KurrentDB adapter of the event store port. Its names and the pure
 * mappings are in esdb-mapping.ts, the deleted streams in esdb-deletions.ts, the live wake-ups
 * in esdb-live.ts and each user's index of streams in esdb-user-index.ts.
 */

class EsdbEventStore implements EventStore {
  private readonly deletions: EsdbDeletions;
  private readonly live: EsdbLiveAppends;
  private closed = false;

  constructor(
    private readonly client: EsdbClient,
    private readonly ownsClient: boolean,
  ) {
    this.deletions = new EsdbDeletions(client);
    this.live = new EsdbLiveAppends(client, this.deletions);
  }

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
      await this.client.appendToStream(`${USER_STREAMS_PREFIX}${userId}`, [streamOpenedEvent(streamId, userId)], {
        expectedRevision: ANY,
      });
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
    this.live.notify();
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
    if (this.deletions.has(streamId)) return [];
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

  /** EventStoreDB reads one stream per call: the streams are read side by side. */
  async readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    this.assertOpen();
    return Promise.all(streamIds.map((streamId) => this.readStream(streamId)));
  }

  /** EventStoreDB sends each event whole: the streams are read as `readStreams` reads them and the data dropped. */
  async readStreamsWithoutData(streamIds: readonly string[]): Promise<EventWithoutData[][]> {
    const streams = await this.readStreams(streamIds);
    return streams.map((events) => events.map(withoutData));
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
    [, page] = await Promise.all([this.deletions.refresh(), readAllPage(this.client, from, pageSize, FORWARDS)]);
    for (;;) {
      let last: EsdbPosition | null = null;
      for (const resolved of page) {
        const event = resolved.event;
        if (event === undefined) continue;
        last = event.position;
        if (skipThrough !== null && comparePositions(formatEsdbPosition(event.position), skipThrough) <= 0) continue;
        if (!this.deletions.isVisible(event)) continue;
        found.push(toRecordedEvent(event));
        if (found.length === maxCount) return found;
      }
      if (page.length < pageSize || last === null) return found;
      const next = formatEsdbPosition(last);
      if (skipThrough !== null && comparePositions(next, skipThrough) <= 0) return found;
      skipThrough = next;
      from = last;
      page = await readAllPage(this.client, from, pageSize, FORWARDS);
    }
  }

  async headPosition(): Promise<Position> {
    this.assertOpen();
    await this.deletions.refresh();
    let from: ReadPosition = END;
    // Reads backwards from a position may include the event at it: anything at or after the
    // last position already looked at is skipped.
    let seenFrom: Position | null = null;
    for (;;) {
      const page = await readAllPage(this.client, from, HEAD_PAGE_SIZE, BACKWARDS);
      let last: EsdbPosition | null = null;
      for (const resolved of page) {
        const event = resolved.event;
        if (event === undefined) continue;
        last = event.position;
        const position = formatEsdbPosition(event.position);
        if (seenFrom !== null && comparePositions(position, seenFrom) >= 0) continue;
        if (this.deletions.isVisible(event)) return position;
      }
      if (page.length < HEAD_PAGE_SIZE || last === null) return START;
      const next = formatEsdbPosition(last);
      if (seenFrom !== null && comparePositions(next, seenFrom) >= 0) return START;
      seenFrom = next;
      from = last;
    }
  }

  /** Loads the deleted set before the store is handed out. */
  async load(): Promise<void> {
    await this.deletions.refresh();
  }

  onAppended(listener: () => void): () => void {
    if (this.closed) return () => undefined;
    return this.live.onAppended(listener);
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
    this.deletions.add(streamId);
    try {
      await this.client.tombstoneStream(streamId, { expectedRevision: ANY });
    } catch (error) {
      if (!(error instanceof StreamDeletedError)) throw error;
    }
  }

  async streamIdsOfUser(userId: string): Promise<string[]> {
    this.assertOpen();
    return streamIdsOfUser((streamId, options) => this.readStream(streamId, options), this.deletions, userId);
  }

  async readUserEvents(userId: string, options: ReadUserEventsOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return readUserEvents((streamId, options) => this.readStream(streamId, options), this.deletions, userId, options);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.live.close();
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
