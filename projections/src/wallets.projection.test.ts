import {
  TRANSFERS_VIEW,
  WALLETS_VIEW,
  WALLET_MONTHS_VIEW,
  WALLET_MOVEMENTS_VIEW,
} from '@plenty/contracts/views/registry';
import { transferViewSchema } from '@plenty/contracts/views/wallets';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { describe, expect, it } from 'vitest';
import { projectionScratch } from './testing/scratch.js';
import type { WalletDoc, WalletMonthDoc, WalletMovementDoc } from './wallet-ledger.js';

const scratch = projectionScratch();
const { given } = scratch;

const savings = '0192f0c4-7a1b-7c3d-8e4f-0000000a11e7';
const travel = '0192f0c4-7a1b-7c3d-8e4f-0000000a11e8';
const moved = '0192f0c4-7a1b-7c3d-8e4f-00000000f001';
const cashTHB = defaultWalletId('alice', 'THB');

const wallets = async (userId = 'alice') =>
  Object.fromEntries(((await scratch.documents(WALLETS_VIEW, userId)) as WalletDoc[]).map((doc) => [doc.id, doc]));
const movements = async (userId = 'alice') =>
  Object.fromEntries(
    ((await scratch.documents(WALLET_MOVEMENTS_VIEW, userId)) as WalletMovementDoc[]).map((doc) => [doc.id, doc]),
  );
/** `<walletId>:<month>` → [change, count]. */
const months = async (userId = 'alice') =>
  Object.fromEntries(
    ((await scratch.documents(WALLET_MONTHS_VIEW, userId)) as WalletMonthDoc[]).map((doc) => [
      `${doc.walletId}:${doc.month}`,
      [doc.change, doc.count],
    ]),
  );

/** A cash wallet in dollars for a trip. */
const TRAVEL = { name: 'Travel', kind: 'cash', currency: 'USD', icon: 'plane', color: '#884422' };

const openSavings = (fields: Record<string, unknown> = {}) =>
  scratch.log.walletOpened('alice', savings, { openingBalance: 500_000, openingDate: '2026-10-01', ...fields });

const transfer = (type: string, data: Record<string, unknown>) =>
  scratch.log.event(`transfer-${moved}`, 'alice', type, { transferId: moved, ...data });

