import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BackupEvent } from '@plenty/contracts/backup';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { BackupFold } from './backup-fold.js';

const uid = 'fold-user';
const START = Date.parse('2026-10-01T00:00:00.000Z');
let clock = START;
// Each test's events start at the same hour, whichever test ran before it.
beforeEach(() => {
  clock = START;
});

function event(streamId: string, type: string, data: Record<string, unknown>): BackupEvent {
  clock += 3_600_000;
  return { id: randomUUID(), streamId, type, data, occurredAt: new Date(clock).toISOString(), schemaVersion: 1 };
}

const thb = (amount: number) => ({ amount, currency: 'THB' });

describe('the backup fold', () => {
  it('reads each money event against the items as they stood, and keeps the transactions as they stand', () => {
    const fold = new BackupFold(uid, 'en', 'UTC');
    const profile = `profile-${uid}`;
    const cash = defaultWalletId(uid, 'THB');
    const savings = randomUUID();
    const category = randomUUID();
    const t1 = randomUUID();
    const t2 = randomUUID();
    const apply = (e: BackupEvent) => fold.apply(e);

    expect(
      apply(
        event(profile, 'CategoryAdded', {
          categoryId: category,
          name: 'Coffee',
          type: 'expense',
          icon: 'cup',
          color: '#112233',
        }),
      ),
    ).toBeNull();
    expect(
      apply(event(profile, 'WalletEdited', { walletId: cash, changes: { name: 'Pocket' } }))?.slice(1, 11),
    ).toEqual(['Wallet edited', 'Wallet', 'Pocket', '', '', '', '', 'Pocket', '', 'Name: — → Pocket']);
    apply(
      event(profile, 'WalletOpened', {
        walletId: savings,
        name: 'Savings',
        kind: 'bank',
        currency: 'THB',
        openingBalance: 10_000,
        openingDate: '2026-10-01',
        icon: 'bank',
        color: '#112233',
        excludeFromTotals: false,
      }),
    );
    const added = apply(
      event(`transaction-${t1}`, 'TransactionAdded', {
        transactionId: t1,
        type: 'expense',
        amount: thb(4_500),
        categoryId: category,
        date: '2026-10-02',
        time: '08:00',
        note: 'latte',
        receipt: 'r-1',
      }),
    );
    expect(added).toEqual([
      '2026-10-01 04:00:00',
      'Transaction added',
      'Transaction',
      '',
      '2026-10-02',
      '45.00',
      'THB',
      'Coffee',
      'Pocket',
      'latte',
      '',
    ]);
    apply(
      event(`transaction-${t2}`, 'TransactionAdded', {
        transactionId: t2,
        type: 'income',
        amount: thb(100_000),
        categoryId: 'builtin-salary',
        date: '2026-10-01',
      }),
    );
    const edited = apply(
      event(`transaction-${t1}`, 'TransactionEdited', {
        transactionId: t1,
        changes: { walletId: savings, note: null, receipt: 'r-2' },
      }),
    );
    expect(edited?.[8]).toBe('Savings');
    expect(edited?.[10]).toBe('Note: latte → —; Wallet: Pocket → Savings');
    apply(event(profile, 'CategoryEdited', { categoryId: category, changes: { name: 'Café' } }));
    expect([...fold.receipts].sort()).toEqual(['r-1', 'r-2']);
    expect([...fold.transactionRecords()]).toEqual([
      ['2026-10-01', '', 'Income', 'Salary', '1000.00', 'THB', '', 'Pocket', '', '', '', t2],
      ['2026-10-02', '08:00', 'Expense', 'Café', '45.00', 'THB', '', 'Savings', '', '', '', t1],
    ]);

    apply(event(profile, 'CategoryDeleted', { categoryId: category, replacementCategoryId: 'builtin-food' }));
    const deleted = apply(event(`transaction-${t2}`, 'TransactionDeleted', { transactionId: t2 }));
    expect(deleted?.slice(1, 8)).toEqual([
      'Transaction deleted',
      'Transaction',
      '',
      '2026-10-01',
      '1000.00',
      'THB',
      'Salary',
    ]);
    expect([...fold.transactionRecords()].map((r) => r[3])).toEqual(['Food']);

    const reconciled = apply(
      event(profile, 'WalletReconciled', { walletId: savings, date: '2026-10-05', balance: 9_000, adjustment: -1_000 }),
    );
    expect(reconciled?.slice(1, 7)).toEqual(['Wallet reconciled', 'Wallet', 'Savings', '2026-10-05', '-10.00', 'THB']);
    expect(reconciled?.[10]).toBe('Balance: 100.00 THB → 90.00 THB');
  });

  it('keeps split lines and tags through edits, tag renames and deletions, and a category deleted with a replacement', () => {
    const fold = new BackupFold(uid, 'en', 'UTC');
    const profile = `profile-${uid}`;
    const category = randomUUID();
    const t1 = randomUUID();
    const t2 = randomUUID();
    fold.apply(
      event(profile, 'CategoryAdded', {
        categoryId: category,
        name: 'Market',
        type: 'expense',
        icon: 'cart',
        color: '#112233',
      }),
    );
    const added = fold.apply(
      event(`transaction-${t1}`, 'TransactionAdded', {
        transactionId: t1,
        type: 'expense',
        amount: thb(12_000),
        categoryId: category,
        date: '2026-10-02',
        splits: [
          { categoryId: category, amount: 8_000, note: 'veg' },
          { categoryId: 'builtin-shopping', amount: 4_000 },
        ],
        tags: ['trip', 'Wedding'],
      }),
    );
    expect(added?.slice(5, 8)).toEqual(['120.00', 'THB', 'Market']);
    fold.apply(
      event(`transaction-${t2}`, 'TransactionAdded', {
        transactionId: t2,
        type: 'expense',
        amount: thb(500),
        categoryId: 'builtin-food',
        date: '2026-10-03',
        tags: ['Trip', 'renovation'],
      }),
    );
    const edited = fold.apply(
      event(`transaction-${t1}`, 'TransactionEdited', {
        transactionId: t1,
        changes: {
          splits: [
            { categoryId: category, amount: 2_000 },
            { categoryId: 'builtin-food', amount: 10_000, note: 'lunch' },
          ],
          tags: ['trip'],
        },
      }),
    );
    expect(edited?.[10]).toBe(
      'Split: Market 80.00 THB (veg) + Shopping 40.00 THB → Market 20.00 THB + Food 100.00 THB (lunch); Tags: trip, Wedding → trip',
    );
    const unsplit = fold.apply(
      event(`transaction-${t2}`, 'TransactionEdited', { transactionId: t2, changes: { tags: null } }),
    );
    expect(unsplit?.[10]).toBe('Tags: Trip, renovation → —');
    fold.apply(
      event(`transaction-${t2}`, 'TransactionEdited', { transactionId: t2, changes: { tags: ['trip', 'Renovation'] } }),
    );
    // "Trip" → "Journey"; then "renovation" merges into "journey", which t2 has already.
    fold.apply(event(profile, 'TagRenamed', { from: 'TRIP', to: 'Journey' }));
    fold.apply(event(profile, 'TagRenamed', { from: 'renovation', to: 'journey' }));
    fold.apply(event(profile, 'CategoryDeleted', { categoryId: category, replacementCategoryId: 'builtin-other' }));
    const records = [...fold.transactionRecords()];
    expect(records.map((r) => [r[3], r[4], r[8], r[9], r[10], r[11]])).toEqual([
      ['Other', '20.00', 'Journey', '1/2', '', t1],
      ['Food', '100.00', 'Journey', '2/2', 'lunch', t1],
      ['Food', '5.00', 'Journey', '', '', t2],
    ]);
    fold.apply(event(profile, 'TagDeleted', { tag: 'journey' }));
    expect([...fold.transactionRecords()].map((r) => r[8])).toEqual(['', '', '']);
  });

  it('follows a debt’s payments and a transfer’s edits, in minor units of their currency', () => {
    const fold = new BackupFold(uid, 'th', 'Asia/Bangkok');
    const debtId = randomUUID();
    const paymentId = randomUUID();
    const installment = randomUUID();
    const stream = `debt-${debtId}`;
    const opened = fold.apply(
      event(stream, 'DebtOpened', {
        debtId,
        name: 'รถ',
        type: 'loan',
        initialAmount: 50_000_000,
        currentAmount: 50_000_000,
        annualRatePercent: '3.5',
        paymentDueDay: 1,
        icon: 'car',
        color: '#112233',
        currency: 'LAK',
        loanType: 'emi',
        termMonths: 24,
        openDate: '2026-09-01',
        startDate: '2026-09-01',
        installment: 2_160_000,
        description: 'ผ่อนรถ',
      }),
    );
    expect(opened?.slice(1, 10)).toEqual(['เพิ่มหนี้', 'หนี้', 'รถ', '2026-09-01', '50000000', 'LAK', '', '', 'ผ่อนรถ']);
    fold.apply(event(stream, 'PaymentRecorded', { debtId, paymentId, amount: 100_000, date: '2026-10-20' }));
    const edited = fold.apply(
      event(stream, 'PaymentEdited', { debtId, paymentId, changes: { amount: 150_000, notes: 'เพิ่ม' } }),
    );
    expect(edited?.slice(4, 7)).toEqual(['2026-10-20', '150000', 'LAK']);
    expect(edited?.[10]).toContain('100000 LAK → 150000 LAK');
    expect(fold.apply(event(stream, 'PaymentDeleted', { debtId, paymentId }))?.slice(4, 6)).toEqual([
      '2026-10-20',
      '150000',
    ]);
    fold.apply(
      event(stream, 'InstallmentMarkedPaid', {
        debtId,
        number: 1,
        paymentId: installment,
        date: '2026-10-01',
        dueDate: '2026-10-01',
        amount: 2_160_000,
        principal: 2_000_000,
        interest: 160_000,
        balance: 48_000_000,
      }),
    );
    expect(
      fold.apply(event(stream, 'InstallmentMarkedUnpaid', { debtId, number: 1, paymentId: installment }))?.slice(1, 11),
    ).toEqual(['ทำเครื่องหมายงวดว่ายังไม่ชำระ', 'หนี้', 'รถ', '2026-10-01', '2160000', 'LAK', '', '', '', 'งวดที่ 1']);

    const transferId = randomUUID();
    const from = defaultWalletId(uid, 'LAK');
    fold.apply(
      event(`transfer-${transferId}`, 'TransferRecorded', {
        transferId,
        fromWalletId: from,
        toWalletId: randomUUID(),
        amountOut: { amount: 200_000, currency: 'LAK' },
        amountIn: { amount: 200_000, currency: 'LAK' },
        date: '2026-10-21',
      }),
    );
    const moved = fold.apply(
      event(`transfer-${transferId}`, 'TransferEdited', {
        transferId,
        changes: { amountOut: { amount: 250_000, currency: 'LAK' }, note: 'ค่าเช่า' },
      }),
    );
    expect(moved?.slice(5, 10)).toEqual(['250000', 'LAK', '', 'เงินสด → ', 'ค่าเช่า']);
    expect(moved?.[10]).toContain('200000 LAK → 250000 LAK');
    // Events that move no money have no record.
    expect(fold.apply(event(`recurring-${randomUUID()}`, 'RecurringRuleDeleted', { ruleId: randomUUID() }))).toBeNull();
  });
});
