import type { Projection } from './projection.js';

/**
 * Purges every view of a user whose account was erased. The erasure deletes the user's
 * streams first and records AccountErased last, so whatever of the user the projector
 * applied before is removed, and nothing of the user comes after.
 */
export const accountErasureProjection: Projection = {
  name: 'account-erasure',
  views: [],
  handles: ['AccountErased'],
  async apply(event, uow) {
    uow.purgeUser(event.metadata.userId);
  },
};
