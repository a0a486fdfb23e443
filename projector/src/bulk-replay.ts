import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import { START, comparePositions, type EventStore, type Position } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { eventApplier, viewsOf } from './apply.js';
import type { Projection } from './projection.js';
import { ReplayUnitOfWork } from './replay-unit-of-work.js';

export interface ReplayProgress {
  readonly applied: number;
  /** Events up to the end of the replay, when known. */
  readonly total: number | null;
  readonly position: Position;
}

export interface BulkReplayOptions {
  readonly eventStore: EventStore;
  /** Holds empty views for the projections (reset or freshly created), written in bulk mode. */
  readonly readStore: ReadStore;
  readonly codec: EventCodec;
  readonly projections: readonly Projection[];
  /** Written with every flush, so an interrupted replay can be told from a finished one. */
  readonly checkpointName: string;
  /** Replays events up to this position (inclusive); the store's head when left out. */
  readonly until?: Position;
  readonly onProgress?: (progress: ReplayProgress) => void;
  /** Events applied between two writes to the read store (REPLAY_FLUSH_EVENTS when left out). */
  readonly flushEvery?: number;
}

export interface BulkReplayResult {
  readonly events: number;
  readonly ms: number;
  /** The position of the last event replayed (START when there was none). */
  readonly position: Position;
}

/** Events read per batch while replaying: nobody waits on a replay's latency. */
export const REPLAY_BATCH_SIZE = 2000;

/**
 * Events applied between two writes to the read store: each write stores every document
 * changed since the one before, once, and lets go of those no longer used.
 */
export const REPLAY_FLUSH_EVENTS = 50_000;

/**
 * Replays the event store from its first event into views that hold nothing yet. The views
 * are empty, so nothing the replay reads can come from an earlier run: the documents it
 * writes are kept in memory across batches (see ReplayUnitOfWork) and written in large
 * flushes. The result equals applying the same events one live batch at a time.
 */
export async function bulkReplay(options: BulkReplayOptions): Promise<BulkReplayResult> {
  const { eventStore, readStore, codec, projections, checkpointName } = options;
  const started = performance.now();
  const applyEvent = eventApplier(codec, projections);
  const uow = new ReplayUnitOfWork(readStore, viewsOf(projections));
  const flushEvery = options.flushEvery ?? REPLAY_FLUSH_EVENTS;
  const until = options.until ?? (await eventStore.headPosition());
  let position: Position = START;
  let applied = 0;
  let unflushed = 0;
  while (comparePositions(position, until) < 0) {
    const read = await eventStore.readAll({ after: position, maxCount: REPLAY_BATCH_SIZE });
    const events = read.filter((event) => comparePositions(event.position, until) <= 0);
    const last = events.at(-1);
    if (last === undefined) break;
    for (const event of events) {
      await applyEvent(event, uow);
      unflushed += 1;
      if (unflushed >= flushEvery) {
        await uow.flush(checkpointName, event.position);
        unflushed = 0;
      }
    }
    position = last.position;
    applied += events.length;
    options.onProgress?.({ applied, total: null, position });
    if (events.length < read.length) break;
  }
  if (unflushed > 0) await uow.flush(checkpointName, position);
  return { events: applied, ms: performance.now() - started, position };
}
