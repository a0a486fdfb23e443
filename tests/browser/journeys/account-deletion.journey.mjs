import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { callApi, createUser, lookupUser, signInAs } from '../support/users.mjs';

/** The audit record of erasures keeps the user id and the reason, nothing else. */
const ERASURES_STREAM = 'account-erasures';

function openReadOnly(dataDir, file) {
  return new Database(join(dataDir, file), { readonly: true, fileMustExist: true });
}

/** What the stores hold for a user: streams of their events, rows in every view, their data key. */
function storedFor(dataDir, uid) {
  const events = openReadOnly(dataDir, 'events.db');
  const read = openReadOnly(dataDir, 'read.db');
  const keys = openReadOnly(dataDir, 'keys.db');
  try {
    const streams = events
      .prepare("SELECT DISTINCT stream_id FROM events WHERE json_extract(metadata, '$.userId') = ?")
      .all(uid)
      .map((row) => row.stream_id)
      .sort();
    const views = read
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'view_%'")
      .all()
      .map(({ name }) => name);
    const viewRows = Object.fromEntries(
      views
        .map((name) => [name, read.prepare(`SELECT COUNT(*) AS n FROM ${name} WHERE user_id = ?`).get(uid).n])
        .filter(([, n]) => n > 0),
    );
    const dataKeys = keys.prepare('SELECT COUNT(*) AS n FROM data_keys WHERE user_id = ?').get(uid).n;
    return { streams, viewRows, dataKeys };
  } finally {
    events.close();
    read.close();
    keys.close();
  }
}

async function addTransaction(baseUrl, user, note) {
  await callApi(baseUrl, user, 'commands/AddTransaction', {
    transactionId: randomUUID(),
    type: 'expense',
    amount: { amount: 4500, currency: 'LAK' },
    categoryId: 'builtin-food',
    date: '2026-11-20',
    note,
  });
}

async function waitUntil(check, message) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/**
 * Two users with data. User A goes through the five steps in Thai (the phrase stays English),
 * meets the email mismatch and an inexact phrase on the way, ends on the login page with the
 * toast, where A's email and password no longer sign in; A's events, views, data key and
 * sign-in account are gone, B's are untouched.
 */
