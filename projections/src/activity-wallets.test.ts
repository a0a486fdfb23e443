import { ACTIVITY_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { activityDocOf, activityDocSchema, type StoredActivityDoc } from '@plenty/contracts/views/activity';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { projectionScratch } from './testing/scratch.js';

const bank = '0192f0c4-7a1b-7c3d-8e4f-00000000c001';
const card = '0192f0c4-7a1b-7c3d-8e4f-00000000c002';
const move = '0192f0c4-7a1b-7c3d-8e4f-00000000d001';
const lunch = '0192f0c4-7a1b-7c3d-8e4f-00000000a001';

const scratch = projectionScratch();
const { given } = scratch;

const recorded = (streamId: string, type: string, data: Record<string, unknown>, userId = 'alice'): RecordedEvent =>
  scratch.log.event(streamId, userId, type, data);
const profile = (type: string, data: Record<string, unknown>, userId = 'alice') =>
  recorded(`profile-${userId}`, type, data, userId);
const transfer = (type: string, data: Record<string, unknown>) =>
  recorded(`transfer-${move}`, type, { transferId: move, ...data });

const opened = (walletId: string, name: string, currency: string) =>
  scratch.log.walletOpened('alice', walletId, {
    name,
    currency,
    openingBalance: 1_000_000,
    icon: 'wallet',
    color: '#112233',
  });

/** The entries of one item newest first, without the fields every entry has. */
const entriesOf = async (subjectId: string, userId = 'alice') => {
  const docs = ((await scratch.documents(ACTIVITY_VIEW, userId)) as StoredActivityDoc[])
    .map(activityDocOf)
    .filter((doc) => doc.subjectId === subjectId);
  for (const doc of docs) expect(activityDocSchema.parse(doc)).toEqual(doc);
  return docs
    .sort((a, b) => (a.sortKey < b.sortKey ? 1 : -1))
    .map(({ id: _id, occurredAt: _at, sortKey: _key, ...entry }) => entry);
};

const none = {
  installmentNumber: null,
  replacementCategoryId: null,
  transfer: null,
  recurrence: null,
  reason: null,
  counts: null,
};

describe('activity of wallets and transfers', () => {
  it('records a wallet opened, edited, reconciled, archived and restored as the wallet’s entries', async () => {
    await given(
      opened(bank, 'BCEL One', 'LAK'),
      profile('WalletEdited', { walletId: bank, changes: { name: 'BCEL', openingBalance: 1_200_000, icon: 'wallet' } }),
      profile('WalletReconciled', { walletId: bank, date: '2026-11-15', balance: 1_150_000, adjustment: -50_000 }),
      profile('WalletArchived', { walletId: bank }),
      profile('WalletRestored', { walletId: bank }),
    );
    /** An entry of the BCEL wallet in kip; `fields` say what differs from a plain one. */
    const entry = (type: string, name: string, fields: Record<string, unknown> = {}) => ({
      ...none,
      kind: 'wallet',
      subjectId: bank,
      type,
      subject: { name, categoryId: null, amount: null },
      changes: [],
      amount: null,
      date: null,
      currency: 'LAK',
      ...fields,
    });
    expect(await entriesOf(bank)).toEqual([
      entry('wallet_restored', 'BCEL'),
      entry('wallet_archived', 'BCEL'),
      entry('wallet_reconciled', 'BCEL', {
        changes: [{ field: 'balance', from: 1_200_000, to: 1_150_000 }],
        amount: { amount: -50_000, currency: 'LAK' },
        date: '2026-11-15',
      }),
      entry('wallet_edited', 'BCEL', {
        changes: [
          { field: 'name', from: 'BCEL One', to: 'BCEL' },
          { field: 'openingBalance', from: 1_000_000, to: 1_200_000 },
        ],
      }),
      entry('wallet_opened', 'BCEL One', { amount: { amount: 1_000_000, currency: 'LAK' }, date: '2026-11-01' }),
    ]);
  });

  it('compares a default wallet’s first edit with its defaults, its name null until renamed', async () => {
    const cash = defaultWalletId('alice', 'THB');
    await given(
      profile('WalletEdited', { walletId: cash, changes: { openingBalance: 50_000, openingDate: '2026-11-01' } }),
    );
    const [entry] = await entriesOf(cash);
    expect(entry).toMatchObject({
      type: 'wallet_edited',
      subject: { name: null },
      currency: 'THB',
      changes: [
        { field: 'openingBalance', from: 0, to: 50_000 },
        { field: 'openingDate', from: null, to: '2026-11-01' },
      ],
    });
  });

  it('records a transfer recorded, edited and deleted with the transfer as it stood', async () => {
    const recordedTransfer = {
      fromWalletId: bank,
      toWalletId: card,
      amountOut: { amount: 300_000, currency: 'LAK' },
      amountIn: { amount: 50_000, currency: 'THB' },
      date: '2026-11-10',
      note: 'Top up',
    };
    await given(
      opened(bank, 'BCEL', 'LAK'),
      opened(card, 'K PLUS', 'THB'),
      transfer('TransferRecorded', recordedTransfer),
      transfer('TransferEdited', { changes: { amountIn: { amount: 48_000, currency: 'THB' }, note: null } }),
      transfer('TransferDeleted', {}),
    );
    const edited = { ...recordedTransfer, time: null, amountIn: { amount: 48_000, currency: 'THB' }, note: null };
    const out = { amount: 300_000, currency: 'LAK' };
    /** An entry of the transfer as edited; `fields` say what differs. */
    const entry = (type: string, fields: Record<string, unknown> = {}) => ({
      ...none,
      kind: 'transfer',
      subjectId: move,
      type,
      subject: { name: null, categoryId: null, amount: out },
      transfer: edited,
      changes: [],
      amount: out,
      date: '2026-11-10',
      currency: null,
      ...fields,
    });
    expect(await entriesOf(move)).toEqual([
      entry('transfer_deleted'),
      entry('transfer_edited', {
        changes: [
          { field: 'amountIn', from: { amount: 50_000, currency: 'THB' }, to: { amount: 48_000, currency: 'THB' } },
          { field: 'note', from: 'Top up', to: null },
        ],
      }),
      entry('transfer_recorded', {
        subject: { name: 'Top up', categoryId: null, amount: out },
        transfer: { ...recordedTransfer, time: null },
      }),
    ]);
  });

  it('shows a transaction moved to another wallet as a change of its wallet', async () => {
    await given(
      opened(card, 'K PLUS', 'THB'),
      recorded(`transaction-${lunch}`, 'TransactionAdded', {
        transactionId: lunch,
        type: 'expense',
        amount: { amount: 12_000, currency: 'THB' },
        categoryId: 'builtin-food',
        date: '2026-11-01',
      }),
      recorded(`transaction-${lunch}`, 'TransactionEdited', { transactionId: lunch, changes: { walletId: card } }),
    );
    const [edit] = await entriesOf(lunch);
    expect(edit).toMatchObject({
      type: 'transaction_edited',
      changes: [{ field: 'walletId', from: defaultWalletId('alice', 'THB'), to: card }],
    });
  });
});
