import assert from 'node:assert/strict';
import { postCommand, uuidV7 } from '../support/api.mjs';
import { seriousViolations } from '../support/axe.mjs';
import { expectHeading, viewport } from '../support/browser.mjs';
import { catalog, say } from '../support/locale.mjs';
import {
  expectAllSynced,
  goOffline,
  goOnline,
  openOfflineCapable,
  serverTransactions,
  waitForServiceWorkerControl,
  writeOutbox,
} from '../support/offline.mjs';
import { PHONE, SMALL_PHONE } from '../support/layout.mjs';
import { fillTransaction } from '../support/transactions.mjs';
import { createUser } from '../support/users.mjs';

const today = () => new Date().toISOString().slice(0, 10);
const WIDE = { width: 1280, height: 900 };

/** A Plenty user with a category of their own and a taxi ride entered on another device. */
async function seed(baseUrl, user) {
  const streetFood = uuidV7();
  await postCommand(baseUrl, user, 'AddCategory', {
    categoryId: streetFood,
    name: 'Street food',
    type: 'expense',
    icon: 'utensils',
    color: '#e76f51',
  });
  const taxi = uuidV7();
  await postCommand(baseUrl, user, 'AddTransaction', {
    transactionId: taxi,
    type: 'expense',
    amount: { amount: 30_000, currency: 'LAK' },
    categoryId: 'builtin-transport',
    date: today(),
    note: 'Taxi',
  });
  return { streetFood, taxi };
}

/** The transaction as the server has it (waiting for the view to hold the last write). */
async function serverTransaction(baseUrl, user, id) {
  const found = (await serverTransactions(baseUrl, user)).find((item) => item.id === id);
  assert.ok(found, `the server lists transaction ${id}`);
  return found;
}

/** Both widths' pictures of what the screen shows now, the open panel included. */
async function shootBoth(page, screenshotDir, name) {
  for (const [label, size] of [
    ['390', PHONE],
    ['1280', WIDE],
  ]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
    await viewport(page, screenshotDir, `${name}-${label}`);
  }
}

/** Where the header's controls are: the right edge of the last, and each one's row (its top). */
function headerControls() {
  const header = document.querySelector('header');
  const controls = [...header.querySelectorAll('a, button, select')].filter((e) => e.offsetParent !== null);
  return {
    right: Math.max(...controls.map((element) => element.getBoundingClientRect().right)),
    rows: [...new Set(controls.map((element) => Math.round(element.getBoundingClientRect().top)))],
  };
}

/**
 * On phones the status sits in the header beside the logo, the language, the theme and the user
 * menu: all on one row, nothing past the screen's edge (once the fonts are in).
 */
async function expectHeaderFits(page, locale) {
  for (const size of [PHONE, SMALL_PHONE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready);
    await page
      .waitForFunction(
        (width) => {
          const header = document.querySelector('header');
          const controls = [...header.querySelectorAll('a, button, select')].filter((e) => e.offsetParent !== null);
          const right = Math.max(...controls.map((element) => element.getBoundingClientRect().right));
          const rows = new Set(controls.map((element) => Math.round(element.getBoundingClientRect().top)));
          return right <= width + 0.5 && rows.size === 1;
        },
        size.width,
        { timeout: 5_000 },
      )
      .catch(async () => {
        const found = await page.evaluate(headerControls);
        throw new Error(`the header at ${size.width} px in ${locale}: ${JSON.stringify(found)}`);
      });
  }
  await page.setViewportSize(WIDE);
}

async function expectNoSeriousViolations(page, where) {
  const found = await seriousViolations(page);
  assert.deepEqual(found, [], `axe on ${where}: ${JSON.stringify(found, null, 2)}`);
}

/**
 * The sync panel, in each language: a transaction added offline in a category that is deleted
 * (on another device) before the network returns is refused; the panel says why, Fix opens the
 * form on it and saving it in another category syncs it once. An edit made offline on a
 * transaction changed meanwhile is refused as changed elsewhere; Review shows both values and
 * "Apply mine anyway" makes the server hold the device's. Discard asks, Undo puts the entry back.
 * The header's status says what waits, what is being sent and what needs attention.
 */
