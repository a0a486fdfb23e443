import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import { blobIdOf, sha256Of, type BlobStore, type StoredBlob } from '@plenty/platform/blob-store/port';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { HttpError } from '@plenty/platform/http/errors';
import type { CommandRoute } from '../command-route.js';
import { ProfileCache } from '../profile/profile-cache.js';
import { transactionRoutes } from './transaction.routes.js';

/** Blobs in memory, per user, as the blob store port describes them. */
class MemoryBlobStore implements BlobStore {
  readonly blobs = new Map<string, StoredBlob>();
  readonly reads: string[] = [];

  async put(userId: string, blobId: string, bytes: Buffer, contentType: string) {
    this.blobs.set(`${userId}/${blobIdOf(blobId)}`, { bytes, contentType });
    return { size: bytes.length, sha256: sha256Of(bytes) };
  }

  async get(userId: string, blobId: string) {
    this.reads.push(blobId);
    return this.blobs.get(`${userId}/${blobIdOf(blobId)}`) ?? null;
  }

  async delete(userId: string, blobId: string) {
    this.blobs.delete(`${userId}/${blobIdOf(blobId)}`);
  }

  async deleteUser(userId: string) {
    for (const key of this.blobs.keys()) if (key.startsWith(`${userId}/`)) this.blobs.delete(key);
  }

  async close() {}
}

const dir = mkdtempSync(join(tmpdir(), 'plenty-transaction-routes-'));
let eventStore: EventStore;
let keyStore: KeyStore;
let routes: Record<string, CommandRoute>;
const blobs = new MemoryBlobStore();
const request = {} as FastifyRequest;

const userOf = (uid: string): VerifiedUser => ({
  uid,
  email: `${uid}@example.com`,
  emailVerified: true,
  expiresAt: 4_000_000_000,
  authTime: 1_700_000_000,
});
const alice = userOf('alice');
const bob = userOf('bob');

beforeAll(async () => {
  eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
  const codec = new EventCodec(keyStore);
  routes = transactionRoutes({ eventStore, codec, now: () => new Date() }, new ProfileCache(eventStore, codec), blobs);
});

afterAll(async () => {
  await eventStore.close();
  await keyStore.close();
  rmSync(dir, { recursive: true, force: true });
});

const send = (name: string, user: VerifiedUser, body: Record<string, unknown>) => {
  const route = routes[name];
  if (route === undefined) throw new Error(`no route ${name}`);
  return route(user, { commandId: randomUUID(), ...body }, request);
};

const lunch = (receipt?: string) => ({
  transactionId: randomUUID(),
  type: 'expense',
  amount: { amount: 12_000, currency: 'THB' },
  categoryId: 'builtin-food',
  date: '2026-11-23',
  ...(receipt === undefined ? {} : { receipt }),
});

async function refusal(answer: Promise<unknown>): Promise<HttpError> {
  const error = await answer.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

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
  let codec: EventCodec;

  beforeAll(() => {
    codec = new EventCodec(keyStore);
  });

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
    const carol = userOf('carol-private');
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
    const dara = userOf('dara-sharing');
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
