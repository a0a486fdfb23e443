import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import { START, type EventStore, type RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { eventApplier, viewsOf } from '../apply.js';
import { declaredAccess, type Projection } from '../projection.js';
import { staged, type StagedUnitOfWork } from '../staged.js';

/**
 * A throwaway read store held in memory, with its views created. It is the real SQLite
 * adapter, so projections are tested against the same guards and lookups they get in use.
 */
export async function scratchReadStore(
  projections: readonly Projection[],
): Promise<{ store: ReadStore; dispose(): Promise<void> }> {
  const store = await openSqliteReadStore({ path: ':memory:' });
  await store.ensureViews(projections.flatMap((p) => p.views));
  return { store, dispose: () => store.close() };
}

/**
 * Applies events (already decoded) in one batch, as the runtime does: each projection's writes
 * for an event staged until all have applied it (staged.ts). Each projection gets
 * the unit of work through `declaredAccess`: a projection that reads a view it neither owns
 * nor declares in `reads` (or writes another's view) fails its tests.
 */
export async function applyEvents(
  store: ReadStore,
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
): Promise<void> {
  const last = events.at(-1);
  if (last === undefined) return;
  const views = projections.flatMap((p) => p.views);
  await store.applyBatch('test', last.position, async (uow) => {
    for (const event of events) {
      const applied: StagedUnitOfWork[] = [];
      for (const projection of projections) {
        if (!projection.handles.includes(event.type)) continue;
        const writes = staged(declaredAccess(projection, uow), views);
        await projection.apply(event, writes);
        applied.push(writes);
      }
      for (const writes of applied) writes.commit();
    }
  });
}

/** Every live document of a user in a view, in id order. */
export async function documents(store: ReadStore, view: string, userId: string): Promise<unknown[]> {
  const page = await store.find(view, { userId, sort: [], limit: 100_000 });
  return page.items.map((item) => item.doc);
}

/**
 * Applies every event of an event store (encoded, as the command side writes them) to a read
 * store through the projections, their views created first: the read models a caught-up
 * projector holds, for tests of what reads them.
 */
export async function projectEventStore(
  source: { readonly eventStore: EventStore; readonly codec: EventCodec },
  store: ReadStore,
  projections: readonly Projection[],
  checkpointName = 'test',
): Promise<void> {
  await store.ensureViews(viewsOf(projections));
  const apply = eventApplier(source.codec, projections);
  for (let after = START; ;) {
    const events = await source.eventStore.readAll({ after, maxCount: 1000 });
    const last = events.at(-1);
    if (last === undefined) return;
    await store.applyBatch(checkpointName, last.position, async (uow) => {
      for (const event of events) await apply(event, uow);
    });
    after = last.position;
  }
}
