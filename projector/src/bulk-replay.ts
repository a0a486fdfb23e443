import { setFlagsFromString } from 'node:v8';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import { ParallelDecoder, type Decoded } from '@plenty/platform/crypto/parallel-decoder';
import {
  START,
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { decodedApplier, handlersOf, viewsOf } from '@plenty/projections/apply';
import type { Projection } from '@plenty/projections/projection';
import { QuarantineList, type QuarantineNotice } from '@plenty/projections/quarantine';
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
  /** Told of each event that quarantined a user (see quarantine.ts), once its batch is applied. */
  readonly onQuarantine?: (notices: readonly QuarantineNotice[]) => void;
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
export const REPLAY_FLUSH_EVENTS = 10_000;

/** PLENTY_REPLAY_FLUSH_EVENTS, when set to a positive whole number: for measuring other intervals. */
function flushEventsFromEnvironment(): number | undefined {
  const value = Number(process.env['PLENTY_REPLAY_FLUSH_EVENTS']);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * How much V8 lets a heap grow past what the last full collection kept, in per cent, while a
 * replay runs (V8's `--heap-growing-percent`; 0 is its own heuristic, which lets a heap that
 * allocates as fast as a replay grow to about four times what it keeps). A replay keeps about
 * two flush intervals of documents and makes garbage fast: with the default the main thread's
 * heap held 300–350 MiB at 50,000 events, mostly garbage not yet collected.
 */
export const REPLAY_HEAP_GROWING_PERCENT = 100;

/** PLENTY_REPLAY_HEAP_GROWING_PERCENT, when set to a whole number ≥ 0 (0: V8's own heuristic): for measuring. */
function heapGrowingFromEnvironment(): number | undefined {
  const raw = process.env['PLENTY_REPLAY_HEAP_GROWING_PERCENT'];
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Replays running in this process: the heap's growth is bounded while there is one. */
let replaysRunning = 0;

/**
 * Bounds how far every heap of the process may grow past its live data until `release` is
 * called (by the last replay running). The flag is the process's, so it holds for the
 * writer and decryption threads too, and for a server's live work while a shadow rebuild runs:
 * more frequent collections, for a resident set that follows what is kept.
 */
function boundHeapGrowth(): () => void {
  const percent = heapGrowingFromEnvironment() ?? REPLAY_HEAP_GROWING_PERCENT;
  if (percent > 0 && replaysRunning === 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
  replaysRunning += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    replaysRunning -= 1;
    if (replaysRunning === 0) setFlagsFromString('--heap-growing-percent=0');
  };
}

/**
 * Replays the event store from its first event into views that hold nothing yet. The views
 * are empty, so nothing the replay reads can come from an earlier run: the documents it
 * writes are kept in memory across batches (see ReplayUnitOfWork) and written in large
 * flushes. The result equals applying the same events one live batch at a time.
 */
export async function bulkReplay(options: BulkReplayOptions): Promise<BulkReplayResult> {
  const { eventStore, readStore, codec, projections, checkpointName } = options;
  const started = performance.now();
  const handles = handlersOf(projections);
  // The views start empty, and so does the list of who is quarantined in them.
  const quarantine = new QuarantineList();
  const applyDecoded = decodedApplier(projections, { quarantine });
  const decoder = new ParallelDecoder(codec);
  const uow = new ReplayUnitOfWork(readStore, viewsOf(projections));
  const flushEvery = options.flushEvery ?? flushEventsFromEnvironment() ?? REPLAY_FLUSH_EVENTS;
  const until = options.until ?? (await eventStore.headPosition());

  /** Reads the batch after a position and starts decrypting it, while the one before is applied. */
  const fetchBatch = async (after: Position): Promise<Batch | null> => {
    const read = await eventStore.readAll({ after, maxCount: REPLAY_BATCH_SIZE });
    const events = read.filter((event) => comparePositions(event.position, until) <= 0);
    if (events.length === 0) return null;
    const decoded = decoder.decode(events.filter(handles));
    // Awaited when the batch is applied; a replay that stops before must not leave it unhandled.
    decoded.catch(() => undefined);
    return { events, decoded, complete: events.length === read.length };
  };

  let position: Position = START;
  let applied = 0;
  let unflushed = 0;
  const releaseHeap = boundHeapGrowth();
  let next = comparePositions(position, until) < 0 ? fetchBatch(position) : Promise.resolve(null);
  try {
    for (let batch = await next; batch !== null; batch = await next) {
      const lastEvent = batch.events.at(-1) as RecordedEvent;
      const more = batch.complete && comparePositions(lastEvent.position, until) < 0;
      next = more ? fetchBatch(lastEvent.position) : Promise.resolve(null);
      const decoded = await batch.decoded;
      let handled = 0;
      for (const event of batch.events) {
        if (handles(event)) {
          const result = decoded[handled++] as Decoded;
          if (result.ok) await applyDecoded(event, result.event, uow);
          else await applyDecoded.undecodable(event, result.error, uow);
        }
        unflushed += 1;
        if (unflushed >= flushEvery) {
          await uow.flush(checkpointName, event.position);
          unflushed = 0;
        }
      }
      // Nothing is rolled back within a replay: one that fails is started over.
      const notices = quarantine.commit();
      if (notices.length > 0) options.onQuarantine?.(notices);
      position = lastEvent.position;
      applied += batch.events.length;
      options.onProgress?.({ applied, total: null, position });
    }
    if (unflushed > 0) await uow.flush(checkpointName, position);
    // The last flush is written (or its failure thrown) before the replay answers.
    await uow.settle();
  } finally {
    await next.catch(() => undefined);
    await uow.settle().catch(() => undefined);
    await decoder.close();
    releaseHeap();
  }
  return { events: applied, ms: performance.now() - started, position };
}

interface Batch {
  readonly events: readonly RecordedEvent[];
  /** The decoded events the projections handle, in order. */
  readonly decoded: Promise<Decoded[]>;
  /** False when the batch stops short of what was read (at `until`): nothing comes after it. */
  readonly complete: boolean;
}
