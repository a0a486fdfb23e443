import { jsonEvent, type EventData, type JSONEventType } from '@eventstore/db-client';
import { uuidV5 } from '@plenty/contracts/ids';
import type { EsdbDeletions } from './esdb-deletions.js';
import {
  STREAM_OPENED_EVENT_TYPE,
  STREAM_OPENED_NAMESPACE,
  USER_STREAMS_PREFIX,
  USER_STREAM_READS_AT_ONCE,
} from './esdb-mapping.js';
import { comparePositions, type ReadStreamOptions, type ReadUserEventsOptions, type RecordedEvent } from './port.js';

/*
 * Each user's index stream (`plenty-user-streams-<userId>`) lists the streams they opened, so
 * erasure and a user's history find them without a scan of all events.
 */

type ReadStream = (streamId: string, options?: ReadStreamOptions) => Promise<RecordedEvent[]>;

/** The index entry appended before a stream of the user is created (one id per stream, so retries add nothing). */
export function streamOpenedEvent(streamId: string, userId: string): EventData {
  return jsonEvent<JSONEventType>({
    id: uuidV5(streamId, STREAM_OPENED_NAMESPACE),
    type: STREAM_OPENED_EVENT_TYPE,
    data: { streamId },
    metadata: { userId },
  });
}

/** The user's index stream and the streams it names that are not deleted, sorted. */
async function indexedStreamsOf(
  readStream: ReadStream,
  deletions: EsdbDeletions,
  userId: string,
): Promise<{ index: RecordedEvent[]; streams: string[] }> {
  await deletions.refresh();
  const index = await readStream(`${USER_STREAMS_PREFIX}${userId}`);
  const streams = new Set<string>();
  for (const event of index) {
    const named = event.type === STREAM_OPENED_EVENT_TYPE ? event.data.streamId : undefined;
    if (typeof named === 'string' && !deletions.has(named)) streams.add(named);
  }
  return { index, streams: [...streams].sort() };
}

/**
 * Streams are created with `no_stream` (commands create them so), and each creation is
 * first recorded in the user's index stream, which this reads. Streams a user only ever
 * appended to with another expectation are not listed.
 */
export async function streamIdsOfUser(
  readStream: ReadStream,
  deletions: EsdbDeletions,
  userId: string,
): Promise<string[]> {
  const { index, streams } = await indexedStreamsOf(readStream, deletions, userId);
  const listed: string[] = [];
  for (const streamId of streams) {
    // An index entry whose stream append failed names a stream that never existed.
    if ((await readStream(streamId, { maxCount: 1 })).length > 0) listed.push(streamId);
  }
  // The index itself goes last, so an erasure that stops half-way still finds the rest.
  if (index.length > 0) listed.push(`${USER_STREAMS_PREFIX}${userId}`);
  return listed;
}

/**
 * Reads every stream the user's index names (a few at a time) and merges their events by
 * position. Only events whose metadata names the user are kept, whatever the stream.
 */
export async function readUserEvents(
  readStream: ReadStream,
  deletions: EsdbDeletions,
  userId: string,
  options: ReadUserEventsOptions,
): Promise<RecordedEvent[]> {
  const { streams } = await indexedStreamsOf(readStream, deletions, userId);
  const before = options.occurredBefore === undefined ? null : Date.parse(options.occurredBefore);
  const events: RecordedEvent[] = [];
  for (let start = 0; start < streams.length; start += USER_STREAM_READS_AT_ONCE) {
    const read = await Promise.all(
      streams.slice(start, start + USER_STREAM_READS_AT_ONCE).map((streamId) => readStream(streamId)),
    );
    for (const event of read.flat()) {
      if (event.metadata.userId !== userId) continue;
      if (before !== null && !(Date.parse(event.metadata.occurredAt) < before)) continue;
      events.push(event);
    }
  }
  events.sort((a, b) => comparePositions(a.position, b.position));
  const after = options.after;
  const from = after === undefined ? 0 : events.findIndex((event) => comparePositions(event.position, after) > 0);
  if (from < 0) return [];
  return options.maxCount === undefined ? events.slice(from) : events.slice(from, from + options.maxCount);
}
