import assert from 'node:assert/strict';
import { postCommand, uuidV7 } from '../support/api.mjs';
import { seriousViolations } from '../support/axe.mjs';
import { expectHeading, expectToast, openPage, screenshot, viewport } from '../support/browser.mjs';
import { dateFromToday } from '../support/dates.mjs';
import { PHONE } from '../support/layout.mjs';
import { catalog, say } from '../support/locale.mjs';
import { createUser, signInAs } from '../support/users.mjs';

/** Adds an expense of 20,000 kip with `tags`, `daysAgo` days before today. */
const addTagged = (baseUrl, user, tags, daysAgo = 0) =>
  postCommand(baseUrl, user, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: { amount: 20_000, currency: 'LAK' },
    categoryId: 'builtin-food',
    date: dateFromToday(-daysAgo),
    note: 'Tagged',
    tags,
  });

/** A page `width` wide, axe allowed in (bypassCSP), signed in as `user` on `path`. */
async function open(browser, baseUrl, user, path, { width = 1280, height = 800 } = {}) {
  const opened = await openPage(browser, { width, height, reducedMotion: 'reduce', bypassCSP: true });
  await signInAs(opened.context, opened.page, baseUrl, user, path);
  return opened;
}

async function noSeriousViolations(page, where) {
  const found = await seriousViolations(page);
  assert.deepEqual(found, [], `${where}: ${JSON.stringify(found, null, 2)}`);
}

/** The tag rows' names and counts, top to bottom. */
async function rows(page) {
  const list = page.getByTestId('tags-list');
  await list.waitFor();
  return list
    .getByTestId('tag-row')
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('h3')?.textContent,
        item.querySelector('[data-testid="tag-count"]')?.textContent,
      ]),
    );
}

/** Waits until the list shows exactly these rows. */
async function expectRows(page, expected) {
  await page
    .waitForFunction(
      (want) => {
        const items = [...document.querySelectorAll('[data-testid="tag-row"]')];
        const shown = items.map((item) => [
          item.querySelector('h3')?.textContent,
          item.querySelector('[data-testid="tag-count"]')?.textContent,
        ]);
        return JSON.stringify(shown) === JSON.stringify(want);
      },
      expected,
      { timeout: 15_000 },
    )
    .catch(async (error) => {
      throw new Error(`rows ${JSON.stringify(await rows(page))}, wanted ${JSON.stringify(expected)}`, { cause: error });
    });
}

/**
 * The Tags page: tags added through the API are listed most used first with their counts and a
 * link to their transactions; renaming asks for a name, a rename into another tag asks "Merge
 * into …?" first and adds the counts; deleting says how many transactions it is taken off. Then
 * Thai and Lao on a phone, down to the empty page. Keyboard: the dialogs open from their buttons
 * and Escape gives focus back. axe finds nothing serious on the list, the dialogs or the empty page.
 */
