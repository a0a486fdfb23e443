// Browser pages for journeys: fresh profiles, waiting for a page's heading, screenshots and
// settings tabs opened signed in.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn, signInAs } from './users.mjs';

const FAILURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../artifacts');

/**
 * A fresh browser profile (no cookies, no storage) with its first page. Service workers are
 * blocked unless `serviceWorkers: 'allow'`: a journey that is not about offline use must not
 * depend on what the worker cached, nor download the whole app shell in every context.
 */
export async function openPage(browser, options = {}) {
  const { locale = 'en-US', width = 1280, height = 800, serviceWorkers = 'block', ...rest } = options;
  const context = await browser.newContext({ locale, viewport: { width, height }, serviceWorkers, ...rest });
  const page = await context.newPage();
  // Uncaught exceptions and console errors and warnings; a missing resource (the 404 page itself,
  // a chunk a journey blocks on purpose) is reported by the journey, not here.
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (!['error', 'warning'].includes(message.type())) return;
    if (message.text().startsWith('Failed to load resource')) return;
    // The app registers its service worker on every page; a blocked one is the context's choice.
    if (serviceWorkers === 'block' && message.text() === 'Service Worker registration blocked by Playwright') return;
    errors.push(`${message.type()}: ${message.text()}`);
  });
  return { context, page, errors };
}

/**
 * Waits until nothing on the page is a device copy painted at start-up: a repeat visit shows
 * what the device kept at once, under "Updating — showing data as of …", until the server
 * answered. Read a figure after this, not before, to read the server's.
 */
export async function waitUntilCurrent(page, timeout = 20_000) {
  await page.waitForFunction(
    () =>
      document.getElementById('boot-snapshot') === null &&
      document.querySelector('[data-testid="offline-banner"]')?.getAttribute('data-state') !== 'refreshing-as-of',
    null,
    { timeout },
  );
}

/**
 * Waits until the page's main heading (h1) shows this text, 20 s unless `timeout` says otherwise.
 * A failure says what the page showed instead and, given the `errors` openPage collects, what
 * went wrong in the page.
 */
export async function expectHeading(page, text, { errors, timeout = 20_000 } = {}) {
  try {
    await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor({ timeout });
  } catch (error) {
    // What the page showed instead, for whoever reads the failure.
    const shown = await page
      .locator('h1')
      .allInnerTexts()
      .catch(() => []);
    const name = `failed-${Date.now()}.png`;
    await page.screenshot({ path: join(FAILURE_DIR, name), fullPage: true }).catch(() => undefined);
    const pageErrors = errors === undefined ? '' : `\npage errors: ${errors.join(' | ')}`;
    throw new Error(
      `${error.message}\nat ${page.url()}, h1: ${JSON.stringify(shown)}, screenshot ${name}${pageErrors}`,
      {
        cause: error,
      },
    );
  }
}

export async function screenshot(page, screenshotDir, name) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** What the screen shows now, an open dialog included (a full-page picture would not hold it). */
export async function viewport(page, screenshotDir, name) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/**
 * A new page `width` by `height` with reduced motion and the `theme`, signed in as `user` on
 * `path` under the locale's `prefix` (`/th`, `/lo`).
 */
export async function openSignedIn(browser, baseUrl, user, path, options = {}) {
  const { prefix = '', theme = 'dark', width = 1280, height = 800 } = options;
  const opened = await openThemed(browser, { theme, width, height });
  await signInAs(opened.context, opened.page, baseUrl, user, `${prefix}${path}`);
  return opened;
}

/**
 * A new page `width` by `height` with reduced motion and the `theme`; `user`, if given, is signed
 * in on every page it loads (signIn).
 */
export async function openThemed(browser, { theme = 'dark', width = 1280, height = 800, user } = {}) {
  const opened = await openPage(browser, { width, height, reducedMotion: 'reduce' });
  await opened.context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
  if (user !== undefined) await signIn(opened.context, user);
  return opened;
}

/** openSignedIn on one tab of the settings (`categories`, `goals`, …), 800 px high. */
export async function openSettingsTab(browser, baseUrl, user, tab, { prefix = '', theme = 'dark', width = 1280 } = {}) {
  return openSignedIn(browser, baseUrl, user, `/dashboard/settings?tab=${tab}`, { prefix, theme, width });
}

/** Waits for a toast with this text. */
export async function expectToast(page, text) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}
