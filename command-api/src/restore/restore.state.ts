import type { RestoreEvent } from '@plenty/contracts/backup';

/** A restore of one backup into one account, as its stream `restore-<restoreStreamId(uid, backupId)>` folds. */
export type RestoreState =
  | { readonly status: 'none' }
  | {
      readonly status: 'started';
      readonly backupId: string;
      readonly sourceUserId: string;
      readonly merge: boolean;
      readonly eventCount: number;
      /** The summary FinishRestore recorded; null while the restore is under way. */
      readonly finished: { readonly appended: number; readonly existing: number } | null;
    };

export const initialRestoreState: RestoreState = { status: 'none' };

export function evolveRestore(state: RestoreState, event: { type: string; data: unknown }): RestoreState {
  const known = event as RestoreEvent;
  switch (known.type) {
    case 'RestoreStarted': {
      const { backupId, sourceUserId, merge, eventCount } = known.data;
      return { status: 'started', backupId, sourceUserId, merge, eventCount, finished: null };
    }
    case 'RestoreFinished':
      if (state.status !== 'started') return state;
      return { ...state, finished: { appended: known.data.appended, existing: known.data.existing } };
    default:
      return state;
  }
}
