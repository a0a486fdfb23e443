import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { restoredId, type BackupEvent } from '@plenty/contracts/backup';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { backupEvents } from '@plenty/command-api/backup/backup-events';
import { sendRestore } from '../faults/restore-fixture.js';
import { ApiClient } from '../support/api-client.js';
import { addCategory } from '../support/categories.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { expenseBody } from '../support/transaction-body.js';
import { signedUp } from '../support/signed-up.js';
import { createTestUser } from '../support/users.js';
import { queryOk, sendOk } from '../support/wallets.js';

const env = useTestStandalone();

async function newClient(): Promise<ApiClient> {
  return new ApiClient(env.standalone.app, await createTestUser(env.standalone));
}

const viewOf = (api: ApiClient, transactionId: string) =>
  queryOk<TransactionView>(api, `transactions/${transactionId}`);

describe('an edit made on a revision of a transaction, over HTTP', () => {
  it('is applied on the view’s revision, refused on an older one, and a retry of the first answers as the first', async () => {
    const api = await newClient();
    const { transactionId, ...rest } = expenseBody({ note: 'ข้าวมันไก่' });
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    const added = await viewOf(api, transactionId);
    expect(added.revision).toBe(0);

    const firstId = randomUUID();
    const firstBody = { transactionId, baseRevision: added.revision, changes: { note: 'ຕຳໝາກຫຸ່ງ' } };
    const first = await api.command('EditTransaction', firstBody, firstId);
    expect(first.status).toBe(200);
    const edited = await viewOf(api, transactionId);
    expect(edited).toMatchObject({ note: 'ຕຳໝາກຫຸ່ງ', revision: first.body.revision });
    expect(edited.revision).toBe(1);

    const stale = await api.command('EditTransaction', {
      transactionId,
      baseRevision: added.revision,
      changes: { note: 'made on the old view', amount: { amount: 99_900, currency: 'THB' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('transaction_changed');
    expect(await viewOf(api, transactionId)).toEqual(edited);

    const retried = await api.command('EditTransaction', firstBody, firstId);
    expect(retried).toEqual(first);

    const unversioned = await api.command('EditTransaction', { transactionId, changes: { note: 'no base revision' } });
    expect(unversioned.status).toBe(200);
    expect(unversioned.body.revision).toBe(2);
    const last = await viewOf(api, transactionId);
    expect(last).toMatchObject({ note: 'no base revision', revision: 2 });

    const onLatest = await api.command('EditTransaction', {
      transactionId,
      baseRevision: last.revision,
      changes: { note: 'on the latest' },
    });
    expect(onLatest.status).toBe(200);
  });

  it('keeps the view’s revision through a tag rename and a category deletion, which are not on its stream', async () => {
    const api = await newClient();
    const garden = await addCategory(api, 'Garden');
    const { transactionId, ...rest } = expenseBody({ categoryId: garden, tags: ['trip'] });
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    await sendOk(api, 'RenameTag', { from: 'trip', to: 'Trip to Vientiane' });
    await sendOk(api, 'DeleteCategory', { categoryId: garden, replacementCategoryId: 'builtin-other' });
    const view = await viewOf(api, transactionId);
    expect(view).toMatchObject({ categoryId: 'builtin-other', tags: ['Trip to Vientiane'], revision: 0 });

    const edit = await api.command('EditTransaction', {
      transactionId,
      baseRevision: view.revision,
      changes: { note: 'after the rename' },
    });
    expect(edit.status).toBe(200);
  });

  it('answers an edit of a deleted transaction with 404 transaction_not_found, not transaction_changed', async () => {
    const api = await newClient();
    const { transactionId, ...rest } = expenseBody();
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    await sendOk(api, 'DeleteTransaction', { transactionId });
    const edit = await api.command('EditTransaction', { transactionId, baseRevision: 0, changes: { note: 'gone' } });
    expect(edit.status).toBe(404);
    expect(edit.body.error?.code).toBe('transaction_not_found');
  });

  it('refuses a base revision that is not a revision with 400, before anything is read', async () => {
    const api = await newClient();
    const { transactionId, ...rest } = expenseBody();
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    for (const baseRevision of [-1, 0.5, 2 ** 53, '0', null, 'NaN']) {
      const answer = await api.command('EditTransaction', { transactionId, baseRevision, changes: { note: 'x' } });
      expect(answer.status, JSON.stringify(baseRevision)).toBe(400);
    }
    expect((await viewOf(api, transactionId)).revision).toBe(0);
  });

  it('refuses a base revision the transaction never had (ahead of it) as changed, and records nothing', async () => {
    const api = await newClient();
    const { transactionId, ...rest } = expenseBody();
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    for (const baseRevision of [1, Number.MAX_SAFE_INTEGER]) {
      const ahead = await api.command('EditTransaction', { transactionId, baseRevision, changes: { note: 'ahead' } });
      expect(ahead.status, String(baseRevision)).toBe(409);
      expect(ahead.body.error?.code).toBe('transaction_changed');
    }
    expect(await viewOf(api, transactionId)).toMatchObject({ revision: 0, note: null });
  });

  it('answers another user’s transaction with 404 whatever base revision is named, stale, current or ahead', async () => {
    const owner = await newClient();
    const stranger = await newClient();
    const { transactionId, ...rest } = expenseBody();
    await sendOk(owner, 'AddTransaction', { transactionId, ...rest });
    await sendOk(owner, 'EditTransaction', { transactionId, changes: { note: 'mine' } });
    for (const baseRevision of [0, 1, 2, undefined]) {
      const edit = await stranger.command('EditTransaction', {
        transactionId,
        baseRevision,
        changes: { note: 'theirs' },
      });
      expect(edit.status, String(baseRevision)).toBe(404);
      expect(edit.body.error?.code).not.toBe('transaction_changed');
    }
    expect(await viewOf(owner, transactionId)).toMatchObject({ note: 'mine', revision: 1 });
  });

  it('takes a refused edit sent again under its command id once it names the latest revision, then answers that result again', async () => {
    const api = await newClient();
    const { transactionId, ...rest } = expenseBody();
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    await sendOk(api, 'EditTransaction', { transactionId, changes: { note: 'on another phone' } });
    const commandId = randomUUID();
    const stale = await api.command(
      'EditTransaction',
      { transactionId, baseRevision: 0, changes: { note: 'offline' } },
      commandId,
    );
    expect(stale.status).toBe(409);
    const reviewed = { transactionId, baseRevision: 1, changes: { note: 'offline, reviewed' } };
    const fixed = await api.command('EditTransaction', reviewed, commandId);
    expect(fixed.status).toBe(200);
    expect(await api.command('EditTransaction', reviewed, commandId)).toEqual(fixed);
    expect(await viewOf(api, transactionId)).toMatchObject({ note: 'offline, reviewed', revision: 2 });
  });

  it('keeps a deleted transaction’s id taken: adding it again is refused and an edit on any revision answers 404', async () => {
    const api = await newClient();
    const { transactionId, ...rest } = expenseBody();
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    await sendOk(api, 'DeleteTransaction', { transactionId });
    const again = await api.command('AddTransaction', { transactionId, ...rest });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('transaction_exists');
    for (const baseRevision of [0, 1, 2]) {
      const edit = await api.command('EditTransaction', { transactionId, baseRevision, changes: { note: 'back' } });
      expect(edit.status, String(baseRevision)).toBe(404);
      expect(edit.body.error?.code).toBe('transaction_not_found');
    }
  });

  it('edits a restored transaction on the revision its restored view shows', async () => {
    const source = await signedUp(env.standalone);
    const { transactionId, ...rest } = expenseBody({ note: 'ก่อนย้าย' });
    await sendOk(source.api, 'AddTransaction', { transactionId, ...rest });
    await sendOk(source.api, 'EditTransaction', { transactionId, baseRevision: 0, changes: { note: 'ກ່ອນຍ້າຍ' } });
    const events: BackupEvent[] = [];
    for await (const event of backupEvents(env.standalone, source.user.uid)) events.push(event);

    const target = await signedUp(env.standalone);
    const backupId = randomUUID();
    const start = await target.api.command('StartRestore', {
      backupId,
      sourceUserId: source.user.uid,
      merge: false,
      eventCount: events.length,
    });
    expect(start.status).toBe(200);
    const answer = await sendRestore(env.standalone.app, target.user, backupId, events, {});
    await sendOk(target.api, 'FinishRestore', { backupId, ...answer });
    const { projector, eventStore } = env.standalone;
    await projector.waitFor(await eventStore.headPosition(), 20_000);

    const restoredTransaction = restoredId(target.user.uid, transactionId);
    const view = await viewOf(target.api, restoredTransaction);
    expect(view).toMatchObject({ note: 'ກ່ອນຍ້າຍ', revision: 1 });
    const stale = await target.api.command('EditTransaction', {
      transactionId: restoredTransaction,
      baseRevision: 0,
      changes: { note: 'stale' },
    });
    expect(stale.status).toBe(409);
    const edit = await target.api.command('EditTransaction', {
      transactionId: restoredTransaction,
      baseRevision: view.revision,
      changes: { note: 'หลังย้าย' },
    });
    expect(edit.status).toBe(200);
  });
});
