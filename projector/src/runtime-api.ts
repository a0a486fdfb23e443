import type { EventStore, Position, RecordedEvent } from '@plenty/platform/event-store/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { Projection } from '@plenty/projections/projection';
import type { QuarantineNotice } from '@plenty/projections/quarantine';

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
  /**
   * How many events a batch may take when the one before came back full (the projector is
   * behind, say after an import): larger batches cost less per event (each shared document and
   * the checkpoint written once, index pages written fewer times). Default: `batchSize`.
   */
  readonly catchUpBatchSize?: number;
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
  /**
   * Told of the events that quarantined a user (see quarantine.ts), once written; without it
   * they go to the logger as errors.
   */
  readonly onQuarantine?: (notices: readonly QuarantineNotice[]) => void;
  /**
   * Called when a rebuild in shadow views has replayed the history and is about to catch up
   * and switch; the switch waits for it (tests hold a rebuild here to look at it).
   */
  readonly beforePromote?: () => Promise<void>;
}

export interface RebuildProgress {
  readonly applied: number;
  readonly total: number | null;
  readonly position: Position;
}

/** Where one projection stands: serving current views, or rebuilding them in shadow views. */
export interface ProjectionStatus {
  readonly name: string;
  /** Its declared version. */
  readonly version: number;
  readonly views: readonly string[];
  /** 'rebuilding': its old views keep serving, frozen where they were, until the rebuilt ones replace them. */
  readonly state: 'current' | 'rebuilding';
  /** Events applied: by the live batches since start, or by the rebuild so far. */
  readonly applied: number;
  /** Events the rebuild has to apply, when known; null when current. */
  readonly total: number | null;
  readonly percent: number | null;
  /** The position its views have reached. */
  readonly position: Position;
  /** Why the last attempt at rebuilding failed, if it did (it is tried again at the next start). */
  readonly error?: string;
}

export interface Projector extends ProjectionProgress {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Applies everything up to the store's current head, rebuilding stale projections first. */
  catchUp(): Promise<Position>;
  /**
   * Rebuilds from the first event, into shadow views that replace the live ones at the end,
   * the projections owning `views` (all when left out) with every projection connected to
   * them by what they read; then catches everything up to the head.
   */
  rebuild(options?: {
    views?: readonly string[];
    onProgress?(progress: RebuildProgress): void;
  }): Promise<{ events: number; ms: number }>;
  /** Per projection, whether its views are current or being rebuilt, with the progress. */
  status(): ProjectionStatus[];
  /** How many users are quarantined in at least one projection (see quarantine.ts). */
  quarantinedUsers(): number;
  /** Settles when no rebuild runs in the background any more. */
  whenRebuilt(): Promise<void>;
  isHealthy(): boolean;
  readonly lastError: Error | null;
}
