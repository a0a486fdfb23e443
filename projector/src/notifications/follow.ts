import {
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '@plenty/platform/event-store/port';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import type { NotificationLogger } from './spending-alert-mailer.js';

export interface ProjectionFollowerOptions {
  readonly eventStore: EventStore;
  /** A projector running elsewhere (a worker thread), whose progress says what is projected. */
  readonly progress: ProjectionProgress;
  readonly afterBatch: (events: readonly RecordedEvent[]) => Promise<unknown>;
  readonly pollIntervalMs?: number;
  readonly batchSize?: number;
  readonly logger?: NotificationLogger;
}

/**
 * The `afterBatch` of a projector that runs in another thread: from the position the projector
 * had reached when it started, it hands on the events the projector has applied since, in order,
 * once their read models are written. Failures are logged; the events are not offered again.
 */
export async function followProjection(options: ProjectionFollowerOptions): Promise<{ stop(): Promise<void> }> {
  const batchSize = options.batchSize ?? 200;
  let seen: Position = await options.progress.current();
  let busy: Promise<void> | null = null;

  async function drain(): Promise<void> {
    const reached = await options.progress.current();
    while (comparePositions(seen, reached) < 0) {
      const events = (await options.eventStore.readAll({ after: seen, maxCount: batchSize })).filter(
        (event) => comparePositions(event.position, reached) <= 0,
      );
      const last = events.at(-1);
      if (last === undefined) return;
      seen = last.position;
      try {
        await options.afterBatch(events);
      } catch (error) {
        options.logger?.error({ err: error }, 'after-batch work failed');
      }
    }
  }

  const tick = () => {
    busy ??= drain()
      .catch((error: unknown) => options.logger?.error({ err: error }, 'following the projector failed'))
      .finally(() => {
        busy = null;
      });
  };
  const timer = setInterval(tick, options.pollIntervalMs ?? 500);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await busy;
    },
  };
}
