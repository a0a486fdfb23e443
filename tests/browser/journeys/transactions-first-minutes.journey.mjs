import assert from 'node:assert/strict';
import { readAfter, sendCommand } from '../support/api.mjs';
import { expectHeading, expectToast, openPage, screenshot } from '../support/browser.mjs';
import { catalog, fill, LOCALES } from '../support/locale.mjs';
import { createUser, idTokenFor, signInAs } from '../support/users.mjs';

/**
 * A new user's first minutes with transactions, in English, Thai and Lao:
 * - a category made from the Add transaction form is created and chosen, and nothing typed is lost;
 * - the category dialog's icon search starts empty each time it opens;
 * - totals show no zero figures and write a negative with the typographic minus;
 * - "Lowest amount" and "Highest amount" order USD and LAK by their value in kip at the user's rate,
 *   and the page says so;
 * - after editing a transaction far down the list, the list shows that row, focused.
 * Pictures at 1280 and 390 px wide.
 */

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ids of the rows the list shows, top to bottom, once there are `count` of them. */
async function rowIds(page, count) {
  const rows = page.locator('[data-row-id]');
  const deadline = Date.now() + 15_000;
  while ((await rows.count()) !== count) {
    if (Date.now() > deadline) assert.fail(`expected ${count} rows, saw ${await rows.count()} at ${page.url()}`);
    await page.waitForTimeout(100);
  }
  return rows.evaluateAll((elements) =>
    elements
      .map((element) => ({ id: element.dataset.rowId, top: element.getBoundingClientRect().top }))
      .sort((a, b) => a.top - b.top)
      .map((row) => row.id),
  );
}

