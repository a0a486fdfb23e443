import type { EventMetadata } from '@plenty/contracts/events/envelope';
import { comparePositions } from '@plenty/contracts/positions';

/**
 * Where an append expects the stream to be:
 * 'no_stream' (create), 'any', or the exact revision of its last event (0-based).
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

/** An opaque, totally ordered global position; compare with `comparePositions`. */
export type Position = string;

/** Position before the first event: reading all from it returns everything. */
export const START: Position = '0';

export interface NewEvent {
  readonly id: string;
  readonly type: string;
  /** Stored data: personal fields are already encrypted. */
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  readonly streamId: string;
  /** 0-based index of the event in its stream. */
  readonly revision: number;
  readonly position: Position;
  /** ISO instant the store recorded it. */
  readonly recordedAt: string;
}

/** A recorded event without its data: where it is, what it is and who wrote it (`readStreamsWithoutData`). */
export type EventWithoutData = Omit<RecordedEvent, 'data'>;

export interface AppendResult {
  readonly streamId: string;
  /** Revision of the stream's last event after the append. */
  readonly revision: number;
  /** Position of the last event appended (or, for a deduplicated retry, of the original). */
  readonly position: Position;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive). Default 0. */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Return events strictly after this position. Default START. */
  readonly after?: Position;
  readonly maxCount: number;
}

export interface ReadUserEventsOptions {
  /** Only events whose `metadata.occurredAt` is strictly before this ISO instant. */
  readonly occurredBefore?: string;
  /** Only events strictly after this position (reading a long history page by page). Default START. */
  readonly after?: Position;
  /** At most this many events (the first ones in position order). Default: all. */
  readonly maxCount?: number;
}

/** One append of `EventStore.appendMany`. */
export interface BatchAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
}

/** How one append of `appendMany` ended; `appended` is false for a retry of events already stored. */
export type BatchAppendOutcome =
  | { readonly ok: true; readonly result: AppendResult; readonly appended: boolean }
  | { readonly ok: false; readonly error: Error };

export interface EventStore {
  /**
   * Appends atomically with an expected revision. Events whose ids are already stored in
   * this stream at the same place are a retry: nothing new is appended and the original
   * result is answered. Throws WrongExpectedRevisionError on a conflict.
   */
  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult>;
  /**
   * Many appends, each checked and atomic on its own as `appendToStream` (a refused one, such as
   * a WrongExpectedRevisionError, leaves the others be), written together: the embedded store
   * puts them in one transaction (the import of rows). One outcome per append, in order; it
   * rejects only when the store itself fails. Optional: a store without it is sent one
   * `appendToStream` per stream.
   */
  appendMany?(appends: readonly BatchAppend[]): Promise<BatchAppendOutcome[]>;
  /** Events of one stream in order; [] when the stream does not exist or was deleted. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * The events of each stream, as `readStream` gives them, in the order of `streamIds` (one list
   * per id given; [] for a stream that does not exist or was deleted; an id given twice gets the
   * same list twice). The embedded store reads them with one statement, seeing one commit
   * throughout (the recurring poster's page of rules). Optional: a store without it is read one
   * stream at a time (`readStreamsOf`).
   */
  readStreams?(streamIds: readonly string[]): Promise<RecordedEvent[][]>;
  /**
   * `readStreams` without the events' data: each stream's events in order with their ids, types,
   * metadata, revisions and positions, for a reader that needs only where a stream ends, who wrote
   * it and how it began (the recurring poster, when a rule's read-model document stands for its
   * stream). The embedded store leaves the data unread. Optional: a store without it is read with
   * `readStreams` and the data dropped (`readStreamsWithoutDataOf`).
   */
  readStreamsWithoutData?(streamIds: readonly string[]): Promise<EventWithoutData[][]>;
  /** Events of all streams in global order, strictly after `after`, at most `maxCount`. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the last stored event, START when empty. */
  headPosition(): Promise<Position>;
  /**
   * Calls `listener` (without arguments) after events were appended, so tailing readers
   * wake up instead of polling. Returns an unsubscribe function.
   */
  onAppended(listener: () => void): () => void;
  /** Removes a stream and its events (account erasure). */
  deleteStream(streamId: string): Promise<void>;
  /**
   * After deletions (account erasure): leaves no copy of the deleted events in the store's
   * files, such as a write-ahead log that still holds them. Optional: a store whose deleted
   * data leaves its disk by other means (EventStoreDB's scavenge) has none.
   */
  scrubDeleted?(): Promise<void>;
  /**
   * Every stream that holds an event of the user (metadata.userId), for account erasure.
   * Streams a user opens are found at once; a deleted stream is no longer listed. A store may
   * list, last, a stream of its own bookkeeping for the user: delete the streams in order.
   */
  streamIdsOfUser(userId: string): Promise<string[]>;
  /**
   * Every event of the user (metadata.userId), across all their streams, in global position
   * order: what a replay of the user's own history needs. Never an event of another user;
   * deleted streams are left out.
   */
  readUserEvents(userId: string, options?: ReadUserEventsOptions): Promise<RecordedEvent[]>;
  /**
   * How many events `readAll` gives after `after` (default: from the start) up to `until`
   * (inclusive; default: the head), for progress bars. Optional: stores that cannot count
   * cheaply leave it out.
   */
  countEvents?(range?: { readonly after?: Position; readonly until?: Position }): Promise<number>;
  close(): Promise<void>;
}

/** The events of each stream: `readStreams` where the store has it, else one `readStream` per stream. */
export function readStreamsOf(
  store: Pick<EventStore, 'readStream' | 'readStreams'>,
  streamIds: readonly string[],
): Promise<RecordedEvent[][]> {
  if (store.readStreams !== undefined) return store.readStreams(streamIds);
  return Promise.all(streamIds.map((streamId) => store.readStream(streamId)));
}

/** An event without its data, as `readStreamsWithoutData` gives it. */
export function withoutData(event: RecordedEvent): EventWithoutData {
  const { data: _data, ...rest } = event;
  return rest;
}

/** The events of each stream without their data: `readStreamsWithoutData` where the store has it, else `readStreamsOf`. */
export async function readStreamsWithoutDataOf(
  store: Pick<EventStore, 'readStream' | 'readStreams' | 'readStreamsWithoutData'>,
  streamIds: readonly string[],
): Promise<EventWithoutData[][]> {
  if (store.readStreamsWithoutData !== undefined) return store.readStreamsWithoutData(streamIds);
  const streams = await readStreamsOf(store, streamIds);
  return streams.map((events) => events.map(withoutData));
}

/**
 * The appends as `appendMany` answers them: with it where the store has it (one batch), else one
 * `appendToStream` each, all at once. An append a retry answered (its events stored before)
 * ends at or before the head read first, so it is not `appended`; a refused one (a wrong
 * expected revision, or any other failure) is an outcome of its own.
 */
export async function appendManyOf(
  store: Pick<EventStore, 'appendMany' | 'appendToStream' | 'headPosition'>,
  appends: readonly BatchAppend[],
): Promise<BatchAppendOutcome[]> {
  if (appends.length === 0) return [];
  if (store.appendMany !== undefined) return store.appendMany(appends);
  const head = await store.headPosition();
  return Promise.all(
    appends.map(async ({ streamId, events, expectedRevision }): Promise<BatchAppendOutcome> => {
      try {
        const result = await store.appendToStream(streamId, events, expectedRevision);
        return { ok: true, result, appended: comparePositions(result.position, head) > 0 };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
      }
    }),
  );
}

export { comparePositions, isPosition } from '@plenty/contracts/positions';
