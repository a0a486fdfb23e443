import assert from 'node:assert/strict';
import { postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { expectToast, openSignedIn, viewport } from '../support/browser.mjs';
import { dateFromToday } from '../support/dates.mjs';
import { catalog, fill } from '../support/locale.mjs';
import { createUser } from '../support/users.mjs';

/**
 * A recurring rule split into category lines, with tags and a wallet: "Repeat…" on a split
 * transaction starts the rule with its lines and tags; lines that do not add up are refused on
 * the lines; a bill from today with a bank wallet is posted with another amount once its lines
 * fit it, and the posted transaction shows its lines and tags in the list; the rule reads "Food + 1" in the list and lists its lines and tags on its
 * page. Then the rule page and the dialog's lines in Thai and Lao, on a phone and wide.
 */
export default async function recurringSplits({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Bounmy');
  const walletId = uuidV7();
  await postCommand(baseUrl, user, 'OpenWallet', {
    walletId,
    name: 'BCEL One',
    kind: 'bank',
    currency: 'LAK',
    openingBalance: 2_000_000,
    openingDate: '2026-01-01',
    icon: 'bank',
    color: '#3b82f6',
    excludeFromTotals: false,
  });
  const transactionId = uuidV7();
  const added = await postCommand(baseUrl, user, 'AddTransaction', {
    transactionId,
    type: 'expense',
    amount: { amount: 150_000, currency: 'LAK' },
    categoryId: 'builtin-food',
    splits: [
      { categoryId: 'builtin-food', amount: 100_000, note: 'Market' },
      { categoryId: 'builtin-shopping', amount: 50_000 },
    ],
    tags: ['Family', 'Weekly'],
    date: dateFromToday(-40),
    note: 'Weekly shop',
  });
  await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'tags', added.position);
  const today = dateFromToday(0);

  const { context, page, errors } = await openSignedIn(
    browser,
    baseUrl,
    user,
    `/dashboard/transactions?view=${transactionId}`,
    { height: 900 },
  );
  try {
    await page.getByTestId('transaction-detail').getByTestId('repeat-transaction').click();
    const dialog = page.getByTestId('rule-dialog');
    await dialog.getByRole('heading', { name: en['recurring.dialog.addTitle'] }).waitFor();
    const lines = dialog.getByTestId('split-line');
    assert.equal(await lines.count(), 2, 'Repeat… keeps the two lines');
    assert.equal(await lines.nth(0).getByTestId('split-amount').inputValue(), '100000');
    assert.equal(await lines.nth(0).getByTestId('split-note').inputValue(), 'Market');
    assert.equal(await lines.nth(1).getByTestId('split-amount').inputValue(), '50000');
    assert.deepEqual(
      (await dialog.getByTestId('tag-chip').allInnerTexts()).map((text) => text.split('\n')[0]),
      ['Family', 'Weekly'],
    );
    await dialog.getByTestId('split-left').filter({ hasText: en['split.allAssigned'] }).waitFor();

    // Its wallet, and from today: an automatic rule posts today's at once.
    await dialog.getByTestId('wallet-picker-ruleWallet').selectOption(walletId);
    const start = dialog.getByLabel(en['recurring.field.startDate'], { exact: true });
    await start.fill(today);
    await start.press('Tab');
    await dialog.getByTestId('rule-month-day').selectOption(String(Number(today.slice(8))));
    await dialog.locator(`[data-testid="rule-preview-date"][data-date="${today}"]`).waitFor();

    // Lines that do not add up are refused on the lines, and nothing is sent.
    await lines.nth(1).getByTestId('split-amount').fill('40000');
    await dialog.locator('[data-testid="split-left"][data-left="10000"]').waitFor();
    await dialog.getByRole('button', { name: en['recurring.dialog.add'], exact: true }).click();
    await dialog.getByTestId('split-lines').getByText(en['error.split_total_mismatch'], { exact: true }).waitFor();
    await lines.nth(1).getByTestId('split-amount').fill('50000');
    await dialog.getByTestId('rule-mode-confirm').check();
    await dialog.getByTestId('tags-input').fill('Rent day');
    await dialog.getByTestId('tags-input').press('Enter');
    await dialog.getByRole('button', { name: en['recurring.dialog.add'], exact: true }).click();
    await expectToast(page, en['recurring.toast.created']);
    await dialog.waitFor({ state: 'hidden' });

    // The list reads the split as its first category + 1, with its tags.
    await page.goto(`${baseUrl}/dashboard/recurring`);
    const rule = page.getByTestId('rule-item').first();
    const more = fill(en['split.more'], { category: en['category.builtin.food'], count: '1' });
    await rule.getByTestId('rule-categories').getByText(more).waitFor();
    assert.deepEqual(await rule.getByTestId('rule-tags').locator('li').allInnerTexts(), [
      'Family',
      'Weekly',
      'Rent day',
    ]);
    await rule.getByTestId('rule-link').click();
    await page.getByTestId('rule-detail').waitFor();
    const ruleUrl = new URL(page.url()).pathname;
    const detailLines = page.getByTestId('rule-detail-split-line');
    assert.equal(await detailLines.count(), 2);
    await detailLines.nth(0).getByText('Market').waitFor();
    await page.getByTestId('rule-detail-tags').getByText('Rent day').waitFor();

    // Posted with another amount: the occurrence's lines must fit it, said on the lines.
    const waiting = page.getByTestId('waiting-occurrence').first();
    await waiting.getByTestId('post-other-amount').click();
    const occurrence = page.getByTestId('occurrence-dialog');
    await occurrence.getByTestId('occurrence-amount').fill('160000');
    await occurrence.locator('[data-testid="split-left"][data-left="10000"]').waitFor();
    const postButton = occurrence.getByRole('button', { name: en['recurring.occurrence.postSubmit'], exact: true });
    await postButton.click();
    await occurrence.getByTestId('split-lines').getByText(en['error.split_total_mismatch'], { exact: true }).waitFor();
    await occurrence.getByTestId('split-line').nth(1).getByTestId('split-amount').fill('60000');
    await occurrence.getByTestId('split-left').filter({ hasText: en['split.allAssigned'] }).waitFor();
    await postButton.click();
    await occurrence.waitFor({ state: 'hidden' });
    await page.getByTestId('posted-transaction').first().getByTestId('posted-amount').getByText('₭160,000').waitFor();

    // The posted transaction: paid from the bank, its two categories and its tags in the list.
    await page.goto(`${baseUrl}/dashboard/transactions`);
    const posted = page.locator('[data-row-id]').filter({ hasText: 'BCEL One' });
    await posted.first().waitFor();
    assert.equal(await posted.count(), 1, 'one transaction posted today');
    await posted.getByTestId('row-split').getByText(more).waitFor();
    await posted.getByTestId('row-tags').getByText('Family').waitFor();
    assert.deepEqual(errors, []);

    // Thai and Lao: the rule page and the dialog's lines, on a phone and wide.
    for (const [locale, width] of [
      ['th', 390],
      ['lo', 1280],
      ['lo', 390],
    ]) {
      const messages = catalog(locale);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}/${locale}${ruleUrl}`);
      const localMore = fill(messages['split.more'], { category: messages['category.builtin.food'], count: '1' });
      await page.getByTestId('rule-detail-split-line').first().waitFor();
      await page.getByTestId('rule-detail').getByText(localMore).first().waitFor();
      await viewport(page, screenshotDir, `recurring-splits-rule-${locale}-${width}`);
      await page.getByTestId('edit-rule').click();
      const edit = page.getByTestId('rule-dialog');
      await edit.getByTestId('split-line').nth(1).scrollIntoViewIfNeeded();
      await edit.getByTestId('split-left').filter({ hasText: messages['split.allAssigned'] }).waitFor();
      await viewport(page, screenshotDir, `recurring-splits-dialog-${locale}-${width}`);
      await page.keyboard.press('Escape');
      await edit.waitFor({ state: 'hidden' });
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
