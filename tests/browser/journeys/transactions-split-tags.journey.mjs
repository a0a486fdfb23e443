import assert from 'node:assert/strict';
import { postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { expectHeading, expectToast, openPage, screenshot } from '../support/browser.mjs';
import { catalog, fill } from '../support/locale.mjs';
import { openDetail } from '../support/transactions.mjs';
import { createUser, signIn } from '../support/users.mjs';

/**
 * A split transaction with tags, as a person enters it: the lines' left-to-assign figure reaches
 * zero (a save before is refused on the split), tags come from the user's own with the keyboard,
 * a duplicate is refused in words, and an edit undoes the split.
 */
export default async function transactionsSplitTags({ browser, baseUrl, screenshotDir }) {
  const messages = catalog('en');
  const user = await createUser(baseUrl, 'Noy');
  const seeded = await postCommand(baseUrl, user, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: { amount: 50000, currency: 'THB' },
    categoryId: 'builtin-transport',
    date: '2026-11-02',
    note: 'Bus ticket',
    tags: ['Trip to Vang Vieng'],
  });
  await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'tags', seeded.position);

  const { context, page, errors } = await openPage(browser, { width: 1280, height: 900, reducedMotion: 'reduce' });
  try {
    await signIn(context, user);
    await page.goto(`${baseUrl}/dashboard/transactions/add`);
    await expectHeading(page, messages['page.transactionAdd']);
    await page.getByLabel(messages['transactions.field.amount'], { exact: true }).fill('1,250.50');
    await page.getByLabel(messages['transactions.field.currency'], { exact: true }).selectOption('THB');
    await page.getByTestId('split-start').click();
    const lines = page.getByTestId('split-line');
    assert.equal(await lines.count(), 2, 'a split starts with two lines');
    const left = page.getByTestId('split-left');
    assert.equal(await left.getAttribute('data-left'), '125050', 'everything is left to assign');
    assert.equal(await left.getAttribute('aria-live'), 'polite');

    await lines.nth(0).getByTestId('split-category').selectOption({ label: messages['category.builtin.food'] });
    await lines.nth(0).getByTestId('split-amount').fill('1000');
    await lines.nth(1).getByTestId('split-category').selectOption({ label: messages['category.builtin.shopping'] });
    await lines.nth(1).getByTestId('split-amount').fill('200');
    await left.filter({ hasText: fill(messages['split.left'], { amount: '฿50.50' }) }).waitFor();

    // Saving before the lines add up is refused on the split, and nothing is sent.
    await page.getByRole('button', { name: messages['transactions.form.save'] }).click();
    await page.getByTestId('split-lines').getByText(messages['error.split_total_mismatch'], { exact: true }).waitFor();
    await expectHeading(page, messages['page.transactionAdd']);

    await lines.nth(1).getByTestId('split-amount').fill('250.50');
    await lines.nth(1).getByTestId('split-note').fill('soap');
    await left.filter({ hasText: messages['split.allAssigned'] }).waitFor();
    assert.equal(await left.getAttribute('data-left'), '0');

    // Tags: a suggestion from the user's tags, chosen with the keyboard.
    const tags = page.getByTestId('tags-input');
    await tags.fill('trip');
    await page.getByTestId('tag-option').filter({ hasText: 'Trip to Vang Vieng' }).waitFor();
    await tags.press('ArrowDown');
    await tags.press('Enter');
    const chips = page.getByTestId('tag-chip');
    await chips.filter({ hasText: 'Trip to Vang Vieng' }).waitFor();
    // The same tag again (another case) is refused and said.
    await tags.fill('TRIP TO VANG VIENG');
    await tags.press('Enter');
    await page.getByTestId('tags-status').filter({ hasText: messages['error.tag_duplicate'] }).waitFor();
    // A comma ends a tag; Backspace in the empty input takes the last one off.
    await tags.fill('');
    await tags.pressSequentially('ງານແຕ່ງ,');
    await chips.filter({ hasText: 'ງານແຕ່ງ' }).waitFor();
    assert.equal(await chips.count(), 2);
    await tags.press('Backspace');
    await chips.filter({ hasText: 'ງານແຕ່ງ' }).waitFor({ state: 'detached' });
    await tags.fill('รีโนเวท');
    await tags.press('Enter');
    await chips.filter({ hasText: 'รีโนเวท' }).waitFor();
    await page.locator('textarea[name="note"]').fill('Supermarket run');
    await screenshot(page, screenshotDir, 'transactions-split-form-en-1280');

    await page.getByRole('button', { name: messages['transactions.form.save'] }).click();
    await expectToast(page, messages['transactions.added']);
    await expectHeading(page, messages['page.transactions']);
    const row = page.locator('[data-row-id]').filter({ hasText: 'Supermarket run' });
    await row.waitFor({ timeout: 15_000 });
    const rowText = await row.innerText();
    assert.ok(
      rowText.includes(`${messages['category.builtin.food']} + 1`),
      `a split row names its categories: ${rowText}`,
    );
    await row.getByTestId('row-tags').filter({ hasText: 'รีโนเวท' }).waitFor();

    let dialog = await openDetail(page, messages, 'Supermarket run');
    const splits = dialog.getByTestId('detail-splits');
    await splits.getByText(messages['category.builtin.shopping']).waitFor();
    await splits.getByText('฿250.50').waitFor();
    await dialog.getByTestId('detail-tags').getByText('Trip to Vang Vieng').waitFor();

    // Edit: the lines come back as they were saved; Unsplit returns to the first line's category.
    await dialog.getByRole('link', { name: messages['transactions.detail.edit'] }).click();
    await expectHeading(page, messages['page.transactionEdit']);
    assert.equal(await page.getByTestId('split-line').count(), 2);
    assert.equal(await page.getByTestId('split-amount').nth(1).inputValue(), '250.50');
    await page.getByTestId('split-undo').click();
    await page.getByTestId('category-picker').waitFor();
    assert.equal(await page.getByTestId('split-line').count(), 0);
    await page.getByRole('button', { name: messages['transactions.form.saveChanges'] }).click();
    await expectToast(page, messages['transactions.updated']);
    dialog = await openDetail(page, messages, 'Supermarket run');
    assert.equal(await dialog.getByTestId('detail-splits').count(), 0, 'one category again');
    await dialog
      .getByTestId('transaction-history')
      .getByText(fill(messages['transactions.history.fieldRemoved'], { field: messages['transactions.field.splits'] }))
      .waitFor({ timeout: 15_000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  // How the split form looks in Thai and Lao, on a phone and wide.
  for (const [locale, width] of [
    ['th', 390],
    ['lo', 390],
    ['th', 1280],
    ['lo', 1280],
    ['en', 390],
  ]) {
    const local = catalog(locale);
    const { context: shown, page: phone } = await openPage(browser, { width, height: 900, reducedMotion: 'reduce' });
    try {
      await signIn(shown, user);
      await phone.goto(`${baseUrl}${locale === 'en' ? '' : `/${locale}`}/dashboard/transactions/add`);
      await expectHeading(phone, local['page.transactionAdd']);
      await phone.getByLabel(local['transactions.field.amount'], { exact: true }).fill('300');
      await phone.getByTestId('split-start').click();
      await phone.getByTestId('split-amount').first().fill('100');
      await phone.getByTestId('split-left').filter({ hasText: /\d/ }).waitFor();
      await screenshot(phone, screenshotDir, `transactions-split-form-${locale}-${width}`);
    } finally {
      await shown.close();
    }
  }
}
