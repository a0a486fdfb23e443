import {
  CATEGORY_BUDGETS_VIEW,
  MONTHLY_CONTRIBUTIONS_VIEW,
  MONTHLY_SUMMARY_VIEW,
  PREFERENCES_VIEW,
  RECURRING_RULES_VIEW,
  TRANSACTIONS_VIEW,
  YEARLY_SUMMARY_VIEW,
} from '@plenty/contracts/views/registry';
import { DEFAULT_PREFERENCES } from '@plenty/contracts/preferences';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore, RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { eventApplier, viewsOf } from '@plenty/projections/apply';
import type { Projection } from '@plenty/projections/projection';
import { allProjections } from '@plenty/projections/all';
import { endOfDayAnywhere, endOfLocalDay } from '@plenty/contracts/calendar/zone';

/** Where a point-in-time view reads the user's history: the event store and the codec that opens it. */
export interface EventHistory {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
}

/** The views the dashboard and the reports read. */
const VIEWS_READ = new Set([
  PREFERENCES_VIEW,
  MONTHLY_SUMMARY_VIEW,
  YEARLY_SUMMARY_VIEW,
  MONTHLY_CONTRIBUTIONS_VIEW,
  TRANSACTIONS_VIEW,
  RECURRING_RULES_VIEW,
  CATEGORY_BUDGETS_VIEW,
]);

/**
 * The projections of the live read models that write those views, and those whose views they
 * read in turn, in the live order: the same code, so the past is computed exactly as the
 * present is.
 */
export const AS_OF_PROJECTIONS = ((): readonly Projection[] => {
  const needed = new Set(VIEWS_READ);
  for (;;) {
    const chosen = allProjections.filter((projection) => projection.views.some((view) => needed.has(view.name)));
    const more = chosen.flatMap((projection) => projection.reads ?? []).filter((view) => !needed.has(view));
    if (more.length === 0) return chosen;
    for (const view of more) needed.add(view);
  }
})();

/**
 * Events applied per unit of work. The store is in memory and its writes are synchronous, so
 * the replay lets other requests run between batches; a batch takes a few tens of ms.
 */
const BATCH_SIZE = 1000;
const CHECKPOINT = 'as-of';

/** Read models of one user at the end of a past day, held in memory. */
export interface PastReadModels {
  readonly store: ReadStore;
  /** The last instant of the day in the user's time zone then: the clock the queries run at. */
  readonly now: Date;
  /** The user's time zone at the end of that day. */
  readonly timeZone: string;
  /** Events replayed. */
  readonly events: number;
  close(): Promise<void>;
}

function timeZoneSetBy(event: RecordedEvent): string | null {
  if (event.type !== 'PreferencesChanged') return null;
  const changes = event.data.changes;
  if (typeof changes !== 'object' || changes === null || !('timeZone' in changes)) return null;
  return typeof changes.timeZone === 'string' ? changes.timeZone : null;
}

/**
 * The user's events recorded up to the end of `date`, in the time zone the user had at each
 * point: events are walked in position order and each one counts when its `occurredAt` is
 * before the end of `date` in the zone of the preferences replayed so far (UTC before the
 * first choice). Also answers that zone at the end.
 */
export function eventsUpTo(
  events: readonly RecordedEvent[],
  date: string,
): { events: RecordedEvent[]; timeZone: string } {
  const ends = new Map<string, number>();
  const endIn = (zone: string): number => {
    let end = ends.get(zone);
    if (end === undefined) {
      end = endOfLocalDay(date, zone).getTime();
      ends.set(zone, end);
    }
    return end;
  };
  let timeZone = DEFAULT_PREFERENCES.timeZone;
  const kept: RecordedEvent[] = [];
  for (const event of events) {
    if (!(Date.parse(event.metadata.occurredAt) < endIn(timeZone))) continue;
    kept.push(event);
    timeZone = timeZoneSetBy(event) ?? timeZone;
  }
  return { events: kept, timeZone };
}

/**
 * Replays the user's own events (selected by their uid, never anyone else's) recorded up to
 * the end of `date` through the projections into a read store in memory.
 */
export async function replayUpTo(history: EventHistory, userId: string, date: string): Promise<PastReadModels> {
  const read = await history.eventStore.readUserEvents(userId, {
    occurredBefore: endOfDayAnywhere(date).toISOString(),
  });
  const { events, timeZone } = eventsUpTo(read, date);
  const store = await openSqliteReadStore({ path: ':memory:' });
  try {
    // As a rebuild does: the secondary indexes are built once at the end, not row by row.
    await store.bulkMode?.(true);
    await store.ensureViews(viewsOf(AS_OF_PROJECTIONS));
    const apply = eventApplier(history.codec, AS_OF_PROJECTIONS);
    for (let start = 0; start < events.length; start += BATCH_SIZE) {
      const batch = events.slice(start, start + BATCH_SIZE);
      const last = batch.at(-1);
      if (last === undefined) break;
      await store.applyBatch(CHECKPOINT, last.position, async (uow) => {
        for (const event of batch) await apply(event, uow);
      });
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await store.bulkMode?.(false);
  } catch (error) {
    await store.close();
    throw error;
  }
  return {
    store,
    now: new Date(endOfLocalDay(date, timeZone).getTime() - 1),
    timeZone,
    events: events.length,
    close: () => store.close(),
  };
}
