import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { seriousViolations } from '../support/axe.mjs';
import { expectHeading, openPage, screenshot, viewport } from '../support/browser.mjs';
import { assertFits, PHONE } from '../support/layout.mjs';
import { catalog } from '../support/locale.mjs';
import { receiptPng } from '../support/receipt.mjs';
import { createUser, signInAs } from '../support/users.mjs';

const THAI_NOTE = 'ข้าวมันไก่ร้านป้าแดง';
const CATEGORY = 'Night market';
const GOAL = 'Trip to Luang Prabang';

/** User A's records: three transactions (a Thai note, a receipt, a custom category), a goal. */
async function seed(baseUrl, user) {
  const form = new FormData();
  form.append('file', new Blob([receiptPng()], { type: 'image/png' }), 'receipt.png');
  const { receiptId } = await call(baseUrl, user, 'receipts', { method: 'POST', body: form });
  const categoryId = uuidV7();
  await postCommand(baseUrl, user, 'AddCategory', {
    categoryId,
    name: CATEGORY,
    type: 'expense',
    icon: 'restaurant',
    color: '#d97706',
  });
  const transactions = [
    { type: 'expense', amount: 6000, currency: 'THB', categoryId: 'builtin-food', note: THAI_NOTE },
    { type: 'expense', amount: 12000, currency: 'THB', categoryId, note: 'Grilled fish', receipt: receiptId },
    { type: 'income', amount: 2_500_000, currency: 'THB', categoryId: 'builtin-salary', note: 'November pay' },
  ];
  for (const [index, { amount, currency, ...rest }] of transactions.entries()) {
    await postCommand(baseUrl, user, 'AddTransaction', {
      transactionId: uuidV7(),
      amount: { amount, currency },
      date: `2026-11-${String(10 + index).padStart(2, '0')}`,
      ...rest,
    });
  }
  const last = await postCommand(baseUrl, user, 'AddGoal', {
    goalId: uuidV7(),
    name: GOAL,
    target: { amount: 5_000_000, currency: 'THB' },
    targetDate: '2027-12-31',
  });
  await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'goals', last.position);
}

/** A page `width` wide, axe allowed in (bypassCSP), signed in as `user` on `path`. */
async function open(browser, baseUrl, user, path, { width = 1280, height = 800, downloads = false } = {}) {
  const opened = await openPage(browser, {
    width,
    height,
    reducedMotion: 'reduce',
    bypassCSP: true,
    ...(downloads ? { acceptDownloads: true } : {}),
  });
  await signInAs(opened.context, opened.page, baseUrl, user, path);
  return opened;
}

async function noSeriousViolations(page, where) {
  const found = await seriousViolations(page);
  assert.deepEqual(found, [], `${where}: ${JSON.stringify(found, null, 2)}`);
}

/** Settings › Data & Privacy › Download all my data, in Thai: the ZIP the browser downloads, saved. */
async function downloadBackup(browser, baseUrl, screenshotDir, user) {
  const th = catalog('th');
  const { context, page, errors } = await open(browser, baseUrl, user, '/th/dashboard/settings?tab=privacy', {
    downloads: true,
  });
  try {
    await expectHeading(page, th['page.settings'], { errors });
    const section = page.getByRole('region', { name: th['backup.download.title'] });
    await section.getByText(th['backup.download.personal']).waitFor();
    await screenshot(page, screenshotDir, 'backup-privacy-th-1280');
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    const asked = page.waitForResponse((response) => response.url().includes('/api/backup/link'));
    await section.getByRole('button', { name: th['backup.download.button'] }).click();
    const [download, link] = await Promise.all([downloading, asked]);
    assert.equal(link.status(), 200);
    assert.equal(new URL(link.url()).searchParams.get('locale'), 'th');
    assert.match(download.suggestedFilename(), /^plenty-backup-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = join(tmpdir(), `plenty-journey-${uuidV7()}.zip`);
    await download.saveAs(file);
    await page.setViewportSize(PHONE);
    await assertFits(page, PHONE.width, 'Data & Privacy, th');
    await screenshot(page, screenshotDir, 'backup-privacy-th-390');

    // A refused link says why in place, and the button works again.
    await page.route('**/api/backup/link*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal"}}' }),
    );
    await section.getByRole('button', { name: th['backup.download.button'] }).click();
    await section.getByRole('alert').getByText(th['error.internal']).waitFor();
    assert.deepEqual(
      errors.filter((error) => !error.includes('500')),
      [],
    );
    return file;
  } finally {
    await context.close();
  }
}

