import { START, comparePositions, type Position } from '@plenty/platform/event-store/port';
import { readAheadGroups } from '@plenty/platform/read-store/read-ahead';
import { eventApplier } from '@plenty/projections/apply';
import { bulkReplay } from './bulk-replay.js';
import { PoisonEventError } from '@plenty/projections/poison-event';
import { PositionWatch } from './position-watch.js';
import type { Projection } from '@plenty/projections/projection';
import { QuarantineList, type QuarantineNotice } from '@plenty/projections/quarantine';
import { logQuarantine } from './quarantine-log.js';
import type { Projector, ProjectorOptions, RebuildProgress } from './runtime-api.js';
import { countBetween, rebuildInShadow, StoppedError, type ShadowProgress } from './runtime-shadow.js';
import { projectionStatuses } from './runtime-status.js';
import { startTail, type Tail } from './runtime-tail.js';
import { serializer } from './serialized.js';
import { closeOverReads, openReadModels, owning, shadowCheckpointName, shadowTagOf } from './runtime-versions.js';

/**
 * Tails the event store into the read store: batches of events, each applied by the
 * projections that handle it, written with the checkpoint in one transaction.
 *
 * Each projection's stored views carry a version record (`runtime-versions.ts`). On start,
 * projections whose record matches are live; the others (stale), with every projection
 * connected to them by `reads`, are rebuilt in the background into shadow views while their
 * old views keep serving, unchanged; live batches apply only the live projections meanwhile.
 * The rebuild replays the history in bulk up to the live position, catches up batch by batch,
 * and inside the projector's serialized section (no live batch in between) catches up the
 * last events and promotes the shadow views with the version records in one step; from then
 * on the rebuilt projections are live. A fresh read store (no checkpoint) is built live.
 */
