import assert from 'node:assert/strict';
import { postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { seriousViolations } from '../support/axe.mjs';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { assertFits, PHONE } from '../support/layout.mjs';
import { catalog, say } from '../support/locale.mjs';
import { createUser, signInAs } from '../support/users.mjs';

const IMPORT = '/dashboard/import';
const WIDE = { width: 1280, height: 900 };

/**
 * A bank statement as a spreadsheet saves it: days after the 12th (so the date format is not in
 * doubt), a signed amount, a category known by name (Food, Salary), one nobody has yet (Street
 * snacks), a row that looks like a transaction already there (Khao soi) and one with a bad amount.
 */
const STATEMENT = [
  'Date,Amount,Category,Note',
  '15/11/2026,-120.50,Food,Khao soi',
  '16/11/2026,-45.00,Street snacks,Mango sticky rice',
  '17/11/2026,"1,500.00",Salary,November pay',
  '18/11/2026,twelve,Food,Broken row',
].join('\r\n');

const FILE = { name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(`${STATEMENT}\r\n`, 'utf8') };

/** A page `width` wide, axe allowed in (bypassCSP), signed in as `user` on `path`. */
async function open(browser, baseUrl, user, path, { width, height }) {
  const opened = await openPage(browser, { width, height, reducedMotion: 'reduce', bypassCSP: true });
  await signInAs(opened.context, opened.page, baseUrl, user, path);
  return opened;
}

async function noSeriousViolations(page, where) {
  const found = await seriousViolations(page);
  assert.deepEqual(found, [], `${where}: ${JSON.stringify(found, null, 2)}`);
}

/** A screenshot at 1280 and one at 390 px of what the page shows now, and the phone page fits. */
async function bothWidths(page, screenshotDir, name, where) {
  await screenshot(page, screenshotDir, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await assertFits(page, PHONE.width, where);
  await screenshot(page, screenshotDir, `${name}-390`);
  await page.setViewportSize(WIDE);
}

/** The text of a row problem: the file library's message for it. */
const problem = (messages, code) => messages[`import.error.${code}`] ?? messages['import.skipped.other'];

/** Chooses the statement and maps it: the columns map themselves, the currency is baht. */
async function chooseAndMap(page, messages) {
  await page.getByTestId('import-file-input').setInputFiles(FILE);
  const mapping = page.getByTestId('import-mapping');
  await mapping.waitFor();
  await page.getByLabel(messages['import.map.currency'], { exact: true }).selectOption('THB');
  return mapping;
}

/**
 * Import from a file as a person does it, in English: choose a bank statement, see it mapped
 * with a live preview that names the bad row, create the unknown category in one go, see the
 * look-alike flagged and skipped, import, see the summary and the imported transactions; the
 * same file again adds nothing; undo after confirming, and they are gone. Then in Thai on a
 * phone the undone file imports again, and the Lao screens, each step at 1280 and 390 px.
 */
export default async function importJourney({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const th = catalog('th');
  const lo = catalog('lo');
  const user = await createUser(baseUrl, 'Noy Keomany');
  // A transaction already there that row 1 of the file looks like (same date, type, amount and note).
  const seeded = await postCommand(baseUrl, user, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: { amount: 12050, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-15',
    note: 'Khao soi',
  });
  await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'transactions', seeded.position);

  const { context, page, errors } = await open(browser, baseUrl, user, '/dashboard/settings?tab=privacy', WIDE);
  try {
    // Settings › Data & Privacy leads to the import.
    await expectHeading(page, en['page.settings'], { errors });
    await page.getByRole('link', { name: en['settings.import.button'] }).click();
    await expectHeading(page, en['page.import'], { errors });
    await page.getByTestId('import-list-empty').waitFor();
    await noSeriousViolations(page, 'import, choose');
    await bothWidths(page, screenshotDir, 'import-choose-en', 'choose, en');

    // Step 2: the columns map themselves; the preview reads the dates, amounts and the bad row.
    const mapping = await chooseAndMap(page, en);
    assert.equal(await page.getByTestId('import-facts-rows').innerText(), '4');
    assert.equal(await page.getByTestId('import-facts-encoding').innerText(), 'UTF-8');
    assert.equal(await page.getByTestId('import-column-0').inputValue(), 'date');
    assert.equal(await page.getByTestId('import-column-1').inputValue(), 'amount');
    assert.equal(await page.getByTestId('import-column-2').inputValue(), 'category');
    assert.equal(await page.getByTestId('import-date-format').inputValue(), 'DD/MM/YYYY');
    const counts = say(en, 'en', 'import.preview.counts', { ready: 3, errors: 1, readyText: '3', errorText: '1' });
    await mapping.getByTestId('import-preview-counts').getByText(counts).waitFor();
    const preview = page.getByTestId('import-preview-row');
    assert.equal(await preview.count(), 4);
    assert.match(await preview.nth(0).innerText(), /November 15, 2026[\s\S]*฿120\.50[\s\S]*Food[\s\S]*Khao soi/);
    assert.match(await preview.nth(2).innerText(), /฿1,500\.00[\s\S]*Salary/);
    assert.equal(await preview.nth(3).getAttribute('data-state'), 'error');
    assert.equal(
      await preview.nth(3).getByTestId('import-preview-error').innerText(),
      problem(en, 'import_amount_invalid'),
    );
    // Changing a column's role changes the preview at once.
    await page.getByTestId('import-column-1').selectOption('ignore');
    await page.getByTestId('import-mapping-missing').getByText(en['import.map.needAmount']).waitFor();
    await page.getByTestId('import-column-1').selectOption('amount');
    await mapping.getByTestId('import-preview-counts').getByText(counts).waitFor();
    await noSeriousViolations(page, 'import, mapping');
    await bothWidths(page, screenshotDir, 'import-map-en', 'mapping, en');
    await page.getByTestId('import-map-continue').click();

    // Step 3: the unknown category, created in one go.
    const names = page.getByTestId('import-names');
    await names.waitFor();
    const unknown = names.getByTestId('import-unknown-category');
    assert.equal(await unknown.count(), 1);
    assert.equal(await unknown.getAttribute('data-name'), 'Street snacks');
    await noSeriousViolations(page, 'import, names');
    await bothWidths(page, screenshotDir, 'import-names-en', 'names, en');
    await names.getByRole('button', { name: say(en, 'en', 'import.names.createAll', { count: 1 }) }).click();
    await unknown.and(page.locator('[disabled]')).waitFor();
    await names.getByRole('button', { name: en['import.continue'] }).click();

    // Step 4: the look-alike is flagged and skipped; the bad row is listed with its reason.
    const review = page.getByTestId('import-review');
    await review.getByTestId('import-lookalikes').waitFor();
    const lookalikes = review.getByTestId('import-lookalike');
    assert.equal(await lookalikes.count(), 1);
    assert.match(await lookalikes.first().innerText(), /Khao soi/);
    assert.equal(await lookalikes.first().getByRole('checkbox').isChecked(), false);
    assert.match(await review.getByTestId('import-error-row').first().innerText(), /^Row 4: /);
    const ready = say(en, 'en', 'import.review.ready', { count: 2, countText: '2', skipped: 2 });
    assert.equal(await review.getByTestId('import-ready').innerText(), ready);
    await noSeriousViolations(page, 'import, review');
    await bothWidths(page, screenshotDir, 'import-review-en', 'review, en');

    // Step 5: import, then the summary.
    await review.getByRole('button', { name: say(en, 'en', 'import.review.import', { count: 2 }) }).click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor({ timeout: 30_000 });
    await summary.getByTestId('import-added').getByText('2', { exact: true }).waitFor();
    assert.equal(await summary.getByTestId('import-status').innerText(), en['import.status.finished']);
    const reasons = await summary
      .getByTestId('import-skipped')
      .locator('li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-code')).sort());
    assert.deepEqual(reasons, ['duplicate', 'import_amount_invalid']);
    await page.getByTestId('import-skipped-rows').waitFor();
    await noSeriousViolations(page, 'import, done');
    await bothWidths(page, screenshotDir, 'import-done-en', 'done, en');

    // The imported transactions, and only they, in the list narrowed to this import.
    await summary.getByRole('link', { name: say(en, 'en', 'import.summary.transactions', { count: 2 }) }).click();
    await expectHeading(page, en['page.transactions'], { errors });
    await page.getByTestId('transactions-import-filter').waitFor();
    const rows = page.locator('[data-row-id]');
    await rows.nth(1).waitFor();
    const listed = (await rows.allInnerTexts()).join('\n');
    assert.match(listed, /Mango sticky rice/);
    assert.match(listed, /November pay/);
    assert.doesNotMatch(listed, /Khao soi/);
    assert.equal(await rows.count(), 2);
    const batchPath = await page.getByTestId('transactions-import-filter').getByRole('link').getAttribute('href');
    await bothWidths(page, screenshotDir, 'import-transactions-en', 'transactions of an import, en');

    // The same file again adds nothing: the import of it is still in.
    await page.goto(`${baseUrl}${IMPORT}`);
    await expectHeading(page, en['page.import'], { errors });
    await page.getByTestId('import-item').first().waitFor();
    await chooseAndMap(page, en);
    await page.getByTestId('import-map-continue').click();
    const previous = page.getByTestId('import-previous');
    await previous.waitFor();
    assert.equal(await previous.getAttribute('data-status'), 'finished');
    assert.equal(await page.getByTestId('import-start').count(), 0, 'nothing to import from a file already in');
    await bothWidths(page, screenshotDir, 'import-again-en', 'same file again, en');

    // Undo on the import's page, after confirming; its transactions are gone, their history kept.
    await page.goto(`${baseUrl}${batchPath}`);
    await expectHeading(page, en['page.importDetail'], { errors });
    await page.getByRole('button', { name: en['import.undo.button'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(say(en, 'en', 'import.undo.body', { count: 2 })).waitFor();
    await noSeriousViolations(page, 'import, undo dialog');
    await screenshot(page, screenshotDir, 'import-undo-dialog-en-1280');
    await dialog.getByRole('button', { name: en['import.undo.confirm'] }).click();
    const status = page.getByTestId('import-status');
    await status.and(page.locator('[data-status="undone"]')).waitFor({ timeout: 30_000 });
    await bothWidths(page, screenshotDir, 'import-undone-en', 'undone, en');
    await page.goto(`${baseUrl}/dashboard/transactions?import=${batchPath.split('/').pop()}`);
    await page.getByTestId('transactions-no-match').waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  // Thai, on a phone: the undone file imports again (a new attempt); the category made before is known now.
  const phone = await open(browser, baseUrl, user, `/th${IMPORT}`, PHONE);
  try {
    const { page, errors } = phone;
    await expectHeading(page, th['page.import'], { errors });
    await assertFits(page, PHONE.width, 'import, th');
    await screenshot(page, screenshotDir, 'import-choose-th-390');
    const mapping = await chooseAndMap(page, th);
    await mapping.getByTestId('import-preview-counts').waitFor();
    await assertFits(page, PHONE.width, 'mapping, th');
    await screenshot(page, screenshotDir, 'import-map-th-390');
    await page.getByTestId('import-map-continue').click();
    const review = page.getByTestId('import-review');
    await review.getByTestId('import-lookalikes').waitFor();
    assert.equal(await page.getByTestId('import-previous').count(), 0, 'an undone import is no earlier import');
    await assertFits(page, PHONE.width, 'review, th');
    await screenshot(page, screenshotDir, 'import-review-th-390');
    await review.getByRole('button', { name: say(th, 'th', 'import.review.import', { count: 2 }) }).click();
    const summary = page.getByTestId('import-summary');
    await summary.getByTestId('import-added').getByText('2', { exact: true }).waitFor({ timeout: 30_000 });
    await noSeriousViolations(page, 'import, done, th');
    await assertFits(page, PHONE.width, 'done, th');
    await screenshot(page, screenshotDir, 'import-done-th-390');
    await page.setViewportSize(WIDE);
    await screenshot(page, screenshotDir, 'import-done-th-1280');
    await page.getByRole('button', { name: th['import.run.open'] }).click();
    await expectHeading(page, th['page.importDetail'], { errors });
    assert.deepEqual(errors, []);
  } finally {
    await phone.context.close();
  }

  // Lao: the list of imports, the mapping and the review, wide and on a phone.
  const lao = await open(browser, baseUrl, user, `/lo${IMPORT}`, WIDE);
  try {
    const { page, errors } = lao;
    await expectHeading(page, lo['page.import'], { errors });
    await page.getByTestId('import-item').nth(1).waitFor();
    await bothWidths(page, screenshotDir, 'import-choose-lo', 'choose, lo');
    await chooseAndMap(page, lo);
    await page.getByTestId('import-preview-counts').waitFor();
    await noSeriousViolations(page, 'import, mapping, lo');
    await bothWidths(page, screenshotDir, 'import-map-lo', 'mapping, lo');
    await page.getByTestId('import-map-continue').click();
    await page.getByTestId('import-previous').waitFor();
    await bothWidths(page, screenshotDir, 'import-review-lo', 'review, lo');
    assert.deepEqual(errors, []);
  } finally {
    await lao.context.close();
  }
}
