import assert from 'node:assert/strict';
import { postCommand, uuidV7 } from '../support/api.mjs';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { createUser, signIn } from '../support/users.mjs';

// More than two pages of 200 (the list's page size).
const COUNT = 450;

/**
 * A long list reads a page at a time as it is scrolled, keeps only the rows near the screen in the
 * document however many are loaded, and has its whole height from the first page on.
 */
export default async function transactionsMany({ browser, baseUrl }) {
  const messages = catalog('en');
  const user = await createUser(baseUrl, 'Khamla');
  for (let start = 0; start < COUNT; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, COUNT - start) }, (_, offset) => {
        const index = start + offset;
        const day = String(1 + (index % 28)).padStart(2, '0');
        return postCommand(baseUrl, user, 'AddTransaction', {
          transactionId: uuidV7(),
          type: index % 5 === 0 ? 'income' : 'expense',
          amount: { amount: 100 + index, currency: 'THB' },
          categoryId: index % 5 === 0 ? 'builtin-salary' : 'builtin-food',
          date: `2026-10-${day}`,
          note: `Row ${index + 1}`,
        });
      }),
    );
  }

  const { context, page, errors } = await openPage(browser, { width: 1280, height: 800, reducedMotion: 'reduce' });
  try {
    await signIn(context, user);
    await page.goto(`${baseUrl}/dashboard/transactions?sort=lowest`);
    await expectHeading(page, messages['page.transactions']);
    const totals = page.getByTestId('transaction-totals');
    await totals.getByText(`${COUNT} transactions`).waitFor({ timeout: 20_000 });
    await page.locator('[data-row-id]').first().waitFor();

    let most = 0;
    const listed = () =>
      page.evaluate(() => {
        const list = document.querySelector('[data-row-id]')?.closest('ul');
        return list ? Math.round(list.getBoundingClientRect().height / 76) : 0;
      });
    // The list is as long as every matching row from its first page on (rows of pages not read
    // yet hold their place), so nothing below it moves as the next pages come.
    assert.equal(await listed(), COUNT, 'the list has the height of every row before the next page is read');
    const end = page.getByText(messages['transactions.end'], { exact: true });
    // The end of the list is in the document below the rows long before it is on the screen.
    const endOnScreen = async () =>
      (await end.count()) > 0 && (await end.evaluate((element) => element.getBoundingClientRect().top < innerHeight));
    for (let step = 0; step < 200 && !(await endOnScreen()); step += 1) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(120);
      most = Math.max(most, await page.locator('[data-row-id]').count());
    }
    await end.waitFor({ timeout: 15_000 });
    assert.equal(await listed(), COUNT, 'every page was read');
    assert.ok(most > 0 && most <= 50, `only the rows near the screen are in the page (at most ${most})`);
    // The last rows, lowest first, are the highest amounts.
    await page
      .locator('[data-row-id]')
      .filter({ hasText: `Row ${COUNT}` })
      .waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
