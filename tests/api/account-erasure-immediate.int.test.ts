import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import { ApiClient } from '../support/api-client.js';
import { expenseBody } from '../support/transaction-body.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, signInTestUser, type TestUser } from '../support/users.js';

/** While true, deleting the sign-in account fails: an erasure stops half-way, the account alive. */
let identityDown = false;
const env = useTestStandalone({
  identity: {
    async deleteUser(uid) {
      if (identityDown) throw new Error('identity provider unreachable');
      await env.standalone.identity.accounts.deleteUser(uid);
    },
  },
});

const expense = (note: string) => expenseBody({ amount: { amount: 6500, currency: 'THB' }, note });

const deletion = (user: TestUser) => ({
  confirmEmail: user.email,
  confirmPhrase: 'Delete My Account',
  reason: 'privacy',
});

/** Whether keys.db holds a data key for the user (read the way a copy of the file would be). */
function hasDataKey(uid: string): boolean {
  const db = new Database(join(env.dataDir, 'keys.db'), { readonly: true });
  try {
    return db.prepare('SELECT 1 FROM data_keys WHERE user_id = ?').get(uid) !== undefined;
  } finally {
    db.close();
  }
}

/** The user's events other than the erasure record. */
async function eventsOf(uid: string) {
  const events = await env.standalone.eventStore.readUserEvents(uid);
  return events.filter((event) => event.streamId !== ACCOUNT_ERASURES_STREAM);
}

/** Every kind of request the user could still try, with the token they hold. */
async function answersTo(user: TestUser): Promise<number[]> {
  const client = new ApiClient(env.standalone.app, user);
  const upload = await env.standalone.app.inject({
    method: 'POST',
    url: '/api/receipts',
    headers: { authorization: user.authorization, 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\n\r\n\x89PNG\r\n--x--\r\n',
  });
  return [
    (await client.command('AddTransaction', expense('Written after the erasure'))).status,
    (
      await client.command('AddCategory', {
        categoryId: randomUUID(),
        name: 'Late',
        type: 'expense',
        icon: 'cup',
        color: '#aa5500',
      })
    ).status,
    (await client.command('SendVerificationCode', { locale: 'en' })).status,
    (await client.command('DeleteAccount', deletion(user))).status,
    (await client.query('transactions')).status,
    upload.statusCode,
  ];
}

describe('an erased account', () => {
  it('is refused everywhere right after the answer, and a command it sends creates no key and no event', async () => {
    const user = await createTestUser(env.standalone);
    const client = new ApiClient(env.standalone.app, user);
    expect((await client.command('AddTransaction', expense('Dinner with Kham'))).status).toBe(200);
    expect(hasDataKey(user.uid)).toBe(true);

    expect((await client.command('DeleteAccount', deletion(user))).status).toBe(200);

    expect(await answersTo(user)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(hasDataKey(user.uid)).toBe(false);
    expect(await eventsOf(user.uid)).toEqual([]);
  });

  it('is refused from the moment its erasure starts, even while its sign-in account still exists', async () => {
    const user = await createTestUser(env.standalone);
    const client = new ApiClient(env.standalone.app, user);
    expect((await client.command('AddTransaction', expense('Rent for Vientiane flat'))).status).toBe(200);

    identityDown = true;
    try {
      expect((await client.command('DeleteAccount', deletion(user))).status).toBe(500);
      // Half-way: the key and the streams are gone, the sign-in account is not.
      expect(env.standalone.identity.store.user(user.uid)).not.toBeNull();
      const record = await env.standalone.eventStore.readStream(ACCOUNT_ERASURES_STREAM);
      expect(record.filter((event) => event.metadata.userId === user.uid).map((event) => event.type)).toEqual([
        'AccountErasureStarted',
      ]);

      // The token held before, and one issued by a sign-in after the erasure started.
      const signedInAgain = await signInTestUser(env.standalone, user.email);
      expect(await answersTo(user)).toEqual([401, 401, 401, 401, 401, 401]);
      expect(await answersTo(signedInAgain)).toEqual([401, 401, 401, 401, 401, 401]);
      expect(hasDataKey(user.uid)).toBe(false);
      expect(await eventsOf(user.uid)).toEqual([]);
    } finally {
      identityDown = false;
    }
  });

  it("leaves another user's commands and queries alone", async () => {
    const staying = await createTestUser(env.standalone);
    const client = new ApiClient(env.standalone.app, staying);
    expect((await client.command('AddTransaction', expense('Noodles'))).status).toBe(200);
    expect((await client.query('transactions')).status).toBe(200);
    expect(hasDataKey(staying.uid)).toBe(true);
  });
});
