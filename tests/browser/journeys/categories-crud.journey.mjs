import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { expectHeading, openPage, openSettingsTab, screenshot, viewport } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { callApi, createUser, signInAs } from '../support/users.mjs';

async function eventually(check, message) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Add a custom category (each validation message on the way, the duplicate name), edit it and
 * delete it while a transaction uses it, which moves to the chosen replacement. In English,
 * then in Lao (categories-screenshots has the pictures of the tab, the dialog and the icon picker).
 */
export default async function categoriesCrud({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Somchai Inthavong');
  const { context, page, errors } = await openSettingsTab(browser, baseUrl, user, 'categories');
  try {
    await expectHeading(page, en['page.settings']);
    const builtIns = page.getByTestId('categories-builtin');
    await builtIns.getByText(en['category.builtin.food'], { exact: true }).waitFor();
    // The general set and Interest & fees (debt installments paid from a wallet).
    assert.equal(await builtIns.getByText(en['categories.builtIn.badge']).count(), 13);
    await page.getByTestId('categories-empty').waitFor();

    // Add: nothing filled in yet, every field says what it needs.
    await page.getByRole('button', { name: en['categories.add'], exact: true }).click();
    const dialog = page.getByTestId('category-dialog');
    await dialog.getByRole('heading', { name: en['categories.dialog.addTitle'] }).waitFor();
    const name = dialog.getByLabel(en['categories.field.name'], { exact: true });
    assert.ok(await name.evaluate((element) => element === document.activeElement), 'the name field has focus');
    const submit = dialog.getByRole('button', { name: en['categories.dialog.add'], exact: true });
    await submit.click();
    await dialog.getByText(en['error.name_required']).waitFor();
    await dialog.getByText(en['error.icon_required']).waitFor();
    await dialog.getByText(en['error.color_required']).waitFor();
    assert.equal(await name.getAttribute('aria-invalid'), 'true');
    assert.ok(await name.evaluate((element) => element === document.activeElement), 'focus on the first problem');

    await name.fill('Coffee');
    await dialog.getByText(en['error.name_required']).waitFor({ state: 'detached' });
    await submit.click();
    await dialog.getByText(en['error.icon_required']).waitFor();

    // The icon picker: search, then arrow keys move the choice.
    const search = dialog.getByLabel(en['icon.search']);
    await search.fill('cafe');
    const grid = dialog.getByTestId('icon-grid');
    assert.deepEqual(await grid.getByRole('radio').allInnerTexts(), [en['icon.coffee']]);
    await search.fill('zzzz');
    await grid.getByText(en['icon.noResults'].replace('{query}', 'zzzz')).waitFor();
    await search.fill('');
    await grid.getByRole('radio', { name: en['icon.coffee'], exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await grid.locator('[aria-checked="true"]', { hasText: en['icon.cart'] }).waitFor();
    assert.ok(
      await grid
        .getByRole('radio', { name: en['icon.cart'], exact: true })
        .evaluate((element) => element === document.activeElement),
      'the arrow key moves focus with the choice',
    );
    await page.keyboard.press('ArrowLeft');
    await grid.locator('[aria-checked="true"]', { hasText: en['icon.coffee'] }).waitFor();
    // Down goes to the icon below, in the same column.
    const before = await grid.locator('[aria-checked="true"]').boundingBox();
    await page.keyboard.press('ArrowDown');
    await grid.locator('[aria-checked="true"]', { hasNotText: en['icon.coffee'] }).waitFor();
    const after = await grid.locator('[aria-checked="true"]').boundingBox();
    assert.ok(Math.abs(after.x - before.x) < 2 && after.y > before.y, 'ArrowDown moves one row down');
    await page.keyboard.press('ArrowUp');
    await grid.locator('[aria-checked="true"]', { hasText: en['icon.coffee'] }).waitFor();
    await dialog.getByText(en['error.icon_required']).waitFor({ state: 'detached' });

    // A color that is not one.
    await submit.click();
    await dialog.getByText(en['error.color_required']).waitFor();
    const hex = dialog.getByLabel(en['categories.color.hex']);
    await hex.fill('#12');
    await submit.click();
    await dialog.getByText(en['categories.validation.colorInvalid']).waitFor();
    await dialog.getByRole('radio', { name: en['categories.color.teal'], exact: true }).click();
    await page.waitForFunction((input) => input.value === '#14b8a6', await hex.elementHandle(), { timeout: 15_000 });
    assert.equal(await hex.inputValue(), '#14b8a6');
    await dialog.getByText(en['categories.color.chosen'].replace('{name}', en['categories.color.teal'])).waitFor();
    await dialog.getByText(en['categories.validation.colorInvalid']).waitFor({ state: 'detached' });
    await submit.click();
    await page.getByTestId('toast').getByText('Category “Coffee” created.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const custom = page.getByTestId('categories-custom');
    await custom.getByText('Coffee', { exact: true }).waitFor();
    const stored = (await callApi(baseUrl, user, 'queries/categories')).items.find((c) => c.name === 'Coffee');
    assert.deepEqual([stored.type, stored.icon, stored.color], ['expense', 'coffee', '#14b8a6']);

    // The same name in another case is taken.
    const expectNameTaken = async (typed, icon, color) => {
      await page.getByRole('button', { name: en['categories.add'], exact: true }).click();
      await name.fill(typed);
      await dialog.getByRole('radio', { name: en[`icon.${icon}`], exact: true }).click();
      await dialog.getByRole('radio', { name: en[`categories.color.${color}`], exact: true }).click();
      await submit.click();
      await dialog.getByText(en['error.category_name_taken']).waitFor();
      await dialog.getByRole('button', { name: en['common.cancel'] }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await expectNameTaken('  cOFFEE ', 'wallet', 'red');

    // A name taken since the list was loaded: the server says so, next to the field.
    await callApi(baseUrl, user, 'commands/AddCategory', {
      categoryId: randomUUID(),
      name: 'Rent',
      type: 'expense',
      icon: 'home',
      color: '#8b5cf6',
    });
    await expectNameTaken('rent', 'home', 'violet');
    await custom.getByText('Rent', { exact: true }).waitFor();

    // Edit: name, type and a color of one's own.
    await page.getByRole('button', { name: 'Edit Coffee', exact: true }).click();
    await dialog.getByRole('heading', { name: en['categories.dialog.editTitle'] }).waitFor();
    assert.equal(await name.inputValue(), 'Coffee');
    await name.fill('Coffee and tea');
    await dialog.getByText(en['categories.type.general'], { exact: true }).click();
    await hex.fill('#1A2B3C');
    await dialog.getByText(en['categories.color.custom'].replace('{hex}', '#1a2b3c')).waitFor();
    await dialog.getByRole('button', { name: en['categories.dialog.save'] }).click();
    await page.getByTestId('toast').getByText('Category “Coffee and tea” updated.').waitFor();
    await custom.getByText('Coffee and tea', { exact: true }).waitFor();
    await custom.getByText(en['categories.type.general'], { exact: true }).waitFor();

    // Delete while a transaction uses it: it moves to the chosen category.
    const transactionId = randomUUID();
    await callApi(baseUrl, user, 'commands/AddTransaction', {
      transactionId,
      type: 'expense',
      amount: { amount: 25000, currency: 'LAK' },
      categoryId: stored.id,
      date: '2026-11-20',
    });
    await eventually(
      async () => (await callApi(baseUrl, user, `queries/transactions?categoryId=${stored.id}`)).items.length === 1,
      'the transaction did not reach the list',
    );
    await page.getByRole('button', { name: 'Delete Coffee and tea', exact: true }).click();
    const confirm = page.getByTestId('delete-category-dialog');
    await confirm.getByRole('heading', { name: 'Delete “Coffee and tea”?' }).waitFor();
    await confirm.getByText(en['categories.delete.body']).waitFor();
    const moveTo = confirm.getByLabel(en['categories.delete.moveTo']);
    await moveTo.waitFor();
    assert.equal(await moveTo.inputValue(), 'builtin-other', 'the built-in Other is the default');
    // A general category's transactions can only go to a general one.
    assert.deepEqual(await moveTo.locator('option').allInnerTexts(), [
      en['category.builtin.gifts'],
      en['category.builtin.other'],
    ]);
    await moveTo.selectOption('builtin-gifts');
    await viewport(page, screenshotDir, 'categories-delete-en-dark');
    await confirm.getByRole('button', { name: en['categories.delete.confirm'] }).click();
    await page.getByTestId('toast').getByText('Category “Coffee and tea” deleted.').waitFor();
    await custom.getByText('Coffee and tea', { exact: true }).waitFor({ state: 'detached' });
    await custom.getByText('Rent', { exact: true }).waitFor();
    await eventually(
      async () =>
        (await callApi(baseUrl, user, `queries/transactions/${transactionId}`)).categoryId === 'builtin-gifts',
      'the transaction did not move to the replacement',
    );

    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  await inLao(browser, baseUrl, screenshotDir);
  await loadFailure(browser, baseUrl, screenshotDir, user);
}

/** When the list cannot be loaded, the tab says so in Thai and Try Again loads it. */
async function loadFailure(browser, baseUrl, screenshotDir, user) {
  const th = catalog('th');
  const opened = await openPage(browser, { width: 360, height: 800, reducedMotion: 'reduce' });
  const { context, page } = opened;
  try {
    await page.route('**/api/queries/categories', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"internal"}}' }),
    );
    await signInAs(context, page, baseUrl, user, '/th/dashboard/settings?tab=categories');
    await expectHeading(page, th['page.settings'], { errors: opened.errors, timeout: 30_000 });
    const failure = page.getByTestId('categories-error');
    await failure.getByText(th['categories.loadFailed']).waitFor();
    await screenshot(page, screenshotDir, 'categories-error-th-dark-360');
    await page.unroute('**/api/queries/categories');
    await failure.getByRole('button', { name: th['categories.retry'] }).click();
    await page.getByTestId('categories-builtin').getByText(th['category.builtin.food'], { exact: true }).waitFor();
  } finally {
    await context.close();
  }
}

/** The same steps in Lao: messages, icon search by a Lao word, toasts. */
async function inLao(browser, baseUrl, screenshotDir) {
  const lo = catalog('lo');
  const user = await createUser(baseUrl, 'ນ້ອຍ ພົມມະຈັນ');
  const { context, page, errors } = await openSettingsTab(browser, baseUrl, user, 'categories', {
    prefix: '/lo',
    width: 360,
  });
  try {
    await expectHeading(page, lo['page.settings']);
    await page.getByTestId('categories-builtin').getByText(lo['category.builtin.food'], { exact: true }).waitFor();
    await page.getByRole('button', { name: lo['categories.add'], exact: true }).click();
    const dialog = page.getByTestId('category-dialog');
    const submit = dialog.getByRole('button', { name: lo['categories.dialog.add'], exact: true });
    await submit.click();
    for (const id of ['error.name_required', 'error.icon_required', 'error.color_required']) {
      await dialog.getByText(lo[id]).waitFor();
    }
    await dialog.getByLabel(lo['categories.field.name'], { exact: true }).fill('ຄ່າກາເຟ');
    await dialog.getByLabel(lo['icon.search']).fill('ກາເຟ');
    const grid = dialog.getByTestId('icon-grid');
    assert.deepEqual(await grid.getByRole('radio').allInnerTexts(), [lo['icon.coffee']]);
    // An English word finds the icon in Lao too.
    await dialog.getByLabel(lo['icon.search']).fill('taxi');
    assert.deepEqual(await grid.getByRole('radio').allInnerTexts(), [lo['icon.car']]);
    await grid.getByRole('radio').first().click();
    await dialog.getByLabel(lo['categories.color.hex']).fill('nope');
    await submit.click();
    await dialog.getByText(lo['categories.validation.colorInvalid']).waitFor();
    await dialog.getByRole('radio', { name: lo['categories.color.orange'], exact: true }).click();
    await submit.click();
    await page.getByTestId('toast').getByText(lo['categories.toast.created'].replace('{name}', 'ຄ່າກາເຟ')).waitFor();
    await page.getByTestId('categories-custom').getByText('ຄ່າກາເຟ', { exact: true }).waitFor();

    // The same name again, in the list already loaded.
    await page.getByRole('button', { name: lo['categories.add'], exact: true }).click();
    await dialog.getByLabel(lo['categories.field.name'], { exact: true }).fill('ຄ່າກາເຟ');
    await grid.getByRole('radio').first().click();
    await dialog.getByRole('radio', { name: lo['categories.color.red'], exact: true }).click();
    await submit.click();
    await dialog.getByText(lo['error.category_name_taken']).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Not in use: a plain confirmation.
    await page.getByRole('button', { name: lo['categories.deleteLabel'].replace('{name}', 'ຄ່າກາເຟ') }).click();
    const confirm = page.getByTestId('delete-category-dialog');
    await confirm.getByText(lo['categories.delete.unused']).waitFor();
    await confirm.getByText(lo['categories.delete.body']).waitFor();
    await viewport(page, screenshotDir, 'categories-delete-lo-dark-360');
    await confirm.getByRole('button', { name: lo['categories.delete.confirm'] }).click();
    await page.getByTestId('toast').getByText(lo['categories.toast.deleted'].replace('{name}', 'ຄ່າກາເຟ')).waitFor();
    await page.getByTestId('categories-empty').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(overflow, false, 'no sideways scrolling at 360 px');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
