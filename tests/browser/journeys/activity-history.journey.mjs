import assert from 'node:assert/strict';
import { postCommand, readAfter } from '../support/api.mjs';
import { expectHeading, expectToast, openPage, screenshot, waitUntilCurrent } from '../support/browser.mjs';
import { catalog, fill, LOCALES } from '../support/locale.mjs';
import { addTransaction, openDetail } from '../support/transactions.mjs';
import { createUser, signIn } from '../support/users.mjs';

/** Baht as the page writes it in every language: its sign first, two decimals, Lao with its own digit marks. */
function baht(locale, major) {
  const english = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(major);
  return `฿${locale === 'lo' ? english.replace(/[,.]/g, (separator) => (separator === ',' ? '.' : ',')) : english}`;
}

/** The two changes of the journey's transaction, as sentences of `locale`. */
function changeSentences(locale) {
  const messages = catalog(locale);
  return {
    amount: fill(messages['transactions.history.fieldChanged'], {
      field: messages['transactions.field.amount'],
      from: baht(locale, 120),
      to: baht(locale, 150),
    }),
    note: fill(messages['transactions.history.fieldChanged'], {
      field: messages['transactions.field.note'],
      from: '“Lunch rice”',
      to: '“Lunch rice and soup”',
    }),
  };
}

/** Opens the transaction's edit form from its detail, changes one field, saves. */
async function edit(page, messages, note, change) {
  const dialog = await openDetail(page, messages, note);
  await dialog.getByRole('link', { name: messages['transactions.detail.edit'] }).click();
  await expectHeading(page, messages['page.transactionEdit']);
  await change();
  await page.getByRole('button', { name: messages['transactions.form.saveChanges'] }).click();
  await expectToast(page, messages['transactions.updated']);
  await expectHeading(page, messages['page.transactions']);
}

/** The texts of the entries the Activity page shows, each as its lines. */
async function entryTexts(page) {
  const list = page.getByTestId('activity-list');
  await list.waitFor({ timeout: 15_000 });
  return list.getByTestId('activity-entry').allInnerTexts();
}

async function waitForKinds(page, expected, message) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const kinds = await page
      .getByTestId('activity-entry')
      .evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-kind')));
    if (JSON.stringify(kinds) === JSON.stringify(expected)) return;
    if (Date.now() > deadline)
      assert.fail(`${message}: expected ${JSON.stringify(expected)}, saw ${JSON.stringify(kinds)}`);
    await page.waitForTimeout(150);
  }
}

/**
 * Activity: a transaction added and edited twice reads as sentences in its history and on the
 * Activity page filtered to it, in English and in Lao; the whole account filters by kind and
 * by date; pictures of the page in every language and theme.
 */