export default async function tags({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Khamla Vongsa');
  await addTagged(baseUrl, user, ['japan trip', 'ງານແຕ່ງ'], 3);
  await addTagged(baseUrl, user, ['japan trip', 'Japan'], 1);
  await addTagged(baseUrl, user, ['Japan'], 10);
  await addTagged(baseUrl, user, ['ทริปเชียงใหม่']);
  const count = (n) => say(en, 'en', 'tags.count', { count: n });

  const { context, page, errors } = await open(browser, baseUrl, user, '/dashboard/tags');
  try {
    await expectHeading(page, en['page.tags'], { errors });
    // Most used first, then by name in lower case; "Japan" and "japan trip" have two each.
    await expectRows(page, [
      ['Japan', count(2)],
      ['japan trip', count(2)],
      ['ทริปเชียงใหม่', count(1)],
      ['ງານແຕ່ງ', count(1)],
    ]);
    const link = page.getByRole('link', { name: say(en, 'en', 'tags.showLabel', { name: 'japan trip' }) });
    assert.equal(await link.getAttribute('href'), `/dashboard/transactions?tag=japan+trip`);
    await noSeriousViolations(page, 'tags list');
    await screenshot(page, screenshotDir, 'tags-en-1280');

    // Rename from the keyboard: an empty name is refused by the form; Escape gives focus back.
    const renameTrip = page.getByRole('button', { name: say(en, 'en', 'tags.renameLabel', { name: 'japan trip' }) });
    await renameTrip.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('rename-tag-dialog');
    await dialog.getByRole('heading', { name: say(en, 'en', 'tags.rename.title', { name: 'japan trip' }) }).waitFor();
    const name = dialog.getByLabel(en['tags.field.name']);
    assert.ok(await name.evaluate((element) => element === document.activeElement), 'the name field has focus');
    await name.fill('   ');
    await dialog.getByRole('button', { name: en['tags.rename.submit'] }).click();
    await dialog.getByText(en['error.tag_required']).waitFor();
    assert.equal(await name.getAttribute('aria-invalid'), 'true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(await renameTrip.evaluate((element) => element === document.activeElement), 'focus back on Rename');

    // Renamed to another tag's name (in another case): asked first, then merged, the counts added.
    await renameTrip.click();
    await name.fill('JAPAN');
    await dialog.getByRole('button', { name: en['tags.rename.submit'] }).click();
    const question = dialog.getByTestId('merge-question');
    await question.getByRole('heading', { name: say(en, 'en', 'tags.merge.title', { to: 'Japan' }) }).waitFor();
    await question.getByText(say(en, 'en', 'tags.merge.body', { from: 'japan trip', to: 'Japan', count: 2 })).waitFor();
    await noSeriousViolations(page, 'merge question');
    await viewport(page, screenshotDir, 'tags-merge-en-1280');
    await question.getByRole('button', { name: en['tags.merge.confirm'] }).click();
    await expectToast(page, say(en, 'en', 'tags.toast.merged', { name: 'JAPAN' }));
    await dialog.waitFor({ state: 'hidden' });
    // One transaction had both tags: it keeps one.
    await expectRows(page, [
      ['JAPAN', count(3)],
      ['ทริปเชียงใหม่', count(1)],
      ['ງານແຕ່ງ', count(1)],
    ]);

    // A tag opens the transaction list filtered by it, which leads back here.
    await page.getByRole('link', { name: say(en, 'en', 'tags.showLabel', { name: 'JAPAN' }) }).click();
    await expectHeading(page, en['page.transactions'], { errors });
    await page
      .getByTestId('filter-tag-chip')
      .getByText(say(en, 'en', 'transactions.filter.tagShown', { tag: 'JAPAN' }))
      .waitFor();
    assert.match(page.url(), /\/dashboard\/transactions\?(.*&)?tag=JAPAN(&|$)/);
    await page.getByTestId('manage-tags').click();
    await expectHeading(page, en['page.tags'], { errors });

    // Delete: the question says how many transactions lose it.
    await page.getByRole('button', { name: say(en, 'en', 'tags.deleteLabel', { name: 'ງານແຕ່ງ' }) }).click();
    const confirm = page.getByRole('dialog', { name: say(en, 'en', 'tags.delete.title', { name: 'ງານແຕ່ງ' }) });
    await confirm.getByText(say(en, 'en', 'tags.delete.body', { count: 1 })).waitFor();
    await viewport(page, screenshotDir, 'tags-delete-en-1280');
    await confirm.getByRole('button', { name: en['tags.delete.confirm'] }).click();
    await expectToast(page, say(en, 'en', 'tags.toast.deleted', { name: 'ງານແຕ່ງ' }));
    await expectRows(page, [
      ['JAPAN', count(3)],
      ['ทริปเชียงใหม่', count(1)],
    ]);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  // Thai on a phone: the list, a rename in Thai, then deleting every tag down to the empty page.
  const th = catalog('th');
  const phone = await open(browser, baseUrl, user, '/th/dashboard/tags', PHONE);
  try {
    const thCount = (n) => say(th, 'th', 'tags.count', { count: n });
    await expectHeading(phone.page, th['page.tags'], { errors: phone.errors });
    await expectRows(phone.page, [
      ['JAPAN', thCount(3)],
      ['ทริปเชียงใหม่', thCount(1)],
    ]);
    await screenshot(phone.page, screenshotDir, 'tags-th-390');
    await phone.page.getByRole('button', { name: say(th, 'th', 'tags.renameLabel', { name: 'ทริปเชียงใหม่' }) }).click();
    const dialog = phone.page.getByTestId('rename-tag-dialog');
    await dialog.getByLabel(th['tags.field.name']).fill('เที่ยวเชียงใหม่');
    await viewport(phone.page, screenshotDir, 'tags-rename-th-390');
    await dialog.getByRole('button', { name: th['tags.rename.submit'] }).click();
    await expectToast(phone.page, say(th, 'th', 'tags.toast.renamed', { name: 'เที่ยวเชียงใหม่' }));
    await expectRows(phone.page, [
      ['JAPAN', thCount(3)],
      ['เที่ยวเชียงใหม่', thCount(1)],
    ]);
    for (const tag of ['JAPAN', 'เที่ยวเชียงใหม่']) {
      await phone.page.getByRole('button', { name: say(th, 'th', 'tags.deleteLabel', { name: tag }) }).click();
      const confirm = phone.page.getByRole('dialog', { name: say(th, 'th', 'tags.delete.title', { name: tag }) });
      await confirm.getByRole('button', { name: th['tags.delete.confirm'] }).click();
      await confirm.waitFor({ state: 'hidden' });
    }
    const empty = phone.page.getByTestId('tags-empty');
    await empty.getByText(th['tags.empty.title']).waitFor();
    await noSeriousViolations(phone.page, 'empty tags page in Thai');
    await screenshot(phone.page, screenshotDir, 'tags-empty-th-390');
    assert.deepEqual(phone.errors, []);
  } finally {
    await phone.context.close();
  }

  // Lao, phone and wide, with tags again.
  const lo = catalog('lo');
  await addTagged(baseUrl, user, ['ງານແຕ່ງ', 'ທ່ຽວວັງວຽງ'], 2);
  await addTagged(baseUrl, user, ['ງານແຕ່ງ']);
  for (const [width, height] of [
    [PHONE.width, PHONE.height],
    [1280, 800],
  ]) {
    const opened = await open(browser, baseUrl, user, '/lo/dashboard/tags', { width, height });
    try {
      await expectHeading(opened.page, lo['page.tags'], { errors: opened.errors });
      await expectRows(opened.page, [
        ['ງານແຕ່ງ', say(lo, 'lo', 'tags.count', { count: 2 })],
        ['ທ່ຽວວັງວຽງ', say(lo, 'lo', 'tags.count', { count: 1 })],
      ]);
      await screenshot(opened.page, screenshotDir, `tags-lo-${width}`);
      assert.deepEqual(opened.errors, []);
    } finally {
      await opened.context.close();
    }
  }
}
