import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore, RecordedEvent } from '@plenty/platform/event-store/port';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { viewsOf } from '@plenty/projections/apply';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import type { ProjectionStatus } from '@plenty/projector/runtime-api';
import { startWorkerProjector } from '@plenty/projector/worker-projector';
import { followProjection } from '@plenty/projector/notifications/follow';

export type RunningProjector = ProjectionProgress & {
  isHealthy(): boolean;
  status(): readonly ProjectionStatus[];
  quarantinedUsers(): number;
  stop(): Promise<void>;
};

/**
 * Starts the projector of the embedded server: in a worker thread (the built code, `npm start`),
 * followed on this thread for `afterBatch`, or on this thread itself (tests from source).
 */
export async function startProjector(options: {
  mode: 'worker' | 'in-process' | undefined;
  dataDir: string;
  eventStore: EventStore;
  readStore: ReadStore;
  codec: EventCodec;
  masterKey: Buffer;
  logger: FastifyBaseLogger;
  afterBatch(events: readonly RecordedEvent[]): Promise<unknown>;
  closers: (() => Promise<void>)[];
}): Promise<RunningProjector> {
  const { eventStore, readStore, logger } = options;
  if (options.mode === 'worker') {
    // This thread's connection serves queries, so it must know the views too.
    await readStore.ensureViews(viewsOf(allProjections));
    const projector = await startWorkerProjector({
      eventStore,
      eventsPath: join(options.dataDir, 'events.db'),
      readPath: join(options.dataDir, 'read.db'),
      keysPath: join(options.dataDir, 'keys.db'),
      masterKey: options.masterKey,
      onError: (error) => logger.error({ err: error }, 'projector stopped'),
      logger,
    });
    const follower = await followProjection({
      eventStore,
      progress: projector,
      afterBatch: options.afterBatch,
      logger,
    });
    options.closers.push(() => follower.stop());
    return projector;
  }
  const inProcess = createProjector({
    eventStore,
    readStore,
    codec: options.codec,
    projections: allProjections,
    logger,
    afterBatch: async (events) => {
      await options.afterBatch(events);
    },
  });
  await inProcess.start();
  return inProcess;
}
