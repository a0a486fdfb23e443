import assert from 'node:assert/strict';
import { openPage, screenshot as capture } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { createUser, signInAs } from '../support/users.mjs';

/** From the top, so the sticky header sits where it belongs in a full-page picture. */
async function screenshot(page, screenshotDir, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await capture(page, screenshotDir, name);
}

const TABS = ['account', 'preferences', 'categories', 'goals', 'privacy', 'about'];

async function openSettings(browser, baseUrl, screenshotDir, user, { locale, prefix, theme, width }) {
  const opened = await openPage(browser, { width, height: 800, reducedMotion: 'reduce' });
  await opened.context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
  const pending = new Set();
  const failed = [];
  opened.page.on('request', (request) => pending.add(request.url()));
  opened.page.on('requestfinished', (request) => pending.delete(request.url()));
  opened.page.on('requestfailed', (request) => {
    pending.delete(request.url());
    failed.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  opened.page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
  });
  await signInAs(opened.context, opened.page, baseUrl, user, `${prefix}/dashboard/settings`);
  try {
    // Many pictures on a shared machine: a first paint may take longer than the usual 10 s.
    await opened.page
      .getByRole('heading', { level: 1, name: catalog(locale)['page.settings'], exact: true })
      .waitFor({ timeout: 30_000 });
  } catch (error) {
    await capture(opened.page, screenshotDir, `settings-failed-${locale}-${theme}-${width}`);
    throw new Error(
      `settings did not open at ${opened.page.url()}: ${error.message} ${opened.errors.join(' ')} failed: ${failed.join(', ')} pending: ${[...pending].join(', ')}`,
      {
        cause: error,
      },
    );
  }
  return opened;
}

/** Dark and light wide, dark at 360 px: [theme, width, suffix of the picture names]. */
const SCREENS = [
  ['dark', 1280, ''],
  ['light', 1280, ''],
  ['dark', 360, '-360'],
];

/** Runs `check` on the settings page on every screen in every language, each in a profile of its own. */
async function onEveryScreen({ browser, baseUrl, screenshotDir, user }, check) {
  for (const [theme, width, suffix] of SCREENS) {
    for (const [locale, prefix] of LOCALES) {
      const messages = catalog(locale);
      const { context, page, errors } = await openSettings(browser, baseUrl, screenshotDir, user, {
        locale,
        prefix,
        theme,
        width,
      });
      try {
        await check({ page, errors, messages, locale, theme, width, suffix });
      } finally {
        await context.close();
      }
    }
  }
}

/** Every tab in every language, dark and light, wide and at 360 px. */
async function tabs(run) {
  const { screenshotDir } = run;
  await onEveryScreen(run, async ({ page, errors, messages, locale, theme, width, suffix }) => {
    for (const tab of TABS) {
      await page.getByRole('tab', { name: messages[`settings.tab.${tab}`], exact: true }).click();
      await page.waitForURL(new RegExp(`\\?tab=${tab}$`));
      if (tab === 'account') await page.getByTestId('account-email').waitFor();
      if (tab === 'privacy') await page.getByRole('button', { name: messages['account.delete.start'] }).waitFor();
      await screenshot(page, screenshotDir, `settings-${tab}-${locale}-${theme}${suffix}`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(overflow, false, `no sideways scrolling at ${width} px in ${locale}`);
    assert.deepEqual(errors, []);
  });
}

/**
 * Each deletion step in every language. The command never reaches the server here: the first
 * answer asks for a recent sign-in (the password prompt appears, and re-authenticating retries
 * once), the retry is held for the "deleting" picture and then fails, which keeps step 4 as it was.
 */
async function deletionSteps(run) {
  const { screenshotDir, user } = run;
  await onEveryScreen(run, async ({ page, errors, messages, locale, theme, suffix }) => {
    await page.getByRole('tab', { name: messages['settings.tab.privacy'] }).click();
    await page.getByRole('button', { name: messages['account.delete.start'] }).click();
    const flow = page.getByTestId('delete-account');
    const shot = (name) => screenshot(page, screenshotDir, `settings-delete-${name}-${locale}-${theme}${suffix}`);
    const next = flow.getByRole('button', { name: messages['account.delete.continue'] });
    await shot('1-warning');
    await next.click();
    await flow.getByRole('radio', { name: messages['account.delete.reason.privacy'] }).check();
    await shot('2-reason');
    await next.click();
    const email = flow.getByLabel(messages['account.delete.email.label']);
    await email.fill('not-mine@example.com');
    await email.blur();
    await shot('3-email-mismatch');
    await email.fill(user.email);
    await next.click();
    await flow.getByLabel(messages['account.delete.phrase.label']).fill('Delete My Account');
    await shot('4-phrase');

    const bodies = [];
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/api/commands/DeleteAccount', async (route) => {
      bodies.push(route.request().postDataJSON());
      if (bodies.length === 1) {
        await route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'requires_recent_login', message: 'Sign in again.' } }),
        });
        return;
      }
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Internal error.' } }),
      });
    });
    await flow.getByRole('button', { name: messages['account.delete.confirm'] }).click();
    const password = flow.getByLabel(messages['account.delete.reauth.password']);
    await password.waitFor();
    assert.ok(
      await password.evaluate((element) => element === document.activeElement),
      'the password prompt takes focus',
    );
    await shot('4-reauth');
    await password.fill(user.password);
    await flow.getByRole('button', { name: messages['account.delete.reauth.confirm'] }).click();
    await flow.getByText(messages['account.delete.deletingBody']).waitFor();
    await shot('5-deleting');
    release();
    await page.getByTestId('toast').getByText(messages['account.deleteFailed']).waitFor();
    await flow.getByTestId('delete-step-title').getByText(messages['account.delete.phrase.title']).waitFor();
    assert.equal(await flow.getByLabel(messages['account.delete.phrase.label']).inputValue(), 'Delete My Account');
    assert.equal(bodies.length, 2, 'one retry after re-authenticating');
    assert.deepEqual(
      bodies.map(({ confirmEmail, confirmPhrase, reason }) => ({ confirmEmail, confirmPhrase, reason })),
      Array(2).fill({ confirmEmail: user.email, confirmPhrase: 'Delete My Account', reason: 'privacy' }),
    );
    assert.match(bodies[0].commandId, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await shot('4-failed');
    // The server's "Failed to load resource" for the 403 and 500 is expected; nothing else.
    assert.deepEqual(errors, []);
  });
}

/** Pictures of the settings page and the deletion steps, for people to look over. */
export default async function settingsScreenshots({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Malee Sisouk');
  const run = { browser, baseUrl, screenshotDir, user };
  await tabs(run);
  await deletionSteps(run);
}
