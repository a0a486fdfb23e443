import type { ViewDefinition } from '@plenty/platform/read-store/port';
import type { Projection } from '../projection.js';

export const TALLY_VIEW = 'tally';
export const TALLY_ECHO_VIEW = 'tally_echo';
const tallyView: ViewDefinition = { name: TALLY_VIEW, fields: {}, indexes: [] };
const tallyEchoView: ViewDefinition = { name: TALLY_ECHO_VIEW, fields: {}, indexes: [] };

/** Whether an event is one `tally` cannot apply: a transaction whose note says so. */
export const isPoison = (data: Record<string, unknown>): boolean => data.note === 'poison';

/**
 * Counts each user's transactions (document `count`), and cannot apply a transaction whose
 * note is 'poison'. `version` 2 has learned to: it counts it like any other.
 */
export function tallyProjection(version = 1): Projection {
  return {
    name: 'tally',
    version,
    views: [tallyView],
    handles: ['TransactionAdded'],
    async apply(event, uow) {
      if (version === 1 && isPoison(event.data)) throw new Error('tally cannot count this one');
      const userId = event.metadata.userId;
      const stored = await uow.get<{ count: number }>(TALLY_VIEW, userId, 'count');
      uow.put(TALLY_VIEW, userId, 'count', { count: (stored?.doc.count ?? 0) + 1 }, event.position);
    },
  };
}

/**
 * The user's tally as each transaction leaves it: the count `tally` held before the event (as
 * every projection reads another's view) plus this one. It reads `tally`, so it is quarantined
 * with it.
 */
export const tallyEchoProjection: Projection = {
  name: 'tally-echo',
  views: [tallyEchoView],
  reads: [TALLY_VIEW],
  handles: ['TransactionAdded'],
  async apply(event, uow) {
    const userId = event.metadata.userId;
    const tally = await uow.get<{ count: number }>(TALLY_VIEW, userId, 'count');
    uow.put(TALLY_ECHO_VIEW, userId, 'count', { count: (tally?.doc.count ?? 0) + 1 }, event.position);
  },
};
