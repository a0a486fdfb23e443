import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestStores } from '@plenty/platform/testing/stores';
import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import { openFsBlobStore } from '@plenty/platform/blob-store/fs';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { EventStore, NewEvent } from '@plenty/platform/event-store/port';
import { ErasureRecord } from '@plenty/platform/auth/erased-users';
import { fakeUserDirectory } from '@plenty/platform/auth/user-directory';
import { CommandsInFlight } from './commands-in-flight.js';
import { AccountEraser, type IdentityAdmin } from './erasure.js';

const stores = useTestStores('erasure');
let blobs: BlobStore;
let deletedUsers: string[];
let identity: IdentityAdmin;

beforeEach(async () => {
  blobs = await openFsBlobStore({ directory: join(stores.dir, 'receipts') });
  deletedUsers = [];
  identity = {
    async deleteUser(uid) {
      deletedUsers.push(uid);
    },
  };
});

afterEach(async () => {
  await blobs.close();
});

const eraser = (overrides: Partial<{ identity: IdentityAdmin; eventStore: EventStore }> = {}) =>
  new AccountEraser({
    eventStore: stores.eventStore,
    keys: stores.keyStore,
    blobs,
    identity,
    now: () => new Date('2026-11-23T10:00:00.000Z'),
    ...overrides,
  });

function event(userId: string): NewEvent {
  const commandId = randomUUID();
  return {
    id: randomUUID(),
    type: 'TransactionAdded',
    data: {},
    metadata: { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}

/** A user with a profile stream, two transaction streams, a data key and a receipt. */
async function seed(userId: string): Promise<string[]> {
  const streams = [`profile-${userId}`, `transaction-${randomUUID()}`, `transaction-${randomUUID()}`];
  for (const stream of streams) await stores.eventStore.appendToStream(stream, [event(userId)], 'no_stream');
  await stores.keyStore.getOrCreate(userId);
  await blobs.put(userId, randomUUID(), Buffer.from('receipt'), 'image/png');
  return streams;
}

/** Resolves once the condition holds, checking after each turn of the event loop. */
async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setImmediate(resolve));
}

async function hasReceipts(userId: string, blobId: string): Promise<boolean> {
  return (await blobs.get(userId, blobId)) !== null;
}

