import type { EventPublisher } from '@plenty/platform/bus/port';
import { START, type EventStore, type Position } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { ProjectorLogger } from './runtime-api.js';

export interface RelayCheckpoint {
  load(): Promise<Position | null>;
  save(position: Position): Promise<void>;
}

/** The relay's checkpoint kept in the read store, like the projector's. */
export function readStoreCheckpoint(readStore: ReadStore, name = 'relay'): RelayCheckpoint {
  return {
    load: () => readStore.getCheckpoint(name),
    save: (position) => readStore.applyBatch(name, position, async () => undefined),
  };
}

export interface RelayOptions {
  readonly eventStore: EventStore;
  readonly publisher: EventPublisher;
  readonly checkpoint: RelayCheckpoint;
  readonly batchSize?: number;
  /** How often to look for events when no append notice came. */
  readonly pollIntervalMs?: number;
  /** Back-off after a failure: doubles from `initialMs` up to `maxMs`. */
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
  readonly logger?: ProjectorLogger;
  readonly onPublished?: (position: Position, count: number) => void;
}

export interface Relay {
  start(): Promise<void>;
  /** Lets the batch in hand finish publishing and checkpointing, then stops. */
  stop(): Promise<void>;
  /** The last position published and checkpointed. */
  readonly position: Position;
  readonly running: boolean;
}

/** The delay before retry number `attempt` (0-based): doubling, capped. */
export function backoffDelay(attempt: number, backoff: { initialMs: number; maxMs: number }): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
}

/**
 * Carries events from the event store to the bus: from its checkpoint it reads batches of
 * all events, publishes each batch and waits for the bus to acknowledge it, and only then
 * moves its checkpoint. A crash between the two publishes the batch again: at least once,
 * and the projections ignore what they have already applied.
 */
const STOPPED = Symbol('stopped');

export function createRelay(options: RelayOptions): Relay {
  const batchSize = options.batchSize ?? 500;
  const backoff = options.backoff ?? { initialMs: 200, maxMs: 10_000 };
  let position: Position = START;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let appended = false;
  let unsubscribe: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  /** Runs `step` until it succeeds, retrying with back-off while the relay runs; STOPPED when it stopped first. */
  async function persistently<T>(what: string, step: () => Promise<T>): Promise<T | typeof STOPPED> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await step();
      } catch (error) {
        if (!running) return STOPPED;
        const delayMs = backoffDelay(attempt, backoff);
        options.logger?.error({ err: error, attempt: attempt + 1, delayMs }, `relay: ${what} failed, retrying`);
        await pause(delayMs);
        if (!running) return STOPPED;
      }
    }
  }

  async function run(): Promise<void> {
    while (running) {
      appended = false;
      const events = await persistently('reading events', () =>
        options.eventStore.readAll({ after: position, maxCount: batchSize }),
      );
      if (events === STOPPED) return;
      const last = events.at(-1);
      if (last === undefined) {
        if (!appended && running) await pause(options.pollIntervalMs ?? 1000);
        continue;
      }
      // A batch in hand is finished even while stopping; only a failure then leaves it for next time.
      if ((await persistently('publishing', () => options.publisher.publish(events))) === STOPPED) return;
      if ((await persistently('saving the checkpoint', () => options.checkpoint.save(last.position))) === STOPPED) {
        return;
      }
      position = last.position;
      options.onPublished?.(position, events.length);
    }
  }

  return {
    get position() {
      return position;
    },
    get running() {
      return running;
    },
    async start() {
      if (running) return;
      position = (await options.checkpoint.load()) ?? START;
      running = true;
      unsubscribe = options.eventStore.onAppended(() => {
        appended = true;
        wake?.();
      });
      options.logger?.info({ position }, 'relay started');
      loop = run().catch((error: unknown) => {
        running = false;
        options.logger?.error({ err: error }, 'relay stopped');
      });
    },
    async stop() {
      running = false;
      unsubscribe?.();
      unsubscribe = null;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
