import { TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { transactionViewSchema } from '@plenty/contracts/views/transactions';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { projectionScratch } from './testing/scratch.js';
import {
  categoryToken,
  lineCategoryToken,
  tagToken,
  transactionsView,
  walletToken,
} from './transactions.projection.js';

const coffee = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const scratch = projectionScratch();
const { given } = scratch;
const transactionsOf = (userId: string) => scratch.documents(TRANSACTIONS_VIEW, userId);

describe('transactions projection', () => {
  it('builds one document per transaction with its revision and times', async () => {
    const added = scratch.log.transactionAdded('alice', 't1', { note: 'Noodles', time: '12:30' });
    await given(added);
    const [view] = await transactionsOf('alice');
    expect(view).toEqual({
      id: 't1',
      type: 'expense',
      amount: { amount: 4500, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-11-20',
      time: '12:30',
      note: 'Noodles',
      receipt: null,
      location: null,
      walletId: defaultWalletId('alice', 'THB'),
      recurrence: null,
      import: null,
      splits: null,
      tags: [],
      createdAt: added.metadata.occurredAt,
      updatedAt: added.metadata.occurredAt,
      revision: 0,
    });
    expect(transactionViewSchema.parse(view)).toEqual(view);
  });

  it('applies edits, keeping fields left out and clearing fields set to null', async () => {
    const added = scratch.log.transactionAdded('alice', 't1', { note: 'Noodles', time: '12:30' });
    const edited = scratch.log.transactionEdited('alice', 't1', {
      amount: { amount: 5000, currency: 'THB' },
      note: null,
    });
    await given(added, edited);
    expect(await transactionsOf('alice')).toEqual([
      expect.objectContaining({
        amount: { amount: 5000, currency: 'THB' },
        note: null,
        time: '12:30',
        revision: 1,
        createdAt: added.metadata.occurredAt,
        updatedAt: edited.metadata.occurredAt,
      }),
    ]);
  });

  it('puts a transaction in the wallet it names, else in the default wallet of its currency, which follows a change of currency', async () => {
    const savings = '0192f0c4-7a1b-7c3d-8e4f-0000000a11e7';
    await given(
      scratch.log.transactionAdded('alice', 't1'),
      scratch.log.transactionAdded('alice', 't2', { walletId: savings }),
      scratch.log.transactionAdded('alice', 't3'),
      scratch.log.transactionEdited('alice', 't1', { amount: { amount: 300, currency: 'USD' } }),
      scratch.log.transactionEdited('alice', 't3', { walletId: savings }),
      scratch.log.transactionEdited('alice', 't2', { note: 'kept' }),
    );
    const walletOf = Object.fromEntries(
      ((await transactionsOf('alice')) as { id: string; walletId: string }[]).map((view) => [view.id, view.walletId]),
    );
    expect(walletOf).toEqual({ t1: defaultWalletId('alice', 'USD'), t2: savings, t3: savings });
  });

  it("finds a wallet's transactions by the indexed wallet", async () => {
    const savings = '0192f0c4-7a1b-7c3d-8e4f-0000000a11e7';
    await given(
      scratch.log.transactionAdded('alice', 't1', { walletId: savings }),
      scratch.log.transactionAdded('alice', 't2'),
    );
    const page = await scratch.store.find(TRANSACTIONS_VIEW, {
      userId: 'alice',
      where: { walletId: savings },
      sort: [{ field: 'occurredAt', direction: 'desc' }],
      limit: 10,
    });
    expect(page.items.map((item) => item.id)).toEqual(['t1']);
  });

  it("keeps the rule and occurrence a posted transaction came from, through edits and a category's deletion, and finds a rule's by the indexed rule", async () => {
    const rent = '0192f0c4-7a1b-7c3d-8e4f-00000000e001';
    const other = '0192f0c4-7a1b-7c3d-8e4f-00000000e002';
    await given(
      scratch.log.categoryAdded('alice', coffee),
      scratch.log.transactionAdded('alice', 't1', {
        date: '2026-11-01',
        recurrence: { ruleId: rent, date: '2026-11-01' },
      }),
      scratch.log.transactionAdded('alice', 't2', {
        date: '2026-12-01',
        recurrence: { ruleId: rent, date: '2026-12-01' },
      }),
      scratch.log.transactionAdded('alice', 't3', {
        date: '2026-12-02',
        recurrence: { ruleId: other, date: '2026-12-02' },
      }),
      scratch.log.transactionAdded('alice', 't4', { date: '2026-12-03', categoryId: coffee }),
      scratch.log.transactionEdited('alice', 't2', { amount: { amount: 9000, currency: 'THB' }, categoryId: coffee }),
      scratch.log.categoryDeleted('alice', coffee),
    );
    const page = await scratch.store.find(TRANSACTIONS_VIEW, {
      userId: 'alice',
      where: { ruleId: rent },
      sort: [{ field: 'occurredAt', direction: 'desc' }],
      limit: 10,
    });
    expect(page.items.map((item) => [item.id, item.doc.recurrence])).toEqual([
      ['t2', { ruleId: rent, date: '2026-12-01' }],
      ['t1', { ruleId: rent, date: '2026-11-01' }],
    ]);
    const views = (await transactionsOf('alice')).map((view) => transactionViewSchema.parse(view));
    expect(views.find((view) => view.id === 't4')?.recurrence).toBeNull();
  });

  it("keeps the import batch and row a transaction was added from through edits, and finds a batch's by the indexed batch", async () => {
    const batch = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
    const other = '0192f0c4-7a1b-7c3d-8e4f-00000000b002';
    await given(
      scratch.log.transactionAdded('alice', 't1', { date: '2026-11-01', import: { batchId: batch, row: 0 } }),
      scratch.log.transactionAdded('alice', 't2', { date: '2026-11-03', import: { batchId: batch, row: 1 } }),
      scratch.log.transactionAdded('alice', 't3', { date: '2026-11-02', import: { batchId: other, row: 0 } }),
      scratch.log.transactionAdded('alice', 't4', { date: '2026-11-04' }),
      scratch.log.transactionAdded('bob', 't5', { date: '2026-11-05', import: { batchId: batch, row: 2 } }),
      scratch.log.transactionEdited('alice', 't1', { note: 'Rent', date: '2026-11-06' }),
    );
    const page = await scratch.store.find(TRANSACTIONS_VIEW, {
      userId: 'alice',
      where: { importId: batch },
      sort: [{ field: 'occurredAt', direction: 'desc' }],
      limit: 10,
    });
    expect(page.items.map((item) => [item.id, item.doc.import])).toEqual([
      ['t1', { batchId: batch, row: 0 }],
      ['t2', { batchId: batch, row: 1 }],
    ]);
    const views = (await transactionsOf('alice')).map((view) => transactionViewSchema.parse(view));
    expect(views.find((view) => view.id === 't4')?.import).toBeNull();
  });

  it('shows the personal text of a user whose key was erased as empty', async () => {
    await given(scratch.log.transactionAdded('alice', 't1', { note: null, location: null }));
    expect(await transactionsOf('alice')).toEqual([expect.objectContaining({ note: null, location: null })]);
  });

  it('drops deleted transactions and keeps other users apart', async () => {
    await given(
      scratch.log.transactionAdded('alice', 't1'),
      scratch.log.transactionAdded('bob', 't2'),
      scratch.log.transactionDeleted('alice', 't1'),
    );
    expect(await transactionsOf('alice')).toEqual([]);
    expect(await transactionsOf('bob')).toEqual([expect.objectContaining({ id: 't2' })]);
  });

  it('ignores an edit of a deleted transaction', async () => {
    await given(
      scratch.log.transactionAdded('alice', 't1'),
      scratch.log.transactionDeleted('alice', 't1'),
      scratch.log.transactionEdited('alice', 't1', { note: 'late' }),
    );
    expect(await transactionsOf('alice')).toEqual([]);
  });

  it('moves the transactions of a deleted category to its replacement, for that user only', async () => {
    await given(
      scratch.log.categoryAdded('alice', coffee),
      scratch.log.transactionAdded('alice', 't1', { categoryId: coffee }),
      scratch.log.transactionAdded('alice', 't2'),
      scratch.log.transactionAdded('bob', 't3', { categoryId: coffee }),
      scratch.log.transactionAdded('alice', 't4', { categoryId: coffee }),
      scratch.log.transactionDeleted('alice', 't4'),
    );
    await given(scratch.log.categoryDeleted('alice', coffee, 'builtin-other'));
    const categories = async (userId: string) =>
      ((await transactionsOf(userId)) as { id: string; categoryId: string }[]).map((t) => [t.id, t.categoryId]);
    expect(await categories('alice')).toEqual([
      ['t1', 'builtin-other'],
      ['t2', 'builtin-food'],
    ]);
    expect(await categories('bob')).toEqual([['t3', coffee]]);
  });

  it('changes nothing when events are delivered again, even after later ones', async () => {
    const added = scratch.log.transactionAdded('alice', 't1', { note: 'Noodles' });
    const edited = scratch.log.transactionEdited('alice', 't1', { note: 'Soup' });
    const addedThenDeleted = scratch.log.transactionAdded('alice', 't2');
    await given(added, edited, addedThenDeleted, scratch.log.transactionDeleted('alice', 't2'));
    const before = await transactionsOf('alice');
    await given(added);
    await given(addedThenDeleted);
    await given(edited, added);
    expect(await transactionsOf('alice')).toEqual(before);
  });

  const lines = [
    { categoryId: 'builtin-food', amount: 3000, note: 'ข้าวสาร' },
    { categoryId: coffee, amount: 1500 },
  ];

  it('keeps split lines (a line without a note has it null) and tags as spelled, in order, through edits', async () => {
    await given(
      scratch.log.categoryAdded('alice', coffee),
      scratch.log.transactionAdded('alice', 't1', { splits: lines, tags: ['Trip', 'ງານແຕ່ງ'] }),
      scratch.log.transactionAdded('alice', 't2', { tags: ['work'] }),
      scratch.log.transactionEdited('alice', 't2', { splits: lines, tags: null }),
      scratch.log.transactionEdited('alice', 't1', { splits: null, categoryId: coffee }),
    );
    const views = (await transactionsOf('alice')).map((view) => transactionViewSchema.parse(view));
    expect(views.map((view) => [view.id, view.categoryId, view.splits, view.tags])).toEqual([
      ['t1', coffee, null, ['Trip', 'ງານແຕ່ງ']],
      [
        't2',
        'builtin-food',
        [
          { categoryId: 'builtin-food', amount: 3000, note: 'ข้าวสาร' },
          { categoryId: coffee, amount: 1500, note: null },
        ],
        [],
      ],
    ]);
  });

  it("indexes the words of the note, the lines' notes and the tags, one token per tag, and its categories and wallet by id", () => {
    const wallet = '0192f0c4-7a1b-7c3d-8e4f-0000000a11e7';
    const doc = {
      id: 't1',
      type: 'expense',
      amount: { amount: 4500, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-11-20',
      time: null,
      note: 'ร้านกาแฟใกล้บ้าน Café',
      receipt: null,
      location: null,
      walletId: wallet,
      splits: [
        { categoryId: 'builtin-food', amount: 3000, note: 'ຕະຫຼາດເຊົ້າ' },
        { categoryId: coffee, amount: 1500, note: null },
      ],
      tags: ['Trip 2026', 'trip'.toUpperCase()],
      createdAt: '2026-11-20T00:00:00.000Z',
      updatedAt: '2026-11-20T00:00:00.000Z',
      revision: 0,
    };
    const values = transactionsView.search?.values(doc);
    expect(values?.text?.slice(0, 5)).toEqual(['ร้าน', 'กาแฟ', 'ใกล้', 'บ้าน', 'café']);
    expect(values?.text).toEqual(
      expect.arrayContaining(['ร้านกาแฟใกล้บ้าน', 'กาแฟใกล้บ้าน', 'ຕະຫຼາດ', 'ເຊົ້າ', 'ຕະຫຼາດເຊົ້າ', 'trip', '2026']),
    );
    expect(values?.tag).toEqual([tagToken('Trip 2026'), tagToken('TRIP')]);
    expect(values?.ref).toEqual([
      categoryToken('builtin-food'),
      categoryToken(coffee),
      walletToken(wallet),
      lineCategoryToken(coffee),
    ]);
    // Every token is letters and digits only, as the read store's full-text index takes them.
    for (const token of Object.values(values ?? {}).flat()) expect(token).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
    expect(tagToken('ทริป Trip')).toBe(tagToken('ทริป trip'));
    expect(tagToken('trip')).not.toBe(tagToken('trips'));
    expect(transactionsView.indexValues?.(doc)).toMatchObject({ searchAmount: 4500, split: 1, amount: 4500 });
    expect(
      transactionsView.indexValues?.({ ...doc, amount: { amount: 1_250_000, currency: 'LAK' }, splits: null }),
    ).toMatchObject({ searchAmount: 125_000_000, split: null });
  });

  it("moves split lines of a deleted category to its replacement, the first line with the transaction's category", async () => {
    await given(
      scratch.log.categoryAdded('alice', coffee),
      scratch.log.transactionAdded('alice', 't1', { splits: lines }),
      scratch.log.transactionAdded('alice', 't2', { categoryId: coffee, splits: [...lines].reverse() }),
      scratch.log.transactionAdded('alice', 't3', {
        splits: [lines[0], { categoryId: 'builtin-transport', amount: 1500 }],
      }),
      scratch.log.categoryDeleted('alice', coffee, 'builtin-other'),
    );
    const views = (await transactionsOf('alice')).map((view) => transactionViewSchema.parse(view));
    expect(views.map((view) => [view.id, view.categoryId, view.splits?.map((line) => line.categoryId)])).toEqual([
      ['t1', 'builtin-food', ['builtin-food', 'builtin-other']],
      ['t2', 'builtin-other', ['builtin-other', 'builtin-food']],
      ['t3', 'builtin-food', ['builtin-food', 'builtin-transport']],
    ]);
  });

  it('renames a tag on the transactions that carry it, merging with the new name where they have it, and deletes one', async () => {
    await given(
      scratch.log.transactionAdded('alice', 't1', { tags: ['trip', 'food'] }),
      scratch.log.transactionAdded('alice', 't2', { tags: ['Japan', 'TRIP', 'work'] }),
      scratch.log.transactionAdded('alice', 't3', { tags: ['work'] }),
      scratch.log.transactionAdded('bob', 't4', { tags: ['trip'] }),
    );
    await given(scratch.log.profile('alice', 'TagRenamed', { from: 'Trip', to: 'Japan' }));
    const tagsOf = async (userId: string) =>
      ((await transactionsOf(userId)) as { id: string; tags: string[] }[]).map((t) => [t.id, t.tags]);
    expect(await tagsOf('alice')).toEqual([
      ['t1', ['Japan', 'food']],
      ['t2', ['Japan', 'work']],
      ['t3', ['work']],
    ]);
    await given(scratch.log.profile('alice', 'TagDeleted', { tag: 'WORK' }));
    expect(await tagsOf('alice')).toEqual([
      ['t1', ['Japan', 'food']],
      ['t2', ['Japan']],
      ['t3', []],
    ]);
    expect(await tagsOf('bob')).toEqual([['t4', ['trip']]]);
    // A tag renamed then used again is found under the new name: the tags view followed along.
    await given(scratch.log.profile('alice', 'TagRenamed', { from: 'japan', to: 'Japan 2026' }));
    expect(await tagsOf('alice')).toEqual([
      ['t1', ['Japan 2026', 'food']],
      ['t2', ['Japan 2026']],
      ['t3', []],
    ]);
  });

  it("leaves tags as they are when the renamed tag's text was erased", async () => {
    await given(
      scratch.log.transactionAdded('alice', 't1', { tags: ['trip'] }),
      scratch.log.profile('alice', 'TagRenamed', { from: null, to: null }),
      scratch.log.profile('alice', 'TagDeleted', { tag: null }),
    );
    expect(await transactionsOf('alice')).toEqual([expect.objectContaining({ tags: ['trip'] })]);
  });
});