/** Chooses `file` on the restore page and waits for what it holds (or for `problem`). */
async function chooseFile(page, messages, file) {
  await page.getByLabel(messages['restore.choose.label']).setInputFiles(file);
}

/** Restores `file` as `user` on an empty account in English, then checks every kind of record is there. */
async function restoreIntoNewAccount(browser, baseUrl, screenshotDir, user, file) {
  const en = catalog('en');
  const { context, page, errors } = await open(browser, baseUrl, user, '/dashboard');
  try {
    // A new account's dashboard offers the restore.
    await expectHeading(page, en['page.dashboard'], { errors });
    await page.getByTestId('dashboard-restore-offer').getByRole('link').click();
    await expectHeading(page, en['page.restore'], { errors });
    await chooseFile(page, en, file);
    const ready = page.getByTestId('restore-ready');
    await ready.waitFor();
    // Focus moves to the step's heading, so a screen reader hears where it is.
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      en['restore.ready.title'],
      'focus on the ready step',
    );
    assert.equal(await page.getByTestId('restore-transactions').innerText(), '3');
    assert.equal(await page.getByTestId('restore-receipts').innerText(), '1');
    await noSeriousViolations(page, 'restore, ready');
    await screenshot(page, screenshotDir, 'backup-restore-ready-en-1280');

    await page.getByRole('button', { name: en['restore.ready.start'] }).click();
    const done = page.getByTestId('restore-done');
    await done.waitFor({ timeout: 60_000 });
    const result = await page.getByTestId('restore-result').innerText();
    assert.match(result, /^\d+ records added to this account\.$/, result);
    await noSeriousViolations(page, 'restore, done');
    await screenshot(page, screenshotDir, 'backup-restore-done-en-1280');

    // The same transactions (the Thai note as written, the receipt), the goal and the category.
    await page.getByRole('link', { name: en['restore.done.transactions'] }).click();
    await expectHeading(page, en['page.transactions'], { errors });
    for (const note of [THAI_NOTE, 'Grilled fish', 'November pay']) await page.getByText(note).first().waitFor();
    // The custom category names its transaction's row (the filter's option of it is hidden).
    await page.getByText(CATEGORY).filter({ visible: true }).first().waitFor();
    // The receipt was uploaded again, and the restored transaction names the new one.
    const { items } = await call(baseUrl, user, 'queries/transactions?limit=10', {});
    const withReceipt = items.find((item) => item.note === 'Grilled fish');
    assert.ok(withReceipt?.receipt, `the restored transaction keeps a receipt: ${JSON.stringify(withReceipt)}`);
    const link = await call(baseUrl, user, `queries/receipts/${encodeURIComponent(withReceipt.receipt)}/link`, {});
    const picture = await fetch(new URL(link.url, baseUrl));
    assert.equal(picture.status, 200, 'the restored receipt opens');
    await page.goto(`${baseUrl}/dashboard/settings?tab=goals`);
    await page.getByText(GOAL).first().waitFor();
    await page.goto(`${baseUrl}/dashboard/settings?tab=categories`);
    await page.getByText(CATEGORY).first().waitFor();

    // The same file again adds nothing.
    await page.goto(`${baseUrl}/dashboard/restore`);
    await expectHeading(page, en['page.restore'], { errors });
    await chooseFile(page, en, file);
    await page.getByRole('button', { name: en['restore.ready.start'] }).click();
    await page.getByTestId('restore-done').waitFor({ timeout: 60_000 });
    assert.match(
      await page.getByTestId('restore-result').innerText(),
      /^Nothing new: all \d+ records of this backup were already in this account\.$/,
    );
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

/** A phone in Lao: a file that is not a backup is refused; an account with data asks to merge first. */
async function mergeOnPhone(browser, baseUrl, screenshotDir, user, file) {
  const lo = catalog('lo');
  const { context, page, errors } = await open(browser, baseUrl, user, '/lo/dashboard/restore', PHONE);
  try {
    await expectHeading(page, lo['page.restore'], { errors });
    const notBackup = join(tmpdir(), `plenty-journey-${uuidV7()}.zip`);
    await writeFile(notBackup, 'date,amount\n2026-11-01,5\n');
    await chooseFile(page, lo, notBackup);
    await page.getByText(lo['error.backup_invalid']).waitFor();
    await screenshot(page, screenshotDir, 'backup-restore-invalid-lo-390');

    await chooseFile(page, lo, file);
    await page.getByTestId('restore-ready').waitFor();
    await assertFits(page, PHONE.width, 'restore, ready, lo');
    await screenshot(page, screenshotDir, 'backup-restore-ready-lo-390');
    await page.getByRole('button', { name: lo['restore.ready.start'] }).click();
    const dialog = page.getByRole('dialog', { name: lo['restore.merge.title'] });
    await dialog.getByText(lo['restore.merge.body']).waitFor();
    await viewport(page, screenshotDir, 'backup-restore-merge-lo-390');
    // The events wait at the server's door until the progress is looked at.
    let release = () => {};
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/api/restore/events', async (route) => {
      await held;
      await route.continue();
    });
    const sending = page.waitForRequest('**/api/restore/events');
    await dialog.getByRole('button', { name: lo['restore.merge.confirm'] }).click();
    await sending;
    // The bar is named, and its value in words counts the records (0 of them sent so far).
    await page.getByRole('progressbar', { name: lo['restore.running.label'] }).waitFor();
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext') ?? ''),
    );
    await screenshot(page, screenshotDir, 'backup-restore-running-lo-390');
    release();
    await page.getByTestId('restore-done').waitFor({ timeout: 60_000 });
    await assertFits(page, PHONE.width, 'restore, done, lo');
    await screenshot(page, screenshotDir, 'backup-restore-done-lo-390');
    await page.getByRole('link', { name: lo['restore.done.transactions'] }).click();
    await expectHeading(page, lo['page.transactions'], { errors });
    for (const note of [THAI_NOTE, 'Own lunch']) await page.getByText(note).first().waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

