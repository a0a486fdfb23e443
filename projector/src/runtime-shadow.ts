import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import { START, comparePositions, type EventStore, type Position } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { eventApplier, viewsOf } from '@plenty/projections/apply';
import { bulkReplay } from './bulk-replay.js';
import type { Projection } from '@plenty/projections/projection';
import { QuarantineList, type QuarantineNotice } from '@plenty/projections/quarantine';
import { versionRecords } from './runtime-versions.js';

export class StoppedError extends Error {
  override readonly name = 'StoppedError';
}

/** How far a rebuild in shadow views is. */
export interface ShadowProgress {
  applied: number;
  /** Events to apply in all, when the store counts them or their positions tell. */
  total: number | null;
  position: Position;
  error?: string;
}

export interface ShadowRebuildOptions {
  readonly eventStore: EventStore;
  /** The live read store; the rebuild writes to `readStore.shadow(tag)`. */
  readonly readStore: ReadStore;
  readonly codec: EventCodec;
  /** Every projection, in their order: those without views (erasure) act on the shadow too. */
  readonly projections: readonly Projection[];
  /** The projections to rebuild: closed over `reads`. */
  readonly target: readonly Projection[];
  readonly tag: string;
  /** The shadow's checkpoint (kept beside the live ones). */
  readonly checkpointName: string;
  readonly batchSize: number;
  /** The position the rebuild must reach before its switch (the live checkpoint, or the head). */
  readonly livePosition: () => Position | Promise<Position>;
  /**
   * Runs the last catch-up and the switch so that nothing writes the live views meanwhile
   * (the runtime: between two live batches).
   */
  readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  /** Whether to stop: checked between batches, and before each read of the bulk replay. */
  readonly stopping?: () => boolean;
  /** Start over from an empty shadow even when an earlier run left one halfway. */
  readonly fresh?: boolean;
  /** Holds the rebuild once replayed, before its last catch-up and switch. */
  readonly beforePromote?: () => Promise<void>;
  /** Inside the exclusive section, right after the switch, with the position the shadow views reached. */
  readonly promoted?: (position: Position) => void | Promise<void>;
  /** More records written with the switch, given the position the shadow views reached. */
  readonly promotionRecords?: (position: Position) => Readonly<Record<string, string>>;
  readonly progress?: ShadowProgress;
  readonly onProgress?: (progress: ShadowProgress) => void;
  /** Told of each event that quarantined a user in the shadow views (see quarantine.ts). */
  readonly onQuarantine?: (notices: readonly QuarantineNotice[]) => void;
  /** Replays into the shadow and stops there: no switch (a consistency check drops the shadow after comparing). */
  readonly promote?: boolean;
}

/** Events after `after` up to `until`, counted by the store or, for plain numbered positions, estimated from them. */
export async function countBetween(eventStore: EventStore, after: Position, until: Position): Promise<number | null> {
  if (eventStore.countEvents !== undefined) return eventStore.countEvents({ after, until });
  if (/^\d+$/.test(after) && /^\d+$/.test(until)) return Math.max(0, Number(until) - Number(after));
  return null;
}

/** The share of the way from the start to `until` that `position` stands at (commit positions of EventStoreDB). */
function fractionOf(position: Position, until: Position): number | null {
  const at = Number(position.split('/')[0]);
  const end = Number(until.split('/')[0]);
  if (!Number.isFinite(at) || !Number.isFinite(end) || end <= 0) return null;
  return Math.min(1, at / end);
}

/**
 * Rebuilds projections into shadow views and switches them in: a bulk replay from the first
 * event up to the live position into empty shadow views, ordinary batches after that while
 * the live position moves on, then, inside `exclusive`, the last batches and the promotion
 * (shadow views replace the live ones, the projections' version records are written and the
 * shadow checkpoint removed). A shadow checkpoint left by an interrupted run is continued
 * batch by batch; a shadow without one is dropped and built again, so a half-built shadow is
 * never switched in. Answers the number of events applied.
 */
