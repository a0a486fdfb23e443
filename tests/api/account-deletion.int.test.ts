import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import { ApiClient } from '../support/api-client.js';
import { identityCall, TEST_PASSWORD } from '../support/users.js';

const env = useTestStandalone();
const users = useTestUsers(env, ['leaving', 'staying']);

const coffee = () => ({
  transactionId: randomUUID(),
  type: 'expense',
  amount: { amount: 6500, currency: 'THB' },
  categoryId: 'builtin-food',
  date: '2026-11-20',
  note: 'Coffee with Somchai',
});

function accountExists(uid: string): boolean {
  return env.standalone.identity.store.user(uid) !== null;
}

describe('account deletion in the embedded default', () => {
  it("erases the user's events, views, data key, receipts and sign-in account, and nobody else's", async () => {
    const mine = new ApiClient(env.standalone.app, users.leaving);
    const theirs = new ApiClient(env.standalone.app, users.staying);
    const category = await mine.command('AddCategory', {
      categoryId: randomUUID(),
      name: 'Cafés',
      type: 'expense',
      icon: 'cup',
      color: '#aa5500',
    });
    expect(category.status).toBe(200);
    const myTransaction = coffee();
    const theirTransaction = coffee();
    expect((await mine.command('AddTransaction', myTransaction)).status).toBe(200);
    expect((await theirs.command('AddTransaction', theirTransaction)).status).toBe(200);
    expect((await mine.query('transactions')).body).toMatchObject({ items: [{ id: myTransaction.transactionId }] });
    const receipt = randomUUID();
    await env.standalone.blobStore.put(users.leaving.uid, receipt, Buffer.from('%PDF-1.7'), 'application/pdf');

    const deletion = await mine.command('DeleteAccount', {
      confirmEmail: users.leaving.email,
      confirmPhrase: 'Delete My Account',
      reason: 'not_useful',
    });
    expect(deletion.status).toBe(200);
    await env.standalone.projector.waitFor(deletion.body.position, 20_000);

    expect(await env.standalone.eventStore.streamIdsOfUser(users.leaving.uid)).toEqual([ACCOUNT_ERASURES_STREAM]);
    const views = await env.standalone.readStore.find('transactions', {
      userId: users.leaving.uid,
      sort: [{ field: 'occurredAt', direction: 'desc' }],
      limit: 10,
    });
    expect(views.items).toEqual([]);
    const categories = await env.standalone.readStore.find('categories', {
      userId: users.leaving.uid,
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: 10,
    });
    expect(categories.items).toEqual([]);
    expect(accountExists(users.leaving.uid)).toBe(false);
    const signIn = await identityCall(env.standalone, 'accounts:signInWithPassword', {
      email: users.leaving.email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    });
    expect(signIn.status).toBe(400);
    expect((await mine.query('transactions')).status).toBe(401);
    const refresh = await identityCall(
      env.standalone,
      '/securetoken.googleapis.com/v1/token',
      `grant_type=refresh_token&refresh_token=${users.leaving.refreshToken}`,
    );
    expect(refresh.status).toBe(400);
    expect(await env.standalone.blobStore.get(users.leaving.uid, receipt)).toBeNull();
    const record = await env.standalone.eventStore.readStream(ACCOUNT_ERASURES_STREAM);
    expect(record.filter((e) => e.metadata.userId === users.leaving.uid).map((e) => e.type)).toEqual([
      'AccountErasureStarted',
      'AccountErased',
    ]);
    expect(JSON.stringify(record)).not.toContain(users.leaving.email);

    expect((await theirs.query('transactions')).body).toMatchObject({
      items: [{ id: theirTransaction.transactionId, note: 'Coffee with Somchai' }],
    });
    expect(accountExists(users.staying.uid)).toBe(true);
  });
});
