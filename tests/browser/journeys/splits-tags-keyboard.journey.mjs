import assert from 'node:assert/strict';
import { expectHeading, expectToast, openPage } from '../support/browser.mjs';
import { PHONE } from '../support/layout.mjs';
import { postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { catalog, fill } from '../support/locale.mjs';
import { createUser, signIn } from '../support/users.mjs';

const focused = (locator) => locator.evaluate((element) => element === document.activeElement);

/** Waits until the focus is on the element named `label` (its aria-label). */
const focusReaches = (page, label) =>
  page.waitForFunction((name) => document.activeElement?.getAttribute('aria-label') === name, label, {
    timeout: 15_000,
  });

/** The box of the first element `locator` matches. */
async function box(locator) {
  const found = await locator.first().boundingBox();
  assert.ok(found !== null, 'the element is on screen');
  return found;
}

/**
 * A split and its tags with the keyboard: Split, a line added and one taken off never drop the
 * focus to the page's top (Unsplit gives it back to Split); a tag typed and left with Tab is
 * added and saved, not lost. How the screens hold longer Thai and Lao words: a split line's
 * category has the line's width on a phone, and the list's search has a row of its own so the
 * fields beside it keep one line. A tag renamed or deleted and a category limit set, removed or
 * put back move rows about: the focus follows (the renamed tag, the next row, Undo, the
 * category's Edit) instead of falling back to the page's top.
 */
export default async function splitsTagsKeyboard({ browser, baseUrl }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Keo');
  const { context, page, errors } = await openPage(browser, { width: 1280, height: 900, reducedMotion: 'reduce' });
  try {
    await signIn(context, user);
    await page.goto(`${baseUrl}/dashboard/transactions/add`);
    await expectHeading(page, en['page.transactionAdd']);
    await page.getByLabel(en['transactions.field.amount'], { exact: true }).fill('90,000');

    await page.getByTestId('split-start').focus();
    await page.keyboard.press('Enter');
    const lines = page.getByTestId('split-line');
    assert.equal(await lines.count(), 2, 'a split starts with two lines');
    assert.ok(await focused(lines.nth(0).getByTestId('split-category')), 'Split moves the focus to the first line');
    await page.getByTestId('split-add-line').press('Enter');
    assert.equal(await lines.count(), 3);
    assert.ok(await focused(lines.nth(2).getByTestId('split-category')), 'a line added has the focus');
    await lines.nth(2).getByTestId('split-remove').press('Enter');
    assert.equal(await lines.count(), 2);
    assert.ok(await focused(lines.nth(1).getByTestId('split-category')), 'the line before the one taken off has it');
    await page.getByTestId('split-undo').press('Enter');
    assert.ok(await focused(page.getByTestId('split-start')), 'Unsplit gives the focus back to Split');

    // The split again, filled from the keyboard; what is left to assign reaches zero.
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.type('60000');
    await lines.nth(1).getByTestId('split-category').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.type('30000');
    const left = page.getByTestId('split-left');
    await left.filter({ hasText: en['split.allAssigned'] }).waitFor();
    assert.equal(await left.getAttribute('role'), 'status');

    // A tag typed and left with Tab is a tag, and the saved transaction carries it.
    const tags = page.getByTestId('tags-input');
    await tags.focus();
    await page.keyboard.type('ງານບຸນ');
    await page.keyboard.press('Tab');
    await page.getByTestId('tag-chip').filter({ hasText: 'ງານບຸນ' }).waitFor();
    assert.equal(await tags.inputValue(), '');
    // The transaction's note (the lines' notes are labelled alike).
    await page.locator('textarea').fill('Temple fair');
    await page.getByRole('button', { name: en['transactions.form.save'] }).click();
    await expectToast(page, en['transactions.added']);
    await expectHeading(page, en['page.transactions']);
    const row = page.locator('[data-row-id]').filter({ hasText: 'Temple fair' });
    await row.getByTestId('row-tags').filter({ hasText: 'ງານບຸນ' }).waitFor({ timeout: 15_000 });

    // Tags: a rename makes the tag a row of its own, a deletion takes its row away.
    const seeded = await postCommand(baseUrl, user, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: { amount: 50_000, currency: 'LAK' },
      categoryId: 'builtin-food',
      date: new Date().toISOString().slice(0, 10),
      note: 'Fuel',
      tags: ['Roadtrip'],
    });
    await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'tags', seeded.position);
    await page.goto(`${baseUrl}/dashboard/tags`);
    await expectHeading(page, en['page.tags']);
    await page.getByRole('button', { name: fill(en['tags.renameLabel'], { name: 'Roadtrip' }) }).press('Enter');
    const rename = page.getByTestId('rename-tag-dialog');
    await rename.getByRole('textbox').fill('Road trip 2026');
    await rename.getByRole('textbox').press('Enter');
    await rename.waitFor({ state: 'hidden' });
    await focusReaches(page, fill(en['tags.renameLabel'], { name: 'Road trip 2026' }));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: en['tags.delete.confirm'], exact: true }).press('Enter');
    await focusReaches(page, fill(en['tags.renameLabel'], { name: 'ງານບຸນ' }));

    // Category budgets: Food's limit set from the list without limits, removed, put back.
    const food = { category: en['category.builtin.food'] };
    await page.goto(`${baseUrl}/dashboard/budgets`);
    await page.getByTestId('budget-content').waitFor();
    await page.getByRole('button', { name: fill(en['budget.page.setLabel'], food) }).press('Enter');
    const limit = page.getByTestId('limit-dialog');
    await limit.getByLabel(en['budget.page.dialog.amount'], { exact: true }).fill('100,000');
    await limit.getByRole('button', { name: en['budget.page.dialog.save'], exact: true }).press('Enter');
    await focusReaches(page, fill(en['budget.page.editLabel'], food));

    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: en['budget.page.remove'], exact: true }).press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'budget-undo', null, {
      timeout: 15_000,
    });
    await page.keyboard.press('Enter');
    await focusReaches(page, fill(en['budget.page.editLabel'], food));

    // Thai filters, wide: the search below the other fields, which keep their inputs in line.
    await page.goto(`${baseUrl}/th/dashboard/transactions`);
    const th = catalog('th');
    await expectHeading(page, th['page.transactions']);
    const filters = page.getByRole('search', { name: th['transactions.filters'] });
    const search = await box(filters.getByTestId('transactions-search'));
    const type = await box(filters.getByLabel(th['transactions.filter.type'], { exact: true }));
    assert.ok(Math.abs(search.x - type.x) < 2, `the search starts a row of its own (${search.x} vs ${type.x})`);
    const fields = filters.locator('select');
    const tops = new Set(
      await fields.evaluateAll((selects) => selects.map((select) => Math.round(select.getBoundingClientRect().top))),
    );
    assert.ok(tops.size <= 2, `the filters' selects sit on at most two lines: ${[...tops].join(', ')}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  // Lao on a phone: a split line's category has the line's whole width, its name is not cut.
  const lo = catalog('lo');
  const phone = await openPage(browser, { ...PHONE, reducedMotion: 'reduce' });
  try {
    await signIn(phone.context, user);
    await phone.page.goto(`${baseUrl}/lo/dashboard/transactions/add`);
    await expectHeading(phone.page, lo['page.transactionAdd']);
    await phone.page.getByTestId('split-start').click();
    const line = phone.page.getByTestId('split-line').first();
    const category = await box(line.getByTestId('split-category'));
    const amount = await box(line.getByTestId('split-amount'));
    assert.ok(
      category.width > amount.width * 1.5,
      `the category is the widest field (${category.width}, ${amount.width})`,
    );
    assert.deepEqual(phone.errors, []);
  } finally {
    await phone.context.close();
  }
}
