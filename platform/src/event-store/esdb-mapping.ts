import type { BACKWARDS, FORWARDS } from '@eventstore/db-client';
import {
  ANY,
  NO_STREAM,
  START as ESDB_START,
  StreamDeletedError,
  StreamNotFoundError,
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
import type { ExpectedRevision, NewEvent, Position, RecordedEvent } from './port.js';

/*
 * The EventStoreDB adapter's names (bookkeeping streams and event types), the part of the
 * client it uses, and the pure mappings between the port and the client.
 */

/** The bookkeeping stream that records every deleted stream, so reads of all forget them. */
export const DELETED_STREAMS_STREAM = 'plenty-deleted-streams';
/** Type of the marker event appended to DELETED_STREAMS_STREAM by deleteStream. */
export const STREAM_DELETED_EVENT_TYPE = 'StreamDeleted';

/** Namespace of the deterministic ids of deletion markers (one id per deleted stream). */
export const DELETION_MARKER_NAMESPACE = 'a3c59f1e-4b0d-4e8a-9f26-7d1c3e5b8a40';

/** Prefix of the per-user index streams that list the streams a user opened (for erasure). */
export const USER_STREAMS_PREFIX = 'plenty-user-streams-';
/** Type of the index events in a user's index stream. */
export const STREAM_OPENED_EVENT_TYPE = 'StreamOpened';
export const STREAM_OPENED_NAMESPACE = '6f1d2c9a-3e57-4b8e-a0d4-92c1b7e5f318';

/** Events read from $all per round trip when a page has to be scanned past filtered events. */
export const HEAD_PAGE_SIZE = 32;
/** Streams read at once when a user's history is gathered from their streams. */
export const USER_STREAM_READS_AT_ONCE = 16;
/** Delay before a dropped live subscription is opened again. */
export const RESUBSCRIBE_DELAY_MS = 1_000;

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

export function toEventData(event: NewEvent): EventData {
  return jsonEvent<JSONEventType>({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: { ...event.metadata },
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof StreamNotFoundError || error instanceof StreamDeletedError;
}

/** One page of $all from a position, in a direction. */
export async function readAllPage(
  client: Pick<EsdbClient, 'readAll'>,
  fromPosition: ReadPosition,
  maxCount: number,
  direction: typeof FORWARDS | typeof BACKWARDS,
): Promise<AllStreamResolvedEvent[]> {
  const page: AllStreamResolvedEvent[] = [];
  for await (const resolved of client.readAll({ fromPosition, maxCount, direction, resolveLinkTos: false })) {
    page.push(resolved);
  }
  return page;
}
