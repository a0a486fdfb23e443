import type { PartitionBatch } from '@plenty/platform/bus/kafka';
import type { DeadLetterSink } from '@plenty/platform/bus/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore, RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { Projection } from '@plenty/projections/projection';
import type { ProjectionStatus, ProjectorLogger } from './runtime-api.js';

export interface PartitionProjectorOptions {
  readonly readStore: ReadStore;
  readonly codec: EventCodec;
  readonly projections: readonly Projection[];
  readonly deadLetters: DeadLetterSink;
  readonly logger?: ProjectorLogger;
  /** Called with the batch's applied events once they are committed; a failure is logged and stops nothing. */
  readonly afterBatch?: (events: readonly RecordedEvent[]) => Promise<void>;
  /**
   * The event store (EventStoreDB) stale projections are rebuilt from. Without it every
   * projection applies the partition batches and versions are not looked at.
   */
  readonly rebuildSource?: EventStore;
  /** Events per batch of a rebuild's catch-up and of the replay that rejoins it (default 500). */
  readonly rebuildBatchSize?: number;
  /**
   * How often the list of quarantined users is read again from the read store (default 10 s),
   * for partitions that come from another instance. The stored records are what hides a
   * user's views; the list only saves the work of applying events to views nobody reads.
   */
  readonly quarantineRefreshMs?: number;
}

export interface PartitionProjector {
  /** Creates the views; call once before the first batch. */
  prepare(): Promise<void>;
  /**
   * Applies a partition's batch to the read models with a checkpoint per partition, in one
   * write. An event that cannot be applied goes to the dead-letter topic with the reason and
   * quarantines its user in the projections concerned (quarantine.ts); the others go on. A
   * failure of the read store itself throws, so the batch is not committed and comes again.
   */
  handle(batch: PartitionBatch, heartbeat?: () => Promise<void>): Promise<void>;
  /**
   * Rebuilds the stale projections from the event store into shadow collections and
   * switches them in; one instance at a time runs it (the holder of the rebuild lease). The
   * other instances see the switch at their next batch and rejoin on their own.
   */
  rebuildStale(options?: { stopping?: () => boolean }): Promise<void>;
  /** The projections left out of partition batches until their rebuild is switched in. */
  stale(): readonly string[];
  status(): ProjectionStatus[];
  /** How many users are quarantined in at least one projection, as this instance last read or wrote it. */
  quarantinedUsers(): number;
}
