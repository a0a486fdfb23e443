import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionCommandSchemas } from '@plenty/contracts/commands/transaction';
import { ProfileCache } from '../profile/profile-cache.js';
import { MemoryBlobStore } from '../testing/memory-blob-store.js';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { testCaller, testUser } from '../testing/stores.js';
import { lunch, transactionSender, type TransactionSender } from '../testing/transaction-commands.js';
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
    walletId: null,
    splits: null,
    tags: [],
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
  let stores: TestStores;
  /** Commands whose receipts are released after the append, and commands cut short before it. */
  let send: TransactionSender;
  let sendWithoutReaction: TransactionSender;
  const blobs = new MemoryBlobStore();
  const errors: unknown[] = [];
  const user = testUser('rita');
  const rita = testCaller(user, errors);

  beforeAll(async () => {
    stores = await openTestStores('receipt-release');
    const profiles = new ProfileCache(stores.eventStore, stores.codec);
    const receipts = new ReceiptRelease({ ...stores, blobs });
    send = transactionSender(stores, transactionStream({ profiles, blobs, receipts }));
    sendWithoutReaction = transactionSender(stores, transactionStream({ profiles, blobs, receipts: null }));
  });

  afterAll(() => stores.close());

  const upload = async () => {
    const receiptId = randomUUID();
    await blobs.put(user.uid, receiptId, Buffer.from(receiptId), 'image/png');
    return receiptId;
  };
  const has = async (receiptId: string) => (await blobs.get(user.uid, receiptId)) !== null;

  it('keeps the blob while another transaction holds it, and deletes it with the last one', async () => {
    const receipt = await upload();
    const [first, second] = [lunch(receipt), lunch(receipt)];
    await send('AddTransaction', rita, first);
    await send('AddTransaction', rita, second);
    await send('DeleteTransaction', rita, { transactionId: first.transactionId });
    expect(await has(receipt)).toBe(true);
    await send('DeleteTransaction', rita, { transactionId: second.transactionId });
    expect(await has(receipt)).toBe(false);
  });

  it('deletes the receipt an edit replaces and keeps the new one', async () => {
    const [before, after] = [await upload(), await upload()];
    const transaction = lunch(before);
    await send('AddTransaction', rita, transaction);
    await send('EditTransaction', rita, { transactionId: transaction.transactionId, changes: { note: 'noodles' } });
    expect(await has(before)).toBe(true);
    await send('EditTransaction', rita, { transactionId: transaction.transactionId, changes: { receipt: after } });
    expect(await has(before)).toBe(false);
    expect(await has(after)).toBe(true);
  });

  it('finishes on a retry what a crash after the append left undone', async () => {
    const receipt = await upload();
    const transaction = lunch(receipt);
    await send('AddTransaction', rita, transaction);
    const deletion = transactionCommandSchemas.DeleteTransaction.parse({
      commandId: randomUUID(),
      transactionId: transaction.transactionId,
    });
    // Appended, and the instance stopped before its reaction: the blob is left, unreferenced.
    await sendWithoutReaction('DeleteTransaction', rita, deletion);
    expect(await has(receipt)).toBe(true);
    await send('DeleteTransaction', rita, deletion);
    expect(await has(receipt)).toBe(false);
  });

  it('answers the command and keeps the blob when the deletion fails', async () => {
    const receipt = await upload();
    const transaction = lunch(receipt);
    await send('AddTransaction', rita, transaction);
    const failing = blobs.delete;
    blobs.delete = async () => {
      throw new Error('blob store unavailable');
    };
    try {
      const answer = send('DeleteTransaction', rita, { transactionId: transaction.transactionId });
      await expect(answer).resolves.toMatchObject({ revision: 1 });
    } finally {
      blobs.delete = failing;
    }
    expect(await has(receipt)).toBe(true);
    expect(errors).toHaveLength(1);
  });
});
