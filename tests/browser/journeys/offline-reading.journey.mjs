import assert from 'node:assert/strict';
import { postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { expectHeading, expectToast, screenshot, waitUntilCurrent } from '../support/browser.mjs';
import { dateFromToday, firstOfMonth } from '../support/dates.mjs';
import { catalog, text } from '../support/locale.mjs';
import {
  goOffline,
  goOnline,
  openOfflineCapable,
  waitForSavedAnswer,
  waitForServiceWorkerControl,
  writeOutbox,
} from '../support/offline.mjs';
import { openKipLoan } from '../support/seed.mjs';
import { createUser, idTokenFor } from '../support/users.mjs';

/** The words of a message before its first placeholder ("Offline — showing data as of "). */
const lead = (messages, id) => text(messages, id).split('{')[0];

/** What the user has: two transactions of this month, a budget, a goal and a loan. */
async function seed(baseUrl, user) {
  for (const [type, amount, categoryId, note] of [
    ['income', 4_500_000, 'builtin-salary', 'Salary'],
    ['expense', 65_000, 'builtin-food', 'Khao piak sen'],
  ])
    await postCommand(baseUrl, user, 'AddTransaction', {
      transactionId: uuidV7(),
      type,
      amount: { amount, currency: 'LAK' },
      categoryId,
      date: firstOfMonth(),
      note,
    });
  await postCommand(baseUrl, user, 'SetCategoryBudget', {
    categoryId: 'builtin-food',
    month: firstOfMonth().slice(0, 7),
    limit: { amount: 900_000, currency: 'LAK' },
    repeat: true,
  });
  await postCommand(baseUrl, user, 'AddGoal', {
    goalId: uuidV7(),
    name: 'New phone',
    target: { amount: 6_000_000, currency: 'LAK' },
    saved: { amount: 1_500_000, currency: 'LAK' },
    targetDate: '2027-12-31',
  });
  const last = await openKipLoan(baseUrl, user, { openDate: firstOfMonth() });
  const token = await idTokenFor(baseUrl, user);
  for (const view of ['dashboard', 'debts', 'goals']) await readAfter(baseUrl, token, view, last.position);
}

/** The databases of users this browser holds. */
const userDatabases = (page) =>
  page.evaluate(async () =>
    (await indexedDB.databases()).map((db) => db.name).filter((name) => name.startsWith('plenty-user-')),
  );

/** The pages a person opens offline, what each must show, and whether it was opened online first. */
const PAGES = [
  { path: '/dashboard', heading: 'page.dashboard', shows: 'New phone', visited: true },
  { path: '/dashboard/transactions', heading: 'page.transactions', shows: 'Khao piak sen', visited: true },
  { path: '/dashboard/budgets', heading: 'budget.page.title', testId: 'budget-content', visited: true },
  // Never opened online: on the device because the app fetched it ahead after sign-in.
  { path: '/dashboard/debt-tracker', heading: 'page.debtTracker', shows: 'Motorbike loan', visited: false },
  { path: '/dashboard/reports', heading: 'page.reports', testId: 'reports-content', visited: true },
];

/**
 * Offline reading: a user who opened the app online loses the network; every page they saw
 * (and the debts, fetched ahead, never opened) opens on reload from the device, with a banner
 * that says it is offline and as of when; they stay signed in. Back online, the banner says so
 * and goes. Signing out, offline, wipes the device; so does deleting the account.
 */
export default async function offlineReading({ browser, baseUrl, screenshotDir }) {
  for (const [locale, prefix, width] of [
    ['en', '', 1280],
    ['th', '/th', 390],
    ['lo', '/lo', 390],
  ]) {
    const m = catalog(locale);
    const shot = (page, step) => screenshot(page, screenshotDir, `offline-reading-${step}-${locale}-${width}`);
    const user = await createUser(baseUrl, 'Chanthala');
    await seed(baseUrl, user);
    const { context, page, errors } = await openOfflineCapable(browser, { user, width, height: 900 });
    try {
      const visit = async ({ path, heading }) => {
        await page.goto(`${baseUrl}${prefix}${path}`);
        await expectHeading(page, text(m, heading), { errors });
      };
      const content = ({ shows, testId }) =>
        testId === undefined ? page.getByText(shows).first() : page.getByTestId(testId);

      // Online: the service worker takes the page, the user looks around, the app warms the rest.
      await visit(PAGES[0]);
      await waitForServiceWorkerControl(page);
      for (const shown of PAGES.filter((p) => p.visited)) {
        await visit(shown);
        await content(shown).waitFor({ timeout: 20_000 });
      }
      await waitForSavedAnswer(page, user.uid, 'queries/debts');
      const banner = page.getByTestId('offline-banner');
      // Each page load painted its device copy first; once the server answered, all is current
      // and the banner says nothing (a banner left saying "Updating" fails here).
      await waitUntilCurrent(page);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="offline-banner"]')?.textContent === '',
        null,
        { timeout: 20_000 },
      );

      // No network: each page reloads from the device, marked offline as of when it was read.
      await goOffline(context);
      for (const shown of PAGES) {
        await visit(shown);
        await content(shown).waitFor({ timeout: 20_000 });
        await banner.getByText(lead(m, 'offline.asOf')).waitFor({ timeout: 20_000 });
        assert.equal(await banner.getAttribute('role'), 'status', 'the banner is announced');
        assert.match(await banner.innerText(), /\d/, 'the banner says the time');
        assert.ok(!page.url().includes('/auth/login'), `still signed in on ${shown.path}`);
        if (shown.path === '/dashboard' || shown.path === '/dashboard/debt-tracker') {
          const name = shown.path.slice(11) || 'dashboard';
          await shot(page, name);
          // The other width too: the banner on a phone and wide.
          const other = width === 1280 ? 390 : 1280;
          await page.setViewportSize({ width: other, height: 900 });
          await screenshot(page, screenshotDir, `offline-reading-${name}-${locale}-${other}`);
          await page.setViewportSize({ width, height: 900 });
        }
      }
      await page.getByRole('button', { name: text(m, 'userMenu.label') }).waitFor();

      // Back online: the banner says so, the screen is read from the server again, the banner goes.
      await goOnline(context);
      await banner.getByText(text(m, 'offline.backOnline')).waitFor({ timeout: 20_000 });
      await shot(page, 'back-online');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="offline-banner"]')?.textContent === '',
        null,
        {
          timeout: 20_000,
        },
      );

      if (locale === 'en') {
        // A weak signal: the server takes for ever; after 10 s the page shows what the device holds.
        const hang = () => undefined;
        await context.route('**/api/queries/dashboard**', hang);
        await visit(PAGES[0]);
        await banner.getByText(lead(m, 'offline.unreachableAsOf')).waitFor({ timeout: 30_000 });
        await shot(page, 'weak-signal');
        await page.getByTestId('total-expense-value').filter({ hasText: /\d/ }).waitFor();
        await context.unroute('**/api/queries/dashboard**', hang);

        // Signing out offline with an entry not synced: the dialog says it will be lost; the device forgets the user.
        await goOffline(context);
        await visit(PAGES[0]);
        await writeOutbox(page, user.uid, [
          {
            name: 'AddTransaction',
            body: {
              commandId: uuidV7(),
              transactionId: uuidV7(),
              type: 'expense',
              amount: { amount: 30_000, currency: 'LAK' },
              categoryId: 'builtin-food',
              date: dateFromToday(0),
              note: 'Noodles on the way home',
            },
          },
        ]);
        await page.getByRole('button', { name: text(m, 'userMenu.label') }).click();
        await page.getByRole('button', { name: text(m, 'userMenu.logout') }).click();
        const dialog = page.getByRole('dialog');
        await dialog
          .getByText('1 entry on this device has not synced yet and will be lost if you log out now.')
          .waitFor();
        await shot(page, 'logout-unsynced');
        await dialog.getByRole('button', { name: text(m, 'offline.signOut.confirm') }).click();
        await page.waitForURL((url) => url.pathname.endsWith('/auth/login'));
        await page.getByTestId('guest-offline-notice').getByText(text(m, 'offline.guest')).waitFor();
        await shot(page, 'login-offline');
        await page.waitForFunction(
          async () => !(await indexedDB.databases()).some((db) => db.name?.startsWith('plenty-user-')),
          null,
          { timeout: 20_000 },
        );
        await goOnline(context);
      }
    } finally {
      await context.close();
    }
  }

  // Deleting the account wipes the device.
  const m = catalog('en');
  const leaving = await createUser(baseUrl, 'Noy');
  await seed(baseUrl, leaving);
  const { context, page, errors } = await openOfflineCapable(browser, { user: leaving });
  try {
    await page.goto(`${baseUrl}/dashboard`);
    await expectHeading(page, m['page.dashboard'], { errors });
    await page.getByText('New phone').first().waitFor({ timeout: 20_000 });
    await waitForSavedAnswer(page, leaving.uid, 'queries/goals');
    assert.deepEqual(await userDatabases(page), [`plenty-user-${leaving.uid}`]);
    await page.goto(`${baseUrl}/dashboard/settings?tab=privacy`);
    await expectHeading(page, m['page.settings']);
    await page.getByRole('button', { name: m['account.delete.start'] }).click();
    const flow = page.getByTestId('delete-account');
    const continueButton = flow.getByRole('button', { name: m['account.delete.continue'] });
    await continueButton.click();
    await flow.getByTestId('delete-step-title').getByText(m['account.delete.reason.title']).waitFor();
    await continueButton.click();
    await flow.getByLabel(m['account.delete.email.label']).fill(leaving.email);
    await continueButton.click();
    await flow.getByLabel(m['account.delete.phrase.label']).fill('Delete My Account');
    await flow.getByRole('button', { name: m['account.delete.confirm'] }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await expectToast(page, m['account.deleted']);
    await page.waitForFunction(
      async () => !(await indexedDB.databases()).some((db) => db.name?.startsWith('plenty-user-')),
      null,
      { timeout: 20_000 },
    );
  } finally {
    await context.close();
  }
}
