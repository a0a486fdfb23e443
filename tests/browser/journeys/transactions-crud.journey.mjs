import assert from 'node:assert/strict';
import { postCommand, readAfter } from '../support/api.mjs';
import { expectHeading, expectToast, openPage } from '../support/browser.mjs';
import { catalog, fill } from '../support/locale.mjs';
import { receiptPng } from '../support/receipt.mjs';
import { addTransaction, openDetail } from '../support/transactions.mjs';
import { createUser, signIn } from '../support/users.mjs';

/** Baht as the page writes it in English and Thai: the sign first, "," groups and "." decimals (currency-display.ts). */
const baht = (locale, major) =>
  `฿${new Intl.NumberFormat(locale === 'lo' ? 'en' : locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(major)}`;

function rows(page) {
  return page.locator('[data-row-id]');
}

async function waitForRows(page, count, message) {
  try {
    await page.waitForFunction((n) => document.querySelectorAll('[data-row-id]').length === n, count, {
      timeout: 15_000,
    });
  } catch {
    assert.fail(`${message}: expected ${count} rows, saw ${await rows(page).count()} at ${page.url()}`);
  }
}

/** Waits for the list's first row to read `text` (the list is sorted again once the server answered). */
async function waitForFirstRow(page, text, message) {
  try {
    await rows(page).first().filter({ hasText: text }).waitFor({ timeout: 15_000 });
  } catch {
    assert.fail(`${message}: the first row reads ${await rows(page).first().innerText()}`);
  }
}

