import { describe, expect, it } from 'vitest';
import type { RestoreCommand, RestoreEvent } from '@plenty/contracts/backup';
import { domainError } from '@plenty/contracts/errors';
import { decideRestore, type RestoreContext } from './restore.decider.js';
import { evolveRestore, initialRestoreState } from './restore.state.js';

const backupId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const started: RestoreEvent = {
  type: 'RestoreStarted',
  data: { backupId, sourceUserId: 'old-account', merge: false, eventCount: 40 },
};
const start = (fields: Partial<{ sourceUserId: string; merge: boolean }> = {}): RestoreCommand => ({
  type: 'StartRestore',
  data: { commandId, backupId, sourceUserId: 'old-account', merge: false, eventCount: 40, ...fields },
});
const finish: RestoreCommand = { type: 'FinishRestore', data: { commandId, backupId, appended: 38, existing: 2 } };
const empty: RestoreContext = { userId: 'new-account', accountHasData: false };
const withData: RestoreContext = { userId: 'new-account', accountHasData: true };
const given = (...events: RestoreEvent[]) => events.reduce(evolveRestore, initialRestoreState);

describe('restore decider', () => {
  it('starts a restore into an empty account', () => {
    expect(decideRestore(start(), given(), empty)).toEqual([started]);
  });

  it('refuses an account with data unless the merge is confirmed', () => {
    expect(decideRestore(start(), given(), withData)).toEqual(domainError('restore_account_not_empty', 409, 'merge'));
    expect(decideRestore(start({ merge: true }), given(), withData)).toEqual([
      { type: 'RestoreStarted', data: { ...started.data, merge: true } },
    ]);
  });

  it('refuses a backup of the same account, started or not', () => {
    const same = start({ sourceUserId: 'new-account' });
    expect(decideRestore(same, given(), empty)).toEqual(domainError('restore_same_account', 422, 'sourceUserId'));
  });

  it('records nothing for a restore already started, though its events are the account’s data by now', () => {
    expect(decideRestore(start(), given(started), withData)).toEqual([]);
  });

  it('finishes a started restore once, and refuses to finish one never started', () => {
    expect(decideRestore(finish, given(), empty)).toEqual(domainError('restore_not_started', 404));
    expect(decideRestore(finish, given(started), empty)).toEqual([
      { type: 'RestoreFinished', data: { backupId, appended: 38, existing: 2 } },
    ]);
    expect(
      decideRestore(
        finish,
        given(started, { type: 'RestoreFinished', data: { backupId, appended: 38, existing: 2 } }),
        empty,
      ),
    ).toEqual([]);
  });
});
