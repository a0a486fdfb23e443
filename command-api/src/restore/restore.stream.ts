import { restoreStreamId, RESTORED_STREAMS, type RestoreCommand } from '@plenty/contracts/backup';
import { streamCategory, streamIds } from '@plenty/contracts/events/envelope';
import type { EventStore } from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import type { StreamDefinition } from '../pipeline/stream-definition.js';
import { decideRestore, type RestoreContext } from './restore.decider.js';
import { evolveRestore, initialRestoreState, type RestoreState } from './restore.state.js';

/**
 * Profile events that make a profile "data": what the user made, not their settings. A default
 * wallet set up (edited, reconciled) is data too: a backup's edits of its own default wallet land
 * on the account's, so restoring into it is a merge the user confirms.
 */
const PROFILE_DATA_EVENTS: ReadonlySet<string> = new Set([
  'CategoryAdded',
  'GoalAdded',
  'WalletOpened',
  'WalletEdited',
  'WalletReconciled',
]);
const DATA_STREAMS: ReadonlySet<string> = new Set(RESTORED_STREAMS.filter((family) => family !== 'profile'));

/** Whether the user's account holds data a restore would be merged with (restore.decider.ts). */
export async function accountHasData(eventStore: EventStore, userId: string): Promise<boolean> {
  const streams = await eventStore.streamIdsOfUser(userId);
  if (streams.some((streamId) => DATA_STREAMS.has(streamCategory(streamId)))) return true;
  const profile = await eventStore.readStream(streamIds.profile(userId));
  return profile.some((event) => event.metadata.userId === userId && PROFILE_DATA_EVENTS.has(event.type));
}

export interface RestoreStreamDeps {
  readonly eventStore: EventStore;
}

/** StartRestore and FinishRestore, on `restore-<restoreStreamId(uid, backupId)>`: one restore per backup and account. */
export function restoreStream(deps: RestoreStreamDeps): StreamDefinition<RestoreCommand, RestoreState, RestoreContext> {
  return {
    initialState: initialRestoreState,
    evolve: evolveRestore,
    streamId: (command, { user }) => streamIds.restore(restoreStreamId(user.uid, command.data.backupId)),
    async loadContext(command, state, { user }) {
      const needed =
        command.type === 'StartRestore' && state.status === 'none' && command.data.sourceUserId !== user.uid;
      return { userId: user.uid, accountHasData: needed ? await accountHasData(deps.eventStore, user.uid) : false };
    },
    decide: (command, state, context) => decideRestore(command, state, context),
    notFound: () => new HttpError(404, 'restore_not_started', 'restore not started'),
  };
}
