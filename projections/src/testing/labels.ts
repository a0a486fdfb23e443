import type { ViewDefinition } from '@plenty/platform/read-store/port';
import { accountErasureProjection } from '../account-erasure.projection.js';
import type { Projection } from '../projection.js';
import { tagsProjection } from '../tags.projection.js';
import { transactionsProjection } from '../transactions.projection.js';

/** The view of the `labels` test projection: one document per transaction. */
export const labelsView: ViewDefinition = { name: 'labels', fields: {}, indexes: [] };

/**
 * A projection whose code changes between versions, to test rebuilds after a version raise:
 * version 1 keeps each transaction's note as it is; version 2 shouts it.
 */
export function labels(version: 1 | 2): Projection {
  return {
    name: 'labels',
    version,
    views: [labelsView],
    handles: ['TransactionAdded'],
    async apply(event, uow) {
      const note = String(event.data.note ?? '');
      const label = version === 1 ? note : note.toUpperCase();
      uow.put('labels', event.metadata.userId, String(event.data.transactionId), { label }, event.position);
    },
  };
}

/**
 * The projections of a deployment whose `labels` projection is at `version` (with `tags`, whose
 * links the transactions projection reads).
 */
export const projectionsAt = (version: 1 | 2) => [
  transactionsProjection,
  tagsProjection,
  labels(version),
  accountErasureProjection,
];
