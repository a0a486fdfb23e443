import assert from 'node:assert/strict';
import { call, postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { expectHeading, openPage, openSettingsTab, screenshot, waitUntilCurrent } from '../support/browser.mjs';
import { catalog, fill, LOCALES } from '../support/locale.mjs';
import { nextFrame, waitForSavedAnswer } from '../support/offline.mjs';
import { createUser, signIn } from '../support/users.mjs';

/**
 * A form starts from the server's values after a reload, not from the device copy the reload
 * paints first: the edit page of a transaction is open (its answer kept on the device), the
 * transaction's note is changed elsewhere (another device, through the API), the page is
 * reloaded with its query held: the page shows its loading state, not a form with the old note.
 * Once the server answers, the form holds the new note, and saving another amount keeps it.
 * Then a goal renamed elsewhere: Edit pressed on the painted list waits in a modal "Loading…"
 * (pictures `edit-after-reload-waiting-<locale>-<width>` at 1280 and 390 px in en, th and lo),
 * then the goal's dialog opens with the server's name.
 */
export default async function editAfterReload({ browser, baseUrl, screenshotDir }) {
  await editTransaction({ browser, baseUrl });
  await editGoal({ browser, baseUrl, screenshotDir });
}

/** Holds the identity service (the session stays being restored, so answers are painted) until released. */
async function holdIdentity(page) {
  let release = () => undefined;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/accounts:lookup*', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** Holds the API's requests for `pattern` until released; `asked()` says whether one came. */
async function holdQuery(page, pattern) {
  let release = () => undefined;
  const held = new Promise((resolve) => (release = resolve));
  let asked = false;
  await page.route(pattern, async (route) => {
    asked = true;
    await held;
    await route.continue().catch(() => undefined);
  });
  return { release, asked: () => asked };
}

async function editGoal({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Dao');
  const goalId = uuidV7();
  let name = 'Trip to Luang Prabang';
  await postCommand(baseUrl, user, 'AddGoal', {
    goalId,
    name,
    target: { amount: 5_000_000, currency: 'LAK' },
    targetDate: '2027-12-31',
  });
  for (const [locale, prefix] of LOCALES) {
    const m = catalog(locale);
    const { context, page, errors } = await openSettingsTab(browser, baseUrl, user, 'goals', { prefix });
    try {
      await page.getByTestId('goal-item').filter({ hasText: name }).waitFor();
      await waitForSavedAnswer(page, user.uid, 'queries/goals');
      const painted = name;
      name = `${painted} (${locale})`;
      const renamed = await postCommand(baseUrl, user, 'EditGoal', { goalId, changes: { name } });
      await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'goals', renamed.position);

      const releaseIdentity = await holdIdentity(page);
      const goals = await holdQuery(page, '**/api/queries/goals');
      await page.reload();
      await page.locator('[data-testid="offline-banner"][data-state="refreshing-as-of"]').waitFor();
      await page.getByRole('button', { name: fill(m['goals.editLabel'], { name: painted }) }).click();
      const waiting = page.getByTestId('waiting-dialog');
      await waiting.getByRole('status').waitFor();
      assert.equal(await waiting.getByRole('status').innerText(), m['common.loading']);
      assert.equal(await page.getByTestId('goal-dialog').evaluate((dialog) => dialog.open), false);
      await screenshot(page, screenshotDir, `edit-after-reload-waiting-${locale}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, screenshotDir, `edit-after-reload-waiting-${locale}-390`);

      goals.release();
      await waitUntilCurrent(page);
      const dialog = page.getByTestId('goal-dialog');
      await page.waitForFunction(() => document.querySelector('[data-testid="goal-dialog"]')?.open === true);
      assert.equal(await dialog.getByRole('textbox').first().inputValue(), name, 'the server’s name');
      assert.equal(await waiting.evaluate((element) => element.open), false);
      releaseIdentity();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
}

async function editTransaction({ browser, baseUrl }) {
  const m = catalog('en');
  const user = await createUser(baseUrl, 'Noy');
  const transactionId = uuidV7();
  await postCommand(baseUrl, user, 'AddTransaction', {
    transactionId,
    type: 'expense',
    amount: { amount: 12_000, currency: 'THB' },
    categoryId: 'builtin-food',
    date: new Date().toISOString().slice(0, 10),
    note: 'Lunch',
  });
  const { context, page, errors } = await openPage(browser, { width: 1280, height: 900, reducedMotion: 'reduce' });
  try {
    await signIn(context, user);
    await page.goto(`${baseUrl}/dashboard/transactions/edit/${transactionId}`);
    await expectHeading(page, m['page.transactionEdit'], { errors });
    const note = page.locator('textarea[name="note"]');
    await page.waitForFunction(() => document.querySelector('textarea[name="note"]')?.value === 'Lunch');
    await waitForSavedAnswer(page, user.uid, `queries/transactions/${transactionId}`);

    // Another device changes the note; the views have it before the page is reloaded.
    const edited = await postCommand(baseUrl, user, 'EditTransaction', {
      transactionId,
      changes: { note: 'Lunch with Noy' },
    });
    await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, `transactions/${transactionId}`, edited.position);

    // Reload with the identity service held (the session is being restored, so answers are
    // painted from the device) and the transaction's query held: the form waits.
    let releaseIdentity = () => undefined;
    const identityHeld = new Promise((resolve) => (releaseIdentity = resolve));
    await page.route('**/accounts:lookup*', async (route) => {
      await identityHeld;
      await route.continue().catch(() => undefined);
    });
    let release = () => undefined;
    const held = new Promise((resolve) => (release = resolve));
    let asked = false;
    await page.route(`**/api/queries/transactions/${transactionId}`, async (route) => {
      asked = true;
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.reload();
    await page.locator('[data-testid="offline-banner"][data-state="refreshing-as-of"]').waitFor();
    await page.locator('main').getByText(m['common.loading'], { exact: true }).waitFor();
    for (let frames = 0; !asked && frames < 600; frames += 1) await nextFrame(page);
    assert.ok(asked, 'the reloaded page asks the server for the transaction');
    assert.equal(await note.count(), 0, 'no form starts from the painted copy');

    release();
    await waitUntilCurrent(page);
    releaseIdentity();
    await expectHeading(page, m['page.transactionEdit'], { errors });
    await page.waitForFunction(() => document.querySelector('textarea[name="note"]')?.value === 'Lunch with Noy');

    // Saving another amount keeps the note changed elsewhere.
    await page.locator('input[name="amount"]').fill('150');
    await page.getByRole('button', { name: m['transactions.form.saveChanges'] }).click();
    let saved;
    for (let tries = 0; tries < 600; tries += 1) {
      saved = await call(baseUrl, user, `queries/transactions/${transactionId}`, { method: 'GET' });
      if (saved.amount.amount === 15_000) break;
      await nextFrame(page);
    }
    assert.equal(saved.amount.amount, 15_000, 'the new amount is saved');
    assert.equal(saved.note, 'Lunch with Noy', 'the note changed elsewhere is kept');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
