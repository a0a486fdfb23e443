import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { commandApi } from './app.js';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import { testServer } from './testing/server.js';

let stores: TestStores;
let app: FastifyInstance;
let eventStore: EventStore;
let keyStore: KeyStore;
const deletedSignIns: string[] = [];

beforeAll(async () => {
  stores = await openTestStores('commands');
  ({ eventStore, keyStore } = stores);
  app = await testServer(commandApi, {
    prefix: '/api/commands',
    eventStore,
    codec: stores.codec,
    verifier: fakeVerifier,
    account: {
      keys: keyStore,
      blobs: null,
      identity: {
        async deleteUser(uid) {
          deletedSignIns.push(uid);
        },
      },
    },
  });
});

afterAll(async () => {
  await app.close();
  await stores.close();
});

const send = (name: string, payload: unknown, uid = 'alice', headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/commands/${name}`,
    headers: { authorization: bearer(uid), ...headers },
    payload: payload as object,
  });

const transaction = (note = 'Rent for the flat on Dongpalane') => ({
  commandId: randomUUID(),
  transactionId: randomUUID(),
  type: 'expense',
  amount: { amount: 2_500_000, currency: 'LAK' },
  categoryId: 'builtin-housing',
  date: '2026-11-01',
  note,
});

describe('command API', () => {
  it('keeps personal text out of the event store in plaintext', async () => {
    const payload = transaction();
    const answer = await send('AddTransaction', payload);
    expect(answer.statusCode).toBe(200);
    const [stored] = await eventStore.readStream(`transaction-${payload.transactionId}`);
    expect(JSON.stringify(stored?.data)).not.toContain('Dongpalane');
    expect(stored?.metadata.userId).toBe('alice');
  });

  it('answers 404 for a command it does not know and 415 for a body that is not JSON', async () => {
    expect((await send('LaunchRocket', {})).json()).toMatchObject({ error: { code: 'unknown_command' } });
    const text = await app.inject({
      method: 'POST',
      url: '/api/commands/AddTransaction',
      headers: { authorization: bearer('alice'), 'content-type': 'text/plain' },
      payload: 'amount=5',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('refuses a body over 64 KiB with 413 and stores nothing', async () => {
    const before = await eventStore.headPosition();
    const answer = await send('AddTransaction', { ...transaction(), note: 'x'.repeat(70_000) });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await eventStore.headPosition()).toBe(before);
  });

  it('refuses a note over the limit with a field code', async () => {
    const answer = await send('AddTransaction', transaction('x'.repeat(1001)));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: { code: 'validation_failed', fields: { note: 'text_too_long' } } });
  });

  it('never loses an edit: concurrent edits either both apply or one answers 409', async () => {
    const payload = transaction();
    await send('AddTransaction', payload);
    const edits = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        send('EditTransaction', {
          commandId: randomUUID(),
          transactionId: payload.transactionId,
          changes: { amount: { amount: n * 1000, currency: 'LAK' } },
        }),
      ),
    );
    const accepted = edits.filter((e) => e.statusCode === 200).length;
    expect(edits.every((e) => e.statusCode === 200 || e.statusCode === 409)).toBe(true);
    const events = await eventStore.readStream(`transaction-${payload.transactionId}`);
    expect(events).toHaveLength(1 + accepted);
    expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i));
  });

  it('refuses a token it cannot verify, and no token at all, with 401', async () => {
    const forged = await app.inject({
      method: 'POST',
      url: '/api/commands/AddTransaction',
      headers: { authorization: 'Bearer not-a-token-at-all-xxxxxxxx' },
      payload: transaction(),
    });
    expect(forged.statusCode).toBe(401);
    const missing = await app.inject({ method: 'POST', url: '/api/commands/AddTransaction', payload: transaction() });
    expect(missing.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it("answers 404 for a command on another user's category, revealing nothing", async () => {
    const categoryId = randomUUID();
    expect(
      (
        await send('AddCategory', {
          commandId: randomUUID(),
          categoryId,
          name: 'Pets',
          type: 'expense',
          icon: 'paw',
          color: '#123456',
        })
      ).statusCode,
    ).toBe(200);
    const theirs = await send(
      'EditCategory',
      { commandId: randomUUID(), categoryId, changes: { name: 'Mine' } },
      'mallory',
    );
    expect(theirs.statusCode).toBe(404);
    const inTheirTransaction = await send('AddTransaction', { ...transaction(), categoryId }, 'mallory');
    expect(inTheirTransaction.json()).toMatchObject({ error: { code: 'category_not_found' } });
  });
});

describe('DeleteAccount', () => {
  const deletion = (fields: Record<string, unknown> = {}) => ({
    commandId: randomUUID(),
    confirmEmail: 'dara@example.test',
    confirmPhrase: 'Delete My Account',
    ...fields,
  });
  const deleteAs = (payload: unknown, authorization = bearer('dara')) =>
    app.inject({
      method: 'POST',
      url: '/api/commands/DeleteAccount',
      headers: { authorization },
      payload: payload as object,
    });

  it("refuses an email that is not the account's and a phrase that is not exact, and keeps everything", async () => {
    const added = transaction();
    expect((await send('AddTransaction', added, 'dara')).statusCode).toBe(200);
    const wrongEmail = await deleteAs(deletion({ confirmEmail: 'someone@example.test' }));
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.json()).toMatchObject({
      error: { code: 'account_email_mismatch', fields: { confirmEmail: 'account_email_mismatch' } },
    });
    const wrongPhrase = await deleteAs(deletion({ confirmPhrase: 'delete my account' }));
    expect(wrongPhrase.json()).toMatchObject({ error: { code: 'account_phrase_mismatch' } });
    const badReason = await deleteAs(deletion({ reason: 'because' }));
    expect(badReason.statusCode).toBe(400);
    expect(await eventStore.readStream(`transaction-${added.transactionId}`)).toHaveLength(1);
    expect(deletedSignIns).not.toContain('dara');
  });

  it('asks for a recent sign-in and refuses a revoked session', async () => {
    const stale = await deleteAs(deletion(), bearer('dara', { signedInSecondsAgo: 3600 }));
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: { code: 'requires_recent_login' } });
    const revoked = await deleteAs(deletion(), bearer('dara', { revoked: true }));
    expect(revoked.statusCode).toBe(401);
    expect(deletedSignIns).not.toContain('dara');
  });

  it("erases the account: the user's streams and data key go, another user's stay", async () => {
    const mine = transaction();
    const theirs = transaction();
    expect((await send('AddTransaction', mine, 'erin')).statusCode).toBe(200);
    expect((await send('AddTransaction', theirs, 'fay')).statusCode).toBe(200);
    const answer = await deleteAs(
      deletion({ confirmEmail: ' ERIN@example.test ', reason: 'switching' }),
      bearer('erin'),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ streamId: 'account-erasures' });
    expect(await eventStore.readStream(`transaction-${mine.transactionId}`)).toEqual([]);
    expect(await keyStore.get('erin')).toBeNull();
    expect(deletedSignIns).toContain('erin');
    expect(await eventStore.readStream(`transaction-${theirs.transactionId}`)).toHaveLength(1);
    expect(await keyStore.get('fay')).not.toBeNull();
  });

  it('lets a user whose email is not verified delete the account', async () => {
    const answer = await deleteAs(
      deletion({ confirmEmail: 'gus@example.test' }),
      bearer('gus', { emailVerified: false }),
    );
    expect(answer.statusCode).toBe(200);
  });
});
