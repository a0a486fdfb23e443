import { afterEach, beforeEach } from 'vitest';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { allProjections } from '../all.js';
import type { Projection } from '../projection.js';
import { eventLog, type EventLog } from './events.js';
import { applyEvents, documents, scratchReadStore } from './memory-read-store.js';

/**
 * For each test of the enclosing suite (or file): a scratch read store with the projections'
 * views and a fresh event log. `given` applies events as the runtime does; `documents` reads
 * a user's documents of a view. `start` is the time of the log's first event.
 */
export function projectionScratch(projections: readonly Projection[] = allProjections, start?: Date) {
  let current: { store: ReadStore; dispose(): Promise<void>; log: EventLog } | null = null;
  const now = () => {
    if (current === null) throw new Error('the scratch store exists only inside a test');
    return current;
  };
  beforeEach(async () => {
    current = { ...(await scratchReadStore(projections)), log: eventLog(start) };
  });
  afterEach(async () => {
    await current?.dispose();
    current = null;
  });
  return {
    get store(): ReadStore {
      return now().store;
    },
    get log(): EventLog {
      return now().log;
    },
    given: (...events: RecordedEvent[]) => applyEvents(now().store, projections, events),
    documents: (view: string, userId: string) => documents(now().store, view, userId),
  };
}
