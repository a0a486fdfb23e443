import assert from 'node:assert/strict';
import { postCommand, uuidV7 } from '../support/api.mjs';
import { expectHeading, expectToast, openSignedIn, screenshot, viewport } from '../support/browser.mjs';
import { dateFromToday } from '../support/dates.mjs';
import { PHONE } from '../support/layout.mjs';
import { catalog, fill, LOCALES } from '../support/locale.mjs';
import { addTransaction, fillTransaction, openDetail } from '../support/transactions.mjs';
import { createUser } from '../support/users.mjs';

/** The wallet a select shows as chosen. */
const chosen = (select) => select.evaluate((element) => element.selectedOptions[0]?.textContent ?? '');

/** The names a select offers, in order. */
const offered = (select) => select.locator('option').allTextContents();

/**
 * Wallets in the screens that were there before them: the transaction form picks a wallet of
 * the amount's currency (its cash wallet first, then the one used last) and a new currency its
 * own; the list filters by wallet in the address and rows, detail and history name it; the
 * dashboard's Wallets and Net worth cards, the reports' net worth and the activity of a wallet.
 * Then the changed screens in Thai and Lao, wide and on a phone.
 */
export default async function transactionsWallets({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Kham Phommachanh');
  const bcel = uuidV7();
  await postCommand(baseUrl, user, 'OpenWallet', {
    walletId: bcel,
    name: 'BCEL One',
    kind: 'bank',
    currency: 'LAK',
    openingBalance: 2_000_000,
    openingDate: dateFromToday(-40),
    icon: 'wallet',
    color: '#2563eb',
    excludeFromTotals: false,
  });
  const { context, page, errors } = await openSignedIn(browser, baseUrl, user, '/dashboard/transactions/add', {
    height: 900,
  });
  try {
    await expectHeading(page, en['page.transactionAdd'], { errors });
    const wallet = page.getByLabel(en['transaction.wallet.label'], { exact: true });

    // Kip: the user's kip wallets, with the cash wallet every currency has; cash until one is used.
    await fillTransaction(page, en, { currency: 'LAK' });
    await page.getByRole('option', { name: 'BCEL One' }).waitFor({ state: 'attached' });
    assert.deepEqual(await offered(wallet), ['BCEL One', 'Cash (LAK)']);
    assert.equal(await chosen(wallet), 'Cash (LAK)');
    await fillTransaction(page, en, { wallet: 'BCEL One', amount: '50,000', category: 'food', note: 'Noodles' });
    await viewport(page, screenshotDir, 'transaction-wallet-en-1280');
    await page.getByRole('button', { name: en['transactions.form.save'] }).click();
    await expectToast(page, en['transactions.added']);
    await expectHeading(page, en['page.transactions']);

    // The next kip transaction starts from BCEL One; baht offers only baht's cash wallet.
    await page.goto(`${baseUrl}/dashboard/transactions/add`);
    await expectHeading(page, en['page.transactionAdd'], { errors });
    await fillTransaction(page, en, { currency: 'LAK' });
    await page.waitForFunction(
      (label) => [...document.querySelectorAll('select')].some((s) => s.selectedOptions[0]?.textContent === label),
      'BCEL One',
    );
    await fillTransaction(page, en, { currency: 'THB' });
    assert.deepEqual(await offered(wallet), ['Cash (THB)']);
    assert.equal(await chosen(wallet), 'Cash (THB)');
    await addTransaction(page, en, { amount: '120', category: 'transport', note: 'Tuk-tuk' });

    // The list: each row names its wallet; the wallet filter lives in the address.
    const rows = page.locator('[data-row-id]');
    await rows
      .filter({ hasText: 'Noodles' })
      .getByText(/BCEL One/)
      .waitFor();
    await rows
      .filter({ hasText: 'Tuk-tuk' })
      .getByText(/Cash \(THB\)/)
      .waitFor();
    const filter = page.getByLabel(en['transaction.wallet.filter'], { exact: true });
    await filter.selectOption({ label: 'BCEL One' });
    await page.waitForURL((url) => url.searchParams.get('wallet') === bcel);
    await rows.filter({ hasText: 'Tuk-tuk' }).waitFor({ state: 'detached' });
    assert.equal(await rows.count(), 1, 'only the BCEL One transaction is listed');
    await page.reload();
    await expectHeading(page, en['page.transactions'], { errors });
    assert.equal(await chosen(filter), 'BCEL One', 'a reload keeps the wallet filter');
    await rows.filter({ hasText: 'Noodles' }).waitFor();
    assert.equal(await rows.count(), 1);

    // The detail names the wallet; moving it to cash shows in its history.
    const detail = await openDetail(page, en, 'Noodles');
    assert.equal((await detail.getByTestId('detail-wallet').innerText()).trim(), 'BCEL One');
    await detail.getByRole('link', { name: en['transactions.detail.edit'] }).click();
    await expectHeading(page, en['page.transactionEdit'], { errors });
    assert.equal(await chosen(wallet), 'BCEL One', 'the edit form shows the transaction’s wallet');
    await fillTransaction(page, en, { wallet: 'Cash (LAK)' });
    await page.getByRole('button', { name: en['transactions.form.saveChanges'] }).click();
    await expectToast(page, en['transactions.updated']);
    await page.goto(`${baseUrl}/dashboard/transactions`);
    const moved = await openDetail(page, en, 'Noodles');
    const change = fill(en['transactions.history.fieldChanged'], {
      field: en['transaction.wallet.label'],
      from: 'BCEL One',
      to: 'Cash (LAK)',
    });
    await moved.getByText(change, { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // The dashboard: the wallets with their balances and net worth, as of today.
    await page.goto(`${baseUrl}/dashboard`);
    await expectHeading(page, en['page.dashboard'], { errors });
    const card = page.getByTestId('wallets-card');
    await card.getByTestId('dashboard-wallet').filter({ hasText: 'BCEL One' }).getByText('₭2,000,000').waitFor();
    await card.getByTestId('dashboard-wallet').filter({ hasText: 'Cash (LAK)' }).getByText('−₭50,000').waitFor();
    await card.getByRole('link', { name: en['dashboard.wallets.viewAll'] }).waitFor();
    const netWorth = page.getByTestId('net-worth-card');
    await netWorth.getByTestId('net-worth-chart').waitFor();
    await netWorth
      .getByTestId('net-worth-per-currency')
      .getByText(/₭1,950,000/)
      .waitFor();
    await card.scrollIntoViewIfNeeded();
    await viewport(page, screenshotDir, 'dashboard-wallets-en-1280');

    // Reports: net worth at the end of the month shown.
    await page.goto(`${baseUrl}/dashboard/reports`);
    await expectHeading(page, en['page.reports'], { errors });
    const report = page.getByTestId('reports-net-worth');
    await report.getByTestId('reports-net-worth-net').waitFor();
    await report.scrollIntoViewIfNeeded();
    await viewport(page, screenshotDir, 'reports-net-worth-en-1280');

    // Activity: the wallet's own history.
    await page.goto(`${baseUrl}/activity?kind=wallet`);
    const entry = page.getByTestId('activity-entry').filter({ hasText: 'BCEL One' });
    await entry.getByText(en['activity.wallet.opened'], { exact: true }).waitFor();

    // A debt payment from a wallet: none until chosen, then the wallet is remembered.
    const debtId = uuidV7();
    await postCommand(baseUrl, user, 'OpenDebt', {
      debtId,
      name: 'Motorbike',
      type: 'loan',
      initialAmount: 24_000_000,
      currentAmount: 24_000_000,
      annualRatePercent: '9',
      paymentDueDay: 5,
      icon: 'car',
      color: '#336699',
      currency: 'LAK',
      loanType: 'emi',
      termMonths: 12,
      openDate: dateFromToday(-30),
      startDate: dateFromToday(-30),
    });
    const debtPage = `/dashboard/debt-tracker/${debtId}`;
    await page.goto(`${baseUrl}${debtPage}`);
    await expectHeading(page, 'Motorbike', { errors });
    await page.getByTestId('record-payment').click();
    const payment = page.getByTestId('payment-dialog');
    const paidFrom = payment.getByLabel(en['debts.wallet.paidFrom'], { exact: true });
    await payment.getByText(en['debts.wallet.paidHint'], { exact: true }).waitFor();
    await payment.getByRole('option', { name: 'BCEL One' }).waitFor({ state: 'attached' });
    assert.deepEqual(await offered(paidFrom), [en['debts.wallet.none'], 'BCEL One', 'Cash (LAK)']);
    assert.equal(await chosen(paidFrom), en['debts.wallet.none']);
    await paidFrom.selectOption({ label: 'BCEL One' });
    await payment.getByLabel(en['debts.payments.amount'], { exact: true }).fill('1,000,000');
    await payment.getByRole('button', { name: en['debts.paymentDialog.save'] }).click();
    await payment.waitFor({ state: 'hidden' });
    await page
      .getByTestId('payment-row')
      .getByTestId('payment-wallet')
      .getByText('BCEL One', { exact: true })
      .waitFor();
    await page.getByTestId('record-payment').click();
    await page.waitForFunction(
      (label) => [...document.querySelectorAll('select')].some((s) => s.selectedOptions[0]?.textContent === label),
      'BCEL One',
    );
    await viewport(page, screenshotDir, 'debt-payment-wallet-en-1280');
    await page.keyboard.press('Escape');
    await payment.waitFor({ state: 'hidden' });

    // The changed screens in each language, wide and on a phone.
    for (const [locale, prefix] of LOCALES) {
      const m = catalog(locale);
      for (const width of [1280, PHONE.width]) {
        await page.setViewportSize({ width, height: width === 1280 ? 900 : PHONE.height });
        await page.goto(`${baseUrl}${prefix}/dashboard/transactions/add`);
        await expectHeading(page, m['page.transactionAdd'], { errors });
        await page.getByLabel(m['transaction.wallet.label'], { exact: true }).waitFor();
        await viewport(page, screenshotDir, `transaction-wallet-${locale}-${width}`);
        await page.goto(`${baseUrl}${prefix}/dashboard`);
        await expectHeading(page, m['page.dashboard'], { errors });
        const wallets = page.getByTestId('wallets-card');
        await wallets.getByText(m['dashboard.wallets.title'], { exact: true }).waitFor();
        await page.getByTestId('net-worth-card').getByTestId('net-worth-chart').waitFor();
        await wallets.scrollIntoViewIfNeeded();
        await viewport(page, screenshotDir, `dashboard-wallets-${locale}-${width}`);
        await page.goto(`${baseUrl}${prefix}/dashboard/transactions`);
        await expectHeading(page, m['page.transactions'], { errors });
        await page.getByLabel(m['transaction.wallet.filter'], { exact: true }).waitFor();
        await screenshot(page, screenshotDir, `transactions-wallets-${locale}-${width}`);
        await page.goto(`${baseUrl}${prefix}${debtPage}`);
        await expectHeading(page, 'Motorbike', { errors });
        await page.getByTestId('record-payment').click();
        await page.getByTestId('payment-dialog').getByLabel(m['debts.wallet.paidFrom'], { exact: true }).waitFor();
        await viewport(page, screenshotDir, `debt-payment-wallet-${locale}-${width}`);
        await page.keyboard.press('Escape');
      }
    }
    assert.deepEqual(errors, [], 'no page errors');
  } finally {
    await context.close();
  }
}
