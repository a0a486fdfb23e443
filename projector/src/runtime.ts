import { createHash } from 'node:crypto';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import {
  START,
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '@plenty/platform/event-store/port';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { eventApplier, viewsOf } from './apply.js';
import { bulkReplay } from './bulk-replay.js';
import { PoisonEventError } from './poison-event.js';
import { PositionWatch } from './position-watch.js';
import type { Projection } from './projection.js';

export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ProjectorOptions {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly codec: EventCodec;
  readonly projections: readonly Projection[];
  readonly batchSize?: number;
  readonly checkpointName?: string;
  /** How often to look for events appended by another process. */
  readonly pollIntervalMs?: number;
  readonly logger?: ProjectorLogger;
  /** Called after each batch is written, with the position it reached. */
  readonly onAdvance?: (position: Position) => void;
  /**
   * Called with a live batch's events (as stored, not decoded) after its read models are
   * committed, while tailing and in catchUp, never during rebuild(); it runs before the next
   * batch. A failure is logged and never stops the projector.
   */
  readonly afterBatch?: (events: readonly RecordedEvent[]) => Promise<void>;
}

export interface RebuildProgress {
  readonly applied: number;
  readonly total: number | null;
  readonly position: Position;
}

export interface Projector extends ProjectionProgress {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Applies everything up to the store's current head. */
  catchUp(): Promise<Position>;
  rebuild(options?: { onProgress?(progress: RebuildProgress): void }): Promise<{ events: number; ms: number }>;
  isHealthy(): boolean;
  readonly lastError: Error | null;
}

/**
 * Tails the event store into the read store: batches of events, each applied by the
 * projections that handle it, written with the checkpoint in one transaction.
 */
/**
 * What the stored read models look like for these projections: their views (names, indexed
 * fields, indexes) and declared versions. Projections without views store nothing of their own.
 */
export function readModelShape(projections: readonly Projection[]): string {
  const shape = projections
    .filter((projection) => projection.views.length > 0)
    .map((projection) => ({
      name: projection.name,
      version: projection.version ?? 1,
      views: projection.views.map((view) => ({ name: view.name, fields: view.fields, indexes: view.indexes })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 16);
}

export function createProjector(options: ProjectorOptions): Projector {
  const { eventStore, readStore, codec, projections } = options;
  const batchSize = options.batchSize ?? 500;
  const checkpointName = options.checkpointName ?? 'projector';
  const views = viewsOf(projections);
  const applyEvent = eventApplier(codec, projections);
  // Marks read models built by these projections; its absence means older code built them.
  const shapeMarker = `${checkpointName}:shape:${readModelShape(projections)}`;

  const watch = new PositionWatch();
  let viewsReady: Promise<void> | null = null;
  let running = false;
  let lastError: Error | null = null;
  let wake: (() => void) | null = null;
  // Set by every append notification, so one that arrives between a read and the sleep is not lost.
  let appendedSinceRead = false;
  let loop: Promise<void> | null = null;
  let unsubscribe: (() => void) | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  // One batch at a time, whoever asks (tail loop, catchUp, rebuild).
  let exclusive: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const next = exclusive.then(work, work);
    exclusive = next.catch(() => undefined);
    return next;
  };

  const prepare = () =>
    (viewsReady ??= (async () => {
      await readStore.ensureViews(views);
      const checkpoint = await readStore.getCheckpoint(checkpointName);
      if ((await readStore.getCheckpoint(shapeMarker)) === null) {
        if (checkpoint !== null && comparePositions(checkpoint, START) > 0) {
          // A view was added or changed since these read models were built: start them over,
          // or the new view would hold only what happens from now on.
          options.logger?.info(
            { marker: shapeMarker },
            'projections changed: rebuilding read models from the first event',
          );
          await readStore.reset(views, checkpointName);
        }
        await readStore.applyBatch(shapeMarker, START, async () => undefined);
        watch.advance((await readStore.getCheckpoint(checkpointName)) ?? START);
        return;
      }
      watch.advance(checkpoint ?? START);
    })().catch((error: unknown) => {
      viewsReady = null;
      throw error;
    }));

  function recordFailure(error: unknown): void {
    lastError = error instanceof Error ? error : new Error(String(error));
    const details =
      error instanceof PoisonEventError
        ? { eventId: error.eventId, eventType: error.eventType, position: error.position, projection: error.projection }
        : {};
    options.logger?.error({ err: lastError, ...details }, 'projector stopped on an event it cannot apply');
  }

  async function runAfterBatch(events: readonly RecordedEvent[]): Promise<void> {
    if (options.afterBatch === undefined) return;
    try {
      await options.afterBatch(events);
    } catch (error) {
      options.logger?.error({ err: error }, 'after-batch work failed; the projector goes on');
    }
  }

  /** Applies one batch; answers how many events it held. */
  const applyNextBatch = (size = batchSize, live = true) =>
    serialized(async () => {
      await prepare();
      const events = await eventStore.readAll({ after: watch.position, maxCount: size });
      const last = events.at(-1);
      if (last === undefined) return 0;
      try {
        await readStore.applyBatch(checkpointName, last.position, async (uow) => {
          for (const event of events) await applyEvent(event, uow);
        });
      } catch (error) {
        recordFailure(error);
        throw error;
      }
      watch.advance(last.position);
      options.onAdvance?.(last.position);
      if (live) await runAfterBatch(events);
      return events.length;
    });

  async function tail(): Promise<void> {
    while (running) {
      try {
        appendedSinceRead = false;
        const applied = await applyNextBatch();
        if (applied > 0) continue;
      } catch (error) {
        // A failed batch was recorded where it failed; anything else (reading) is recorded here.
        if (lastError !== error) recordFailure(error);
        running = false;
        detach();
        return;
      }
      // Stopped while that batch was read: do not go to sleep with nobody left to wake us.
      if (!running) return;
      if (appendedSinceRead) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  }

  function detach(): void {
    unsubscribe?.();
    unsubscribe = null;
    if (pollTimer !== null) clearInterval(pollTimer);
    pollTimer = null;
  }

  const projector: Projector = {
    get lastError() {
      return lastError;
    },
    isHealthy: () => lastError === null,
    async start() {
      await prepare();
      if (running) return;
      running = true;
      lastError = null;
      unsubscribe = eventStore.onAppended(() => {
        appendedSinceRead = true;
        wake?.();
      });
      pollTimer = setInterval(() => wake?.(), options.pollIntervalMs ?? 1000);
      pollTimer.unref();
      loop = tail();
    },
    async stop() {
      running = false;
      detach();
      wake?.();
      await loop;
      await exclusive;
    },
    async catchUp() {
      await prepare();
      // Up to the head as it is now: appends that keep coming are the tail loop's job.
      const head = await eventStore.headPosition();
      while (comparePositions(watch.position, head) < 0 && (await applyNextBatch()) > 0);
      return watch.position;
    },
    async rebuild(rebuildOptions = {}) {
      await readStore.bulkMode?.(true);
      try {
        // The whole replay holds the projector: no live batch may interleave with it.
        return await serialized(async () => {
          await readStore.reset(views, checkpointName);
          viewsReady = null;
          watch.advance(START);
          await prepare();
          const result = await bulkReplay({
            eventStore,
            readStore,
            codec,
            projections,
            checkpointName,
            ...(rebuildOptions.onProgress === undefined ? {} : { onProgress: rebuildOptions.onProgress }),
          });
          watch.advance(result.position);
          options.onAdvance?.(result.position);
          return { events: result.events, ms: result.ms };
        });
      } finally {
        await readStore.bulkMode?.(false);
      }
    },
    async current() {
      await prepare();
      return watch.position;
    },
    async waitFor(target, timeoutMs) {
      await prepare();
      return watch.waitFor(target, timeoutMs);
    },
  };
  return projector;
}
