import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BackupEvent } from '@plenty/contracts/backup';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { BackupFold } from './backup-fold.js';

const uid = 'fold-user';
let clock = Date.parse('2026-10-01T00:00:00.000Z');

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
      ['2026-10-01', '', 'Income', 'Salary', '1000.00', 'THB', '', 'Pocket'],
      ['2026-10-02', '08:00', 'Expense', 'Café', '45.00', 'THB', '', 'Savings'],
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
