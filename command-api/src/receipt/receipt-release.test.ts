import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionCommandSchemas, type TransactionCommand } from '@plenty/contracts/commands/transaction';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { runCommand } from '../pipeline/run-command.js';
import { ProfileCache } from '../profile/profile-cache.js';
import { MemoryBlobStore } from '../testing/memory-blob-store.js';
import type { TransactionState } from '../transaction/transaction.state.js';
import { transactionStream } from '../transaction/transaction.stream.js';
import { ReceiptRelease, receiptsHeld, releasedReceipt } from './receipt-release.js';

const holding = (receipt: string | null): TransactionState => ({
  status: 'active',
  transaction: {
    type: 'expense',
    amount: { amount: 100, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-20',
    time: null,
    note: null,
    receipt,
    location: null,
  },
});
const added = (streamId: string, receipt?: string) => ({
  streamId,
  type: 'TransactionAdded',
  data: { transactionId: streamId, ...(receipt === undefined ? {} : { receipt }) },
});
const edited = (streamId: string, changes: Record<string, unknown>) => ({
  streamId,
  type: 'TransactionEdited',
  data: { transactionId: streamId, changes },
});
const deleted = (streamId: string) => ({ streamId, type: 'TransactionDeleted', data: { transactionId: streamId } });

describe('the receipt a transaction command releases', () => {
  it('is the one held before a deletion, or before an edit that replaces or clears it', () => {
    expect(releasedReceipt(holding('r1'), [deleted('t')])).toBe('r1');
    expect(releasedReceipt(holding('r1'), [edited('t', { receipt: 'r2' })])).toBe('r1');
    expect(releasedReceipt(holding('r1'), [edited('t', { receipt: null })])).toBe('r1');
  });

  it('is none for an edit that leaves the receipt, a transaction without one, or an addition', () => {
    expect(releasedReceipt(holding('r1'), [edited('t', { note: 'lunch' })])).toBeNull();
    expect(releasedReceipt(holding(null), [deleted('t')])).toBeNull();
    expect(releasedReceipt({ status: 'none' }, [added('t', 'r1')])).toBeNull();
  });
});

describe('the receipts live transactions hold, from their events', () => {
  it('keeps a receipt another live transaction holds and drops one whose holders are deleted or edited away', () => {
    const events = [
      added('a', 'shared'),
      added('b', 'shared'),
      added('c', 'old'),
      deleted('a'),
      edited('c', { receipt: 'new' }),
      added('d', 'gone'),
      deleted('d'),
    ];
    expect([...receiptsHeld(events)].sort()).toEqual(['new', 'shared']);
    expect(receiptsHeld([...events, deleted('b'), edited('c', { receipt: null })]).size).toBe(0);
  });

  it('ignores an edit of a transaction it has not seen added', () => {
    expect(receiptsHeld([edited('x', { receipt: 'r' })]).size).toBe(0);
  });
});

describe('deleting a released receipt after the append', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plenty-receipt-release-'));
  let eventStore: EventStore;
  let keyStore: KeyStore;
  let codec: EventCodec;
  const blobs = new MemoryBlobStore();
  const errors: unknown[] = [];
  const user: VerifiedUser = {
    uid: 'rita',
    email: 'rita@example.test',
    emailVerified: true,
    expiresAt: 4_000_000_000,
    authTime: 1_700_000_000,
  };

  beforeAll(async () => {
    eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
    keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
    codec = new EventCodec(keyStore);
  });

  afterAll(async () => {
    await eventStore.close();
    await keyStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const stream = (withRelease: boolean) =>
    transactionStream({
      profiles: new ProfileCache(eventStore, codec),
      blobs,
      receipts: withRelease ? new ReceiptRelease({ eventStore, codec, blobs }) : null,
    });
  const send = (name: TransactionCommand['type'], body: Record<string, unknown>, withRelease = true) => {
    const data = transactionCommandSchemas[name].parse({ commandId: randomUUID(), ...body });
    return runAs(name, data, withRelease);
  };
  const runAs = (name: TransactionCommand['type'], data: unknown, withRelease = true) =>
    runCommand(
      { eventStore, codec, now: () => new Date() },
      stream(withRelease),
      { type: name, data } as TransactionCommand,
      {
        user,
        log: { error: (error: unknown) => errors.push(error), warn: () => undefined },
      },
    );
  const upload = async () => {
    const receiptId = randomUUID();
    await blobs.put(user.uid, receiptId, Buffer.from(receiptId), 'image/png');
    return receiptId;
  };
  const has = async (receiptId: string) => (await blobs.get(user.uid, receiptId)) !== null;
  const lunch = (receipt: string) => ({
    transactionId: randomUUID(),
    type: 'expense',
    amount: { amount: 12_000, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-23',
    receipt,
  });

  it('keeps the blob while another transaction holds it, and deletes it with the last one', async () => {
    const receipt = await upload();
    const [first, second] = [lunch(receipt), lunch(receipt)];
    await send('AddTransaction', first);
    await send('AddTransaction', second);
    await send('DeleteTransaction', { transactionId: first.transactionId });
    expect(await has(receipt)).toBe(true);
    await send('DeleteTransaction', { transactionId: second.transactionId });
    expect(await has(receipt)).toBe(false);
  });

  it('deletes the receipt an edit replaces and keeps the new one', async () => {
    const [before, after] = [await upload(), await upload()];
    const transaction = lunch(before);
    await send('AddTransaction', transaction);
    await send('EditTransaction', { transactionId: transaction.transactionId, changes: { note: 'noodles' } });
    expect(await has(before)).toBe(true);
    await send('EditTransaction', { transactionId: transaction.transactionId, changes: { receipt: after } });
    expect(await has(before)).toBe(false);
    expect(await has(after)).toBe(true);
  });

  it('finishes on a retry what a crash after the append left undone', async () => {
    const receipt = await upload();
    const transaction = lunch(receipt);
    await send('AddTransaction', transaction);
    const deletion = transactionCommandSchemas.DeleteTransaction.parse({
      commandId: randomUUID(),
      transactionId: transaction.transactionId,
    });
    // Appended, and the instance stopped before its reaction: the blob is left, unreferenced.
    await runAs('DeleteTransaction', deletion, false);
    expect(await has(receipt)).toBe(true);
    await runAs('DeleteTransaction', deletion);
    expect(await has(receipt)).toBe(false);
  });

  it('answers the command and keeps the blob when the deletion fails', async () => {
    const receipt = await upload();
    const transaction = lunch(receipt);
    await send('AddTransaction', transaction);
    const failing = blobs.delete;
    blobs.delete = async () => {
      throw new Error('blob store unavailable');
    };
    try {
      await expect(send('DeleteTransaction', { transactionId: transaction.transactionId })).resolves.toMatchObject({
        revision: 1,
      });
    } finally {
      blobs.delete = failing;
    }
    expect(await has(receipt)).toBe(true);
    expect(errors).toHaveLength(1);
  });
});