/** The account the backup was made from is told its records are already there. */
async function sameAccount(browser, baseUrl, screenshotDir, user, file) {
  const th = catalog('th');
  const { context, page, errors } = await open(browser, baseUrl, user, '/th/dashboard/settings?tab=privacy', PHONE);
  try {
    await expectHeading(page, th['page.settings'], { errors });
    await page.getByRole('link', { name: th['restore.settings.open'] }).click();
    await expectHeading(page, th['page.restore'], { errors });
    await chooseFile(page, th, file);
    await page.getByRole('button', { name: th['restore.ready.start'] }).click();
    await page.getByTestId('restore-failed').getByRole('alert').getByText(th['error.restore_same_account']).waitFor();
    assert.equal(await page.getByRole('button', { name: th['restore.retry'] }).count(), 0, 'no retry for this');
    await assertFits(page, PHONE.width, 'restore, same account, th');
    await screenshot(page, screenshotDir, 'backup-restore-same-th-390');
    assert.deepEqual(
      errors.filter((error) => !error.includes('422')),
      [],
    );
  } finally {
    await context.close();
  }
}

/**
 * Download all my data and restore it: A's transactions (a Thai note, a receipt), goal and
 * custom category come back in B's new account; the same file again adds nothing; C, with data
 * of its own, merges after a question on a phone in Lao; A is told the backup is its own.
 */
export default async function backup({ browser, baseUrl, screenshotDir }) {
  const [a, b, c] = await Promise.all([
    createUser(baseUrl, 'Somchai Backup'),
    createUser(baseUrl, 'Bounmy Restore'),
    createUser(baseUrl, 'Chanthala Merge'),
  ]);
  await seed(baseUrl, a);
  await postCommand(baseUrl, c, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: { amount: 3000, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-15',
    note: 'Own lunch',
  });
  const file = await downloadBackup(browser, baseUrl, screenshotDir, a);
  await restoreIntoNewAccount(browser, baseUrl, screenshotDir, b, file);
  await mergeOnPhone(browser, baseUrl, screenshotDir, c, file);
  await sameAccount(browser, baseUrl, screenshotDir, a, file);
}