export default async function accountDeletion({ browser, baseUrl, screenshotDir, dataDir }) {
  assert.ok(dataDir, 'the journey runner passes the data folder');
  const th = catalog('th');
  const leaving = await createUser(baseUrl, 'Somchai');
  const staying = await createUser(baseUrl, 'Noy');
  await addTransaction(baseUrl, leaving, 'Khao piak');
  await addTransaction(baseUrl, staying, 'Tam mak hoong');
  await waitUntil(
    () => Object.keys(storedFor(dataDir, leaving.uid).viewRows).length > 0,
    "A's transaction never reached the views",
  );
  await waitUntil(
    () => Object.keys(storedFor(dataDir, staying.uid).viewRows).length > 0,
    "B's transaction never reached the views",
  );
  const before = storedFor(dataDir, staying.uid);
  assert.equal(storedFor(dataDir, leaving.uid).dataKeys, 1);

  const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
  try {
    await signInAs(context, page, baseUrl, leaving, '/th/dashboard/settings?tab=privacy');
    await expectHeading(page, th['page.settings']);
    await page.getByRole('button', { name: th['account.delete.start'] }).click();
    const flow = page.getByTestId('delete-account');
    const title = flow.getByTestId('delete-step-title');
    const hint = flow.getByTestId('delete-step-hint');
    const continueButton = flow.getByRole('button', { name: th['account.delete.continue'] });

    // 1. The warning: what is erased, and that it cannot be undone.
    await title.getByText(th['account.delete.warning.title']).waitFor();
    for (const item of ['transactions', 'categories', 'budgets', 'goals', 'debts', 'receipts', 'signIn']) {
      await flow.getByText(th[`account.delete.erased.${item}`]).waitFor();
    }
    await flow.getByText(th['account.delete.warning.final']).waitFor();
    assert.equal(
      await flow
        .locator('[aria-current="step"]')
        .innerText()
        .then((text) => text.includes(th['account.delete.step.warning'])),
      true,
    );
    await continueButton.click();

    // 2. The reason is optional; A picks one.
    await title.getByText(th['account.delete.reason.title']).waitFor();
    assert.equal(await flow.getByRole('radio', { name: th['account.delete.reason.none'] }).isChecked(), true);
    await flow.getByRole('radio', { name: th['account.delete.reason.switching'] }).check();
    await continueButton.click();

    // 3. The email: Continue stays disabled, saying why, until it matches.
    await title.getByText(th['account.delete.email.title']).waitFor();
    assert.equal(await continueButton.getAttribute('aria-disabled'), 'true');
    await hint.getByText(th['account.delete.email.needed']).waitFor();
    const email = flow.getByLabel(th['account.delete.email.label']);
    await email.fill(`someone-else-${leaving.email}`);
    // Playwright will not click an aria-disabled button on its own; a user can, and nothing happens.
    await continueButton.click({ force: true });
    await hint.getByText(th['error.account_email_mismatch']).waitFor();
    assert.equal(await email.getAttribute('aria-invalid'), 'true');
    assert.ok(await flow.getByText(th['error.account_email_mismatch']).first().isVisible(), 'the field shows why');
    await title.getByText(th['account.delete.email.title']).waitFor();
    await email.fill(leaving.email.toUpperCase());
    assert.equal(await continueButton.getAttribute('aria-disabled'), 'false');
    await continueButton.click();

    // 4. The phrase, in English, exactly.
    await title.getByText(th['account.delete.phrase.title']).waitFor();
    await flow.locator('strong[lang="en"]').getByText('Delete My Account', { exact: true }).waitFor();
    const phrase = flow.getByLabel(th['account.delete.phrase.label']);
    const confirm = flow.getByRole('button', { name: th['account.delete.confirm'] });
    await phrase.fill('delete my account');
    assert.equal(await confirm.getAttribute('aria-disabled'), 'true');
    await hint.getByText(th['account.delete.phrase.needed']).waitFor();
    await confirm.click({ force: true });
    await title.getByText(th['account.delete.phrase.title']).waitFor();
    await phrase.fill('Delete My Account');
    assert.equal(await confirm.getAttribute('aria-disabled'), 'false');

    // Back keeps what was typed.
    await flow.getByRole('button', { name: th['account.delete.back'] }).click();
    assert.equal(await flow.getByLabel(th['account.delete.email.label']).inputValue(), leaving.email.toUpperCase());
    await continueButton.click();
    assert.equal(await phrase.inputValue(), 'Delete My Account');

    // 5. Deleted: the toast, signed out, on the login page in Thai.
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/th/auth/login');
    await page.getByTestId('toast').getByText(th['account.deleted']).waitFor();
    await expectHeading(page, th['page.login']);
    await screenshot(page, screenshotDir, 'settings-delete-5-deleted-th-dark');
    const session = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('firebase:authUser')),
    );
    assert.deepEqual(session, []);

    // The account is gone: its email and password sign in no more, with the one message for
    // wrong credentials.
    await page.getByLabel(th['auth.email'], { exact: true }).fill(leaving.email);
    await page.getByLabel(th['auth.password'], { exact: true }).fill(leaving.password);
    await page.getByRole('button', { name: th['auth.login.submit'], exact: true }).click();
    await page.getByTestId('form-error').getByText(th['authError.invalidCredential']).waitFor();
    assert.equal(new URL(page.url()).pathname, '/th/auth/login');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  // A: only the audit record of the erasure is left; no view rows, no data key, no sign-in account.
  await waitUntil(
    () => Object.keys(storedFor(dataDir, leaving.uid).viewRows).length === 0,
    "A's views were not purged",
  );
  const gone = storedFor(dataDir, leaving.uid);
  assert.deepEqual(gone.streams, [ERASURES_STREAM]);
  assert.deepEqual(gone.viewRows, {});
  assert.equal(gone.dataKeys, 0);
  assert.equal(await lookupUser(baseUrl, leaving), null, 'the sign-in account is gone');

  // B: untouched.
  assert.deepEqual(storedFor(dataDir, staying.uid), before);
  assert.equal((await lookupUser(baseUrl, staying))?.email, staying.email);
}