export async function rebuildInShadow(options: ShadowRebuildOptions): Promise<ShadowProgress> {
  const { eventStore, readStore, codec, target, tag, checkpointName } = options;
  const stopping = options.stopping ?? (() => false);
  const shadow = readStore.shadow(tag);
  const applying = options.projections.filter((p) => target.includes(p) || p.views.length === 0);
  // Who is quarantined in the shadow views: they start empty, or as an interrupted run left them.
  const quarantine = new QuarantineList();
  const applyShadow = eventApplier(codec, applying, { quarantine });
  const targetViews = viewsOf(target);
  if (options.fresh === true) await readStore.dropShadow(tag, checkpointName);
  let position = await readStore.getCheckpoint(checkpointName);
  const state = options.progress ?? { applied: 0, total: null, position: START };
  state.position = position ?? START;
  let goal: Position = await options.livePosition();
  const report = () => {
    // Without a count, EventStoreDB's commit positions tell how much of the way is done.
    const fraction = state.total === null && state.applied > 0 ? fractionOf(state.position, goal) : null;
    const estimate = fraction !== null && fraction > 0 ? Math.round(state.applied / fraction) : null;
    options.onProgress?.({ ...state, total: state.total ?? estimate });
  };
  const stoppable: EventStore = {
    ...eventStore,
    readAll: async (readOptions) => {
      // Between two replay batches, whatever waits on the event loop (a live batch woken by
      // an append, a stop) gets its turn.
      await new Promise((resolve) => setImmediate(resolve));
      if (stopping()) throw new StoppedError('the projector stopped');
      return eventStore.readAll(readOptions);
    },
  };

  if (position === null) {
    await readStore.dropShadow(tag);
    await shadow.bulkMode?.(true);
    await shadow.ensureViews(targetViews);
    const until = goal;
    state.total = await countBetween(eventStore, START, until);
    const result = await bulkReplay({
      eventStore: stoppable,
      readStore: shadow,
      codec,
      projections: applying,
      checkpointName,
      until,
      ...(options.onQuarantine === undefined ? {} : { onQuarantine: options.onQuarantine }),
      onProgress: (progress) => {
        state.applied = progress.applied;
        state.position = progress.position;
        report();
      },
    });
    await shadow.bulkMode?.(false);
    // An empty history writes no batch: the checkpoint still says the shadow is complete.
    if (result.events === 0) await shadow.applyBatch(checkpointName, START, async () => undefined);
    position = result.position;
    state.position = position;
  } else {
    // Continued: creates what an interrupted bulk replay left for its end (the indexes).
    await shadow.ensureViews(targetViews);
  }
  await quarantine.load(shadow, target);

  let from: Position = position;
  /** One batch towards the live position; answers false once there. */
  const step = async (): Promise<boolean> => {
    await new Promise((resolve) => setImmediate(resolve));
    if (stopping()) throw new StoppedError('the projector stopped');
    goal = await options.livePosition();
    if (comparePositions(from, goal) >= 0) return false;
    const read = await eventStore.readAll({ after: from, maxCount: options.batchSize });
    const until = goal;
    const events = read.filter((event) => comparePositions(event.position, until) <= 0);
    const last = events.at(-1);
    if (last === undefined) return false;
    try {
      await shadow.applyBatch(checkpointName, last.position, async (uow) => {
        for (const event of events) await applyShadow(event, uow);
      });
    } catch (error) {
      quarantine.rollback();
      throw error;
    }
    const notices = quarantine.commit();
    if (notices.length > 0) options.onQuarantine?.(notices);
    from = last.position;
    state.applied += events.length;
    state.position = from;
    report();
    return true;
  };
  const recount = async () => {
    const left = await countBetween(eventStore, from, await options.livePosition());
    state.total = left === null ? null : state.applied + left;
  };
  await recount();
  while (await step());
  if (options.promote === false) return state;
  await options.beforePromote?.();
  await options.exclusive(async () => {
    await recount();
    while (await step());
    await readStore.promote({
      tag,
      views: targetViews,
      records: { ...versionRecords(target), ...options.promotionRecords?.(from) },
      shadowCheckpoint: checkpointName,
    });
    await options.promoted?.(from);
  });
  await shadow.close();
  return state;
}
