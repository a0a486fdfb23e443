import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTEREST_CATEGORY_ID } from '@plenty/contracts/categories';
import { DELETE_DEBT_PHRASE } from '@plenty/contracts/debts';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { Dashboard } from '@plenty/contracts/views/dashboard';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import {
  TRANSFERS_VIEW,
  WALLET_MONTHS_VIEW,
  WALLET_MOVEMENTS_VIEW,
  WALLET_SOURCES_VIEW,
  WALLETS_VIEW,
} from '@plenty/contracts/views/registry';
import type { TransactionList } from '@plenty/contracts/views/transactions';
import type {
  NetWorth,
  WalletList,
  WalletMovement,
  WalletMovements,
  WalletView,
} from '@plenty/contracts/views/wallets';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import { runRebuildCommand } from '@plenty/standalone/rebuild-command';
import { ApiClient, type CommandAnswer } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import { until } from '../support/until.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { allMovements, kipLoan, lak, openWallet, queryOk, sendOk, thb, walletExpense } from '../support/wallets.js';
import { allDocuments } from '../support/view-documents.js';

/*
 * Wallets where features meet, through the embedded server: transactions moved between wallets
 * and currencies, categories and debts deleted under wallet movements, installments unmarked and
 * paid again, payments and transfers edited, reconciles stacked and backdated, archived wallets,
 * the erasure of an account, the CSV export, extreme amounts, other users' ids, and a rebuild.
 */

const env = useTestStandalone();
const users = useTestUsers(env, ['mallory']);

/** The export's wallet column header in a language. */
const catalogue = (locale: 'th' | 'lo') =>
  (createRequire(import.meta.url)(`@plenty/locales/${locale}.json`) as Record<string, string>)['export.csv.wallet'];
/** Every user this file signs up, for the rebuild at the end. */
const signedUp: string[] = [];
const WALLET_VIEWS = [WALLETS_VIEW, WALLET_MOVEMENTS_VIEW, WALLET_MONTHS_VIEW, TRANSFERS_VIEW, WALLET_SOURCES_VIEW];

/** A signed-up user with short ways to command and query. */
class User {
  readonly api: ApiClient;
  readonly uid: string;
  constructor(readonly account: TestUser) {
    this.api = new ApiClient(env.standalone.app, account);
    this.uid = account.uid;
    if (!signedUp.includes(account.uid)) signedUp.push(account.uid);
  }

  static async signUp(): Promise<User> {
    return new User(await createTestUser(env.standalone));
  }

  send(name: string, payload: Record<string, unknown>): Promise<void> {
    return sendOk(this.api, name, payload);
  }

  get<T>(path: string): Promise<T> {
    return queryOk<T>(this.api, path);
  }

  openWallet(name: string, currency: string, openingBalance: number, fields: Record<string, unknown> = {}) {
    return openWallet(this.api, { name, currency, openingBalance, ...fields });
  }

  async expense(amount: { amount: number; currency: string }, date: string, fields: Record<string, unknown> = {}) {
    const body = walletExpense(amount, date, fields);
    await this.send('AddTransaction', body);
    return body.transactionId;
  }

  async balances(asOf: string): Promise<Record<string, number>> {
    const list = await this.get<WalletList>(`wallets?asOf=${asOf}`);
    return Object.fromEntries(list.items.map((item) => [item.id, item.balance]));
  }

  async balance(walletId: string, asOf: string): Promise<number> {
    return (await this.get<WalletView>(`wallets/${walletId}?asOf=${asOf}`)).balance;
  }

  /** Marks installment `number` of a debt paid from a wallet on `date`; answers the payment's id. */
  async markPaid(debtId: string, number: number, date: string, walletId: string): Promise<string> {
    const paymentId = uuidV7();
    await this.send('MarkInstallmentPaid', { debtId, number, paymentId, date, walletId });
    return paymentId;
  }

  movements(walletId: string): Promise<WalletMovement[]> {
    return allMovements(this.api, walletId, 3);
  }

  /** The movements of a wallet agree with its balance: the running balance of the newest is the balance. */
  async expectConsistent(walletId: string): Promise<void> {
    const wallet = await this.get<WalletView>(`wallets/${walletId}`);
    const movements = await this.movements(walletId);
    expect(movements.reduce((sum, movement) => sum + movement.amount, 0)).toBe(wallet.balance);
    expect(movements[0]?.balanceAfter).toBe(wallet.balance);
    expect(movements.length - 1).toBe(wallet.movementCount);
  }

  async expenseOf(month: string, currency: string): Promise<number> {
    const dashboard = await this.get<Dashboard>(`dashboard?month=${month}`);
    return dashboard.perCurrency.find((totals) => totals.currency === currency)?.expense ?? 0;
  }

  async interestOf(month: string): Promise<number> {
    const dashboard = await this.get<Dashboard>(`dashboard?month=${month}`);
    return dashboard.byCategory.find((category) => category.categoryId === INTEREST_CATEGORY_ID)?.expense ?? 0;
  }
}

function refused(answer: CommandAnswer, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error?.code).toBe(code);
}

