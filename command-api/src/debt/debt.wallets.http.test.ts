import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { commandApi } from '../app.js';
import { carLoan } from '../testing/debt-fixtures.js';
import { testServer } from '../testing/server.js';

/*
 * EditDebt naming a wallet over HTTP: the command service reads the user's wallets for it (as it
 * does for OpenDebt), so another user's wallet is unknown, an archived one refused.
 */

let stores: TestStores;
let app: FastifyInstance;
let eventStore: EventStore;

beforeAll(async () => {
  stores = await openTestStores('debt-wallets');
  ({ eventStore } = stores);
  app = await testServer(commandApi, {
    prefix: '/api/commands',
    eventStore,
    codec: stores.codec,
    verifier: fakeVerifier,
    account: { keys: stores.keyStore, blobs: null, identity: { deleteUser: async () => undefined } },
  });
});

afterAll(async () => {
  await app.close();
  await stores.close();
});

const send = (name: string, payload: Record<string, unknown>, uid = 'alice') =>
  app.inject({
    method: 'POST',
    url: `/api/commands/${name}`,
    headers: { authorization: bearer(uid) },
    payload: { commandId: uuidV7(), ...payload },
  });

async function openWallet(uid: string, name: string): Promise<string> {
  const walletId = uuidV7();
  const answer = await send(
    'OpenWallet',
    {
      walletId,
      name,
      kind: 'bank',
      currency: carLoan.currency,
      openingBalance: 0,
      openingDate: '2026-01-01',
      icon: 'landmark',
      color: '#2563eb',
      excludeFromTotals: false,
    },
    uid,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return walletId;
}

describe('moving a debt’s borrowed money over HTTP', () => {
  it('refuses another user’s wallet as unknown and an archived one, and moves it to one of the user’s or to none', async () => {
    const bank = await openWallet('alice', 'Bank');
    const cash = await openWallet('alice', 'Cash box');
    const closed = await openWallet('alice', 'Old account');
    expect((await send('ArchiveWallet', { walletId: closed })).statusCode).toBe(200);
    const bobs = await openWallet('bob', 'Bob bank');
    const debtId = uuidV7();
    expect((await send('OpenDebt', { ...carLoan, debtId, walletId: bank })).statusCode).toBe(200);
    const edit = (walletId: string | null) => send('EditDebt', { debtId, changes: { walletId } });

    const foreign = await edit(bobs);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      error: { code: 'wallet_not_found', fields: { walletId: 'wallet_not_found' } },
    });
    const archived = await edit(closed);
    expect(archived.statusCode).toBe(422);
    expect(archived.json()).toMatchObject({ error: { code: 'wallet_archived' } });

    expect((await edit(cash)).statusCode).toBe(200);
    expect((await edit(null)).statusCode).toBe(200);
    const edits = (await eventStore.readStream(`debt-${debtId}`)).filter((event) => event.type === 'DebtEdited');
    expect(edits.map((event) => (event.data as { changes: unknown }).changes)).toEqual([
      { walletId: cash },
      { walletId: null },
    ]);
  });
});