describe('wallets projection', () => {
  it('gives the default wallet of a currency its document on its first movement', async () => {
    const added = scratch.log.transactionAdded('alice', 't1', { note: 'Noodles', time: '12:30' });
    await given(added);
    expect(await wallets()).toEqual({
      [cashTHB]: {
        id: cashTHB,
        name: null,
        nameKey: 'wallet.default',
        isDefault: true,
        kind: 'cash',
        currency: 'THB',
        icon: 'wallet',
        color: '#64748b',
        openingBalance: 0,
        openingDate: null,
        excludeFromTotals: false,
        archived: false,
        lastReconciledOn: null,
        createdAt: added.metadata.occurredAt,
        updatedAt: added.metadata.occurredAt,
      },
    });
    expect(await movements()).toEqual({
      'tx:t1': {
        id: 'tx:t1',
        walletId: cashTHB,
        kind: 'expense',
        date: '2026-11-20',
        time: '12:30',
        sortKey: '2026-11-20T12:30~t1',
        amount: -4500,
        currency: 'THB',
        transactionId: 't1',
        transferId: null,
        debtId: null,
        paymentId: null,
        categoryId: 'builtin-food',
        note: 'Noodles',
        counterpartWalletId: null,
        counterpartAmount: null,
        principal: null,
        interest: null,
      },
    });
    expect(await months()).toEqual({ [`${cashTHB}:2026-11`]: [-4500, 1] });
  });

  it('keeps a wallet as opened, edited, archived and restored; a default wallet renamed loses its name key', async () => {
    const opened = openSavings();
    const renamed = scratch.log.profile('alice', 'WalletEdited', {
      walletId: cashTHB,
      changes: { name: 'Pocket', color: '#000000' },
    });
    await given(
      opened,
      scratch.log.profile('alice', 'WalletEdited', { walletId: savings, changes: { excludeFromTotals: true } }),
      scratch.log.profile('alice', 'WalletArchived', { walletId: savings }),
      renamed,
    );
    const docs = await wallets();
    expect(docs[savings]).toMatchObject({
      name: 'Savings',
      nameKey: null,
      isDefault: false,
      kind: 'bank',
      openingBalance: 500_000,
      openingDate: '2026-10-01',
      excludeFromTotals: true,
      archived: true,
      createdAt: opened.metadata.occurredAt,
    });
    expect(docs[cashTHB]).toMatchObject({ name: 'Pocket', nameKey: null, isDefault: true, color: '#000000' });
    expect(docs[cashTHB]?.updatedAt).toBe(renamed.metadata.occurredAt);
    await given(scratch.log.profile('alice', 'WalletRestored', { walletId: savings }));
    expect((await wallets())[savings]?.archived).toBe(false);
  });

  it('moves an edited transaction between wallets, months and amounts, and drops a deleted one', async () => {
    await given(
      openSavings(),
      scratch.log.transactionAdded('alice', 't1', { date: '2026-11-20' }),
      scratch.log.transactionAdded('alice', 't2', { type: 'income', amount: { amount: 90_000, currency: 'THB' } }),
      scratch.log.transactionEdited('alice', 't1', {
        walletId: savings,
        date: '2026-10-31',
        amount: { amount: 7000, currency: 'THB' },
      }),
    );
    expect(await months()).toEqual({ [`${savings}:2026-10`]: [-7000, 1], [`${cashTHB}:2026-11`]: [90_000, 1] });
    expect((await movements())['tx:t1']).toMatchObject({ walletId: savings, amount: -7000, date: '2026-10-31' });
    await given(
      scratch.log.transactionEdited('alice', 't2', { type: 'expense', amount: { amount: 200, currency: 'USD' } }),
    );
    // Without a wallet of its own it follows the default wallet of its new currency.
    expect(await months()).toEqual({
      [`${savings}:2026-10`]: [-7000, 1],
      [`${defaultWalletId('alice', 'USD')}:2026-11`]: [-200, 1],
    });
    await given(scratch.log.transactionDeleted('alice', 't1'));
    expect(Object.keys(await movements())).toEqual(['tx:t2']);
    expect(await months()).toEqual({ [`${defaultWalletId('alice', 'USD')}:2026-11`]: [-200, 1] });
  });

  it('changes nothing when events are delivered again, even after a deletion', async () => {
    const added = scratch.log.transactionAdded('alice', 't1');
    const edited = scratch.log.transactionEdited('alice', 't1', { amount: { amount: 9000, currency: 'THB' } });
    const kept = scratch.log.transactionAdded('alice', 't2', { amount: { amount: 100, currency: 'THB' } });
    const deleted = scratch.log.transactionDeleted('alice', 't1');
    await given(added, edited, kept, deleted);
    const before = [await movements(), await months()];
    await given(added, edited, kept, deleted, scratch.log.transactionAdded('alice', 't3', { date: '2026-11-01' }));
    await given(scratch.log.transactionDeleted('alice', 't3'));
    expect([await movements(), await months()]).toEqual(before);
  });

  it('moves the movements of a deleted category to its replacement, as the transactions view does', async () => {
    const coffee = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
    await given(
      scratch.log.categoryAdded('alice', coffee),
      scratch.log.transactionAdded('alice', 't1', { categoryId: coffee }),
      scratch.log.categoryDeleted('alice', coffee, 'builtin-food'),
      scratch.log.transactionEdited('alice', 't1', { note: 'latte' }),
    );
    expect((await movements())['tx:t1']).toMatchObject({ categoryId: 'builtin-food', note: 'latte' });
  });

  it('records a transfer as a movement out of one wallet and into the other, in each currency', async () => {
    await given(
      openSavings(),
      scratch.log.walletOpened('alice', travel, TRAVEL),
      transfer('TransferRecorded', {
        fromWalletId: savings,
        toWalletId: travel,
        amountOut: { amount: 35_000, currency: 'THB' },
        amountIn: { amount: 1000, currency: 'USD' },
        date: '2026-11-05',
        time: '09:00',
        note: 'Trip cash',
      }),
    );
    const docs = await movements();
    expect(docs[`out:${moved}`]).toMatchObject({
      walletId: savings,
      kind: 'transfer_out',
      amount: -35_000,
      currency: 'THB',
      sortKey: `2026-11-05T09:00~${moved}`,
      transferId: moved,
      counterpartWalletId: travel,
      counterpartAmount: { amount: 1000, currency: 'USD' },
      note: 'Trip cash',
    });
    expect(docs[`in:${moved}`]).toMatchObject({
      walletId: travel,
      kind: 'transfer_in',
      amount: 1000,
      currency: 'USD',
      counterpartWalletId: savings,
      counterpartAmount: { amount: 35_000, currency: 'THB' },
    });
    const [view] = await scratch.documents(TRANSFERS_VIEW, 'alice');
    expect(transferViewSchema.parse(view)).toEqual(view);
    await given(
      transfer('TransferEdited', {
        changes: { fromWalletId: cashTHB, date: '2026-12-01', time: null, note: null },
      }),
    );
    expect(await months()).toEqual({ [`${cashTHB}:2026-12`]: [-35_000, 1], [`${travel}:2026-12`]: [1000, 1] });
    expect(await scratch.documents(TRANSFERS_VIEW, 'alice')).toEqual([
      expect.objectContaining({ fromWalletId: cashTHB, date: '2026-12-01', time: null, note: null, revision: 1 }),
    ]);
    await given(transfer('TransferDeleted', {}));
    expect(await movements()).toEqual({});
    expect(await months()).toEqual({});
    expect(await scratch.documents(TRANSFERS_VIEW, 'alice')).toEqual([]);
  });

  it('records a reconcile as an adjustment of its day and keeps the latest day reconciled', async () => {
    const later = scratch.log.profile('alice', 'WalletReconciled', {
      walletId: cashTHB,
      date: '2026-11-10',
      balance: 10_000,
      adjustment: -250,
    });
    const earlier = scratch.log.profile('alice', 'WalletReconciled', {
      walletId: cashTHB,
      date: '2026-11-03',
      balance: 10_000,
      adjustment: 0,
    });
    await given(later, earlier);
    await given(later);
    expect(await movements()).toEqual({
      [`adj:${later.id}`]: expect.objectContaining({ kind: 'adjustment', amount: -250, date: '2026-11-10' }),
      [`adj:${earlier.id}`]: expect.objectContaining({ kind: 'adjustment', amount: 0, date: '2026-11-03' }),
    });
    expect(await months()).toEqual({ [`${cashTHB}:2026-11`]: [-250, 2] });
    expect((await wallets())[cashTHB]).toMatchObject({ lastReconciledOn: '2026-11-10', isDefault: true });
  });

  it('is purged with the account', async () => {
    await given(openSavings(), scratch.log.transactionAdded('alice', 't1'), scratch.log.accountErased('alice'));
    expect([await wallets(), await movements(), await months()]).toEqual([{}, {}, {}]);
  });
});