describe('account eraser', () => {
  it("deletes the user's streams, data key, receipts and sign-in account, and records the erasure", async () => {
    const streams = await seed('leaving');
    const kept = await seed('staying');
    const receipt = randomUUID();
    await blobs.put('leaving', receipt, Buffer.from('x'), 'image/png');

    await eraser().erase('leaving', 'privacy', randomUUID());

    for (const stream of streams) expect(await stores.eventStore.readStream(stream)).toEqual([]);
    expect(await stores.eventStore.streamIdsOfUser('leaving')).toEqual([ACCOUNT_ERASURES_STREAM]);
    expect(await stores.keyStore.get('leaving')).toBeNull();
    expect(await hasReceipts('leaving', receipt)).toBe(false);
    expect(deletedUsers).toEqual(['leaving']);
    for (const stream of kept) expect(await stores.eventStore.readStream(stream)).toHaveLength(1);
    expect(await stores.keyStore.get('staying')).not.toBeNull();

    const record = await stores.eventStore.readStream(ACCOUNT_ERASURES_STREAM);
    expect(record.map((e) => [e.type, e.data])).toEqual([
      ['AccountErasureStarted', { userId: 'leaving', reason: 'privacy' }],
      ['AccountErased', { userId: 'leaving', reason: 'privacy', startedAt: '2026-11-23T10:00:00.000Z' }],
    ]);
  });

  it('finishes an erasure interrupted half-way when it runs again, without a second record', async () => {
    const streams = await seed('leaving');
    let failures = 1;
    const flaky: IdentityAdmin = {
      async deleteUser(uid) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('identity provider unreachable');
        }
        deletedUsers.push(uid);
      },
    };
    await expect(eraser({ identity: flaky }).erase('leaving', undefined, randomUUID())).rejects.toThrow('unreachable');
    // Half-way: the streams and key are gone, the sign-in account and the final record are not.
    expect(await stores.keyStore.get('leaving')).toBeNull();
    expect((await stores.eventStore.readStream(ACCOUNT_ERASURES_STREAM)).map((e) => e.type)).toEqual([
      'AccountErasureStarted',
    ]);

    expect(await eraser({ identity: flaky }).resumeUnfinished()).toEqual(['leaving']);
    for (const stream of streams) expect(await stores.eventStore.readStream(stream)).toEqual([]);
    expect(deletedUsers).toEqual(['leaving']);
    expect((await stores.eventStore.readStream(ACCOUNT_ERASURES_STREAM)).map((e) => e.type)).toEqual([
      'AccountErasureStarted',
      'AccountErased',
    ]);
    expect(await eraser().resumeUnfinished()).toEqual([]);
  });

  it('answers a retried deletion with the same record and appends nothing', async () => {
    await seed('leaving');
    const commandId = randomUUID();
    const first = await eraser().erase('leaving', undefined, commandId);
    const again = await eraser().erase('leaving', undefined, commandId);
    expect(again).toEqual(first);
    expect(await stores.eventStore.readStream(ACCOUNT_ERASURES_STREAM)).toHaveLength(2);
  });

  it("deletes the mail kept to the user's address, before and after the sign-in account, and scrubs the event store", async () => {
    await seed('leaving');
    const steps: string[] = [];
    const users = fakeUserDirectory({ leaving: 'noy@example.test' });
    const scrubbing: EventStore = Object.assign(Object.create(stores.eventStore) as EventStore, {
      scrubDeleted: async () => {
        steps.push('scrub events');
      },
    });
    const recordingIdentity: IdentityAdmin = {
      async deleteUser(uid) {
        steps.push(`delete account ${uid}`);
        users.set(uid, null);
      },
    };
    await new AccountEraser({
      eventStore: scrubbing,
      keys: stores.keyStore,
      blobs,
      identity: recordingIdentity,
      users,
      mail: {
        async deleteMailTo(address) {
          steps.push(`delete mail to ${address}`);
          return 1;
        },
      },
      now: () => new Date(),
    }).erase('leaving', undefined, randomUUID());
    expect(steps).toEqual([
      'scrub events',
      'delete mail to noy@example.test',
      'delete account leaving',
      'delete mail to noy@example.test',
    ]);
  });

  it('refuses the user from the start, and waits for their commands under way before the key goes', async () => {
    await seed('leaving');
    const erasedUsers = new ErasureRecord(stores.eventStore);
    const inFlight = new CommandsInFlight(erasedUsers);
    let finishCommand: () => void = () => undefined;
    const command = inFlight.run(
      'leaving',
      () =>
        new Promise<string>((resolve) => {
          finishCommand = () => resolve('appended');
        }),
    );
    await Promise.resolve();
    const erasure = new AccountEraser({
      eventStore: stores.eventStore,
      keys: stores.keyStore,
      blobs,
      identity,
      erasedUsers,
      commandsInFlight: inFlight,
      now: () => new Date(),
    }).erase('leaving', undefined, randomUUID());
    await waitUntil(async () => erasedUsers.has('leaving'));
    await expect(inFlight.run('leaving', async () => 'late')).rejects.toMatchObject({ statusCode: 401 });
    // The key is still there while the command runs; the erasure goes on once it is done.
    expect(await stores.keyStore.get('leaving')).not.toBeNull();
    finishCommand();
    expect(await command).toBe('appended');
    await erasure;
    expect(await stores.keyStore.get('leaving')).toBeNull();
    expect(await inFlight.run('staying', async () => 'served')).toBe('served');
  });

  it('erases accounts of different users one after the other in the same record', async () => {
    await seed('first');
    await seed('second');
    await eraser().erase('first', 'not_useful', randomUUID());
    await eraser().erase('second', undefined, randomUUID());
    const record = await stores.eventStore.readStream(ACCOUNT_ERASURES_STREAM);
    expect(record.map((e) => `${e.type}:${e.metadata.userId}`)).toEqual([
      'AccountErasureStarted:first',
      'AccountErased:first',
      'AccountErasureStarted:second',
      'AccountErased:second',
    ]);
  });
});
