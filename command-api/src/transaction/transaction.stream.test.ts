import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { ProfileCache } from '../profile/profile-cache.js';
import { MemoryBlobStore } from '../testing/memory-blob-store.js';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { refusal, testCaller, testUser } from '../testing/stores.js';
import { lunch, transactionSender, type TransactionSender } from '../testing/transaction-commands.js';
import { transactionStream } from './transaction.stream.js';

let stores: TestStores;
let eventStore: EventStore;
let codec: EventCodec;
let run: TransactionSender;
const blobs = new MemoryBlobStore();
const alice = testUser('alice');
const bob = testUser('bob');

beforeAll(async () => {
  stores = await openTestStores('transaction-stream');
  ({ eventStore, codec } = stores);
  const profiles = new ProfileCache(eventStore, codec);
  run = transactionSender(stores, transactionStream({ profiles, blobs, receipts: null }));
});

afterAll(() => stores.close());

const send = (name: Parameters<TransactionSender>[0], user: VerifiedUser, body: Record<string, unknown>) =>
  run(name, testCaller(user), body);

async function uploaded(userId: string): Promise<string> {
  const receiptId = randomUUID();
  await blobs.put(userId, receiptId, Buffer.from(`receipt of ${userId}`), 'image/jpeg');
  return receiptId;
}

describe('transaction commands with a receipt', () => {
  it('adds a transaction with a receipt the user uploaded', async () => {
    const receipt = await uploaded('alice');
    const body = lunch(receipt);
    await send('AddTransaction', alice, body);
    const [event] = await eventStore.readStream(`transaction-${body.transactionId}`);
    expect(event?.type).toBe('TransactionAdded');
  });

  it('refuses an unknown receipt with 422 receipt_not_found and records nothing', async () => {
    const body = lunch(randomUUID());
    const error = await refusal(send('AddTransaction', alice, body));
    expect(error.statusCode).toBe(422);
    expect(error.code).toBe('receipt_not_found');
    expect(error.fields).toEqual({ receipt: 'receipt_not_found' });
    expect(await eventStore.readStream(`transaction-${body.transactionId}`)).toEqual([]);
  });

  it('refuses a receipt another user uploaded, as if it did not exist', async () => {
    const bobs = await uploaded('bob');
    const body = lunch(bobs);
    const error = await refusal(send('AddTransaction', alice, body));
    expect(error.code).toBe('receipt_not_found');
    expect(await eventStore.readStream(`transaction-${body.transactionId}`)).toEqual([]);
    await send('AddTransaction', bob, lunch(bobs));
  });

  it('refuses a receipt reference that is not a receipt id', async () => {
    const error = await refusal(send('AddTransaction', alice, lunch('../../etc/passwd')));
    expect(error.code).toBe('receipt_not_found');
  });

  it('checks a receipt an edit attaches, and leaves the transaction as it was when it is unknown', async () => {
    const body = lunch();
    await send('AddTransaction', alice, body);
    const error = await refusal(
      send('EditTransaction', alice, { transactionId: body.transactionId, changes: { receipt: randomUUID() } }),
    );
    expect(error.statusCode).toBe(422);
    expect(error.code).toBe('receipt_not_found');
    expect(await eventStore.readStream(`transaction-${body.transactionId}`)).toHaveLength(1);

    const receipt = await uploaded('alice');
    await send('EditTransaction', alice, { transactionId: body.transactionId, changes: { receipt } });
    expect(await eventStore.readStream(`transaction-${body.transactionId}`)).toHaveLength(2);
  });

  it('does not look up a receipt an edit keeps or removes', async () => {
    const receipt = await uploaded('alice');
    const body = lunch(receipt);
    await send('AddTransaction', alice, body);
    blobs.reads.length = 0;
    await send('EditTransaction', alice, { transactionId: body.transactionId, changes: { receipt, note: 'Pad thai' } });
    await send('EditTransaction', alice, { transactionId: body.transactionId, changes: { receipt: null } });
    expect(blobs.reads).toEqual([]);
    expect(await eventStore.readStream(`transaction-${body.transactionId}`)).toHaveLength(3);
  });
});

