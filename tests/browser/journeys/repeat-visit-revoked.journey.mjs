import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { postCommand, uuidV7 } from '../support/api.mjs';
import { catalog } from '../support/locale.mjs';
import { readUserStore, waitForSavedAnswer } from '../support/offline.mjs';
import { changePasswordElsewhere, createUser, signIn } from '../support/users.mjs';

/**
 * A session revoked elsewhere while the dashboard is painted from the device: the password is
 * changed on another device; the reloaded dashboard paints the last visit's copy (the identity
 * service held, so the SDK has not spoken yet), then, once the SDK hears the session is gone,
 * the copy disappears: the login page shows with "session expired" in Lao, the saved session and
 * the device's answers are gone, and the dashboard's figures are nowhere on the page.
 */
export default async function repeatVisitRevoked({ browser, baseUrl }) {
  const m = catalog('lo');
  const user = await createUser(baseUrl, 'Keo');
  await postCommand(baseUrl, user, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: { amount: 45_000, currency: 'LAK' },
    categoryId: 'builtin-food',
    date: new Date().toISOString().slice(0, 10),
  });
  const { context, page, errors } = await openPage(browser, { width: 390, height: 844, reducedMotion: 'reduce' });
  try {
    await signIn(context, user);
    await page.goto(`${baseUrl}/lo/dashboard`);
    await expectHeading(page, m['page.dashboard'], { errors });
    await page.getByTestId('total-expense-value').waitFor();
    await waitForSavedAnswer(page, user.uid, 'queries/transactions/totals', { containing: true });

    await changePasswordElsewhere(baseUrl, user);

    let releaseIdentity = () => undefined;
    const identityHeld = new Promise((resolve) => (releaseIdentity = resolve));
    await page.route('**/accounts:lookup*', async (route) => {
      await identityHeld;
      await route.continue().catch(() => undefined);
    });
    await page.reload();
    // The copy is painted, marked as being updated, before the SDK has said anything.
    await expectHeading(page, m['page.dashboard'], { errors });
    await page.getByTestId('total-expense-value').waitFor();
    await page.locator('[data-testid="offline-banner"][data-state="refreshing-as-of"]').waitFor();

    releaseIdentity();
    await expectHeading(page, m['page.login'], { errors });
    assert.equal(new URL(page.url()).pathname, '/lo/auth/login');
    await page.getByTestId('toast').getByText(m['authError.sessionExpired']).waitFor();
    assert.equal(await page.getByTestId('total-expense-value').count(), 0, 'no figure of the copy stays');
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), user.storageKey), null);
    // The device's answers are forgotten (the outbox would be kept for the next sign-in).
    for (let tries = 0; (await readUserStore(page, user.uid, 'answers', { keys: true })).length > 0; tries += 1) {
      assert.ok(tries < 300, 'the device answers are forgotten');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
    }
    // Back at the dashboard's address, a guest is sent to the login page: nothing is painted.
    await page.goto(`${baseUrl}/lo/dashboard`);
    await expectHeading(page, m['page.login'], { errors });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
