import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { expectHeading, expectToast, openSignedIn, screenshot, viewport } from '../support/browser.mjs';
import { dateFromToday } from '../support/dates.mjs';
import { assertFits } from '../support/layout.mjs';
import { addDebt } from '../support/debts.mjs';
import { catalog, fill, LOCALES } from '../support/locale.mjs';
import { callApi, createUser } from '../support/users.mjs';
import { WALLETS, addWallet, chooseWallet, expectAmount, money, walletRow } from '../support/wallets.mjs';

/**
 * A THB bank account and a LAK cash wallet: move money from one to the other in two amounts
 * and see the rate they imply and both balances; reconcile the bank account with what its app
 * shows and see the adjustment row and the new balance; archive it and restore it; borrow into
 * the cash wallet and pay an installment from it (balances, the month's expenses and net worth
 * agree). Then the pages and dialogs in Thai and Lao, on a wide screen and on a phone.
 */
export default async function wallets({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Noy Sisavath');
  const { context, page, errors } = await openSignedIn(browser, baseUrl, user, WALLETS, { height: 900 });
  try {
    await expectHeading(page, en['page.wallets'], { errors });
    const empty = page.getByTestId('wallets-empty');
    await empty.getByText(en['wallet.empty.title']).waitFor();
    await screenshot(page, screenshotDir, 'wallets-empty-en-1280');

    // Two wallets in two currencies, each with its opening balance.
    await empty.getByRole('button', { name: en['wallet.empty.action'] }).click();
    await addWallet(page, en, { name: 'K PLUS', kind: 'bank', currency: 'THB', opening: '1,500.00' });
    await expectToast(page, fill(en['wallet.toast.created'], { name: 'K PLUS' }));
    await page.getByTestId('add-wallet').click();
    await addWallet(page, en, { name: 'Pocket kip', kind: 'cash', currency: 'LAK', opening: '500,000' });
    const bank = walletRow(page, 'K PLUS');
    const pocket = walletRow(page, 'Pocket kip');
    assert.equal(await expectAmount(bank.getByTestId('wallet-balance'), 150_000, 'bank'), '฿1,500.00');
    assert.equal(await expectAmount(pocket.getByTestId('wallet-balance'), 500_000, 'pocket'), '₭500,000');
    await bank.getByText(en['wallet.kind.bank'], { exact: true }).waitFor();

    // A name the list already has is refused before it is sent.
    await page.getByTestId('add-wallet').click();
    const walletDialog = page.getByTestId('wallet-dialog');
    await walletDialog.getByLabel(en['wallet.field.name'], { exact: true }).fill(' k plus ');
    await walletDialog.getByRole('button', { name: en['wallet.dialog.add'], exact: true }).click();
    await walletDialog.getByText(en['error.wallet_name_taken']).waitFor();
    await page.keyboard.press('Escape');
    await walletDialog.waitFor({ state: 'hidden' });

    // THB to LAK: 100.00 out, 61,050 in; the rate they imply is shown both ways, exactly.
    await page.getByTestId('wallets-transfer').click();
    const transfer = page.getByTestId('transfer-dialog');
    await transfer.getByRole('heading', { name: en['transfer.dialog.addTitle'] }).waitFor();
    await chooseWallet(transfer.getByLabel(en['transfer.field.from']), 'K PLUS');
    await chooseWallet(transfer.getByLabel(en['transfer.field.to']), 'Pocket kip');
    await transfer.getByLabel(fill(en['transfer.field.amountOut'], { currency: 'THB' })).fill('100');
    await transfer.getByLabel(fill(en['transfer.field.amountIn'], { currency: 'LAK' })).fill('61,050');
    const rate = fill(en['transfer.rate'], { from: 'THB', to: 'LAK', rate: '610.5', back: '0.001638' });
    await transfer.getByTestId('transfer-rate').getByText(rate, { exact: true }).waitFor();
    await viewport(page, screenshotDir, 'wallets-transfer-en-1280');
    await transfer.getByRole('button', { name: en['transfer.dialog.add'], exact: true }).click();
    await expectToast(page, fill(en['transfer.toast.recorded'], { amount: '฿100.00' }));
    await transfer.waitFor({ state: 'hidden' });
    await expectAmount(bank.getByTestId('wallet-balance'), 140_000, 'bank after the transfer');
    await expectAmount(pocket.getByTestId('wallet-balance'), 561_050, 'pocket after the transfer');
    await screenshot(page, screenshotDir, 'wallets-list-en-1280');

    // The bank account's page: its balance, the transfer with what arrived, the opening balance last.
    await bank.getByRole('link', { name: 'K PLUS', exact: true }).click();
    await expectHeading(page, 'K PLUS', { errors });
    const balance = page.getByTestId('wallet-detail-balance').locator('[data-amount]');
    assert.equal(await expectAmount(balance, 140_000, 'detail balance'), '฿1,400.00');
    const rows = page.getByTestId('wallet-movement');
    const out = rows.filter({ hasText: fill(en['wallet.movement.transferTo'], { name: 'Pocket kip' }) });
    await out.getByText(fill(en['wallet.movement.received'], { amount: '₭61,050' })).waitFor();
    assert.equal(await expectAmount(out.getByTestId('movement-amount'), -10_000, 'transfer row'), money('-฿100.00'));
    const opening = rows.last();
    assert.equal(await opening.getAttribute('data-kind'), 'opening');
    await opening.getByText(en['wallet.movement.opening'], { exact: true }).waitFor();
    await expectAmount(opening.getByTestId('movement-amount'), 150_000, 'opening row');

    // The transfer edited from its row: 61,000 arrived, not 61,050; the dialog starts from it as saved.
    await out.getByTestId('edit-transfer').click();
    await transfer.getByRole('heading', { name: en['transfer.dialog.editTitle'] }).waitFor();
    const amountIn = transfer.getByLabel(fill(en['transfer.field.amountIn'], { currency: 'LAK' }));
    assert.equal(await amountIn.inputValue(), '61050');
    await amountIn.fill('61,000');
    await transfer
      .getByTestId('transfer-rate')
      .getByText(fill(en['transfer.rate'], { from: 'THB', to: 'LAK', rate: '610', back: '0.00163934' }), {
        exact: true,
      })
      .waitFor();
    await transfer.getByRole('button', { name: en['transfer.dialog.save'], exact: true }).click();
    await expectToast(page, en['transfer.toast.updated']);
    await out.getByText(fill(en['wallet.movement.received'], { amount: '₭61,000' })).waitFor();
    await expectAmount(balance, 140_000, 'the amount sent is unchanged');

    // Reconcile: the bank app shows 1,350.00; Plenty says it will record −50.00.
    await page.getByTestId('reconcile-wallet').click();
    const reconcile = page.getByTestId('reconcile-dialog');
    await reconcile
      .getByTestId('reconcile-expected')
      .getByText(/฿1,400\.00/)
      .waitFor();
    await reconcile.getByLabel(fill(en['wallet.reconcile.balance'], { currency: 'THB' })).fill('1,350');
    const adjustment = fill(en['wallet.reconcile.adjustment'], { amount: money('-฿50.00') });
    await reconcile.getByTestId('reconcile-difference').getByText(adjustment, { exact: true }).waitFor();
    await viewport(page, screenshotDir, 'wallets-reconcile-en-1280');
    await reconcile.getByRole('button', { name: en['wallet.reconcile.confirm'], exact: true }).click();
    await expectToast(page, fill(en['wallet.toast.reconciled'], { name: 'K PLUS' }));
    await expectAmount(balance, 135_000, 'balance after reconciling');
    const adjusted = rows.filter({ hasText: en['wallet.movement.adjustment'] });
    await expectAmount(adjusted.getByTestId('movement-amount'), -5000, 'adjustment row');
    await screenshot(page, screenshotDir, 'wallets-detail-en-1280');

    // Archive after a confirmation; the wallet leaves the total, and Restore brings it back.
    await page.getByTestId('archive-wallet').click();
    const confirm = page.getByRole('dialog', { name: fill(en['wallet.archiveDialog.title'], { name: 'K PLUS' }) });
    await viewport(page, screenshotDir, 'wallets-archive-en-1280');
    await confirm.getByRole('button', { name: en['wallet.archive'], exact: true }).click();
    await expectToast(page, fill(en['wallet.toast.archived'], { name: 'K PLUS' }));
    await page.getByTestId('wallet-archived').waitFor();
    await page.getByTestId('restore-wallet').click();
    await expectToast(page, fill(en['wallet.toast.restored'], { name: 'K PLUS' }));
    await page.getByTestId('archive-wallet').waitFor();

    // Archived on the list: behind its toggle, restored from there.
    await page.getByTestId('archive-wallet').click();
    await confirm.getByRole('button', { name: en['wallet.archive'], exact: true }).click();
    await page.getByTestId('wallet-archived').waitFor();
    await page.getByRole('link', { name: en['wallet.detail.back'] }).click();
    await expectHeading(page, en['page.wallets'], { errors });
    await page.getByTestId('toggle-archived').click();
    const archived = page.getByTestId('wallets-archived');
    await archived.getByRole('button', { name: fill(en['wallet.restoreLabel'], { name: 'K PLUS' }) }).click();
    await expectToast(page, fill(en['wallet.toast.restored'], { name: 'K PLUS' }));
    await page.getByTestId('wallets-active').getByRole('link', { name: 'K PLUS', exact: true }).waitFor();

    // A wallet that is not the user's (or no wallet at all) is "Page not found" with its address.
    const missing = `${WALLETS}/${randomUUID()}`;
    await page.goto(`${baseUrl}${missing}`);
    await expectHeading(page, en['errorPage.notFoundTitle'], { errors });
    await page.getByText(fill(en['errorPage.notFoundMessage'], { path: missing }), { exact: true }).waitFor();
    assert.equal(await page.title(), `${en['errorPage.notFoundTitle']} · Plenty`);

    await debtFromWallet(page, en, { baseUrl, user, errors, screenshotDir });
    assert.deepEqual(errors, [], 'no page errors');
  } finally {
    await context.close();
  }

  // Every page and dialog in each language, wide and on a phone; the header with Wallets fits a tablet.
  for (const [locale, prefix] of LOCALES) {
    const m = catalog(locale);
    const tablet = await openSignedIn(browser, baseUrl, user, WALLETS, { prefix, width: 820, height: 900 });
    try {
      await expectHeading(tablet.page, m['page.wallets'], { errors: tablet.errors });
      await walletRow(tablet.page, 'K PLUS').waitFor();
      await assertFits(tablet.page, 820, `wallets list (${locale})`);
      await screenshot(tablet.page, screenshotDir, `wallets-list-${locale}-820`);
    } finally {
      await tablet.context.close();
    }
    for (const width of [1280, 390]) {
      if (locale === 'en' && width === 1280) continue;
      const opened = await openSignedIn(browser, baseUrl, user, WALLETS, { prefix, width, height: 900 });
      try {
        await pictures(opened, m, { screenshotDir, name: `${locale}-${width}`, width });
        assert.deepEqual(opened.errors, [], `no page errors (${locale}, ${width})`);
      } finally {
        await opened.context.close();
      }
    }
  }
}

/** The list, the add and transfer dialogs, the detail page and the reconcile dialog. */
async function pictures({ page, errors }, m, { screenshotDir, name, width }) {
  await expectHeading(page, m['page.wallets'], { errors });
  await walletRow(page, 'K PLUS').waitFor();
  await assertFits(page, width, `wallets list (${name})`);
  await screenshot(page, screenshotDir, `wallets-list-${name}`);
  await page.getByTestId('add-wallet').click();
  await page.getByTestId('wallet-dialog').getByRole('heading', { name: m['wallet.dialog.addTitle'] }).waitFor();
  await viewport(page, screenshotDir, `wallets-add-${name}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('wallet-dialog').waitFor({ state: 'hidden' });
  await page.getByTestId('wallets-transfer').click();
  const transfer = page.getByTestId('transfer-dialog');
  await chooseWallet(transfer.getByLabel(m['transfer.field.from']), 'K PLUS');
  await chooseWallet(transfer.getByLabel(m['transfer.field.to']), 'Pocket kip');
  await transfer.getByLabel(fill(m['transfer.field.amountOut'], { currency: 'THB' })).fill('100');
  await transfer.getByLabel(fill(m['transfer.field.amountIn'], { currency: 'LAK' })).fill('61050');
  await transfer.getByTestId('transfer-rate').getByText(/610/).waitFor();
  await viewport(page, screenshotDir, `wallets-transfer-${name}`);
  await page.keyboard.press('Escape');
  await transfer.waitFor({ state: 'hidden' });
  await walletRow(page, 'K PLUS').getByRole('link', { name: 'K PLUS', exact: true }).click();
  await expectHeading(page, 'K PLUS', { errors });
  await page.getByTestId('wallet-movement').last().waitFor();
  await assertFits(page, width, `wallet detail (${name})`);
  await screenshot(page, screenshotDir, `wallets-detail-${name}`);
  await page.getByTestId('edit-wallet').click();
  await page.getByTestId('wallet-dialog').getByRole('heading', { name: m['wallet.dialog.editTitle'] }).waitFor();
  await viewport(page, screenshotDir, `wallets-edit-${name}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('wallet-dialog').waitFor({ state: 'hidden' });
  await page.getByTestId('archive-wallet').click();
  const archive = page.getByRole('dialog', { name: fill(m['wallet.archiveDialog.title'], { name: 'K PLUS' }) });
  await archive.waitFor();
  await viewport(page, screenshotDir, `wallets-archive-${name}`);
  await archive.getByRole('button', { name: m['common.cancel'], exact: true }).click();
  await archive.waitFor({ state: 'hidden' });
  const transferRow = page.getByTestId('wallet-movement').filter({ has: page.getByTestId('edit-transfer') });
  await transferRow.getByTestId('edit-transfer').click();
  await page.getByTestId('transfer-dialog').getByRole('heading', { name: m['transfer.dialog.editTitle'] }).waitFor();
  await viewport(page, screenshotDir, `wallets-transfer-edit-${name}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('transfer-dialog').waitFor({ state: 'hidden' });
  await page.getByTestId('reconcile-wallet').click();
  const reconcile = page.getByTestId('reconcile-dialog');
  await reconcile.getByTestId('reconcile-balance').fill('1300');
  await reconcile
    .getByTestId('reconcile-difference')
    .filter({ hasText: m['wallet.reconcile.adjustment'].split('{amount}')[0].trim() })
    .waitFor();
  await viewport(page, screenshotDir, `wallets-reconcile-${name}`);
  await page.keyboard.press('Escape');
  await reconcile.waitFor({ state: 'hidden' });
}

const kip = (amount) => `${amount < 0 ? '\u2212' : ''}₭${Math.abs(amount).toLocaleString('en-US')}`;

/**
 * A loan whose money lands in the kip wallet, and its first installment paid from that wallet:
 * the wallet gains what was borrowed (not income) and loses the whole payment, split into
 * principal and interest; the dashboard's expenses count only the interest beside a real
 * expense, and net worth is what the wallets hold less what is still owed.
 */
async function debtFromWallet(page, en, { baseUrl, user, errors, screenshotDir }) {
  const list = await callApi(baseUrl, user, 'queries/wallets');
  const pocket = list.items.find((wallet) => wallet.name === 'Pocket kip');
  assert.ok(pocket !== undefined, 'the kip wallet is listed');

  await page.goto(`${baseUrl}/dashboard/debt-tracker`);
  await expectHeading(page, en['page.debtTracker'], { errors });
  await page.getByTestId('debts-empty').getByRole('button', { name: en['debts.empty.action'] }).click();
  const { dialog } = await addDebt(page, en, {
    name: 'Motorbike loan',
    initialAmount: '12,000,000',
    rate: '12',
    termMonths: '12',
    dueDay: '15',
    startDate: dateFromToday(-20),
  });
  await dialog.getByLabel(en['debts.wallet.receivedInto']).selectOption({ label: 'Pocket kip' });
  await dialog.getByRole('button', { name: en['debts.dialog.add'], exact: true }).click();
  await expectToast(page, fill(en['debts.toast.created'], { name: 'Motorbike loan' }));
  await page.getByTestId('debts-active').getByRole('link', { name: 'Motorbike loan' }).click();
  await expectHeading(page, 'Motorbike loan', { errors });
  await page
    .getByRole('button', { name: fill(en['debts.schedule.markPaidLabel'], { number: 1 }), exact: true })
    .click();
  const mark = page.getByRole('dialog', { name: en['debts.confirm.markPaid.title'] });
  await mark.getByLabel(en['debts.wallet.paidFrom']).selectOption({ label: 'Pocket kip' });
  await mark.getByRole('button', { name: en['debts.schedule.markPaid'], exact: true }).click();
  await expectToast(page, fill(en['debts.toast.installmentPaid'], { number: 1 }));

  // The wallet: +12,000,000 borrowed, − the whole installment, its parts named.
  let payment;
  for (let tries = 0; tries < 200 && payment === undefined; tries += 1) {
    const { items } = await callApi(baseUrl, user, `queries/wallets/${pocket.id}/movements`);
    payment = items.find((item) => item.kind === 'debt_payment');
    if (payment === undefined) await page.waitForTimeout(100);
  }
  assert.ok(payment !== undefined, 'the installment is a movement of the wallet');
  assert.equal(payment.principal + payment.interest, -payment.amount, 'principal and interest make the payment');
  assert.ok(payment.interest > 0, 'the installment has interest');
  await page.goto(`${baseUrl}${WALLETS}/${pocket.id}`);
  await expectHeading(page, 'Pocket kip', { errors });
  const balance = page.getByTestId('wallet-detail-balance').locator('[data-amount]');
  await expectAmount(balance, 561_000 + 12_000_000 + payment.amount, 'kip wallet after borrowing and paying');
  const rows = page.getByTestId('wallet-movement');
  const paid = rows.filter({ hasText: fill(en['wallet.movement.debtPayment'], { name: 'Motorbike loan' }) });
  const parts = fill(en['wallet.movement.parts'], {
    principal: kip(payment.principal),
    interest: kip(payment.interest),
  });
  await paid.getByText(parts, { exact: true }).waitFor();
  await expectAmount(paid.getByTestId('movement-amount'), payment.amount, 'payment row');
  const borrowed = rows.filter({ hasText: fill(en['wallet.movement.borrowed'], { name: 'Motorbike loan' }) });
  await expectAmount(borrowed.getByTestId('movement-amount'), 12_000_000, 'borrowed row');
  await screenshot(page, screenshotDir, 'wallets-debt-en-1280');

  // The transfer deleted from this side, after a confirmation: the kip it brought leaves.
  const transferIn = rows.filter({ hasText: fill(en['wallet.movement.transferFrom'], { name: 'K PLUS' }) });
  await transferIn.getByTestId('delete-transfer').click();
  const confirm = page.getByRole('dialog', { name: en['transfer.deleteDialog.title'] });
  await confirm.getByText(en['transfer.deleteDialog.body']).waitFor();
  await confirm.getByRole('button', { name: en['transfer.delete'], exact: true }).click();
  await expectToast(page, en['transfer.toast.deleted']);
  await expectAmount(balance, 500_000 + 12_000_000 + payment.amount, 'kip wallet without the transfer');
  await transferIn.waitFor({ state: 'detached' });

  // The dashboard: a real expense of 50,000 and the interest are the month's expenses; the
  // principal and the borrowed money are neither expense nor income.
  await callApi(baseUrl, user, 'commands/AddTransaction', {
    transactionId: randomUUID(),
    type: 'expense',
    amount: { amount: 50_000, currency: 'LAK' },
    categoryId: 'builtin-food',
    date: dateFromToday(0),
    walletId: pocket.id,
  });
  await page.goto(`${baseUrl}/dashboard`);
  await expectHeading(page, en['page.dashboard'], { errors });
  await page
    .getByTestId('total-expense-value')
    .getByText(kip(50_000 + payment.interest), { exact: true })
    .waitFor();
  await page.getByTestId('total-income-value').getByText(kip(0), { exact: true }).waitFor();

  // Net worth: the wallets' total less what is still owed, as the wallets and debts pages say.
  const wallets = await callApi(baseUrl, user, 'queries/wallets');
  const debts = await callApi(baseUrl, user, 'queries/debts');
  assert.equal(wallets.displayCurrency, 'LAK');
  const net = wallets.total - debts.summary.totalOutstanding;
  await page.getByTestId('net-worth-value').getByText(kip(net), { exact: true }).waitFor();
  const netParts = fill(en['dashboard.netWorth.parts'], {
    assets: kip(wallets.total),
    debts: kip(debts.summary.totalOutstanding),
  });
  await page.getByTestId('net-worth-parts').getByText(netParts, { exact: true }).waitFor();

  // A transfer again, for the pictures of its row and its edit dialog.
  const bank = wallets.items.find((wallet) => wallet.name === 'K PLUS');
  await callApi(baseUrl, user, 'commands/RecordTransfer', {
    transferId: randomUUID(),
    fromWalletId: bank.id,
    toWalletId: pocket.id,
    amountOut: { amount: 5000, currency: 'THB' },
    amountIn: { amount: 30_500, currency: 'LAK' },
    date: dateFromToday(0),
    note: 'Exchange at the market',
  });
}
