import assert from 'node:assert/strict';
import { join } from 'node:path';
import { call, postCommand, uuidV7 } from '../support/api.mjs';
import { expectHeading, screenshot as capture } from '../support/browser.mjs';
import { assertScrollFits } from '../support/layout.mjs';
import { receiptPng } from '../support/receipt.mjs';
import { onEachScreen } from '../support/screens.mjs';
import { createUser } from '../support/users.mjs';

const SEED = [
  ['income', 4500000, 'THB', 'builtin-salary', '2026-11-01', '09:00', 'November salary'],
  ['expense', 12000, 'THB', 'builtin-food', '2026-11-20', '12:30', 'ข้าวมันไก่ กับ ชาเย็น'],
  ['expense', 350000, 'LAK', 'builtin-transport', '2026-11-19', null, 'ລົດຕຸກຕຸກ ໄປຕະຫຼາດເຊົ້າ'],
  ['expense', 1599, 'USD', 'builtin-entertainment', '2026-11-18', '20:15', 'Streaming subscription'],
  [
    'expense',
    890000,
    'THB',
    'builtin-housing',
    '2026-11-05',
    null,
    'Rent for a very long month with a note long enough to be cut at the end of the row',
  ],
  ['income', 250000, 'THB', 'builtin-gifts', '2026-11-10', null, null],
  ['expense', 45000, 'THB', 'builtin-utilities', '2026-11-12', '08:00', 'Electricity'],
];

/** One user with a list worth looking at, a receipt on the food expense. */
async function seed(baseUrl, user) {
  const form = new FormData();
  form.append('file', new Blob([receiptPng()], { type: 'image/png' }), 'receipt.png');
  const { receiptId } = await call(baseUrl, user, 'receipts', { method: 'POST', body: form });
  for (const [type, amount, currency, categoryId, date, time, note] of SEED) {
    await postCommand(baseUrl, user, 'AddTransaction', {
      transactionId: uuidV7(),
      type,
      amount: { amount, currency },
      categoryId,
      date,
      ...(time === null ? {} : { time }),
      ...(note === null ? {} : { note }),
      ...(categoryId === 'builtin-food' ? { receipt: receiptId } : {}),
    });
  }
}

/** From the top, so the sticky header sits where it belongs in a full-page picture. */
async function screenshot(page, screenshotDir, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  // Painted where it scrolled to: two animation frames.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await capture(page, screenshotDir, name);
}

/** Opens a page and waits for its heading; many pictures on a shared machine make a first paint slow. */
async function open(opened, url, heading) {
  await opened.page.goto(url);
  try {
    await opened.page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 45_000 });
  } catch (error) {
    const shown = await opened.page.locator('h1').allInnerTexts();
    throw new Error(`${url} did not open (h1: ${JSON.stringify(shown)}; errors: ${opened.errors.join(' | ')})`, {
      cause: error,
    });
  }
}

/** The list (empty and filled), the form and the detail in every language, dark and light, wide and at 360 px. */
export default async function transactionsScreenshots({ browser, baseUrl, screenshotDir }) {
  const empty = await createUser(baseUrl, 'Noy');
  const filled = await createUser(baseUrl, 'Somsak');
  await seed(baseUrl, filled);
  const screens = [
    ['dark', 1280, ''],
    ['light', 1280, ''],
    ['dark', 360, '-360'],
  ];
  await onEachScreen(browser, { screens, height: 800, empty, filled }, async (shot) => {
    const { blank, full, locale, prefix, messages, theme, width, suffix } = shot;
    const name = (what) => `transactions-${what}-${locale}-${theme}${suffix}`;

    await open(blank, `${baseUrl}${prefix}/dashboard/transactions`, messages['page.transactions']);
    await blank.page.getByTestId('transactions-empty').waitFor({ timeout: 15_000 });
    await screenshot(blank.page, screenshotDir, name('list-empty'));
    await assertScrollFits(blank.page, width, name('list-empty'));

    await open(full, `${baseUrl}${prefix}/dashboard/transactions`, messages['page.transactions']);
    await full.page.getByTestId('transaction-totals').waitFor({ timeout: 15_000 });
    // Seeded outside the browser: the views may need a moment to catch up.
    // Only the rows near the screen are in the page: the list's height tells how many it holds.
    const listed = () =>
      full.page.evaluate(() => {
        const list = document.querySelector('[data-row-id]')?.closest('ul');
        return list ? Math.round(list.getBoundingClientRect().height / 76) : 0;
      });
    const deadline = Date.now() + 60_000;
    while ((await listed()) < SEED.length) {
      assert.ok(Date.now() < deadline, 'every seeded transaction is listed');
      await full.page.reload();
      await expectHeading(full.page, messages['page.transactions']);
      await full.page.getByTestId('transaction-totals').waitFor({ timeout: 15_000 });
    }
    await screenshot(full.page, screenshotDir, name('list'));
    await assertScrollFits(full.page, width, name('list'));

    await full.page.locator('[data-row-id]').filter({ hasText: messages['category.builtin.food'] }).click();
    const dialog = full.page.getByRole('dialog', { name: messages['transactions.detail.title'] });
    await dialog.getByTestId('transaction-history').waitFor({ timeout: 15_000 });
    const image = dialog.getByRole('img', { name: messages['transactions.detail.receiptAlt'] });
    await image.waitFor({ timeout: 15_000 });
    await full.page.waitForFunction(
      (element) => element.complete && element.naturalWidth > 0,
      await image.elementHandle(),
    );
    // The dialog scrolls inside the screen: a picture of the screen, as people see it.
    await full.page.screenshot({ path: join(screenshotDir, `${name('detail')}.png`) });
    await full.page.keyboard.press('Escape');

    await open(full, `${baseUrl}${prefix}/dashboard/transactions/add`, messages['page.transactionAdd']);
    await full.page.getByTestId('category-picker').waitFor({ timeout: 15_000 });
    await screenshot(full.page, screenshotDir, name('form'));
    await full.page.getByRole('button', { name: messages['transactions.form.save'] }).click();
    await full.page.getByText(messages['error.amount_required'], { exact: true }).waitFor();
    await screenshot(full.page, screenshotDir, name('form-errors'));
    await assertScrollFits(full.page, width, name('form'));
  });
}