describe('transaction commands and the save-location privacy setting', () => {
  const here = { latitude: 17.97, longitude: 102.6 };

  async function setSaveLocation(userId: string, saveLocation: boolean): Promise<void> {
    const commandId = randomUUID();
    const event = await codec.encode({
      id: randomUUID(),
      type: 'PreferencesChanged',
      data: { changes: { saveLocation } },
      metadata: { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    });
    await eventStore.appendToStream(`profile-${userId}`, [event], 'any');
  }

  /** The data of the transaction's events as stored, decrypted. */
  async function stored(transactionId: string): Promise<Record<string, unknown>[]> {
    const events = await eventStore.readStream(`transaction-${transactionId}`);
    return Promise.all(events.map(async (event) => (await codec.decode(event)).data as Record<string, unknown>));
  }

  it('stores no location from any client while the user has not allowed it', async () => {
    const carol = testUser('carol-private');
    const transaction = { ...lunch(), location: here };
    await send('AddTransaction', carol, transaction);
    const [added] = await stored(transaction.transactionId);
    expect(added).toMatchObject({ transactionId: transaction.transactionId, amount: transaction.amount });
    expect(added).not.toHaveProperty('location');

    // An edit that only sends a location changes nothing; with other changes they alone are kept.
    const onlyLocation = await refusal(
      send('EditTransaction', carol, { transactionId: transaction.transactionId, changes: { location: here } }),
    );
    expect(onlyLocation.code).toBe('nothing_to_change');
    await send('EditTransaction', carol, {
      transactionId: transaction.transactionId,
      changes: { note: 'Noodles', location: here },
    });
    const [, edited] = await stored(transaction.transactionId);
    expect(edited).toEqual({ transactionId: transaction.transactionId, changes: { note: 'Noodles' } });
  });

  it('stores the location once the user allows it, and can always take it away', async () => {
    const dara = testUser('dara-sharing');
    await setSaveLocation(dara.uid, true);
    const transaction = { ...lunch(), location: here };
    await send('AddTransaction', dara, transaction);
    expect((await stored(transaction.transactionId))[0]).toMatchObject({ location: here });

    // Turned off again: a stored location can still be removed.
    await setSaveLocation(dara.uid, false);
    await send('EditTransaction', dara, { transactionId: transaction.transactionId, changes: { location: null } });
    expect((await stored(transaction.transactionId))[1]).toEqual({
      transactionId: transaction.transactionId,
      changes: { location: null },
    });
  });
});

describe('transaction commands that name a wallet', () => {
  async function appendToProfile(userId: string, type: string, data: Record<string, unknown>): Promise<void> {
    const commandId = randomUUID();
    const event = await codec.encode({
      id: randomUUID(),
      type,
      data,
      metadata: { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    });
    await eventStore.appendToStream(`profile-${userId}`, [event], 'any');
  }

  it('takes a default wallet, archived or not, whatever the category, and refuses a wallet the user archived', async () => {
    const erin = testUser('erin-wallets');
    const cash = defaultWalletId(erin.uid, 'THB');
    const bank = randomUUID();
    const coffee = randomUUID();
    await appendToProfile(erin.uid, 'CategoryAdded', {
      categoryId: coffee,
      name: 'Coffee',
      type: 'expense',
      icon: 'coffee',
      color: '#aa5500',
    });
    await appendToProfile(erin.uid, 'WalletOpened', {
      walletId: bank,
      name: 'Bank',
      kind: 'bank',
      currency: 'THB',
      openingBalance: 0,
      openingDate: '2026-11-01',
      icon: 'landmark',
      color: '#2563eb',
      excludeFromTotals: false,
    });
    await appendToProfile(erin.uid, 'WalletArchived', { walletId: cash });
    await appendToProfile(erin.uid, 'WalletArchived', { walletId: bank });
    // A transaction without a wallet lands in the default wallet anyway: naming it changes nothing.
    await send('AddTransaction', erin, { ...lunch(), walletId: cash });
    await send('AddTransaction', erin, { ...lunch(), categoryId: coffee, walletId: cash });
    const error = await refusal(send('AddTransaction', erin, { ...lunch(), walletId: bank }));
    expect(error.statusCode).toBe(422);
    expect(error.code).toBe('wallet_archived');
    expect(error.fields).toEqual({ walletId: 'wallet_archived' });
  });
});

describe('an edit made on a revision of the transaction', () => {
  it('is applied on the latest revision and refused with 409 transaction_changed on an older one', async () => {
    const body = lunch();
    await send('AddTransaction', alice, body);
    const { transactionId } = body;
    const first = await send('EditTransaction', alice, { transactionId, baseRevision: 0, changes: { note: 'lunch' } });
    expect(first.revision).toBe(1);
    const error = await refusal(
      send('EditTransaction', alice, { transactionId, baseRevision: 0, changes: { note: 'dinner' } }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('transaction_changed');
    expect(await eventStore.readStream(`transaction-${transactionId}`)).toHaveLength(2);
  });

  it('answers an edit of a deleted transaction with 404 transaction_not_found, whatever revision it was made on', async () => {
    const body = lunch();
    await send('AddTransaction', alice, body);
    const { transactionId } = body;
    await send('DeleteTransaction', alice, { transactionId });
    const error = await refusal(
      send('EditTransaction', alice, { transactionId, baseRevision: 0, changes: { note: 'x' } }),
    );
    expect(error.statusCode).toBe(404);
    expect(error.code).toBe('transaction_not_found');
  });

  it("answers Bob's edit of Alice's transaction with 404, never telling that his revision is not hers", async () => {
    const body = lunch();
    await send('AddTransaction', alice, body);
    await send('EditTransaction', alice, { transactionId: body.transactionId, changes: { note: 'mine' } });
    const error = await refusal(
      send('EditTransaction', bob, { transactionId: body.transactionId, baseRevision: 0, changes: { note: 'x' } }),
    );
    expect(error.statusCode).toBe(404);
    expect(error.code).not.toBe('transaction_changed');
  });
});