export default async function activity({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const lo = catalog('lo');
  const user = await createUser(baseUrl, 'Noy');
  const { context, page, errors } = await openPage(browser, { width: 1280, height: 900, reducedMotion: 'reduce' });
  let transactionId;
  try {
    await signIn(context, user);
    await page.goto(`${baseUrl}/dashboard/transactions/add`);

    // Add an expense of ฿120.00, then change its amount, then its note.
    const lunch = { type: 'expense', amount: '120', currency: 'THB', category: 'food', note: 'Lunch rice' };
    await addTransaction(page, en, lunch);

    await edit(page, en, 'Lunch rice', () =>
      page.getByLabel(en['transactions.field.amount'], { exact: true }).fill('150'),
    );
    await edit(page, en, 'Lunch rice', () =>
      page.getByLabel(new RegExp(`^${en['transactions.field.note']}`)).fill('Lunch rice and soup'),
    );

    // Its history in the detail says both changes, and links to its activity.
    const english = changeSentences('en');
    const dialog = await openDetail(page, en, 'Lunch rice and soup');
    const history = dialog.getByTestId('transaction-history');
    await history.getByText(english.amount, { exact: true }).waitFor({ timeout: 15_000 });
    await history.getByText(english.note, { exact: true }).waitFor();
    await dialog.getByRole('link', { name: en['nav.activity'], exact: true }).click();
    await expectHeading(page, en['activity.title']);
    const address = new URL(page.url());
    assert.equal(address.pathname, '/activity');
    assert.equal(address.searchParams.get('kind'), 'transaction');
    transactionId = address.searchParams.get('subject');
    assert.match(transactionId ?? '', /^[0-9a-f-]{36}$/, 'the link names the transaction');

    // The Activity page of that transaction: which item, newest first, each change a sentence.
    const item = page.getByTestId('activity-item');
    await item
      .getByTestId('activity-item-name')
      .getByText(`“Lunch rice and soup” · ${baht('en', 150)}`)
      .waitFor();
    const entries = await entryTexts(page);
    assert.equal(entries.length, 3, 'added and edited twice');
    assert.ok(entries[0].includes(en['transactions.history.edited']) && entries[0].includes(english.note), entries[0]);
    assert.ok(entries[1].includes(english.amount), entries[1]);
    assert.ok(entries[2].includes(en['transactions.history.added']), entries[2]);
    assert.ok(
      entries[2].includes(
        fill(en['activity.transaction.summary'], { amount: baht('en', 120), category: en['category.builtin.food'] }),
      ),
      entries[2],
    );
    assert.equal(
      await item.getByRole('link', { name: en['activity.item.open.transaction'] }).getAttribute('href'),
      `/dashboard/transactions?view=${transactionId}`,
    );
    await screenshot(page, screenshotDir, 'activity-item-en-dark');

    // Switch to Lao: the same two changes, in Lao, on this page and in the transaction's history.
    await page.getByTestId('language-switcher').selectOption('lo');
    await expectHeading(page, lo['activity.title']);
    assert.match(page.url(), /\/lo\/activity\?kind=transaction&subject=/, 'the filters survive the switch');
    const lao = changeSentences('lo');
    await page.getByTestId('activity-list').getByText(lao.amount, { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByTestId('activity-list').getByText(lao.note, { exact: true }).waitFor();
    await page.getByTestId('activity-list').getByText(lo['transactions.history.added'], { exact: true }).waitFor();
    await screenshot(page, screenshotDir, 'activity-item-lo-dark');
    await page.getByTestId('activity-item').getByRole('link', { name: lo['activity.item.open.transaction'] }).click();
    const laoDialog = page.getByRole('dialog', { name: lo['transactions.detail.title'] });
    const laoHistory = laoDialog.getByTestId('transaction-history');
    await laoHistory.getByText(lao.amount, { exact: true }).waitFor({ timeout: 15_000 });
    await laoHistory.getByText(lao.note, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    // Closed before the switch, which keeps the address's query (and with it an open detail).
    await laoDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('language-switcher').selectOption('en');
    await expectHeading(page, en['page.transactions']);

    // The whole account: a goal and a category besides the transaction; filter by kind and date.
    const goalId = crypto.randomUUID();
    await postCommand(baseUrl, user, 'AddGoal', {
      goalId,
      name: 'Trip to Luang Prabang',
      target: { amount: 500_000, currency: 'THB' },
      targetDate: '2027-12-31',
    });
    await postCommand(baseUrl, user, 'ContributeToGoal', {
      goalId,
      amount: { amount: 25_000, currency: 'THB' },
      date: '2026-11-20',
    });
    const categoryId = crypto.randomUUID();
    await postCommand(baseUrl, user, 'AddCategory', {
      categoryId,
      name: 'Street food',
      type: 'expense',
      icon: 'restaurant',
      color: '#d97706',
    });
    const last = await postCommand(baseUrl, user, 'EditCategory', { categoryId, changes: { name: 'Night market' } });
    await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'activity?limit=1', last.position);

    await page
      .getByRole('navigation', { name: en['nav.main'] })
      .getByRole('link', { name: en['nav.activity'] })
      .click();
    await expectHeading(page, en['activity.title']);
    const all = await entryTexts(page);
    assert.ok(all.length >= 7, `every event of the account: ${all.length}`);
    assert.ok(
      all[0].includes(
        fill(en['transactions.history.fieldChanged'], {
          field: en['categories.field.name'],
          from: '“Street food”',
          to: '“Night market”',
        }),
      ),
      `newest first: ${all[0]}`,
    );
    assert.ok(
      all.some((text) => text.includes(fill(en['activity.goal.contributed'], { amount: baht('en', 250) }))),
      'the contribution',
    );

    await page.getByTestId('activity-kind').selectOption('transaction');
    await page.waitForURL(/kind=transaction/);
    await waitForKinds(page, ['transaction', 'transaction', 'transaction'], 'transactions only');
    await page.getByTestId('activity-kind').selectOption('goal');
    await page.waitForURL(/kind=goal/);
    await waitForKinds(page, ['goal', 'goal'], 'goals only');
    await page.reload();
    await expectHeading(page, en['activity.title']);
    await waitForKinds(page, ['goal', 'goal'], 'the kind survives a reload');
    assert.equal(await page.getByTestId('activity-kind').inputValue(), 'goal');

    // Days after today hold nothing yet; a start after the end is refused before asking.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId('activity-from').fill(tomorrow);
    await page.waitForURL(/from=/);
    await page.getByTestId('activity-empty').getByText(en['activity.empty.filtered']).waitFor({ timeout: 15_000 });
    await page.getByTestId('activity-to').fill('2026-01-01');
    await page.getByText(en['activity.filter.rangeInvalid']).waitFor();
    await page.getByTestId('activity-clear').click();
    await page.waitForURL((url) => url.search === '');
    assert.equal((await entryTexts(page)).length, all.length, 'everything again');

    // An entry's item name opens that item's activity; "Show all activity" goes back.
    await page
      .getByTestId('activity-list')
      .getByRole('link', { name: fill(en['activity.item.onlyLabel'], { name: 'Trip to Luang Prabang' }) })
      .first()
      .click();
    await page.waitForURL(new RegExp(`subject=${goalId}`));
    await waitForKinds(page, ['goal', 'goal'], 'the goal’s activity');
    await page.getByTestId('activity-show-all').click();
    await page.waitForURL((url) => url.pathname === '/activity' && url.search === '');

    // More than a page: the goal's first 20 entries, then the older ones with the keyboard.
    let moved;
    for (let day = 1; day <= 22; day += 1) {
      moved = await postCommand(baseUrl, user, 'ContributeToGoal', {
        goalId,
        amount: { amount: 1_000 * day, currency: 'THB' },
        date: `2026-11-${String(day).padStart(2, '0')}`,
      });
    }
    await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'activity?limit=1', moved.position);
    await page.goto(`${baseUrl}/activity?kind=goal&subject=${goalId}`);
    await expectHeading(page, en['activity.title']);
    const goalEntries = page.getByTestId('activity-list').getByTestId('activity-entry');
    await page.getByTestId('activity-list').waitFor({ timeout: 15_000 });
    // The page opened before shows its device copy (the goal's first two entries) until the server answers.
    await waitUntilCurrent(page);
    await goalEntries.nth(19).waitFor();
    assert.equal(await goalEntries.count(), 20, 'one page first');
    const older = page.getByRole('button', { name: en['activity.older'] });
    const asked = page.waitForRequest((request) => /\/activity\?.*cursor=/.test(request.url()));
    await older.focus();
    await page.keyboard.press('Enter');
    await asked;
    // While the page loads the button says so under another name; it goes once no page is left.
    await page.getByTestId('activity-older').waitFor({ state: 'detached', timeout: 15_000 });
    assert.equal(await goalEntries.count(), 24, 'every entry once, newest first');
    // Said politely: "4 older entries shown" (the message's plural form for 4).
    assert.match(en['activity.olderShown'], /other \{# older entries shown\}/);
    await page.getByRole('status').filter({ hasText: '4 older entries shown' }).waitFor();
    assert.equal(
      await page.evaluate(() =>
        [...(document.activeElement?.parentElement?.children ?? [])].indexOf(document.activeElement),
      ),
      20,
      'focus on the first older entry',
    );
    assert.ok((await goalEntries.last().innerText()).includes(en['activity.goal.added']), 'the oldest last');

    // An item the user has no activity for (someone else's, or a mistyped link) is simply empty.
    await page.goto(`${baseUrl}/activity?kind=goal&subject=${crypto.randomUUID()}`);
    await expectHeading(page, en['activity.title']);
    await page.getByTestId('activity-empty').getByText(en['activity.empty.filtered']).waitFor({ timeout: 15_000 });
    await page.getByTestId('activity-show-all').waitFor();
    assert.deepEqual(errors, [], 'no errors in the console');
  } finally {
    await context.close();
  }

  // Pictures of the whole account's activity in every language and theme, and on a phone.
  const pictures = ['dark', 'light'].flatMap((theme) =>
    LOCALES.map(([locale, prefix]) => [theme, locale, prefix, 1280]),
  );
  pictures.push(['light', 'lo', '/lo', 360]);
  for (const [theme, locale, prefix, width] of pictures) {
    const shot = await openPage(browser, { width, height: 900, reducedMotion: 'reduce' });
    try {
      await shot.context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      await signIn(shot.context, user);
      await shot.page.goto(`${baseUrl}${prefix}/activity`);
      await expectHeading(shot.page, catalog(locale)['activity.title'], { errors: shot.errors });
      await shot.page.getByTestId('activity-list').waitFor({ timeout: 15_000 });
      await screenshot(shot.page, screenshotDir, `activity-${locale}-${theme}${width === 360 ? '-360' : ''}`);
      if (theme === 'light' && width !== 360) {
        await shot.page.goto(`${baseUrl}${prefix}/activity?kind=transaction&subject=${transactionId}`);
        await shot.page.getByTestId('activity-item').waitFor({ timeout: 15_000 });
        await shot.page.getByTestId('activity-list').waitFor({ timeout: 15_000 });
        await screenshot(shot.page, screenshotDir, `activity-item-${locale}-light`);
      }
      assert.deepEqual(shot.errors, [], `no errors in ${locale} ${theme}`);
    } finally {
      await shot.context.close();
    }
  }
}