/** Adds a category from the transaction form in this language; answers its name. */
async function categoryFromTheForm({ page, messages, locale, width, screenshotDir }) {
  await expectHeading(page, messages['page.transactionAdd']);
  const amount = page.getByLabel(messages['transactions.field.amount'], { exact: true });
  const note = page.getByLabel(new RegExp(`^${escape(messages['transactions.field.note'])}`));
  await amount.fill('45.50');
  await page.getByLabel(messages['transactions.field.currency'], { exact: true }).selectOption('THB');
  await note.fill(`Noodles ${locale}`);
  const addressBefore = page.url();

  const dialog = page.getByTestId('category-dialog');
  const open = async () => {
    await page.getByRole('button', { name: messages['categories.create'] }).click();
    await dialog.getByRole('heading', { name: messages['categories.dialog.addTitle'] }).waitFor();
  };
  // The icon search of a dialog that was closed is gone when it opens again.
  await open();
  const search = dialog.getByLabel(messages['icon.search']);
  await search.fill('zzzz');
  await dialog.getByRole('button', { name: messages['common.cancel'], exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await open();
  assert.equal(await search.inputValue(), '', `${locale}: the icon search starts empty`);
  assert.ok((await dialog.getByTestId('icon-grid').getByRole('radio').count()) > 10, `${locale}: every icon shown`);

  const name = `Street food ${locale} ${width}`;
  await dialog.getByLabel(messages['categories.field.name'], { exact: true }).fill(name);
  await dialog.getByTestId('icon-grid').getByRole('radio').first().click();
  await dialog.getByRole('radio', { name: messages['categories.color.teal'], exact: true }).click();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${screenshotDir}/transactions-first-minutes-category-${locale}-${width}.png` });
  await dialog.getByRole('button', { name: messages['categories.dialog.add'], exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Still the same form, as typed, with the new category chosen.
  await page
    .getByTestId('category-picker')
    .getByRole('radio', { name, exact: true })
    .and(page.locator('[aria-checked="true"]'))
    .waitFor();
  assert.equal(page.url(), addressBefore, `${locale}: the page was not sent or reloaded`);
  assert.ok(!page.url().includes('_r_'), `${locale}: no form fields in the address`);
  await expectHeading(page, messages['page.transactionAdd']);
  assert.equal(await amount.inputValue(), '45.50', `${locale}: the amount stays`);
  assert.equal(await note.inputValue(), `Noodles ${locale}`, `${locale}: the note stays`);
  await screenshot(page, screenshotDir, `transactions-first-minutes-form-${locale}-${width}`);

  await page.getByRole('button', { name: messages['transactions.form.save'] }).click();
  await expectToast(page, messages['transactions.added']);
  await expectHeading(page, messages['page.transactions']);
  return name;
}

/** Totals: no zero figure, no hyphen for a minus, in the reader's language. */
async function checkTotals(page, messages, locale) {
  const totals = page.getByTestId('transaction-totals');
  await totals.waitFor();
  const row = totals.getByTestId('transaction-totals-row');
  assert.equal(await row.count(), 1, `${locale}: one currency`);
  await row.getByText(messages['transactions.type.expense'], { exact: true }).waitFor();
  assert.equal(
    await row.getByText(messages['transactions.type.income'], { exact: true }).count(),
    0,
    `${locale}: no income figure when there is none`,
  );
  assert.equal(
    await row.getByText(messages['transactions.totals.net'], { exact: true }).count(),
    0,
    `${locale}: no net that repeats the expense`,
  );
  // Baht in a kip account: the total in kip, a negative net, with "−".
  const approx = await totals.getByTestId('transaction-totals-approx').innerText();
  assert.ok(approx.includes('\u2212'), `${locale}: the net is written with "−": ${approx}`);
  assert.ok(
    !(await totals.innerText()).includes('-'),
    `${locale}: no hyphen as a minus in ${await totals.innerText()}`,
  );
}

export default async function transactionsFirstMinutes({ browser, baseUrl, screenshotDir }) {
  // Noy keeps kip, at 21,850 kip to the dollar; she has dollars and kip.
  const noy = await createUser(baseUrl, 'Noy Phommachanh');
  const token = await idTokenFor(baseUrl, noy);
  await sendCommand(baseUrl, token, 'ChangePreferences', { changes: { currency: 'LAK' } });
  await sendCommand(baseUrl, token, 'SetExchangeRates', {
    rates: { USD: '1', LAK: '21850', THB: '32.45', EUR: '0.866', GBP: '0.762', CAD: '1.402', AUD: '1.538' },
  });
  const ids = {};
  let last;
  const add = async (name, amount, currency, date, note) => {
    ids[name] = crypto.randomUUID();
    last = await sendCommand(baseUrl, token, 'AddTransaction', {
      transactionId: ids[name],
      type: 'expense',
      amount: { amount, currency },
      categoryId: 'builtin-food',
      date,
      note,
    });
  };
  await add('usd100', 10_000, 'USD', '2026-11-20', 'Dinner in dollars'); // ₭2,185,000
  await add('lak55k', 55_000, 'LAK', '2026-11-21', 'Noodle soup');
  await add('lak3m', 3_000_000, 'LAK', '2026-11-19', 'Rent share');
  await readAfter(baseUrl, token, 'transactions?limit=1', last.position);
  const byValue = [ids.lak55k, ids.usd100, ids.lak3m];

  for (const [locale, prefix] of LOCALES) {
    const messages = catalog(locale);
    for (const width of [1280, 390]) {
      const { context, page, errors } = await openPage(browser, { width, height: width === 390 ? 844 : 800 });
      try {
        await signInAs(context, page, baseUrl, noy, `${prefix}/dashboard/transactions?sort=lowest`);
        await expectHeading(page, messages['page.transactions']);
        const note = page.getByTestId('sort-value-note');
        await note.getByText(fill(messages['transactions.sort.valueNote'], { currency: 'LAK' })).waitFor();
        assert.deepEqual(await rowIds(page, 3), byValue, `${locale} ${width}: lowest by the value in kip`);
        await screenshot(page, screenshotDir, `transactions-first-minutes-lowest-${locale}-${width}`);
        await page.getByLabel(messages['transactions.filter.sort'], { exact: true }).selectOption('highest');
        await page.waitForURL(/sort=highest/);
        const deadline = Date.now() + 15_000;
        while ((await rowIds(page, 3))[0] !== ids.lak3m && Date.now() < deadline) await page.waitForTimeout(100);
        assert.deepEqual(await rowIds(page, 3), [...byValue].reverse(), `${locale} ${width}: highest`);
        await page.getByLabel(messages['transactions.filter.sort'], { exact: true }).selectOption('newest');
        await note.waitFor({ state: 'detached' });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  }

  // A newcomer makes a category from the form, in each language and width, and sees the totals.
  for (const [locale, prefix] of LOCALES) {
    const messages = catalog(locale);
    for (const width of [1280, 390]) {
      const user = await createUser(baseUrl, 'Kham Vongsa');
      const { context, page, errors } = await openPage(browser, { width, height: width === 390 ? 844 : 800 });
      try {
        await signInAs(context, page, baseUrl, user, `${prefix}/dashboard/transactions/add?type=expense`);
        const name = await categoryFromTheForm({ page, messages, locale, width, screenshotDir });
        const row = page.locator('[data-row-id]').first();
        await row.getByText(name).waitFor();
        await checkTotals(page, messages, locale);
        await screenshot(page, screenshotDir, `transactions-first-minutes-list-${locale}-${width}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  }

  // The same dialog from Settings › Categories still adds a category.
  {
    const messages = catalog('en');
    const user = await createUser(baseUrl, 'Bounmy');
    const { context, page, errors } = await openPage(browser);
    try {
      await signInAs(context, page, baseUrl, user, '/dashboard/settings?tab=categories');
      await page.getByRole('button', { name: messages['categories.add'], exact: true }).click();
      const dialog = page.getByTestId('category-dialog');
      await dialog.getByLabel(messages['categories.field.name'], { exact: true }).fill('Market');
      await dialog.getByTestId('icon-grid').getByRole('radio').first().click();
      await dialog.getByRole('radio', { name: messages['categories.color.teal'], exact: true }).click();
      await dialog.getByRole('button', { name: messages['categories.dialog.add'], exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('categories-custom').getByText('Market', { exact: true }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  // After an edit far down a long list, the list shows the edited row, focused.
  {
    const messages = catalog('en');
    for (let day = 1; day <= 24; day += 1) {
      await add(`filler${day}`, 1000 * day, 'LAK', `2026-10-${String(day).padStart(2, '0')}`, `Coffee ${day}`);
    }
    await readAfter(baseUrl, token, 'transactions?limit=1', last.position);
    const { context, page, errors } = await openPage(browser, { width: 390, height: 844 });
    try {
      await signInAs(context, page, baseUrl, noy, '/dashboard/transactions');
      await expectHeading(page, messages['page.transactions']);
      const target = ids.filler2;
      await page.locator('[data-row-id]').first().waitFor();
      for (let tries = 0; tries < 40 && (await page.locator(`[data-row-id="${target}"]`).count()) === 0; tries += 1) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(100);
      }
      await page.locator(`[data-row-id="${target}"]`).click();
      const detail = page.getByRole('dialog', { name: messages['transactions.detail.title'] });
      await detail.getByRole('link', { name: messages['transactions.detail.edit'] }).click();
      await expectHeading(page, messages['page.transactionEdit']);
      await page.getByLabel(new RegExp(`^${escape(messages['transactions.field.note'])}`)).fill('Coffee with Dara');
      await page.getByRole('button', { name: messages['transactions.form.saveChanges'] }).click();
      await expectToast(page, messages['transactions.updated']);
      await expectHeading(page, messages['page.transactions']);
      const row = page.locator(`[data-row-id="${target}"]`);
      await row.getByText('Coffee with Dara').waitFor();
      const deadline = Date.now() + 10_000;
      while (!(await row.evaluate((element) => element === document.activeElement)) && Date.now() < deadline) {
        await page.waitForTimeout(100);
      }
      assert.ok(await row.evaluate((element) => element === document.activeElement), 'the edited row has focus');
      assert.equal(await row.getAttribute('data-saved'), 'true', 'the edited row is marked');
      const box = await row.boundingBox();
      assert.ok(box !== null && box.y >= 0 && box.y + box.height <= 844, `the edited row is in view: ${box?.y}`);
      await page.screenshot({ path: `${screenshotDir}/transactions-first-minutes-after-edit-en-390.png` });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
}
