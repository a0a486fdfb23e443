import type { PartitionBatch, ReceivedMessage } from '@plenty/platform/bus/kafka';
import { START, comparePositions, type Position, type RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { readAheadGroups } from '@plenty/platform/read-store/read-ahead';
import { recordUserProgress, userProgressView } from '@plenty/platform/user-progress';
import { eventApplier, viewsOf } from '@plenty/projections/apply';
import type { Projection } from '@plenty/projections/projection';
import { QuarantineList, type QuarantineNotice } from '@plenty/projections/quarantine';
import { logQuarantine } from './quarantine-log.js';
import { rebuildInShadow, type ShadowProgress } from './runtime-shadow.js';
import { projectionStatuses } from './runtime-status.js';
import { closeOverReads, outdatedProjections, shadowTagOf } from './runtime-versions.js';
import { serializer } from './serialized.js';
import type { PartitionProjector, PartitionProjectorOptions } from './partition-projector-api.js';

/** The position a rebuild's shadow views had reached when they were switched in. */
export const rebuiltAtRecord = (tag: string): string => `projection-rebuilt-at:${tag}`;

export const partitionCheckpoint = (topic: string, partition: number) => `kafka-${topic}-${partition}`;

type Valid = Extract<ReceivedMessage, { event: RecordedEvent }>;

/**
 * A stale projection (its version record differs from the code) is left out of partition
 * batches, so its old collections stay as they were and keep serving, and it is rebuilt from
 * EventStoreDB into shadow collections by the holder of the rebuild lease, up to the head,
 * then switched in. Rejoining relies on the per-document position guards: each instance,
 * once it sees the switch (the promoter at once, the others at their next batch), replays
 * the events after the position the shadow reached, up to the head, into the rebuilt
 * projections, first while its batches still leave them out, then once more to the head
 * of that moment with its batches held, and only then applies them in its batches. Every
 * event an instance left out is at most the head it replayed to, and an event applied twice
 * (by that replay and by a batch) changes a document only once, since a write older than the
 * document's position is ignored. Left open: a rebalance that moves a partition from an
 * instance that has not yet seen the switch to one that has, in that short window, can lose
 * that partition's left-out events for the rebuilt views (`npm run rebuild -- --check`
 * finds it, `--view` repairs it).
 */
export function createPartitionProjector(options: PartitionProjectorOptions): PartitionProjector {
  const { readStore, projections } = options;
  const batchSize = options.rebuildBatchSize ?? 500;
  let stale: readonly Projection[] = [];
  const quarantine = new QuarantineList();
  const refreshMs = options.quarantineRefreshMs ?? 10_000;
  let quarantineReadAt = -Infinity;
  let apply = eventApplier(options.codec, projections, { quarantine });
  let rebuilding: ShadowProgress | null = null;
  // Partition batches and a switch never interleave on this instance.
  const serialized = serializer();

  function setStale(next: readonly Projection[]): void {
    stale = next;
    apply = eventApplier(
      options.codec,
      projections.filter((p) => !next.includes(p)),
      { quarantine },
    );
  }

  /** Reads the quarantine records again (between batches: nothing pending). */
  async function readQuarantine(): Promise<void> {
    await quarantine.load(readStore, projections);
    quarantineReadAt = Date.now();
  }

  /** Applies `work` in one read-store batch; the quarantine list follows what was committed. */
  async function applyBatch(
    list: QuarantineList,
    checkpointName: string,
    position: Position,
    work: (uow: UnitOfWork) => Promise<void>,
  ): Promise<QuarantineNotice[]> {
    try {
      await readStore.applyBatch(checkpointName, position, work);
    } catch (error) {
      list.rollback();
      throw error;
    }
    return list.commit();
  }

  /** Applies the events after `from` up to the head to `joining` only; answers the position reached. */
  async function replayInto(joining: readonly Projection[], from: Position, tag: string): Promise<Position> {
    const source = options.rebuildSource;
    if (source === undefined) return from;
    // A list of its own: the first replay runs beside the partition batches, which use theirs.
    // The switch replaced the rebuilt projections' quarantine views; who is in them is stored there.
    const joiningQuarantine = new QuarantineList();
    await joiningQuarantine.load(readStore, joining);
    const applyJoining = eventApplier(options.codec, joining, { quarantine: joiningQuarantine });
    const until = await source.headPosition();
    let position = from;
    while (comparePositions(position, until) < 0) {
      const events = (await source.readAll({ after: position, maxCount: batchSize })).filter(
        (event) => comparePositions(event.position, until) <= 0,
      );
      const last = events.at(-1);
      if (last === undefined) break;
      const notices = await applyBatch(joiningQuarantine, `rejoin@${tag}`, last.position, async (uow) => {
        for (const event of events) await applyJoining(event, uow);
      });
      for (const notice of notices) logQuarantine(options.logger, notice);
      position = last.position;
    }
    return position;
  }

  /** Rejoins projections switched in (by this instance or another) after replaying what batches left out. */
  async function rejoin(joining: readonly Projection[], from: Position, tag: string): Promise<void> {
    const reached = await replayInto(joining, from, tag);
    await serialized(async () => {
      await replayInto(joining, reached, tag);
      // Who is quarantined in the rejoining projections now: what the switch and the replays left.
      await readQuarantine();
      setStale(stale.filter((p) => !joining.includes(p)));
    });
    options.logger?.info({ projections: joining.map((p) => p.name) }, 'rebuilt views rejoined the partition batches');
  }

  /** At a batch: whether another instance switched in some of the stale projections. */
  async function noticeSwitches(): Promise<void> {
    if (stale.length === 0 || rebuilding !== null) return;
    const still = await outdatedProjections(readStore, projections);
    const switched = stale.filter((p) => !still.includes(p));
    if (switched.length === 0) return;
    const tag = shadowTagOf(stale);
    const from = (await readStore.getCheckpoint(rebuiltAtRecord(tag))) ?? START;
    await rejoin(switched, from, tag);
  }

  /**
   * One write: the events' effects, each user's progress, and the partition's checkpoint.
   * The events that quarantined a user go to the dead-letter topic before the write commits:
   * if the write then fails, the batch comes again, and so do its letters (at least once).
   */
  async function write(
    batch: PartitionBatch,
    checkpointName: string,
    messages: readonly Valid[],
  ): Promise<readonly QuarantineNotice[]> {
    const last = messages.at(-1);
    if (last === undefined) return [];
    const offsets = new Map(messages.map((message) => [message.event.id, message.offset]));
    const notices = await applyBatch(quarantine, checkpointName, last.event.position, async (uow) => {
      uow.readAhead?.(readAheadGroups(messages.map((message) => message.event)));
      for (const { event } of messages) {
        // Recorded before the event is applied, so an account erasure that purges the user takes it too.
        recordUserProgress(uow, event.metadata.userId, event.position);
        await apply(event, uow);
      }
      for (const notice of quarantine.pending()) {
        const offset = offsets.get(notice.event.id) ?? '';
        const message = messages.find((m) => m.event.id === notice.event.id);
        await options.deadLetters.send({
          event: message?.event ?? null,
          raw: null,
          reason: notice.reason,
          projection: notice.failed,
          quarantined: notice.projections,
          source: { topic: batch.topic, partition: batch.partition, offset },
        });
      }
    });
    for (const notice of notices) {
      logQuarantine(options.logger, notice, {
        topic: batch.topic,
        partition: batch.partition,
        offset: offsets.get(notice.event.id),
        deadLetter: true,
      });
    }
    return notices;
  }

  async function deadLetterUnreadable(batch: PartitionBatch, message: Extract<ReceivedMessage, { event: null }>) {
    options.logger?.error(
      { err: message.error, topic: batch.topic, partition: batch.partition, offset: message.offset },
      'a message that is not an event set aside on the dead-letter topic',
    );
    await options.deadLetters.send({
      event: null,
      raw: message.raw,
      reason: message.error.message,
      projection: null,
      source: { topic: batch.topic, partition: batch.partition, offset: message.offset },
    });
  }

  return {
    async prepare() {
      await readStore.ensureViews([...viewsOf(options.projections), userProgressView]);
      await readQuarantine();
      if (options.rebuildSource === undefined) return;
      setStale(closeOverReads(projections, await outdatedProjections(readStore, projections)));
      if (stale.length > 0) {
        options.logger?.info(
          { projections: stale.map((p) => p.name) },
          'projections changed: left out of partition batches until rebuilt',
        );
      }
    },
    async rebuildStale(rebuildOptions = {}) {
      const source = options.rebuildSource;
      const target = stale;
      if (source === undefined || target.length === 0) return;
      const tag = shadowTagOf(target);
      const state: ShadowProgress = { applied: 0, total: null, position: START };
      rebuilding = state;
      try {
        let reached: Position = START;
        await rebuildInShadow({
          eventStore: source,
          readStore,
          codec: options.codec,
          projections,
          target,
          tag,
          checkpointName: `rebuild@${tag}`,
          batchSize,
          livePosition: () => source.headPosition(),
          exclusive: serialized,
          progress: state,
          ...(rebuildOptions.stopping === undefined ? {} : { stopping: rebuildOptions.stopping }),
          promotionRecords: (position) => ({ [rebuiltAtRecord(tag)]: position }),
          promoted: (position) => {
            reached = position;
          },
        });
        rebuilding = null;
        await rejoin(target, reached, tag);
      } catch (error) {
        state.error = error instanceof Error ? error.message : String(error);
        options.logger?.error({ err: error }, 'rebuilding views failed; the old ones keep serving');
        throw error;
      }
    },
    stale: () => stale.map((p) => p.name),
    quarantinedUsers: () => quarantine.users(),
    status: () => projectionStatuses(projections, { stale, rebuilding, liveApplied: 0, position: START }),
    async handle(batch) {
      await noticeSwitches();
      await serialized(() => handleBatch(batch));
    },
  };

  async function handleBatch(batch: PartitionBatch): Promise<void> {
    if (Date.now() - quarantineReadAt >= refreshMs) await readQuarantine();
    const checkpointName = partitionCheckpoint(batch.topic, batch.partition);
    for (const message of batch.messages) {
      if (message.event === null) await deadLetterUnreadable(batch, message);
    }
    const valid = batch.messages.filter((m): m is Valid => m.event !== null);
    const notices = await write(batch, checkpointName, valid);
    // Events set aside are not handed on: what they did not do raised no alert.
    const setAside = new Set(notices.map((notice) => notice.event.id));
    const applied = valid.map((m) => m.event).filter((event) => !setAside.has(event.id));
    if (options.afterBatch === undefined || applied.length === 0) return;
    await options.afterBatch(applied).catch((error: unknown) => {
      options.logger?.error({ err: error }, 'after-batch work failed; the projector goes on');
    });
  }
}
