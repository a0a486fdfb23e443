import type { PartitionBatch, ReceivedMessage } from '@plenty/platform/bus/kafka';
import type { DeadLetterSink } from '@plenty/platform/bus/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { recordUserProgress, userProgressView } from '@plenty/platform/user-progress';
import { eventApplier, viewsOf } from './apply.js';
import { PoisonEventError } from './poison-event.js';
import type { Projection } from './projection.js';
import type { ProjectorLogger } from './runtime.js';

export interface PartitionProjectorOptions {
  readonly readStore: ReadStore;
  readonly codec: EventCodec;
  readonly projections: readonly Projection[];
  readonly deadLetters: DeadLetterSink;
  readonly logger?: ProjectorLogger;
  /** Called with the batch's applied events once they are committed; a failure is logged and stops nothing. */
  readonly afterBatch?: (events: readonly RecordedEvent[]) => Promise<void>;
}

export interface PartitionProjector {
  /** Creates the views; call once before the first batch. */
  prepare(): Promise<void>;
  /**
   * Applies a partition's batch to the read models with a checkpoint per partition, in one
   * write. An event that cannot be applied goes to the dead-letter topic with the reason
   * and the others go on; a failure of the read store itself throws, so the batch is not
   * committed and comes again.
   */
  handle(batch: PartitionBatch, heartbeat?: () => Promise<void>): Promise<void>;
}

export const partitionCheckpoint = (topic: string, partition: number) => `kafka-${topic}-${partition}`;

type Valid = Extract<ReceivedMessage, { event: RecordedEvent }>;

export function createPartitionProjector(options: PartitionProjectorOptions): PartitionProjector {
  const { readStore } = options;
  const apply = eventApplier(options.codec, options.projections);

  /** One write: the events' effects, each user's progress, and the partition's checkpoint. */
  async function write(checkpointName: string, events: readonly RecordedEvent[], apply_: boolean): Promise<void> {
    const last = events.at(-1);
    if (last === undefined) return;
    await readStore.applyBatch(checkpointName, last.position, async (uow) => {
      for (const event of events) {
        // Recorded before the event is applied, so an account erasure that purges the user takes it too.
        recordUserProgress(uow, event.metadata.userId, event.position);
        if (apply_) await apply(event, uow);
      }
    });
  }

  async function deadLetter(batch: PartitionBatch, message: ReceivedMessage, error: Error, projection: string | null) {
    options.logger?.error(
      {
        err: error,
        topic: batch.topic,
        partition: batch.partition,
        offset: message.offset,
        eventId: message.event?.id,
      },
      'event set aside on the dead-letter topic',
    );
    await options.deadLetters.send({
      event: message.event,
      raw: message.event === null ? message.raw : null,
      reason: error.message,
      projection,
      source: { topic: batch.topic, partition: batch.partition, offset: message.offset },
    });
  }

  return {
    async prepare() {
      await readStore.ensureViews([...viewsOf(options.projections), userProgressView]);
    },
    async handle(batch, heartbeat) {
      const checkpointName = partitionCheckpoint(batch.topic, batch.partition);
      for (const message of batch.messages) {
        if (message.event === null) await deadLetter(batch, message, message.error, null);
      }
      const valid = batch.messages.filter((m): m is Valid => m.event !== null);
      const events = valid.map((m) => m.event);
      const afterBatch = async (applied: readonly RecordedEvent[]) => {
        if (options.afterBatch === undefined || applied.length === 0) return;
        await options.afterBatch(applied).catch((error: unknown) => {
          options.logger?.error({ err: error }, 'after-batch work failed; the projector goes on');
        });
      };
      try {
        await write(checkpointName, events, true);
        await afterBatch(events);
        return;
      } catch (error) {
        if (!(error instanceof PoisonEventError)) throw error;
      }
      // Something in the batch cannot be applied: find it by applying one event at a time.
      for (const message of valid) {
        try {
          await write(checkpointName, [message.event], true);
          await afterBatch([message.event]);
        } catch (error) {
          if (!(error instanceof PoisonEventError)) throw error;
          await deadLetter(batch, message, error, error.projection);
          await write(checkpointName, [message.event], false);
        }
        await heartbeat?.();
      }
    },
  };
}
