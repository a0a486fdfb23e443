import type { RestoreCommand, RestoreEvent } from '@plenty/contracts/backup';
import { domainError, type DomainError } from '@plenty/contracts/errors';
import type { RestoreState } from './restore.state.js';

export interface RestoreContext {
  /** The restoring user. */
  readonly userId: string;
  /**
   * Whether the account holds data a restore would mix with: any transaction, transfer, rule,
   * debt or import, or custom categories, goals, opened wallets or a default wallet set up
   * (preferences alone do not count).
   * Only looked up for a StartRestore of a restore not started yet.
   */
  readonly accountHasData: boolean;
}

/**
 * StartRestore: refused for a backup of this same account (422 `restore_same_account`), and for an
 * account with data unless the user confirmed the merge (409 `restore_account_not_empty`). A restore
 * already started is started (its events may be the account's data by now): nothing is recorded again.
 * FinishRestore: records the summary once; 404 `restore_not_started` before a StartRestore.
 */
export function decideRestore(
  command: RestoreCommand,
  state: RestoreState,
  context: RestoreContext,
): readonly RestoreEvent[] | DomainError {
  switch (command.type) {
    case 'StartRestore': {
      const { backupId, sourceUserId, merge, eventCount } = command.data;
      if (sourceUserId === context.userId) return domainError('restore_same_account', 422, 'sourceUserId');
      if (state.status === 'started') return [];
      if (context.accountHasData && !merge) return domainError('restore_account_not_empty', 409, 'merge');
      return [{ type: 'RestoreStarted', data: { backupId, sourceUserId, merge, eventCount } }];
    }
    case 'FinishRestore': {
      if (state.status === 'none') return domainError('restore_not_started', 404);
      if (state.finished !== null) return [];
      const { backupId, appended, existing } = command.data;
      return [{ type: 'RestoreFinished', data: { backupId, appended, existing } }];
    }
  }
}
