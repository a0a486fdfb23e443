import { TRANSACTION_HISTORY_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import {
  transactionHistoryChunkSchema,
  type TransactionHistoryChunk,
  type TransactionView,
} from '@plenty/contracts/views/transactions';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { projectionScratch } from './testing/scratch.js';
import { diffTransaction } from './transaction-history.projection.js';

const scratch = projectionScratch();
const { given } = scratch;
const chunksOf = async (userId: string) =>
  ((await scratch.documents(TRANSACTION_HISTORY_VIEW, userId)) as TransactionHistoryChunk[]).sort(
    (a, b) => a.revision - b.revision,
  );
/** Every entry the view holds for the user, oldest first. */
const historyOf = async (userId: string) => (await chunksOf(userId)).flatMap((chunk) => chunk.entries);

const before: TransactionView = {
  id: 't1',
  type: 'expense',
  amount: { amount: 4500, currency: 'THB' },
  categoryId: 'builtin-food',
  date: '2026-11-20',
  time: '12:30',
  note: 'Noodles',
  receipt: null,
  location: null,
  walletId: '0192f0c4-7a1b-7c3d-8e4f-0000000a11e7',
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  revision: 0,
};

describe('history diff', () => {
  it('lists only the fields an edit really changes, clearing to null', () => {
    expect(
      diffTransaction(before, {
        amount: { amount: 5000, currency: 'THB' },
        note: null,
        categoryId: 'builtin-food',
        time: '12:30',
      }),
    ).toEqual([
      { field: 'amount', from: { amount: 4500, currency: 'THB' }, to: { amount: 5000, currency: 'THB' } },
      { field: 'note', from: 'Noodles', to: null },
    ]);
  });

  it('lists a move to another wallet', () => {
    const savings = '0192f0c4-7a1b-7c3d-8e4f-0000000ba4c5';
    expect(diffTransaction(before, { walletId: savings, note: 'Noodles' })).toEqual([
      { field: 'walletId', from: before.walletId, to: savings },
    ]);
  });

  it('diffs against nothing when the transaction is unknown', () => {
    expect(diffTransaction(null, { note: 'x' })).toEqual([{ field: 'note', from: null, to: 'x' }]);
  });
});

describe('transaction history projection', () => {
  it('keeps one entry per event with the changes of each edit, in one chunk', async () => {
    const added = scratch.log.transactionAdded('alice', 't1', { note: 'Noodles' });
    const first = scratch.log.transactionEdited('alice', 't1', { amount: { amount: 5000, currency: 'THB' } });
    const second = scratch.log.transactionEdited('alice', 't1', { note: 'Noodle soup', categoryId: 'builtin-other' });
    const deleted = scratch.log.transactionDeleted('alice', 't1');
    await given(added, first, second, deleted);
    const history = await historyOf('alice');
    expect(history).toEqual([
      {
        revision: 0,
        type: 'added',
        occurredAt: added.metadata.occurredAt,
        changes: [],
      },
      {
        revision: 1,
        type: 'edited',
        occurredAt: first.metadata.occurredAt,
        changes: [{ field: 'amount', from: { amount: 4500, currency: 'THB' }, to: { amount: 5000, currency: 'THB' } }],
      },
      {
        revision: 2,
        type: 'edited',
        occurredAt: second.metadata.occurredAt,
        changes: [
          { field: 'categoryId', from: 'builtin-food', to: 'builtin-other' },
          { field: 'note', from: 'Noodles', to: 'Noodle soup' },
        ],
      },
      {
        revision: 3,
        type: 'deleted',
        occurredAt: deleted.metadata.occurredAt,
        changes: [],
      },
    ]);
    const chunks = await chunksOf('alice');
    expect(chunks.map(({ id, transactionId, revision }) => ({ id, transactionId, revision }))).toEqual([
      { id: 't1:0', transactionId: 't1', revision: 0 },
    ]);
    for (const chunk of chunks) expect(transactionHistoryChunkSchema.parse(chunk)).toEqual(chunk);
  });

  it('changes nothing when an edit is delivered again', async () => {
    const added = scratch.log.transactionAdded('alice', 't1', { note: 'Noodles' });
    const edit = scratch.log.transactionEdited('alice', 't1', { note: 'Soup' });
    await given(added, edit);
    await given(edit);
    expect((await historyOf('alice')).at(-1)).toMatchObject({
      changes: [{ field: 'note', from: 'Noodles', to: 'Soup' }],
    });
  });

  it('records a move between wallets, from the default wallet the transaction was in', async () => {
    const savings = '0192f0c4-7a1b-7c3d-8e4f-0000000ba4c5';
    await given(
      scratch.log.transactionAdded('alice', 't1'),
      scratch.log.transactionEdited('alice', 't1', { walletId: savings }),
    );
    expect((await historyOf('alice')).at(-1)).toMatchObject({
      changes: [{ field: 'walletId', from: defaultWalletId('alice', 'THB'), to: savings }],
    });
  });

  it('writes nothing for an addition that nothing followed: the transactions view answers for it', async () => {
    await given(scratch.log.transactionAdded('alice', 't1'), scratch.log.transactionAdded('alice', 't2'));
    expect(await chunksOf('alice')).toEqual([]);
  });

  it('writes the addition into chunk 0 with the first event that follows it, at its own time', async () => {
    const added = scratch.log.transactionAdded('alice', 't1');
    await given(added);
    await given(scratch.log.transactionDeleted('alice', 't1'));
    expect(await historyOf('alice')).toMatchObject([
      { revision: 0, type: 'added', occurredAt: added.metadata.occurredAt, changes: [] },
      { revision: 1, type: 'deleted', changes: [] },
    ]);
  });

  it('keeps a transaction edited 150 times in chunks of 64 revisions, each edit in its own', async () => {
    const events = [scratch.log.transactionAdded('alice', 't1')];
    for (let n = 1; n <= 150; n += 1) {
      events.push(scratch.log.transactionEdited('alice', 't1', { amount: { amount: 4500 + n, currency: 'THB' } }));
    }
    await given(...events);
    const chunks = await chunksOf('alice');
    expect(chunks.map((chunk) => [chunk.id, chunk.revision, chunk.entries.length])).toEqual([
      ['t1:0', 0, 64],
      ['t1:1', 64, 64],
      ['t1:2', 128, 23],
    ]);
    expect((await historyOf('alice')).map((entry) => entry.revision)).toEqual(events.map((_, n) => n));
    expect(chunks[2]?.entries.at(-1)?.changes).toEqual([
      { field: 'amount', from: { amount: 4649, currency: 'THB' }, to: { amount: 4650, currency: 'THB' } },
    ]);
  });

  it('is purged with the account', async () => {
    await given(scratch.log.transactionAdded('alice', 't1'), scratch.log.accountErased('alice'));
    expect(await historyOf('alice')).toEqual([]);
  });
});
