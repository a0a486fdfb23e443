import type { NewEvent } from '../event-store/port.js';
import type { ReadAheadGroup } from './port.js';

/**
 * The ids a batch of events names, for `UnitOfWork.readAhead`: per user, the events' own ids in
 * one group, and each top-level field of their data whose name ends in `Id` (but `userId`) in a
 * group of its own (`transactionId`, `walletId`…). The projections key most documents by one of
 * these; a hint only, so an id no projection reads costs one probe of a view at most.
 */
export function readAheadGroups(events: readonly NewEvent[]): ReadAheadGroup[] {
  const groups = new Map<string, Set<string>>();
  const add = (userId: string, kind: string, id: string) => {
    const key = `${userId}\u0000${kind}`;
    let ids = groups.get(key);
    if (ids === undefined) groups.set(key, (ids = new Set()));
    ids.add(id);
  };
  for (const event of events) {
    const { userId } = event.metadata;
    add(userId, '', event.id);
    for (const [field, value] of Object.entries(event.data)) {
      if (typeof value === 'string' && field.endsWith('Id') && field !== 'userId') add(userId, field, value);
    }
  }
  return [...groups].map(([key, ids]) => ({ userId: key.slice(0, key.indexOf('\u0000')), ids: [...ids] }));
}
