import assert from 'node:assert/strict';
import { postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { createUser, signIn } from '../support/users.mjs';

/** Today in the browser's zone (the user has no zone set, so the app uses the browser's). */
const localToday = () => {
  const now = new Date();
  const pad = (value) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

const rowNotes = (page) =>
  page.locator('[data-row-id]').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));

/** Waits until the rows shown are exactly those with these notes (any order). */
async function expectRows(page, notes, message) {
  await page
    .waitForFunction(
      (expected) => {
        const shown = [...document.querySelectorAll('[data-row-id]')].map((row) => row.textContent ?? '');
        return shown.length === expected.length && expected.every((note) => shown.some((text) => text.includes(note)));
      },
      notes,
      { timeout: 15_000 },
    )
    .catch(async () =>
      assert.fail(`${message}: expected ${notes.join(', ')}; saw ${(await rowNotes(page)).join(' | ')}`),
    );
}

/**
 * The list's search, dates and tag live in the address: a Thai word and an amount term found as
 * typed, a date preset, a tag filter chip; reload and back keep them.
 */
export default async function transactionsList({ browser, baseUrl, screenshotDir }) {
  const messages = catalog('en');
  const user = await createUser(baseUrl, 'Somchai');
  const today = localToday();
  const longAgo = '2025-03-10';
  const add = (fields) =>
    postCommand(baseUrl, user, 'AddTransaction', { transactionId: uuidV7(), type: 'expense', ...fields });
  await add({
    amount: { amount: 12000, currency: 'THB' },
    categoryId: 'builtin-food',
    date: today,
    note: 'ข้าวมันไก่ร้านประจำ',
  });
  await add({
    amount: { amount: 75000, currency: 'THB' },
    categoryId: 'builtin-shopping',
    date: today,
    note: 'Shoes',
    tags: ['Wedding'],
  });
  const last = await add({
    amount: { amount: 90000, currency: 'THB' },
    categoryId: 'builtin-transport',
    date: longAgo,
    note: 'Old train ticket',
    tags: ['Wedding'],
  });
  await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'transactions?limit=1', last.position);

  const { context, page, errors } = await openPage(browser, { width: 1280, height: 900, reducedMotion: 'reduce' });
  try {
    await signIn(context, user);
    await page.goto(`${baseUrl}/dashboard/transactions`);
    await expectHeading(page, messages['page.transactions']);
    await expectRows(page, ['ข้าวมันไก่', 'Shoes', 'Old train ticket'], 'everything at first');

    // A Thai word inside a note written without spaces, found as it is typed.
    const search = page.getByTestId('transactions-search');
    await search.pressSequentially('ไก่');
    await page.waitForURL(/[?&]q=/);
    await expectRows(page, ['ข้าวมันไก่'], 'a Thai word');
    assert.match(decodeURIComponent(page.url()), /q=ไก่/);

    // An amount term: more than 500 baht.
    await search.fill('>500');
    await expectRows(page, ['Shoes', 'Old train ticket'], 'amounts over 500');
    await page.getByTestId('transaction-totals').getByText('2 transactions').waitFor();

    // Reload keeps the search.
    await page.reload();
    await expectHeading(page, messages['page.transactions']);
    await expectRows(page, ['Shoes', 'Old train ticket'], 'after a reload');
    assert.equal(await page.getByTestId('transactions-search').inputValue(), '>500');

    // This month: the old ticket goes.
    await page.getByTestId('filter-dates').selectOption('thisMonth');
    await page.waitForURL(/from=\d{4}-\d{2}-01/);
    await expectRows(page, ['Shoes'], 'this month and over 500');
    assert.ok(page.url().includes(`to=${today}`), page.url());

    // Back: the range goes, the search stays.
    await page.goBack();
    await expectRows(page, ['Shoes', 'Old train ticket'], 'back before the range');
    await page.getByRole('button', { name: messages['transactions.clearFilters'] }).first().click();
    await expectRows(page, ['ข้าวมันไก่', 'Shoes', 'Old train ticket'], 'cleared');

    // A tag: the chip says it and takes it off.
    await page.getByTestId('filter-tag').selectOption({ label: 'Wedding' });
    await page.waitForURL(/tag=Wedding/);
    await expectRows(page, ['Shoes', 'Old train ticket'], 'tagged Wedding');
    const chip = page.getByTestId('filter-tag-chip');
    await chip.waitFor();
    await screenshot(page, screenshotDir, 'transactions-list-filters-en-1280');
    await chip.getByRole('button').click();
    await expectRows(page, ['ข้าวมันไก่', 'Shoes', 'Old train ticket'], 'tag taken off');
    assert.ok(!page.url().includes('tag='), page.url());
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  // A link with filters opens them, in every language and on a phone.
  for (const [locale, width] of [
    ['th', 390],
    ['lo', 390],
    ['th', 1280],
    ['lo', 1280],
    ['en', 390],
  ]) {
    const local = catalog(locale);
    const { context: shown, page: other } = await openPage(browser, { width, height: 900, reducedMotion: 'reduce' });
    try {
      await signIn(shown, user);
      await other.goto(`${baseUrl}${locale === 'en' ? '' : `/${locale}`}/dashboard/transactions?tag=Wedding&q=%3E500`);
      await expectHeading(other, local['page.transactions']);
      await expectRows(other, ['Shoes', 'Old train ticket'], `${locale} link`);
      await screenshot(other, screenshotDir, `transactions-list-${locale}-${width}`);
    } finally {
      await shown.close();
    }
  }
}
