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

class PoisonEventError extends Error {
  override readonly name = 'PoisonEventError';
}

/**
 * Tails the event store into the read store: batches of events, each applied by the
 * projections that handle it, written with the checkpoint in one transaction.
 */
export function createProjector(options: ProjectorOptions): Projector {
  const { eventStore, readStore, codec, projections } = options;
  const batchSize = options.batchSize ?? 500;
  const checkpointName = options.checkpointName ?? 'projector';
  const views = projections.flatMap((p) => p.views);
  const byType = new Map<string, Projection[]>();
  for (const projection of projections) {
    for (const type of projection.handles) byType.set(type, [...(byType.get(type) ?? []), projection]);
  }

  let position: Position = START;
  let viewsReady: Promise<void> | null = null;
  let running = false;
  let lastError: Error | null = null;
  let wake: (() => void) | null = null;
  // Set by every append notification, so one that arrives between a read and the sleep is not lost.
  let appendedSinceRead = false;
  let loop: Promise<void> | null = null;
  let unsubscribe: (() => void) | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  const waiters = new Set<{ target: Position; resolve(p: Position): void }>();
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
      position = (await readStore.getCheckpoint(checkpointName)) ?? START;
    })());

  function advance(to: Position): void {
    position = to;
    for (const waiter of waiters) {
      if (comparePositions(position, waiter.target) >= 0) {
        waiters.delete(waiter);
        waiter.resolve(position);
      }
    }
  }

  async function applyEvent(
    event: RecordedEvent,
    uow: Parameters<Parameters<ReadStore['applyBatch']>[2]>[0],
  ): Promise<void> {
    const interested = byType.get(event.type);
    if (interested === undefined) return;
    const decoded = await codec.decode(event);
    for (const projection of interested) {
      try {
        await projection.apply(decoded, uow);
      } catch (error) {
        throw new PoisonEventError(
          `projection ${projection.name} failed on event ${event.id} (${event.type}) at ${event.position}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  /** Applies one batch; answers how many events it held. */
  const applyNextBatch = () =>
    serialized(async () => {
      await prepare();
      const events = await eventStore.readAll({ after: position, maxCount: batchSize });
      const last = events.at(-1);
      if (last === undefined) return 0;
      await readStore.applyBatch(checkpointName, last.position, async (uow) => {
        for (const event of events) await applyEvent(event, uow);
      });
      advance(last.position);
      return events.length;
    });

  async function tail(): Promise<void> {
    while (running) {
      try {
        appendedSinceRead = false;
        const applied = await applyNextBatch();
        if (applied > 0) continue;
      } catch (error) {
        lastError = error instanceof Error ? error : new Error(String(error));
        options.logger?.error({ err: lastError }, 'projector stopped on an event it cannot apply');
        running = false;
        return;
      }
      if (appendedSinceRead) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
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
      unsubscribe?.();
      if (pollTimer !== null) clearInterval(pollTimer);
      wake?.();
      await loop;
      await exclusive;
    },
    async catchUp() {
      await prepare();
      while ((await applyNextBatch()) > 0);
      return position;
    },
    async rebuild(rebuildOptions = {}) {
      const started = performance.now();
      await serialized(async () => {
        await readStore.reset(views, checkpointName);
        viewsReady = null;
        position = START;
        await prepare();
      });
      let applied = 0;
      for (let count = await applyNextBatch(); count > 0; count = await applyNextBatch()) {
        applied += count;
        rebuildOptions.onProgress?.({ applied, total: null, position });
      }
      return { events: applied, ms: performance.now() - started };
    },
    async current() {
      await prepare();
      return position;
    },
    async waitFor(target, timeoutMs) {
      await prepare();
      if (comparePositions(position, target) >= 0) return position;
      return new Promise<Position>((resolve) => {
        const waiter = {
          target,
          resolve: (reached: Position) => {
            clearTimeout(timer);
            resolve(reached);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          resolve(position);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
  return projector;
}