export function createProjector(options: ProjectorOptions): Projector {
  const { eventStore, readStore, codec, projections } = options;
  const batchSize = options.batchSize ?? 500;
  const catchUpBatchSize = Math.max(batchSize, options.catchUpBatchSize ?? batchSize);
  // The size of the next batch: larger while the batches come back full.
  let nextBatchSize = batchSize;
  const checkpointName = options.checkpointName ?? 'projector';

  const watch = new PositionWatch();
  let viewsReady: Promise<void> | null = null;
  let tailing: Tail | null = null;
  let stopping = false;
  let lastError: Error | null = null;
  // One batch at a time, whoever asks (tail loop, catchUp, the switch of a rebuild).
  const serialized = serializer();

  // Users whose event a projection could not apply: skipped by it (and by those reading its views).
  const quarantine = new QuarantineList();
  const logQuarantined = (notices: readonly QuarantineNotice[]) => {
    if (notices.length === 0) return;
    if (options.onQuarantine !== undefined) options.onQuarantine(notices);
    else for (const notice of notices) logQuarantine(options.logger, notice);
  };
  // Live batches apply every projection but the stale ones, which wait for a rebuild in shadow views.
  let applyLive = eventApplier(codec, projections, { quarantine });
  let stale: readonly Projection[] = [];
  let liveApplied = 0;
  let rebuilding: ShadowProgress | null = null;
  let shadowRun: Promise<void> | null = null;
  // Whether the read store held no read models at start: a rebuild then builds the live views directly.
  let empty = false;

  function setStale(next: readonly Projection[]): void {
    stale = next;
    applyLive = eventApplier(
      codec,
      projections.filter((p) => !next.includes(p)),
      { quarantine },
    );
  }

  const prepare = () =>
    (viewsReady ??= (async () => {
      const opened = await openReadModels(readStore, projections, checkpointName);
      empty = opened.checkpoint === null;
      setStale(opened.stale);
      if (stale.length > 0) {
        options.logger?.info(
          { projections: stale.map((p) => p.name) },
          'projections changed: rebuilding their views from the first event while the old ones serve',
        );
      }
      await quarantine.load(readStore, projections);
      watch.advance(opened.checkpoint ?? START);
    })().catch((error: unknown) => {
      viewsReady = null;
      throw error;
    }));

  /** The views reached `position`: those waiting for it are told. */
  function advance(position: Position): void {
    watch.advance(position);
    options.onAdvance?.(position);
  }

  function recordFailure(error: unknown): void {
    lastError = error instanceof Error ? error : new Error(String(error));
    const details =
      error instanceof PoisonEventError
        ? { eventId: error.eventId, eventType: error.eventType, position: error.position, projection: error.projection }
        : {};
    options.logger?.error({ err: lastError, ...details }, 'projector stopped on an event it cannot apply');
  }

  /** Applies one batch; answers how many events it held. */
  const applyNextBatch = (afterBatch = true) =>
    serialized(async () => {
      await prepare();
      const size = nextBatchSize;
      const events = await eventStore.readAll({ after: watch.position, maxCount: size });
      nextBatchSize = events.length === size ? catchUpBatchSize : batchSize;
      const last = events.at(-1);
      if (last === undefined) return 0;
      try {
        await readStore.applyBatch(checkpointName, last.position, async (uow) => {
          uow.readAhead?.(readAheadGroups(events));
          for (const event of events) await applyLive(event, uow);
        });
      } catch (error) {
        quarantine.rollback();
        recordFailure(error);
        throw error;
      }
      logQuarantined(quarantine.commit());
      liveApplied += events.length;
      advance(last.position);
      try {
        if (afterBatch) await options.afterBatch?.(events);
      } catch (error) {
        options.logger?.error({ err: error }, 'after-batch work failed; the projector goes on');
      }
      return events.length;
    });

  /**
   * Rebuilds the stale projections into shadow views and switches them live between two
   * live batches (see `rebuildInShadow`).
   */
  async function rebuildStale(
    onProgress?: (progress: RebuildProgress) => void,
    fresh = false,
    toHead = false,
  ): Promise<number> {
    const target = stale;
    if (target.length === 0) return 0;
    const tag = shadowTagOf(target);
    const state: ShadowProgress = { applied: 0, total: null, position: START };
    rebuilding = state;
    try {
      await rebuildInShadow({
        eventStore,
        readStore,
        codec,
        projections,
        target,
        tag,
        checkpointName: shadowCheckpointName(checkpointName, tag),
        batchSize,
        // Up to the head when nothing else is live: the switch then moves the checkpoint too.
        livePosition: toHead ? () => eventStore.headPosition() : () => watch.position,
        ...(toHead ? { promotionRecords: (position: Position) => ({ [checkpointName]: position }) } : {}),
        exclusive: serialized,
        stopping: () => stopping,
        fresh,
        progress: state,
        ...(options.beforePromote === undefined ? {} : { beforePromote: options.beforePromote }),
        ...(onProgress === undefined
          ? {}
          : {
              onProgress: (p: ShadowProgress) =>
                onProgress({ applied: p.applied, total: p.total, position: p.position }),
            }),
        onQuarantine: logQuarantined,
        promoted: async (position) => {
          // The rebuilt quarantine views replaced the old ones: users the new code can apply are released.
          await quarantine.load(readStore, projections);
          setStale(stale.filter((p) => !target.includes(p)));
          rebuilding = null;
          if (toHead) advance(position);
        },
      });
      options.logger?.info(
        { projections: target.map((p) => p.name), events: state.applied },
        'rebuilt views switched in',
      );
      return state.applied;
    } catch (error) {
      if (!(error instanceof StoppedError)) {
        state.error = error instanceof Error ? error.message : String(error);
        options.logger?.error({ err: error }, 'rebuilding views failed; the old ones keep serving');
      }
      throw error;
    }
  }

  function startRebuild(): Promise<void> {
    shadowRun ??= rebuildStale()
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        shadowRun = null;
      });
    return shadowRun;
  }

  async function catchUpLive(afterBatch: boolean): Promise<void> {
    // Up to the head as it is now: appends that keep coming are the tail loop's job.
    const head = await eventStore.headPosition();
    while (comparePositions(watch.position, head) < 0 && (await applyNextBatch(afterBatch)) > 0);
  }

  const projector: Projector = {
    get lastError() {
      return lastError;
    },
    isHealthy: () => lastError === null,
    async start() {
      await prepare();
      if (tailing?.running === true) return;
      stopping = false;
      lastError = null;
      tailing = startTail(eventStore, options.pollIntervalMs ?? 1000, applyNextBatch, (error) => {
        // A failed batch was recorded where it failed; anything else (reading) is recorded here.
        if (lastError !== error) recordFailure(error);
      });
      if (stale.length > 0) void startRebuild();
    },
    async stop() {
      stopping = true;
      await tailing?.stop();
      await shadowRun;
      await serialized(async () => undefined);
    },
    async catchUp() {
      await prepare();
      await catchUpLive(true);
      if (stale.length > 0) {
        await (shadowRun ?? rebuildStale());
        await catchUpLive(true);
      }
      return watch.position;
    },
    async rebuild(rebuildOptions = {}) {
      const started = performance.now();
      await prepare();
      await shadowRun;
      if (empty && comparePositions(watch.position, START) === 0) {
        // Nothing serves yet, so nothing to keep serving: one bulk replay into the live views.
        const until = await eventStore.headPosition();
        const total = await countBetween(eventStore, START, until);
        const onProgress = rebuildOptions.onProgress;
        const result = await serialized(async () => {
          await readStore.bulkMode?.(true);
          try {
            return await bulkReplay({
              eventStore,
              readStore,
              codec,
              projections,
              checkpointName,
              until,
              onQuarantine: logQuarantined,
              ...(onProgress === undefined ? {} : { onProgress: (p: RebuildProgress) => onProgress({ ...p, total }) }),
            });
          } finally {
            await readStore.bulkMode?.(false);
            await quarantine.load(readStore, projections);
          }
        });
        advance(result.position);
        empty = false;
        await catchUpLive(false);
        return { events: result.events, ms: performance.now() - started };
      }
      setStale(closeOverReads(projections, [...stale, ...owning(projections, rebuildOptions.views)]));
      // Every view rebuilt and no tail running: the rebuild goes to the head and the switch
      // moves the checkpoint with it; otherwise the live views are caught up first.
      const everything = projections.every((p) => p.views.length === 0 || stale.includes(p));
      const toHead = everything && tailing?.running !== true;
      if (!toHead) await catchUpLive(false);
      // A rebuild asked for starts from an empty shadow, even if an earlier one was left halfway.
      const events = await rebuildStale(rebuildOptions.onProgress, true, toHead);
      await catchUpLive(false);
      return { events, ms: performance.now() - started };
    },
    status: () => projectionStatuses(projections, { stale, rebuilding, liveApplied, position: watch.position }),
    quarantinedUsers: () => quarantine.users(),
    whenRebuilt: async () => {
      await shadowRun;
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
