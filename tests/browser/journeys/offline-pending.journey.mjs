import assert from 'node:assert/strict';
import { postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { expectHeading, expectToast, screenshot } from '../support/browser.mjs';
import { catalog, fill } from '../support/locale.mjs';
import {
  goOffline,
  goOnline,
  MARKET_OFFLINE,
  openOfflineCapable,
  saveOnDevice,
  serverTransactions,
  waitForEmptyOutbox,
  waitForOutbox,
  waitForSavedAnswer,
  waitForServiceWorkerControl,
} from '../support/offline.mjs';
import { openKipLoan, openWallet } from '../support/seed.mjs';
import { confirmIn } from '../support/debts.mjs';
import { fillTransaction } from '../support/transactions.mjs';
import { createUser, idTokenFor } from '../support/users.mjs';

/**
 * Entries waiting to sync, on every screen: offline, an expense with split lines, a tag and a
 * bank wallet is shown in the list's block "On this device — waiting to sync" and in the
 * dashboard's pending totals; an edit of a server row shows its edited amount with "Edit waiting
 * to sync"; a deletion dims its row; an installment marked paid reads "Paid · waiting to sync";
 * a transfer is listed at the top of its wallet; the receipt field says it needs the network.
 * Online again, every badge goes and the server holds each change once. Screens in English,
 * Thai and Lao, on a phone and wide.
 */
export default async function offlinePending({ browser, baseUrl, screenshotDir }) {
  const m = catalog('en');
  const user = await createUser(baseUrl, 'Noy');
  const bank = uuidV7();
  const pocket = uuidV7();
  for (const [walletId, name, kind] of [
    [bank, 'BCEL One', 'bank'],
    [pocket, 'Pocket kip', 'cash'],
  ]) {
    await openWallet(baseUrl, user, { walletId, name, kind, icon: kind });
  }
  const today = new Date().toISOString().slice(0, 10);
  const kept = uuidV7();
  const dropped = uuidV7();
  for (const [transactionId, amount, note] of [
    [kept, 50_000, 'Coffee beans'],
    [dropped, 70_000, 'Cinema'],
  ]) {
    await postCommand(baseUrl, user, 'AddTransaction', {
      transactionId,
      type: 'expense',
      amount: { amount, currency: 'LAK' },
      categoryId: 'builtin-food',
      date: today,
      note,
    });
  }
  const debtId = uuidV7();
  await openKipLoan(baseUrl, user, {
    debtId,
    name: 'Motorbike',
    annualRatePercent: '0',
    paymentDueDay: 5,
    openDate: '2026-01-05',
  });

  const { context, page, errors } = await openOfflineCapable(browser, { user, theme: null });
  const rowOf = (id) => page.locator(`[data-row-id="${id}"]`);
  const outboxHolds = (count) =>
    waitForOutbox(page, user.uid, (entries) => entries.length === count, `not ${count} entries on the device`);

  try {
    // Online once: every page this journey opens offline is read, and the worker keeps the app.
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByTestId('dashboard-content').waitFor();
    // Kept on the device before the next page load, which would end a write still under way.
    await waitForSavedAnswer(page, user.uid, 'queries/dashboard');
    await page.goto(`${baseUrl}/dashboard/debt-tracker/${debtId}`);
    await page.getByTestId('schedule-row').first().waitFor();
    await waitForSavedAnswer(page, user.uid, `queries/debts/${debtId}`, { containing: true });
    await page.goto(`${baseUrl}/dashboard/wallets/${bank}`);
    await page.getByTestId('wallet-detail').waitFor();
    // The details opened offline, read once online.
    for (const id of [kept, dropped]) {
      await page.goto(`${baseUrl}/dashboard/transactions?view=${id}`);
      await page.getByTestId('detail-amount').waitFor();
      await waitForSavedAnswer(page, user.uid, `queries/transactions/${id}`, { containing: true });
    }
    await page.goto(`${baseUrl}/dashboard/transactions/edit/${kept}`);
    await expectHeading(page, m['page.transactionEdit'], { errors });
    await page.goto(`${baseUrl}/dashboard/transactions/add`);
    await expectHeading(page, m['page.transactionAdd'], { errors });
    await waitForServiceWorkerControl(page);
    await page.getByTestId('category-picker').waitFor();
    await page.goto(`${baseUrl}/dashboard/transactions`);
    await rowOf(kept).waitFor();

    // ── Offline ─────────────────────────────────────────────────────────────────────────────
    await goOffline(context);

    // An expense with two lines, a tag and the bank wallet; the receipt waits for the network.
    await page.getByRole('link', { name: m['transactions.add'], exact: true }).first().click();
    await expectHeading(page, m['page.transactionAdd']);
    await page.getByTestId('receipt-offline').getByText(m['pending.receipt.offline']).waitFor();
    assert.equal(
      await page.getByRole('button', { name: m['transactions.form.receiptChoose'] }).isDisabled(),
      true,
      'no receipt offline',
    );
    await fillTransaction(page, m, MARKET_OFFLINE);
    await saveOnDevice(page, m);

    const block = page.getByTestId('pending-adds');
    await block.getByRole('heading', { name: m['pending.block.title'] }).waitFor();
    const market = block.locator('[data-pending="add"]').filter({ hasText: 'Market offline' });
    await market.getByTestId('pending-badge').filter({ hasText: m['pending.badge.waiting'] }).waitFor();
    assert.equal(await market.getAttribute('data-state'), 'waiting');
    await market.getByTestId('row-tags').filter({ hasText: 'Market day' }).waitFor();
    await market.getByTestId('row-split').waitFor();
    assert.match(await market.innerText(), /BCEL One/u, 'the row names its wallet');
    const listPending = page.getByTestId('pending-totals');
    assert.match(await listPending.getByTestId('pending-totals-sums').innerText(), /120,000 expenses/u);

    // An edit of a server row: its new amount, with the edit's badge; the detail says so.
    await rowOf(kept).click();
    const detail = page.getByTestId('transaction-detail');
    await detail.getByRole('link', { name: m['transactions.detail.edit'] }).click();
    await expectHeading(page, m['page.transactionEdit']);
    const amount = page.getByLabel(m['transactions.field.amount'], { exact: true });
    await amount.fill('55000');
    await saveOnDevice(page, m, { changes: true });
    await rowOf(kept).getByTestId('pending-badge').filter({ hasText: m['pending.badge.edit'] }).waitFor();
    assert.equal(await rowOf(kept).getAttribute('data-pending'), 'edit');
    assert.match(await rowOf(kept).innerText(), /55,000/u, 'the edited amount is shown');
    await rowOf(kept).click();
    await detail.getByTestId('detail-pending').getByText(m['pending.detail.edit']).waitFor();
    await detail.getByRole('button', { name: m['common.close'] }).click();

    // A deletion: the row stays, dimmed, with its badge.
    await rowOf(dropped).click();
    await detail.getByRole('button', { name: m['transactions.detail.delete'] }).click();
    await page
      .getByRole('dialog', { name: m['transactions.delete.title'] })
      .getByRole('button', { name: m['transactions.delete.confirm'] })
      .click();
    await expectToast(page, m['pending.queued']);
    await rowOf(dropped).getByTestId('pending-badge').filter({ hasText: m['pending.badge.delete'] }).waitFor();
    assert.equal(await rowOf(dropped).getAttribute('data-pending'), 'delete');
    await screenshot(page, screenshotDir, 'offline-pending-list-en-1280');

    // The dashboard: the month's pending totals, the pending add first among the recent ones.
    await page.goto(`${baseUrl}/dashboard`).catch(() => undefined);
    await page.getByTestId('dashboard-content').waitFor();
    const dashboardPending = page.getByTestId('pending-totals');
    assert.match(await dashboardPending.getByTestId('pending-totals-sums').innerText(), /120,000 expenses/u);
    const recent = page.getByTestId('recent-transactions').locator('li').first();
    assert.equal(await recent.getAttribute('data-pending'), 'add');
    await screenshot(page, screenshotDir, 'offline-pending-dashboard-en-1280');

    // An installment marked paid.
    await page.goto(`${baseUrl}/dashboard/debt-tracker/${debtId}`).catch(() => undefined);
    const first = page.getByTestId('schedule-row').first();
    await first.getByTestId('mark-paid').click();
    await confirmIn(page, m['debts.confirm.markPaid.title'], m['debts.schedule.markPaid']);
    await expectToast(page, m['pending.queued']);
    await first.getByTestId('pending-badge').filter({ hasText: m['pending.debt.paid'] }).waitFor();
    assert.equal(await first.getAttribute('data-pending'), 'paid');

    // A transfer from the bank to the pocket.
    await page.goto(`${baseUrl}/dashboard/wallets/${bank}`).catch(() => undefined);
    await page.getByTestId('wallet-transfer').click();
    const transfer = page.getByTestId('transfer-dialog');
    await transfer.getByLabel(fill(m['transfer.field.amount'], { currency: 'LAK' })).fill('300000');
    await transfer.getByRole('button', { name: m['transfer.dialog.add'], exact: true }).click();
    await expectToast(page, m['pending.queued']);
    const moved = page.getByTestId('wallet-pending').locator('[data-pending="transfer"]');
    await moved.getByTestId('pending-badge').waitFor();
    await page
      .getByTestId('wallet-pending')
      .locator('[data-pending="add"]')
      .filter({ hasText: 'Market offline' })
      .waitFor();

    const queued = await outboxHolds(5);
    assert.deepEqual(
      queued.map((entry) => entry.name),
      ['AddTransaction', 'EditTransaction', 'DeleteTransaction', 'MarkInstallmentPaid', 'RecordTransfer'],
    );
    const edit = queued[1];
    assert.equal(edit.body.baseRevision, 0, 'the edit says which revision it was made on');

    // ── Online: the badges go, the server has each change once ───────────────────────────────
    await goOnline(context);
    await waitForEmptyOutbox(page, user.uid);
    await page.getByTestId('wallet-pending').waitFor({ state: 'detached' });
    const onServer = await serverTransactions(baseUrl, user);
    assert.deepEqual(onServer.map((item) => item.note).sort(), ['Coffee beans', 'Market offline']);
    assert.equal(onServer.find((item) => item.id === kept)?.amount.amount, 55_000);
    const marketOnServer = onServer.find((item) => item.note === 'Market offline');
    assert.deepEqual(marketOnServer?.tags, ['Market day']);
    assert.equal(marketOnServer?.walletId, bank);
    assert.equal(marketOnServer?.splits?.length, 2);
    const probe = await postCommand(baseUrl, user, 'ChangePreferences', { changes: { analyticsConsent: false } });
    const token = await idTokenFor(baseUrl, user);
    const read = async (path) => (await readAfter(baseUrl, token, path, probe.position)).json();
    const debt = await read(`debts/${debtId}`);
    assert.equal(debt.schedule.filter((row) => row.status === 'paid').length, 1, 'one installment paid');
    const movements = await read(`wallets/${bank}/movements`);
    assert.equal(
      movements.items.filter((row) => row.kind === 'transfer_out').length,
      1,
      'the transfer is recorded once',
    );

    await page.goto(`${baseUrl}/dashboard/transactions`);
    await rowOf(kept).waitFor();
    assert.equal(await page.locator('[data-pending]').count(), 0, 'nothing waits');

    // ── Screens: a pending block, totals and a badge in each language, phone and wide ───────
    await goOffline(context);
    for (const locale of ['en', 'th', 'lo']) {
      const words = catalog(locale);
      const prefix = locale === 'en' ? '' : `/${locale}`;
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${baseUrl}${prefix}/dashboard/transactions/add`).catch(() => undefined);
        await expectHeading(page, words['page.transactionAdd']);
        await page.getByTestId('receipt-offline').waitFor();
        await fillTransaction(page, words, {
          type: 'expense',
          amount: '15000',
          currency: 'LAK',
          note: `Tea ${locale} ${width}`,
        });
        await page.getByTestId('category-picker').getByRole('radio').first().click();
        await saveOnDevice(page, words);
        await page.getByTestId('pending-adds').locator('[data-pending="add"]').first().waitFor();
        await screenshot(page, screenshotDir, `offline-pending-${locale}-${width}`);
      }
    }
  } finally {
    await context.close();
  }
}
