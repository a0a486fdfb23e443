import { describe, expect, it } from 'vitest';
import { INTEREST_CATEGORY_ID } from '@plenty/contracts/categories';
import { convertExact, DEFAULT_RATES } from '@plenty/contracts/rates';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { ActivityPage } from '@plenty/contracts/views/activity';
import type { Dashboard, Reports } from '@plenty/contracts/views/dashboard';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import type { TransactionList, TransactionTotals } from '@plenty/contracts/views/transactions';
import type { NetWorth, TransferView, WalletList, WalletView } from '@plenty/contracts/views/wallets';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { allMovements, kipLoan, openWallet, queryOk, sendOk, walletExpense } from '../support/wallets.js';

/*
 * The wallet queries through the embedded server, fed by the command API: balances are the sum
 * of their movements, a transfer is neither income nor expense, the interest of an installment
 * paid from a wallet is an expense of Interest & fees and its principal is in no budget, and
 * net worth is the wallets less what is still owed.
 */

const env = useTestStandalone();

const expense = (amount: number, currency: string, date: string, walletId?: string) =>
  walletExpense({ amount, currency }, date, walletId === undefined ? {} : { walletId });

describe('wallet queries through the embedded server', () => {
  it('agrees across balances, movements, the budget and net worth', async () => {
    const user = await createTestUser(env.standalone);
    const api = new ApiClient(env.standalone.app, user);
    const bank = await openWallet(api, { name: 'BCEL One', currency: 'LAK', openingBalance: 5_000_000 });
    const pocket = await openWallet(api, { name: 'Pocket baht', currency: 'THB', openingBalance: 100_000 });

    await sendOk(api, 'AddTransaction', expense(300_000, 'LAK', '2026-10-03', bank));
    await sendOk(api, 'AddTransaction', {
      ...expense(2_000_000, 'LAK', '2026-10-05', bank),
      type: 'income',
      categoryId: 'builtin-salary',
    });
    await sendOk(api, 'AddTransaction', expense(4_000, 'THB', '2026-10-06', pocket));
    // No wallet named: it goes to the default wallet of its currency.
    await sendOk(api, 'AddTransaction', expense(5_000, 'THB', '2026-10-07'));

    const transferId = uuidV7();
    await sendOk(api, 'RecordTransfer', {
      transferId,
      fromWalletId: bank,
      toWalletId: pocket,
      amountOut: { amount: 1_000_000, currency: 'LAK' },
      amountIn: { amount: 148_000, currency: 'THB' },
      date: '2026-10-10',
      note: 'Baht for the trip',
    });

    // The bank app shows 10 baht less than Plenty on 12 October.
    const shown: WalletView = await queryOk(api, `wallets/${pocket}?asOf=2026-10-12`);
    expect(shown.balance).toBe(100_000 - 4_000 + 148_000);
    await sendOk(api, 'ReconcileWallet', {
      walletId: pocket,
      date: '2026-10-12',
      balance: shown.balance - 1_000,
      expectedBalance: shown.balance,
    });

    const debtId = uuidV7();
    await sendOk(api, 'OpenDebt', kipLoan({ debtId }));
    await sendOk(api, 'MarkInstallmentPaid', {
      debtId,
      number: 1,
      paymentId: uuidV7(),
      date: '2026-10-15',
      walletId: bank,
    });
    const debt: DebtDetail = await queryOk(api, `debts/${debtId}`);
    const row = debt.schedule[0];
    if (row === undefined) throw new Error('no schedule');
    expect(row.interest).toBe(120_000);

    // Balances are the opening balance and the sum of the movements, page after page.
    const list: WalletList = await queryOk(api, 'wallets?asOf=2026-10-31');
    const cash = defaultWalletId(user.uid, 'THB');
    expect(list.items.map((item) => [item.id, item.balance])).toEqual([
      [bank, 5_000_000 - 300_000 + 2_000_000 - 1_000_000 - row.amount],
      [pocket, 100_000 - 4_000 + 148_000 - 1_000],
      [cash, -5_000],
    ]);
    expect(list.items[2]).toMatchObject({ name: null, nameKey: 'wallet.default', isDefault: true, kind: 'cash' });
    for (const item of list.items) {
      const movements = await allMovements(api, item.id, 2);
      expect(movements.at(-1)).toMatchObject({ kind: 'opening', amount: item.openingBalance });
      expect(movements[0]?.balanceAfter).toBe(movements.reduce((sum, movement) => sum + movement.amount, 0));
      expect(movements[0]?.balanceAfter).toBe(item.balance);
      expect(movements.length - 1).toBe(item.movementCount);
    }
    const bankMovements = await allMovements(api, bank, 2);
    expect(bankMovements[0]).toMatchObject({
      kind: 'debt_payment',
      amount: -row.amount,
      principal: row.principal,
      interest: row.interest,
      debtId,
    });
    expect((await allMovements(api, pocket, 2)).map((movement) => movement.kind)).toEqual([
      'adjustment',
      'transfer_in',
      'expense',
      'opening',
    ]);
    const transfer: TransferView = await queryOk(api, `transfers/${transferId}`);
    expect(transfer).toMatchObject({ fromWalletId: bank, toWalletId: pocket, note: 'Baht for the trip' });

    // The budget counts the interest only: not the transfer, not the principal.
    const dashboard: Dashboard = await queryOk(api, 'dashboard?month=2026-10');
    expect(dashboard.perCurrency).toEqual([
      { currency: 'LAK', income: 2_000_000, expense: 300_000 + row.interest },
      { currency: 'THB', income: 0, expense: 9_000 },
    ]);
    expect(dashboard.byCategory.find((category) => category.categoryId === INTEREST_CATEGORY_ID)).toMatchObject({
      expense: row.interest,
    });

    // A wallet's transactions and their totals, without its transfers.
    const bankList: TransactionList = await queryOk(api, `transactions?walletId=${bank}`);
    expect(bankList.items).toHaveLength(2);
    const bankTotals: TransactionTotals = await queryOk(api, `transactions/totals?walletId=${bank}`);
    expect(bankTotals).toMatchObject({ count: 2, totals: [{ currency: 'LAK', income: 2_000_000, expense: 300_000 }] });
    const cashTotals: TransactionTotals = await queryOk(api, `transactions/totals?walletId=${cash}&type=expense`);
    expect(cashTotals.totals).toEqual([{ currency: 'THB', income: 0, expense: 5_000 }]);

    // Net worth: the wallets less what is still owed on the motorbike.
    const netWorth: NetWorth = await queryOk(api, 'net-worth?asOf=2026-10-31&months=2');
    const owed = 12_000_000 - row.principal;
    const lakAssets = list.items[0]?.balance ?? 0;
    const thbAssets = (list.items[1]?.balance ?? 0) + (list.items[2]?.balance ?? 0);
    expect(netWorth.current.perCurrency).toEqual([
      { currency: 'LAK', assets: lakAssets, debts: owed, net: lakAssets - owed },
      { currency: 'THB', assets: thbAssets, debts: 0, net: thbAssets },
    ]);
    const baht = Number(convertExact(BigInt(thbAssets), 'THB', 'LAK', DEFAULT_RATES));
    expect(netWorth.current).toMatchObject({ assets: lakAssets + baht, debts: owed, net: lakAssets + baht - owed });
    expect(list.total).toBe(lakAssets + baht);
    // At the end of September the loan was owed in full and no wallet had opened yet.
    expect(netWorth.months[0]).toMatchObject({ month: '2026-09', assets: 0, debts: 12_000_000 });

    // Each wallet and transfer has its history.
    const pocketActivity: ActivityPage = await queryOk(api, `activity?subjectId=${pocket}`);
    expect(pocketActivity.items.map((entry) => entry.type)).toEqual(['wallet_reconciled', 'wallet_opened']);
    expect(pocketActivity.items[0]).toMatchObject({ amount: { amount: -1_000, currency: 'THB' }, date: '2026-10-12' });
    const transferActivity: ActivityPage = await queryOk(api, `activity?subjectId=${transferId}`);
    expect(transferActivity.items.map((entry) => entry.type)).toEqual(['transfer_recorded']);

    // Nobody else sees them.
    const stranger = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    for (const path of [`wallets/${bank}`, `wallets/${bank}/movements`, `transfers/${transferId}`]) {
      const answer = await stranger.query<{ error: { code: string } }>(path);
      expect(answer.status, path).toBe(404);
    }
    expect((await queryOk<WalletList>(stranger, 'wallets')).items).toEqual([]);
  });

  it("lists a month's largest expenses from its transactions when wallet-paid interest is larger", async () => {
    const user = await createTestUser(env.standalone);
    const api = new ApiClient(env.standalone.app, user);
    const bank = await openWallet(api, { name: 'BCEL One', currency: 'LAK', openingBalance: 50_000_000 });
    const debtId = uuidV7();
    await sendOk(api, 'OpenDebt', kipLoan({ debtId, name: 'Shop loan' }));
    // Every installment paid in October: twelve interest parts, each above any expense below.
    for (let number = 1; number <= 12; number += 1) {
      await sendOk(api, 'MarkInstallmentPaid', {
        debtId,
        number,
        paymentId: uuidV7(),
        date: '2026-10-20',
        walletId: bank,
      });
    }
    const expenses = Array.from({ length: 11 }, (_, i) => expense(1_000 + i, 'LAK', '2026-10-21', bank));
    for (const body of expenses) await sendOk(api, 'AddTransaction', body);

    const reports: Reports = await queryOk(api, 'reports?month=2026-10');
    expect(reports.highSpending.map((item) => item.amount.amount)).toEqual(
      expenses
        .map((body) => body.amount.amount)
        .reverse()
        .slice(0, 10),
    );
  });
});