/** A transaction edited often enough that its history fills more than one page. */
async function longHistory(page, baseUrl, user, messages) {
  const transactionId = crypto.randomUUID();
  const edits = 24;
  await postCommand(baseUrl, user, 'AddTransaction', {
    transactionId,
    type: 'expense',
    amount: { amount: 3500, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-21',
    note: 'Green tea, often corrected',
  });
  let result;
  for (let edit = 1; edit <= edits; edit += 1) {
    result = await postCommand(baseUrl, user, 'EditTransaction', {
      transactionId,
      changes: { amount: { amount: 3500 + edit * 100, currency: 'THB' } },
    });
  }
  // The history view has every edit before the dialog asks for it.
  await readAfter(
    baseUrl,
    user.stored.stsTokenManager.accessToken,
    `transactions/${transactionId}/history?limit=1`,
    result.position,
  );
  await page.reload();
  await expectHeading(page, messages['page.transactions']);
  const dialog = await openDetail(page, messages, 'Green tea, often corrected');
  const history = dialog.getByTestId('transaction-history');
  const entries = history.locator(':scope > li');
  await history.waitFor({ timeout: 15_000 });
  const firstPage = await entries.count();
  assert.ok(firstPage > 0 && firstPage < edits + 1, `the first page holds only the latest changes: ${firstPage}`);
  assert.equal(await history.getByText(messages['transactions.history.added']).count(), 0);

  // Keyboard: the button loads the older changes, appends them, and says so politely.
  const older = dialog.getByRole('button', { name: messages['transactions.history.older'] });
  const asked = page.waitForRequest((request) => /\/history\?.*cursor=/.test(request.url()));
  await older.focus();
  await page.keyboard.press('Enter');
  await asked;
  await history.getByText(messages['transactions.history.added']).waitFor({ timeout: 15_000 });
  assert.equal(await entries.count(), edits + 1, 'every change once, newest first');
  const status = dialog.getByRole('status').filter({ hasText: /\S/ });
  await status.waitFor();
  // The last page takes the button away; focus moves on to the first entry it brought.
  await older.waitFor({ state: 'detached' });
  assert.equal(
    await page.evaluate(() =>
      [...(document.activeElement?.parentElement?.children ?? [])].indexOf(document.activeElement),
    ),
    firstPage,
    'focus on the first older entry',
  );
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

async function journey(browser, baseUrl, locale, prefix) {
  const messages = catalog(locale);
  const user = await createUser(baseUrl, 'Somchai');
  const { context, page, errors } = await openPage(browser, { locale: locale === 'th' ? 'th-TH' : 'en-US' });
  try {
    await signIn(context, user);
    await page.goto(`${baseUrl}${prefix}/dashboard/transactions`);
    await expectHeading(page, messages['page.transactions']);
    await page.getByTestId('transactions-empty').waitFor({ timeout: 15_000 });

    // The empty list invites the first transaction.
    await page.getByRole('link', { name: messages['transactions.empty.action'] }).click();
    await expectHeading(page, messages['page.transactionAdd']);

    // Spec section 5 messages, and focus on the first invalid field.
    await page.getByLabel(messages['transactions.field.date'], { exact: true }).fill('');
    await page.getByRole('button', { name: messages['transactions.form.save'] }).click();
    await page.getByText(messages['error.amount_required'], { exact: true }).waitFor();
    await page.getByText(messages['error.category_required'], { exact: true }).waitFor();
    await page.getByText(messages['transactions.validation.dateRequired'], { exact: true }).waitFor();
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('name')),
      'amount',
      'focus goes to the amount',
    );
    await page.getByLabel(messages['transactions.field.amount'], { exact: true }).fill('0');
    await page.getByRole('button', { name: messages['transactions.form.save'] }).click();
    await page.getByText(messages['error.amount_not_positive'], { exact: true }).waitFor();
    await page.getByLabel(messages['transactions.field.date'], { exact: true }).fill('2026-11-20');

    // An expense saved with Enter, an income saved with a double click (one transaction).
    await addTransaction(page, messages, {
      type: 'expense',
      amount: '120',
      currency: 'THB',
      category: 'food',
      note: 'Lunch rice',
      submit: 'enter',
    });
    await waitForRows(page, 1, 'after the expense');
    await page.getByRole('link', { name: messages['transactions.add'] }).click();
    await addTransaction(page, messages, {
      type: 'income',
      amount: '5,000.50',
      currency: 'THB',
      category: 'salary',
      note: 'November salary',
      submit: 'double-click',
    });
    await waitForRows(page, 2, 'a double click saves one income');
    const totals = page.getByTestId('transaction-totals');
    await totals.waitFor({ timeout: 15_000 });
    await totals.getByText(baht(locale, 5000.5)).first().waitFor();

    // Filter by type, then by category, sort, search, clear; the address keeps them.
    await page.getByLabel(messages['transactions.filter.type'], { exact: true }).selectOption('expense');
    await waitForRows(page, 1, 'expenses only');
    assert.match(page.url(), /type=expense/);
    await page.getByLabel(messages['transactions.filter.type'], { exact: true }).selectOption('');
    await page.getByLabel(messages['transactions.filter.category'], { exact: true }).selectOption('builtin-salary');
    await waitForRows(page, 1, 'salary only');
    assert.match(page.url(), /category=builtin-salary/);
    await page.getByRole('button', { name: messages['transactions.clearFilters'] }).first().click();
    await waitForRows(page, 2, 'after clearing the category');
    await page.getByLabel(messages['transactions.filter.sort'], { exact: true }).selectOption('lowest');
    await page.waitForURL(/sort=lowest/);
    await waitForFirstRow(page, 'Lunch rice', 'lowest first');
    await page.getByLabel(messages['transactions.filter.sort'], { exact: true }).selectOption('highest');
    await page.waitForURL(/sort=highest/);
    await waitForFirstRow(page, 'November salary', 'highest first');
    await page.getByLabel(messages['transactions.search'], { exact: true }).fill('salary');
    await page.waitForURL(/q=salary/);
    await waitForRows(page, 1, 'search in notes');
    await page.reload();
    await expectHeading(page, messages['page.transactions']);
    assert.equal(await page.getByLabel(messages['transactions.search'], { exact: true }).inputValue(), 'salary');
    await waitForRows(page, 1, 'the search survives a reload');
    await page.getByRole('button', { name: messages['transactions.clearFilters'] }).first().click();
    await waitForRows(page, 2, 'after clearing');
    assert.doesNotMatch(page.url(), /[?&](q|sort|type|category)=/);

    // Detail, then edit twice.
    let dialog = await openDetail(page, messages, 'Lunch rice');
    await dialog.getByText(messages['category.builtin.food']).first().waitFor();
    await dialog.getByRole('link', { name: messages['transactions.detail.edit'] }).click();
    await expectHeading(page, messages['page.transactionEdit']);
    const amount = page.getByLabel(messages['transactions.field.amount'], { exact: true });
    assert.equal(await amount.inputValue(), '120.00');
    await amount.fill('150');
    await page
      .getByTestId('receipt-input')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng() });
    await page.getByRole('button', { name: messages['transactions.form.receiptReplace'] }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: messages['transactions.form.saveChanges'] }).click();
    await expectToast(page, messages['transactions.updated']);
    await expectHeading(page, messages['page.transactions']);

    dialog = await openDetail(page, messages, 'Lunch rice');
    await dialog.getByRole('link', { name: messages['transactions.detail.edit'] }).click();
    await expectHeading(page, messages['page.transactionEdit']);
    await page.getByLabel(new RegExp(`^${messages['transactions.field.note']}`)).fill('Lunch rice and soup');
    await page.getByRole('button', { name: messages['transactions.form.saveChanges'] }).click();
    await expectToast(page, messages['transactions.updated']);
    await expectHeading(page, messages['page.transactions']);

    // The history says what changed, in the reader's language.
    dialog = await openDetail(page, messages, 'Lunch rice and soup');
    const history = dialog.getByTestId('transaction-history');
    await history.waitFor({ timeout: 15_000 });
    const amountField = messages['transactions.field.amount'];
    await history
      .getByText(
        fill(messages['transactions.history.fieldChanged'], {
          field: amountField,
          from: baht(locale, 120),
          to: baht(locale, 150),
        }),
      )
      .waitFor();
    await history
      .getByText(
        fill(messages['transactions.history.fieldChanged'], {
          field: messages['transactions.field.note'],
          from: '“Lunch rice”',
          to: '“Lunch rice and soup”',
        }),
      )
      .waitFor();
    await history.getByText(messages['transactions.history.added']).waitFor();
    await history
      .getByText(fill(messages['transactions.history.fieldAdded'], { field: messages['transactions.field.receipt'] }))
      .waitFor();
    // The receipt shows as a picture through its short-lived link.
    const image = dialog.getByRole('img', { name: messages['transactions.detail.receiptAlt'] });
    await image.waitFor({ timeout: 15_000 });
    await page.waitForFunction((element) => element.complete && element.naturalWidth > 0, await image.elementHandle());

    // Delete, after a confirmation that says it cannot be undone; Cancel keeps it.
    await dialog.getByRole('button', { name: messages['transactions.detail.delete'], exact: true }).click();
    const confirm = page.getByRole('dialog', { name: messages['transactions.delete.title'] });
    await confirm.getByText(messages['transactions.delete.body']).waitFor();
    await confirm.getByRole('button', { name: messages['common.cancel'] }).click();
    await confirm.waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: messages['transactions.detail.delete'], exact: true }).click();
    await confirm.getByRole('button', { name: messages['transactions.delete.confirm'] }).click();
    await expectToast(page, messages['transactions.delete.done']);
    await dialog.waitFor({ state: 'hidden' });
    await waitForRows(page, 1, 'after deleting');

    // Editing a transaction deleted elsewhere keeps what was typed.
    dialog = await openDetail(page, messages, 'November salary');
    const editPath = await dialog
      .getByRole('link', { name: messages['transactions.detail.edit'] })
      .getAttribute('href');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}${editPath}`);
    await expectHeading(page, messages['page.transactionEdit']);
    const other = await context.newPage();
    await other.goto(`${baseUrl}${prefix}/dashboard/transactions`);
    await expectHeading(other, messages['page.transactions']);
    await rows(other).first().click();
    const otherDialog = other.getByRole('dialog', { name: messages['transactions.detail.title'] });
    await otherDialog.getByRole('button', { name: messages['transactions.detail.delete'], exact: true }).click();
    await other.getByRole('button', { name: messages['transactions.delete.confirm'] }).click();
    await expectToast(other, messages['transactions.delete.done']);
    await other.close();
    await page.getByLabel(messages['transactions.field.amount'], { exact: true }).fill('5200');
    await page.getByRole('button', { name: messages['transactions.form.saveChanges'] }).click();
    await page.getByTestId('deleted-elsewhere').waitFor({ timeout: 15_000 });
    assert.equal(await page.getByLabel(messages['transactions.field.amount'], { exact: true }).inputValue(), '5200');

    // A long history shows its latest changes first and the older ones on request.
    await page.goto(`${baseUrl}${prefix}/dashboard/transactions`);
    await expectHeading(page, messages['page.transactions']);
    await longHistory(page, baseUrl, user, messages);

    assert.deepEqual(errors, []);
  } catch (error) {
    throw new Error(`${locale}: ${error.message}\npage errors: ${errors.join(' | ')}`, { cause: error });
  } finally {
    await context.close();
  }
}

/** Add, filter, sort, search, detail, edit, history and delete, in English and Thai. */
export default async function transactionsCrud({ browser, baseUrl }) {
  await journey(browser, baseUrl, 'en', '');
  await journey(browser, baseUrl, 'th', '/th');
}