describe('wallets where features meet', () => {
  it('moves a transaction between wallets and currencies by an edit, and back to the default wallet', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 1_000_000);
    const baht = await user.openWallet('K PLUS', 'THB', 50_000);
    const kipCash = defaultWalletId(user.uid, 'LAK');
    const bahtCash = defaultWalletId(user.uid, 'THB');
    const transactionId = await user.expense(lak(200_000), '2026-10-05', { walletId: bank });
    expect(await user.balances('2026-10-31')).toEqual({ [bank]: 800_000, [baht]: 50_000 });

    // Another currency and its wallet together: the kip wallet gets its money back.
    await user.send('EditTransaction', { transactionId, changes: { amount: thb(3_000), walletId: baht } });
    expect(await user.balances('2026-10-31')).toEqual({ [bank]: 1_000_000, [baht]: 47_000 });
    const inBaht = await user.get<TransactionList>(`transactions?walletId=${baht}`);
    expect(inBaht.items.map((item) => item.id)).toEqual([transactionId]);
    expect((await user.get<TransactionList>(`transactions?walletId=${bank}`)).items).toEqual([]);

    // Back to "no wallet": the default wallet of its currency is named.
    await user.send('EditTransaction', { transactionId, changes: { walletId: bahtCash } });
    const balances = await user.balances('2026-10-31');
    expect(balances).toMatchObject({ [bank]: 1_000_000, [baht]: 50_000, [bahtCash]: -3_000 });
    // A currency change of a transaction in its default wallet moves it to the other default wallet.
    await user.send('EditTransaction', { transactionId, changes: { amount: lak(40_000), walletId: kipCash } });
    expect(await user.balances('2026-10-31')).toMatchObject({ [bahtCash]: 0, [kipCash]: -40_000 });
    const plain = await user.expense(thb(1_000), '2026-10-06');
    await user.send('EditTransaction', { transactionId: plain, changes: { amount: lak(7_000) } });
    expect(await user.balances('2026-10-31')).toMatchObject({ [bahtCash]: 0, [kipCash]: -47_000 });
    const inKipCash = await user.get<TransactionList>(`transactions?walletId=${kipCash}`);
    expect(inKipCash.items.map((item) => item.id).sort()).toEqual([transactionId, plain].sort());
    for (const walletId of [bank, baht, kipCash, bahtCash]) await user.expectConsistent(walletId);
  });

  it('keeps movements on the replacement category when a custom category is deleted', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 0);
    const categoryId = uuidV7();
    await user.send('AddCategory', { categoryId, name: 'Coffee', type: 'expense', icon: 'cup', color: '#aa5500' });
    const inBank = await user.expense(lak(30_000), '2026-10-05', { walletId: bank, categoryId });
    const inCash = await user.expense(lak(20_000), '2026-10-06', { categoryId });
    await user.send('DeleteCategory', { categoryId, replacementCategoryId: 'builtin-food' });
    const transactions = await user.get<TransactionList>('transactions');
    expect(transactions.items.map((item) => item.categoryId)).toEqual(['builtin-food', 'builtin-food']);
    for (const [walletId, id] of [
      [bank, inBank],
      [defaultWalletId(user.uid, 'LAK'), inCash],
    ] as const) {
      const movement = (await user.movements(walletId)).find((item) => item.transactionId === id);
      expect(movement?.categoryId, walletId).toBe('builtin-food');
    }
  });

  it('gives the money back to the wallets and the budget when a debt paid from them is deleted', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 5_000_000);
    const loan = kipLoan({ walletId: bank });
    await user.send('OpenDebt', loan);
    await user.markPaid(loan.debtId, 1, '2026-10-15', bank);
    await user.send('RecordPayment', {
      debtId: loan.debtId,
      paymentId: uuidV7(),
      amount: 500_000,
      date: '2026-10-20',
      walletId: bank,
    });
    const detail = await user.get<DebtDetail>(`debts/${loan.debtId}`);
    const row = detail.schedule[0];
    if (row === undefined) throw new Error('no schedule');
    expect(await user.balance(bank, '2026-10-31')).toBe(5_000_000 + 12_000_000 - row.amount - 500_000);
    expect(await user.interestOf('2026-10')).toBe(row.interest);

    await user.send('DeleteDebt', { debtId: loan.debtId, confirmPhrase: DELETE_DEBT_PHRASE });
    expect(await user.balance(bank, '2026-10-31')).toBe(5_000_000);
    expect(await user.interestOf('2026-10')).toBe(0);
    expect(await user.expenseOf('2026-10', 'LAK')).toBe(0);
    expect((await user.movements(bank)).map((movement) => movement.kind)).toEqual(['opening']);
    const netWorth = await user.get<NetWorth>('net-worth?asOf=2026-10-31&months=1');
    expect(netWorth.current.perCurrency).toEqual([{ currency: 'LAK', assets: 5_000_000, debts: 0, net: 5_000_000 }]);
  });

  it('moves an installment to another wallet when it is marked unpaid and paid again', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 5_000_000);
    const other = await user.openWallet('LDB', 'LAK', 5_000_000);
    const loan = kipLoan();
    await user.send('OpenDebt', loan);
    const first = await user.markPaid(loan.debtId, 1, '2026-10-15', bank);
    const detail = await user.get<DebtDetail>(`debts/${loan.debtId}`);
    const row = detail.schedule[0];
    if (row === undefined) throw new Error('no schedule');
    expect(await user.balances('2026-10-31')).toEqual({ [bank]: 5_000_000 - row.amount, [other]: 5_000_000 });

    await user.send('MarkInstallmentUnpaid', { debtId: loan.debtId, number: 1 });
    expect(await user.balances('2026-10-31')).toEqual({ [bank]: 5_000_000, [other]: 5_000_000 });
    expect(await user.interestOf('2026-10')).toBe(0);

    await user.markPaid(loan.debtId, 1, '2026-11-02', other);
    expect(await user.balances('2026-11-26')).toEqual({ [bank]: 5_000_000, [other]: 5_000_000 - row.amount });
    expect(await user.interestOf('2026-10')).toBe(0);
    expect(await user.interestOf('2026-11')).toBe(row.interest);
    // The first payment's id is gone for good: paying with it again is refused.
    refused(
      await user.api.command('MarkInstallmentPaid', {
        debtId: loan.debtId,
        number: 2,
        paymentId: first,
        date: '2026-11-03',
        walletId: bank,
      }),
      409,
      'payment_exists',
    );
    await user.expectConsistent(bank);
    await user.expectConsistent(other);
  });

  it('follows a payment edited to another month and then to no wallet', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 5_000_000);
    const loan = kipLoan();
    await user.send('OpenDebt', loan);
    const paymentId = await user.markPaid(loan.debtId, 1, '2026-10-15', bank);
    const row = (await user.get<DebtDetail>(`debts/${loan.debtId}`)).schedule[0];
    if (row === undefined) throw new Error('no schedule');
    expect(await user.interestOf('2026-10')).toBe(row.interest);

    await user.send('EditPayment', { debtId: loan.debtId, paymentId, changes: { date: '2026-11-01' } });
    expect(await user.interestOf('2026-10')).toBe(0);
    expect(await user.interestOf('2026-11')).toBe(row.interest);
    expect(await user.balance(bank, '2026-10-31')).toBe(5_000_000);
    expect(await user.balance(bank, '2026-11-26')).toBe(5_000_000 - row.amount);

    await user.send('EditPayment', { debtId: loan.debtId, paymentId, changes: { walletId: null } });
    expect(await user.interestOf('2026-11')).toBe(0);
    expect(await user.balance(bank, '2026-11-26')).toBe(5_000_000);
    expect((await user.movements(bank)).map((movement) => movement.kind)).toEqual(['opening']);

    // And back to the wallet on a new date.
    await user.send('EditPayment', { debtId: loan.debtId, paymentId, changes: { walletId: bank, date: '2026-10-20' } });
    expect(await user.interestOf('2026-10')).toBe(row.interest);
    expect(await user.balance(bank, '2026-10-31')).toBe(5_000_000 - row.amount);
    await user.expectConsistent(bank);
  });

  it('swaps the wallets of a transfer across currencies', async () => {
    const user = await User.signUp();
    const kip = await user.openWallet('BCEL One', 'LAK', 2_000_000);
    const baht = await user.openWallet('K PLUS', 'THB', 100_000);
    const transferId = uuidV7();
    await user.send('RecordTransfer', {
      transferId,
      fromWalletId: kip,
      toWalletId: baht,
      amountOut: lak(600_000),
      amountIn: thb(100_000),
      date: '2026-10-10',
    });
    expect(await user.balances('2026-10-31')).toEqual({ [kip]: 1_400_000, [baht]: 200_000 });
    // Swapping the wallets alone leaves each amount in the other currency.
    refused(
      await user.api.command('EditTransfer', { transferId, changes: { fromWalletId: baht, toWalletId: kip } }),
      422,
      'wallet_currency_mismatch',
    );
    await user.send('EditTransfer', {
      transferId,
      changes: { fromWalletId: baht, toWalletId: kip, amountOut: thb(100_000), amountIn: lak(600_000) },
    });
    expect(await user.balances('2026-10-31')).toEqual({ [kip]: 2_600_000, [baht]: 0 });
    const [inKip] = await user.movements(kip);
    expect(inKip).toMatchObject({ kind: 'transfer_in', amount: 600_000, counterpartWalletId: baht });
    const [outOfBaht] = await user.movements(baht);
    expect(outOfBaht).toMatchObject({ kind: 'transfer_out', amount: -100_000, counterpartWalletId: kip });
    expect(await user.expenseOf('2026-10', 'LAK')).toBe(0);
    expect(await user.expenseOf('2026-10', 'THB')).toBe(0);
    await user.expectConsistent(kip);
    await user.expectConsistent(baht);
  });

  it('stacks two reconciles of one day, and keeps a past reconcile fixed under a backdated transaction', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 1_000_000);
    const reconcile = async (date: string, balance: number) => {
      const expectedBalance = await user.balance(bank, date);
      await user.send('ReconcileWallet', { walletId: bank, date, balance, expectedBalance });
    };
    await reconcile('2026-10-20', 900_000);
    await reconcile('2026-10-20', 950_000);
    expect(await user.balance(bank, '2026-10-20')).toBe(950_000);
    const wallet = await user.get<WalletView>(`wallets/${bank}?asOf=2026-10-31`);
    expect(wallet.lastReconciledOn).toBe('2026-10-20');
    expect((await user.movements(bank)).map((movement) => [movement.kind, movement.amount])).toEqual([
      ['adjustment', 50_000],
      ['adjustment', -100_000],
      ['opening', 1_000_000],
    ]);

    // A past day reconciled later does not move the later reconcile's date back.
    await reconcile('2026-10-05', 1_000_000);
    expect((await user.get<WalletView>(`wallets/${bank}?asOf=2026-10-31`)).lastReconciledOn).toBe('2026-10-20');
    // A transaction recorded afterwards on an earlier day moves every later balance by its amount.
    await user.expense(lak(10_000), '2026-10-03', { walletId: bank });
    expect(await user.balance(bank, '2026-10-05')).toBe(990_000);
    expect(await user.balance(bank, '2026-10-20')).toBe(940_000);
    await user.expectConsistent(bank);
  });

  it('leaves an archived wallet out of totals and net worth, and keeps its history', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 1_000_000);
    const savings = await user.openWallet('Savings', 'LAK', 3_000_000);
    await user.expense(lak(100_000), '2026-10-05', { walletId: savings });
    const before = await user.get<WalletList>('wallets?asOf=2026-10-31');
    expect(before.perCurrency).toEqual([{ currency: 'LAK', amount: 3_900_000 }]);

    await user.send('ArchiveWallet', { walletId: savings });
    const after = await user.get<WalletList>('wallets?asOf=2026-10-31');
    expect(after.perCurrency).toEqual([{ currency: 'LAK', amount: 1_000_000 }]);
    expect(after.total).toBe(1_000_000);
    expect(after.items.map((item) => [item.id, item.archived, item.balance])).toEqual([
      [bank, false, 1_000_000],
      [savings, true, 2_900_000],
    ]);
    const netWorth = await user.get<NetWorth>('net-worth?asOf=2026-10-31&months=1');
    expect(netWorth.current.perCurrency).toEqual([{ currency: 'LAK', assets: 1_000_000, debts: 0, net: 1_000_000 }]);
    expect((await user.movements(savings)).map((movement) => movement.kind)).toEqual(['expense', 'opening']);
    expect((await user.get<TransactionList>(`transactions?walletId=${savings}`)).items).toHaveLength(1);
  });

  it('answers balances before a wallet opened without its opening balance', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 1_000_000, { openingDate: '2026-10-10' });
    await user.expense(lak(5_000), '2026-10-02', { walletId: bank });
    expect(await user.balance(bank, '2026-10-01')).toBe(0);
    expect(await user.balance(bank, '2026-10-09')).toBe(-5_000);
    expect(await user.balance(bank, '2026-10-10')).toBe(995_000);
    const list = await user.get<WalletList>('wallets?asOf=2026-09-30');
    expect(list.items.find((item) => item.id === bank)).toMatchObject({ balance: 0, movementCount: 0 });
    const netWorth = await user.get<NetWorth>('net-worth?asOf=2026-10-09&months=2');
    expect(netWorth.months.map((month) => [month.month, month.assets])).toEqual([
      ['2026-09', 0],
      ['2026-10', -5_000],
    ]);
  });

  it('saturates sums past 2^53 and marks them out of range, never failing', async () => {
    const user = await User.signUp();
    const max = 2 ** 51;
    const bank = await user.openWallet('Big', 'LAK', max);
    const second = await user.openWallet('Bigger', 'LAK', max);
    for (let i = 0; i < 5; i += 1) {
      await user.send('AddTransaction', {
        transactionId: uuidV7(),
        type: 'income',
        amount: lak(max),
        categoryId: 'builtin-salary',
        date: `2026-10-0${i + 1}`,
        walletId: bank,
      });
    }
    const wallet = await user.get<WalletView>(`wallets/${bank}?asOf=2026-10-31`);
    expect(wallet.balance).toBe(Number.MAX_SAFE_INTEGER);
    const list = await user.get<WalletList>('wallets?asOf=2026-10-31');
    expect(list.outOfRange).toBe(true);
    expect(list.perCurrency).toEqual([{ currency: 'LAK', amount: Number.MAX_SAFE_INTEGER }]);
    expect(list.items.find((item) => item.id === second)?.balance).toBe(max);
    const movements = await user.get<WalletMovements & { outOfRange?: boolean }>(`wallets/${bank}/movements?limit=10`);
    expect(movements.items[0]?.balanceAfter).toBe(Number.MAX_SAFE_INTEGER);
    const netWorth = await user.get<NetWorth>('net-worth?asOf=2026-10-31&months=2');
    expect(netWorth.outOfRange).toBe(true);
    expect(netWorth.current.net).toBe(Number.MAX_SAFE_INTEGER);
    // A debt as large on the other side.
    await user.send('OpenDebt', kipLoan({ initialAmount: max, currentAmount: max, annualRatePercent: '0' }));
    const withDebt = await user.get<NetWorth>('net-worth?asOf=2026-10-31&months=2');
    expect(withDebt.outOfRange).toBe(true);
    // The reconcile a user sends from such a balance is refused as too large, not a failure.
    const answer = await user.api.command('ReconcileWallet', {
      walletId: bank,
      date: '2026-10-31',
      balance: 0,
      expectedBalance: wallet.balance,
    });
    expect(answer.status).toBe(400);
    const transactions = await user.api.query(`transactions/totals?walletId=${bank}`);
    expect(transactions.status).toBe(200);
  });

  it("answers another user's wallets, transfers and payments as not found everywhere, changing nothing", async () => {
    const owner = await User.signUp();
    const mallory = new User(users.mallory);
    const bank = await owner.openWallet('BCEL One', 'LAK', 1_000_000);
    const ownersCash = defaultWalletId(owner.uid, 'LAK');
    const transactionId = await owner.expense(lak(1_000), '2026-10-02', { walletId: bank });
    const transferId = uuidV7();
    await owner.send('RecordTransfer', {
      transferId,
      fromWalletId: bank,
      toWalletId: ownersCash,
      amountOut: lak(10_000),
      amountIn: lak(10_000),
      date: '2026-10-03',
    });
    const loan = kipLoan();
    await owner.send('OpenDebt', loan);
    const paymentId = await owner.markPaid(loan.debtId, 1, '2026-10-15', bank);
    const before = await owner.get<WalletList>('wallets?asOf=2026-10-31');

    const mine = await mallory.openWallet(`Mine ${uuidV7().slice(-6)}`, 'LAK', 0);
    const myTransaction = await mallory.expense(lak(1_000), '2026-10-02');
    const hostile: [string, Record<string, unknown>, number, string][] = [
      ['EditWallet', { walletId: bank, changes: { name: 'Stolen' } }, 404, 'wallet_not_found'],
      ['ArchiveWallet', { walletId: ownersCash }, 404, 'wallet_not_found'],
      ['RestoreWallet', { walletId: bank }, 404, 'wallet_not_found'],
      [
        'ReconcileWallet',
        { walletId: bank, date: '2026-10-31', balance: 0, expectedBalance: 1_000 },
        404,
        'wallet_not_found',
      ],
      ['EditTransaction', { transactionId, changes: { walletId: mine } }, 404, 'not_found'],
      ['EditTransaction', { transactionId: myTransaction, changes: { walletId: bank } }, 404, 'wallet_not_found'],
      ['EditTransfer', { transferId, changes: { toWalletId: mine } }, 404, 'transfer_not_found'],
      ['DeleteTransfer', { transferId }, 404, 'transfer_not_found'],
      [
        'RecordTransfer',
        {
          transferId: uuidV7(),
          fromWalletId: bank,
          toWalletId: mine,
          amountOut: lak(1),
          amountIn: lak(1),
          date: '2026-10-03',
        },
        404,
        'wallet_not_found',
      ],
      ['EditPayment', { debtId: loan.debtId, paymentId, changes: { walletId: null } }, 404, 'debt_not_found'],
      ['MarkInstallmentUnpaid', { debtId: loan.debtId, number: 1 }, 404, 'debt_not_found'],
    ];
    for (const [name, payload, status, code] of hostile) {
      const answer = await mallory.api.command(name, payload);
      expect([name, answer.status, answer.body.error?.code]).toEqual([name, status, code]);
    }
    for (const path of [
      `wallets/${bank}`,
      `wallets/${ownersCash}`,
      `wallets/${bank}/movements`,
      `wallets/${ownersCash}/movements`,
      `transfers/${transferId}`,
    ]) {
      expect((await mallory.api.query(path)).status, path).toBe(404);
    }
    const filtered = await mallory.get<TransactionList>(`transactions?walletId=${bank}`);
    expect(filtered.items).toEqual([]);
    expect(await owner.get<WalletList>('wallets?asOf=2026-10-31')).toEqual(before);
  });

  it('erases every wallet view and transfer stream with the account', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 1_000_000);
    await user.expense(lak(1_000), '2026-10-02', { walletId: bank });
    const transferId = uuidV7();
    await user.send('RecordTransfer', {
      transferId,
      fromWalletId: bank,
      toWalletId: defaultWalletId(user.uid, 'LAK'),
      amountOut: lak(10_000),
      amountIn: lak(10_000),
      date: '2026-10-03',
    });
    await user.send('OpenDebt', kipLoan({ walletId: bank }));
    await user.send('ReconcileWallet', { walletId: bank, date: '2026-10-20', balance: 0, expectedBalance: 1_000 });
    await user.get('wallets');
    for (const view of WALLET_VIEWS) {
      expect((await allDocuments(env.standalone.readStore, view, user.uid)).length, view).toBeGreaterThan(0);
    }
    const deletion = await user.api.command('DeleteAccount', {
      confirmEmail: user.account.email,
      confirmPhrase: 'Delete My Account',
      reason: 'other',
    });
    expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
    await until('the wallet views to be erased', async () => {
      for (const view of WALLET_VIEWS) {
        if ((await allDocuments(env.standalone.readStore, view, user.uid)).length > 0) return false;
      }
      return true;
    });
    expect(await env.standalone.eventStore.readStream(`transfer-${transferId}`)).toEqual([]);
  });

  it('refuses a null wallet on a transaction edit as invalid, and does not fail', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 0);
    const transactionId = await user.expense(lak(1_000), '2026-10-20', { walletId: bank });
    const answer = await user.api.command('EditTransaction', { transactionId, changes: { walletId: null } });
    expect(answer.status).toBe(400);
  });

  it('does not count an extra payment from a wallet as spending, and owes less in net worth', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 5_000_000);
    const loan = kipLoan();
    await user.send('OpenDebt', loan);
    await user.send('RecordPayment', {
      debtId: loan.debtId,
      paymentId: uuidV7(),
      amount: 700_000,
      date: '2026-10-20',
      walletId: bank,
    });
    expect(await user.expenseOf('2026-10', 'LAK')).toBe(0);
    expect(await user.balance(bank, '2026-10-31')).toBe(4_300_000);
    const netWorth = await user.get<NetWorth>('net-worth?asOf=2026-10-31&months=1');
    expect(netWorth.current.perCurrency).toEqual([
      { currency: 'LAK', assets: 4_300_000, debts: 12_000_000 - 700_000, net: 4_300_000 - 11_300_000 },
    ]);
    // A payment without a wallet still lowers what is owed, but no wallet.
    await user.send('RecordPayment', { debtId: loan.debtId, paymentId: uuidV7(), amount: 300_000, date: '2026-10-21' });
    const after = await user.get<NetWorth>('net-worth?asOf=2026-10-31&months=1');
    expect(after.current.perCurrency[0]).toMatchObject({ assets: 4_300_000, debts: 11_000_000 });
  });

  it('follows edits of the opening balance and date, leaving out of totals, archive and restore, also of default wallets', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 1_000_000);
    const other = await user.openWallet('LDB', 'LAK', 2_000_000);
    await user.send('EditWallet', {
      walletId: bank,
      changes: { openingBalance: 1_500_000, openingDate: '2026-10-15' },
    });
    expect(await user.balance(bank, '2026-10-14')).toBe(0);
    expect(await user.balance(bank, '2026-10-15')).toBe(1_500_000);
    await user.send('EditWallet', { walletId: other, changes: { excludeFromTotals: true } });
    const list = await user.get<WalletList>('wallets?asOf=2026-10-31');
    expect(list.total).toBe(1_500_000);
    expect(list.items).toHaveLength(2);
    const nw = await user.get<NetWorth>('net-worth?asOf=2026-10-31&months=1');
    expect(nw.current.assets).toBe(1_500_000);
    await user.send('ArchiveWallet', { walletId: bank });
    expect((await user.get<WalletList>('wallets?asOf=2026-10-31')).total).toBe(0);
    await user.send('RestoreWallet', { walletId: bank });
    expect((await user.get<WalletList>('wallets?asOf=2026-10-31')).total).toBe(1_500_000);
    const cash = defaultWalletId(user.uid, 'LAK');
    await user.send('EditWallet', { walletId: cash, changes: { openingBalance: 77_000 } });
    expect(await user.balance(cash, '2026-01-01')).toBe(77_000);
    await user.send('ReconcileWallet', {
      walletId: defaultWalletId(user.uid, 'USD'),
      date: '2026-10-20',
      balance: 5_000,
      expectedBalance: 0,
    });
    expect(await user.balance(defaultWalletId(user.uid, 'USD'), '2026-10-31')).toBe(5_000);
  });

  it('moves borrowed money with an edited loan amount and open date, and takes deleted transactions and transfers out', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 0);
    const loan = kipLoan({ walletId: bank });
    await user.send('OpenDebt', loan);
    expect(await user.balance(bank, '2026-09-30')).toBe(12_000_000);
    await user.send('EditDebt', {
      debtId: loan.debtId,
      changes: { initialAmount: 13_000_000, openDate: '2026-10-02' },
    });
    expect(await user.balance(bank, '2026-09-30')).toBe(0);
    expect(await user.balance(bank, '2026-10-02')).toBe(13_000_000);
    const transactionId = await user.expense(lak(1_000), '2026-10-03', { walletId: bank });
    const transferId = uuidV7();
    await user.send('RecordTransfer', {
      transferId,
      fromWalletId: bank,
      toWalletId: defaultWalletId(user.uid, 'LAK'),
      amountOut: lak(5_000),
      amountIn: lak(5_000),
      date: '2026-10-04',
    });
    await user.send('DeleteTransaction', { transactionId });
    await user.send('DeleteTransfer', { transferId });
    expect(await user.balances('2026-10-31')).toMatchObject({
      [bank]: 13_000_000,
      [defaultWalletId(user.uid, 'LAK')]: 0,
    });
    expect((await user.movements(bank)).map((m) => m.kind)).toEqual(['debt_borrowed', 'opening']);
    await user.expectConsistent(defaultWalletId(user.uid, 'LAK'));
  });

  it("counts transactions recorded without a wallet in the default wallet's totals", async () => {
    const user = await User.signUp();
    await user.expense(lak(1_000), '2026-10-03');
    await user.expense(lak(2_000), '2026-10-04', { walletId: defaultWalletId(user.uid, 'LAK') });
    const totals = await user.get<{ count: number }>(
      `transactions/totals?walletId=${defaultWalletId(user.uid, 'LAK')}`,
    );
    expect(totals.count).toBe(2);
  });

  it('refuses a payment moved to a wallet of another currency', async () => {
    const user = await User.signUp();
    const baht = await user.openWallet('K PLUS', 'THB', 0);
    const loan = kipLoan();
    await user.send('OpenDebt', loan);
    const paymentId = uuidV7();
    await user.send('RecordPayment', { debtId: loan.debtId, paymentId, amount: 1_000, date: '2026-10-20' });
    refused(
      await user.api.command('EditPayment', { debtId: loan.debtId, paymentId, changes: { walletId: baht } }),
      422,
      'wallet_currency_mismatch',
    );
  });

  it('pages through many movements of one day without losing or repeating any', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 0);
    for (let i = 0; i < 7; i += 1) await user.expense(lak(1_000 + i), '2026-10-03', { walletId: bank });
    await user.send('ReconcileWallet', { walletId: bank, date: '2026-10-03', balance: 0, expectedBalance: -7_021 });
    const movements = await user.movements(bank);
    expect(new Set(movements.map((m) => m.id)).size).toBe(9);
    await user.expectConsistent(bank);
    expect(movements[0]?.balanceAfter).toBe(0);
  });

  it('counts wallet-paid interest in every figure of the dashboard and the reports alike', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 50_000_000);
    await user.send('ChangePreferences', { changes: { currency: 'LAK', monthlyBudget: lak(1_000_000) } });
    await user.send('AddTransaction', {
      transactionId: uuidV7(),
      type: 'income',
      amount: lak(10_000_000),
      categoryId: 'builtin-salary',
      date: '2026-10-01',
      walletId: bank,
    });
    await user.expense(lak(200_000), '2026-10-03', { walletId: bank });
    const loan = kipLoan();
    await user.send('OpenDebt', loan);
    await user.markPaid(loan.debtId, 1, '2026-10-15', bank);
    const row = (await user.get<DebtDetail>(`debts/${loan.debtId}`)).schedule[0];
    if (row === undefined) throw new Error('no schedule');
    const spent = 200_000 + row.interest;
    const dashboard = await user.get<Dashboard>('dashboard?month=2026-10');
    expect(dashboard.totals.expense).toBe(spent);
    expect(dashboard.budget).toMatchObject({ spent });
    expect(dashboard.daily.reduce((sum, day) => sum + day.expense, 0)).toBe(spent);
    expect(dashboard.daily.find((day) => day.date === '2026-10-15')?.expense).toBe(row.interest);
    expect(dashboard.months.at(-1)).toMatchObject({ month: '2026-10', expense: spent });
    const reports = await user.api.query<Record<string, unknown>>('reports?month=2026-10');
    expect(reports.status, JSON.stringify(reports.body)).toBe(200);
    const body = reports.body as unknown as {
      categoryBreakdown: { expense: { categoryId: string; amount: number }[] };
      budgetPerformance: { month: string; spent: number }[];
      totals: { expense: number };
    };
    expect(body.totals.expense).toBe(spent);
    expect(body.categoryBreakdown.expense.find((share) => share.categoryId === INTEREST_CATEGORY_ID)?.amount).toBe(
      row.interest,
    );
    expect(body.budgetPerformance.at(-1)).toMatchObject({ month: '2026-10', spent });
    // Ranges of a few days read them; most of a month is the month less its other days.
    for (const [from, to, income, expense] of [
      ['2026-10-14', '2026-10-16', 0, row.interest],
      ['2026-10-01', '2026-10-14', 10_000_000, 200_000],
      ['2026-10-10', '2026-10-31', 0, row.interest],
      ['2026-10-02', '2026-10-31', 0, spent],
      ['2026-10-16', '2026-10-31', 0, 0],
    ] as const) {
      const range = await user.api.query<Record<string, unknown>>(`reports/range?from=${from}&to=${to}`);
      expect(range.status, JSON.stringify(range.body)).toBe(200);
      const figures = range.body as unknown as {
        totals: { income: number; expense: number };
        categoryBreakdown: { expense: { categoryId: string; amount: number }[] };
      };
      expect(figures.totals, `${from}..${to}`).toMatchObject({ income, expense });
      const interest = figures.categoryBreakdown.expense.find((share) => share.categoryId === INTEREST_CATEGORY_ID);
      expect(interest?.amount ?? 0, `${from}..${to}`).toBe(expense === 200_000 ? 0 : expense === 0 ? 0 : row.interest);
    }
    const alerts = await user.api.query<{ status?: unknown }>('budget-alerts?month=2026-10');
    expect(alerts.status, JSON.stringify(alerts.body)).toBe(200);
  });

  it('raises the budget alert that wallet-paid interest pushes the month into', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 50_000_000);
    await user.send('ChangePreferences', { changes: { currency: 'LAK', monthlyBudget: lak(1_000_000) } });
    await user.expense(lak(890_000), '2026-11-03', { walletId: bank });
    const before = await user.get<{ status: string | null; alerts: unknown[] }>('budget-alerts?month=2026-11');
    const loan = kipLoan();
    await user.send('OpenDebt', loan);
    await user.markPaid(loan.debtId, 1, '2026-11-15', bank);
    const dashboard = await user.get<Dashboard>('dashboard?month=2026-11');
    expect(dashboard.budget).toMatchObject({ spent: 890_000 + 120_000 });
    const after = await user.get<{ status: string | null; alerts: unknown[] }>('budget-alerts?month=2026-11');
    expect([before.status, after.status]).toEqual([before.status, dashboard.budget.status]);
    expect(after.alerts.length).toBeGreaterThan(before.alerts.length);
  });

  it('leaves net worth unchanged by money borrowed into a wallet between the open date and the schedule start', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 0, { openingDate: '2026-08-01' });
    await user.send('OpenDebt', kipLoan({ walletId: bank, openDate: '2026-09-01', startDate: '2026-10-01' }));
    const netWorth = await user.get<NetWorth>('net-worth?asOf=2026-10-05&months=3');
    expect(netWorth.months.map((month) => [month.month, month.assets, month.debts, month.net])).toEqual([
      ['2026-08', 0, 0, 0],
      ['2026-09', 12_000_000, 12_000_000, 0],
      ['2026-10', 12_000_000, 12_000_000, 0],
    ]);
  });

  it('saturates converted and negative totals too', async () => {
    const user = await User.signUp();
    const max = 2 ** 51;
    await user.send('ChangePreferences', { changes: { currency: 'LAK' } });
    await user.openWallet('Baht', 'THB', max);
    const debt = await user.openWallet('Card', 'LAK', -max, { kind: 'credit_card' });
    for (let i = 0; i < 4; i += 1) await user.expense(lak(max), `2026-10-0${i + 1}`, { walletId: debt });
    const list = await user.api.query<WalletList>('wallets?asOf=2026-10-31');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.outOfRange).toBe(true);
    expect(list.body.perCurrency).toEqual([
      { currency: 'LAK', amount: -Number.MAX_SAFE_INTEGER },
      { currency: 'THB', amount: max },
    ]);
    const nw = await user.api.query<NetWorth>('net-worth?asOf=2026-10-31&months=3');
    expect(nw.status, JSON.stringify(nw.body)).toBe(200);
    expect(nw.body.outOfRange).toBe(true);
    const moves = await user.api.query<WalletMovements>(`wallets/${debt}/movements?limit=2`);
    expect(moves.status).toBe(200);
    expect(moves.body.items[0]?.balanceAfter).toBe(-Number.MAX_SAFE_INTEGER);
    const dashboard = await user.api.query('dashboard?month=2026-10');
    expect(dashboard.status).toBe(200);
  });

  it('refuses all but one of wallets opened at once with one name', async () => {
    const user = await User.signUp();
    const body = () => ({
      walletId: uuidV7(),
      name: 'Same',
      kind: 'bank',
      currency: 'LAK',
      openingBalance: 0,
      openingDate: '2026-10-01',
      icon: 'wallet',
      color: '#2563eb',
      excludeFromTotals: false,
    });
    const answers = await Promise.all([
      user.api.command('OpenWallet', body()),
      user.api.command('OpenWallet', body()),
      user.api.command('OpenWallet', body()),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
  });

  it('names the wallet in the transaction view and its history, to nobody else', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 0);
    const transactionId = await user.expense(lak(1_000), '2026-10-12');
    const view = await user.get<{ walletId: string }>(`transactions/${transactionId}`);
    expect(view.walletId).toBe(defaultWalletId(user.uid, 'LAK'));
    await user.send('EditTransaction', { transactionId, changes: { walletId: bank } });
    const history = await user.get<unknown>(`transactions/${transactionId}/history`);
    expect(JSON.stringify(history)).toContain(bank);
    const mallory = new User(users.mallory);
    expect((await mallory.api.query(`activity?subjectId=${bank}`)).status).toBe(404);
    expect((await mallory.api.query(`transactions/${transactionId}/history`)).status).toBe(404);
  });

  it('answers crafted movement cursors with a page or a refusal, never a failure', async () => {
    const user = await User.signUp();
    const cash = defaultWalletId(user.uid, 'LAK');
    await user.expense(lak(1_000), '2026-10-12');
    const enc = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
    for (const cursor of [
      { o: 1, b: '1', d: 'abc' },
      { o: 1, b: '9'.repeat(40), d: null },
      { k: 'zzzz', i: 'x', b: '-' + '9'.repeat(40) },
      { k: '', i: '', b: '0' },
    ]) {
      const answer = await user.api.query(`wallets/${cash}/movements?cursor=${enc(cursor)}`);
      expect(answer.status, JSON.stringify(cursor)).toBeLessThan(500);
    }
  });

  it("keeps movements on the category a deleted category's transactions get, and on an edited type", async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 0);
    const categoryId = uuidV7();
    await user.send('AddCategory', { categoryId, name: 'Coffee', type: 'expense', icon: 'cup', color: '#aa5500' });
    const id = await user.expense(lak(30_000), '2026-10-05', { walletId: bank, categoryId });
    await user.send('DeleteCategory', { categoryId });
    const view = await user.get<{ categoryId: string }>(`transactions/${id}`);
    const movement = (await user.movements(bank)).find((m) => m.transactionId === id);
    expect(movement?.categoryId).toBe(view.categoryId);
    // and the type changes with a category change
    await user.send('EditTransaction', {
      transactionId: id,
      changes: { type: 'income', categoryId: 'builtin-salary' },
    });
    const after = (await user.movements(bank)).find((m) => m.transactionId === id);
    expect(after).toMatchObject({ kind: 'income', amount: 30_000, categoryId: 'builtin-salary' });
    expect(await user.balance(bank, '2026-10-31')).toBe(30_000);
  });

  it('keeps the history, name and balance of a renamed, reconciled and archived default wallet', async () => {
    const user = await User.signUp();
    const cash = defaultWalletId(user.uid, 'LAK');
    await user.send('EditWallet', { walletId: cash, changes: { name: 'Pocket' } });
    await user.send('ReconcileWallet', { walletId: cash, date: '2026-10-20', balance: 5_000, expectedBalance: 0 });
    await user.send('ArchiveWallet', { walletId: cash });
    const activity = await user.api.query<{ items: { type: string }[] }>(`activity?subjectId=${cash}`);
    expect(activity.status, JSON.stringify(activity.body)).toBe(200);
    expect(activity.body.items.map((i) => i.type)).toEqual(['wallet_archived', 'wallet_reconciled', 'wallet_edited']);
    const list = await user.get<WalletList>('wallets?asOf=2026-10-31');
    expect(list.items).toMatchObject([{ id: cash, name: 'Pocket', archived: true, balance: 5_000, nameKey: null }]);
  });

  it('refuses malformed wallet ids, filters, days and cursors without failing', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 0);
    for (const path of [
      `wallets/${bank}/movements?cursor=garbage`,
      `wallets/${bank}/movements?cursor=${'A'.repeat(300)}`,
      'wallets/not-a-uuid',
      'transfers/not-a-uuid',
      'transactions?walletId=nope',
      'wallets?asOf=2026-02-30',
      'net-worth?months=0',
      'net-worth?months=61',
    ]) {
      const answer = await user.api.query(path);
      expect([path, answer.status < 500]).toEqual([path, true]);
      expect([path, answer.status === 200]).toEqual([path, false]);
    }
  });

  it('names each wallet in the CSV export in Thai and Lao, renamed and archived ones too', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 0);
    const baht = await user.openWallet('K PLUS', 'THB', 0);
    await user.expense(lak(1_000), '2026-10-01', { walletId: bank });
    await user.expense(thb(2_000), '2026-10-02', { walletId: baht });
    await user.expense(lak(3_000), '2026-10-03');
    await user.expense(thb(4_000), '2026-10-04');
    await user.send('EditWallet', { walletId: defaultWalletId(user.uid, 'LAK'), changes: { name: 'ຖົງເງິນ' } });
    await user.send('ArchiveWallet', { walletId: baht });
    await user.get('transactions');
    const walletColumn = async (locale: string) => {
      const link = await user.get<{ url: string }>(`export/link?locale=${locale}`);
      const response = await env.standalone.app.inject({ method: 'GET', url: link.url });
      expect(response.statusCode).toBe(200);
      const lines = response.rawPayload
        .subarray(3)
        .toString('utf8')
        .split('\r\n')
        .filter((line) => line !== '');
      // The wallet is the eighth column (tags, split, line note and id follow it).
      return lines.map((line) => line.split(',').at(7));
    };
    expect(await walletColumn('lo')).toEqual([catalogue('lo'), 'BCEL One', 'K PLUS', 'ຖົງເງິນ', 'ເງິນສົດ']);
    expect(await walletColumn('th')).toEqual([catalogue('th'), 'BCEL One', 'K PLUS', 'ຖົງເງິນ', 'เงินสด']);
  });

  it('rebuilds every wallet document of every user of this file as the live views hold them', async () => {
    const user = await User.signUp();
    const bank = await user.openWallet('BCEL One', 'LAK', 500_000);
    const transactionId = await user.expense(lak(1_000), '2026-10-02', { walletId: bank });
    await user.send('EditTransaction', { transactionId, changes: { walletId: defaultWalletId(user.uid, 'LAK') } });
    await user.send('EditWallet', { walletId: defaultWalletId(user.uid, 'LAK'), changes: { openingBalance: 9_000 } });
    await user.get('wallets');

    const dataDir = env.dataDir;
    const rebuiltDir = await mkdtemp(join(tmpdir(), 'plenty-wallet-rebuild-'));
    const masterKey = await loadMasterKey({ dataDir });
    const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
    const fresh = await openSqliteReadStore({ path: join(rebuiltDir, 'read.db') });
    try {
      const rebuilder = createProjector({
        eventStore: env.standalone.eventStore,
        readStore: fresh,
        codec: new EventCodec(keyStore),
        projections: allProjections,
      });
      await rebuilder.rebuild();
      const userIds = signedUp;
      expect(userIds.length).toBeGreaterThan(5);
      let compared = 0;
      for (const userId of userIds) {
        for (const view of WALLET_VIEWS) {
          const live = await allDocuments(env.standalone.readStore, view, userId);
          expect(await allDocuments(fresh, view, userId), `${view} of ${userId}`).toEqual(live);
          compared += live.length;
        }
      }
      expect(compared).toBeGreaterThan(50);

      // `npm run rebuild -- --view wallets --check` finds no difference in the live views either.
      let output = '';
      const code = await runRebuildCommand({
        args: { view: WALLETS_VIEW, check: true, limit: 20, strict: true },
        deployment: 'distributed',
        eventStore: env.standalone.eventStore,
        readStore: env.standalone.readStore,
        codec: new EventCodec(keyStore),
        projections: allProjections,
        write: (text) => (output += text),
        interactive: false,
      });
      expect(code, output).toBe(0);
      expect(output).toMatch(new RegExp(`Compared ${WALLET_MOVEMENTS_VIEW}: [1-9]\\d* documents`));
    } finally {
      await fresh.close();
      await keyStore.close();
      await rm(rebuiltDir, { recursive: true, force: true });
    }
  });
});