export default async function offlineSyncPanel({ browser, baseUrl, screenshotDir }) {
  for (const [locale, prefix] of [
    ['en', ''],
    ['th', '/th'],
    ['lo', '/lo'],
  ]) {
    const m = catalog(locale);
    const user = await createUser(baseUrl, 'Noy');
    const { streetFood, taxi } = await seed(baseUrl, user);
    const taxiBefore = await serverTransaction(baseUrl, user, taxi);

    // axe-core goes in as a script, which the app's CSP forbids: this profile bypasses it.
    const { context, page, errors } = await openOfflineCapable(browser, { user, ...WIDE, bypassCSP: true });
    try {
      // The form once online, so its categories are on the device.
      await page.goto(`${baseUrl}${prefix}/dashboard/transactions/add`);
      await expectHeading(page, m['page.transactionAdd'], { errors });
      await page.getByTestId('category-picker').getByRole('radio', { name: 'Street food' }).waitFor();
      await waitForServiceWorkerControl(page);
      await page.getByTestId('category-picker').getByRole('radio', { name: 'Street food' }).waitFor();

      // Offline: noodles in Street food through the form; the taxi's new amount and a coffee as
      // the device keeps them (the edit on the revision the device read).
      await goOffline(context);
      await fillTransaction(page, m, { type: 'expense', amount: '45000', note: 'Noodles' });
      await page.getByTestId('category-picker').getByRole('radio', { name: 'Street food' }).click();
      await page.getByRole('button', { name: m['transactions.form.save'] }).click();
      const status = page.getByTestId('sync-status');
      await status.and(page.locator('[data-state="waiting"]')).waitFor();
      await writeOutbox(page, user.uid, [
        {
          name: 'EditTransaction',
          body: {
            commandId: uuidV7(),
            transactionId: taxi,
            baseRevision: taxiBefore.revision,
            changes: { amount: { amount: 35_000, currency: 'LAK' } },
          },
        },
        {
          name: 'AddTransaction',
          body: {
            commandId: uuidV7(),
            transactionId: uuidV7(),
            type: 'expense',
            amount: { amount: 25_000, currency: 'LAK' },
            categoryId: 'builtin-food',
            date: today(),
            note: 'Coffee',
          },
        },
      ]);
      const waiting = say(m, locale, 'sync.status.waiting', { count: 3 });
      await page.getByRole('button', { name: waiting }).waitFor();
      assert.equal(
        await page.getByTestId('sync-announce').textContent(),
        say(m, locale, 'sync.announce.waiting', { count: 3 }),
      );
      await status.click();
      const panel = page.getByTestId('sync-panel');
      const entries = panel.getByTestId('outbox-entry');
      await entries.nth(2).waitFor();
      assert.deepEqual(await entries.evaluateAll((all) => all.map((e) => e.dataset.state)), [
        'waiting',
        'waiting',
        'waiting',
      ]);
      const syncNow = panel.getByTestId('sync-now');
      assert.equal(await syncNow.getAttribute('aria-disabled'), 'true', 'Sync now waits for the network');
      await panel.getByText(m['sync.panel.offline']).waitFor();
      await shootBoth(page, screenshotDir, `sync-panel-waiting-${locale}`);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'sync-status');
      await expectHeaderFits(page, locale);

      // Meanwhile, on another device: Street food is deleted and the taxi is changed.
      await postCommand(baseUrl, user, 'DeleteCategory', { categoryId: streetFood });
      await postCommand(baseUrl, user, 'EditTransaction', {
        transactionId: taxi,
        changes: { amount: { amount: 40_000, currency: 'LAK' } },
      });

      // Back online, the first command is held until the status has said Syncing….
      let release;
      const held = new Promise((resolve) => (release = resolve));
      let holding = true;
      await context.route('**/api/commands/**', async (route) => {
        if (holding) await held;
        await route.continue();
      });
      await goOnline(context);
      await status.and(page.locator('[data-state="syncing"]')).waitFor();
      await shootBoth(page, screenshotDir, `sync-status-syncing-${locale}`);
      holding = false;
      release();

      // Two refused, the coffee synced.
      const attention = say(m, locale, 'sync.status.attention', { count: 2 });
      await page.getByRole('button', { name: attention }).waitFor({ timeout: 60_000 });
      await context.unroute('**/api/commands/**');
      await page
        .getByTestId('sync-alert')
        .filter({ hasText: say(m, locale, 'sync.announce.rejected', { count: 2 }) })
        .or(page.getByTestId('sync-alert').filter({ hasText: say(m, locale, 'sync.announce.rejected', { count: 1 }) }))
        .waitFor();
      await status.click();
      await entries.nth(1).waitFor();
      assert.equal(await entries.count(), 2);
      const noodles = entries.nth(0);
      const taxiEdit = entries.nth(1);
      assert.equal(await noodles.getAttribute('data-state'), 'rejected');
      assert.equal(await taxiEdit.getAttribute('data-state'), 'rejected');
      assert.match(await noodles.getByTestId('outbox-reason').innerText(), new RegExp(m['error.category_not_found']));
      await taxiEdit.getByTestId('outbox-reason').getByText(m['error.transaction_changed']).waitFor();
      await shootBoth(page, screenshotDir, `sync-panel-refused-${locale}`);
      await page.setViewportSize(WIDE);
      await expectNoSeriousViolations(page, `the open sync panel (${locale})`);

      // Discard asks first; Undo puts the entry back in its place.
      await noodles.getByTestId('outbox-discard').click();
      const question = page.getByRole('dialog', { name: m['sync.discard.title'] });
      await question.waitFor();
      await question.getByRole('button', { name: m['sync.discard.confirm'], exact: true }).click();
      await page.getByTestId('sync-undo').waitFor();
      assert.equal(await entries.count(), 1);
      await page.getByTestId('sync-undo').click();
      await entries.nth(1).waitFor();
      assert.match(await entries.nth(0).innerText(), /Street food|45[.,]000/);

      // The conflict: the review lists both amounts; applying mine makes the server hold it.
      await taxiEdit.getByTestId('outbox-review').click();
      await taxiEdit
        .getByTestId('sync-review')
        .getByText(/40[.,]000/)
        .waitFor();
      await taxiEdit
        .getByTestId('sync-review')
        .getByText(/35[.,]000/)
        .waitFor();
      await taxiEdit.getByTestId('sync-review').scrollIntoViewIfNeeded();
      await shootBoth(page, screenshotDir, `sync-panel-review-${locale}`);
      await page.setViewportSize(WIDE);
      await taxiEdit.getByTestId('outbox-apply-anyway').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="outbox-entry"]').length === 1, null, {
        timeout: 60_000,
      });

      // Fix opens the form on the noodles; another category, and it syncs.
      await noodles.getByTestId('outbox-fix').click();
      await expectHeading(page, m['page.transactionAdd'], { errors });
      await page
        .getByTestId('category-picker')
        .getByRole('radio', { name: m['category.builtin.food'], exact: true })
        .click();
      await page.getByRole('button', { name: m['transactions.form.save'] }).click();
      await expectAllSynced(page, user.uid, m['sync.status.allSynced']);

      // The server holds each entry once, with the device's values.
      const held2 = await serverTransactions(baseUrl, user);
      const notes = held2.map((item) => item.note).sort();
      assert.deepEqual(notes, ['Coffee', 'Noodles', 'Taxi'], `the server holds ${JSON.stringify(notes)}`);
      const saved = held2.find((item) => item.note === 'Noodles');
      assert.equal(saved.categoryId, 'builtin-food');
      assert.equal(saved.amount.amount, 45_000);
      const taxiAfter = held2.find((item) => item.id === taxi);
      assert.equal(taxiAfter.amount.amount, 35_000, 'the device’s amount was applied over the other device’s');
    } finally {
      await context.close();
    }
  }
}
