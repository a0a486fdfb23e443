import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const locales = join(dirname(fileURLToPath(import.meta.url)), '../../../locales');
const catalogs = new Map();

/** The messages of a language, as the app shows them. */
export function catalog(locale) {
  if (!catalogs.has(locale)) catalogs.set(locale, JSON.parse(readFileSync(join(locales, `${locale}.json`), 'utf8')));
  return catalogs.get(locale);
}

export const LOCALES = [
  ['en', ''],
  ['th', '/th'],
  ['lo', '/lo'],
];

/** A fresh browser profile (no cookies, no storage) with its first page. */
export async function openPage(browser, options = {}) {
  const { locale = 'en-US', width = 1280, height = 800, ...rest } = options;
  const context = await browser.newContext({ locale, viewport: { width, height }, ...rest });
  const page = await context.newPage();
  // Uncaught exceptions and console errors and warnings; a missing resource (the 404 page itself,
  // a chunk a journey blocks on purpose) is reported by the journey, not here.
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (!['error', 'warning'].includes(message.type())) return;
    if (message.text().startsWith('Failed to load resource')) return;
    errors.push(`${message.type()}: ${message.text()}`);
  });
  return { context, page, errors };
}

/** Waits until the page's main heading (h1) shows this text. */
export async function expectHeading(page, text) {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor({ timeout: 10_000 });
}

/** The Auth settings the server put in the page: the emulator and the demo project. */
async function authConfig(baseUrl) {
  const html = await (await fetch(baseUrl)).text();
  const content = /<meta name="plenty-auth" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
}

let userCount = 0;

/** Creates a user in the Auth emulator and returns the session the Firebase SDK would store. */
export async function createUser(baseUrl, displayName = 'Malee') {
  const config = await authConfig(baseUrl);
  userCount += 1;
  const email = `journey-${Date.now()}-${userCount}@example.com`;
  const response = await fetch(
    `${config.emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${config.apiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'journey-secret', displayName, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const account = await response.json();
  const now = Date.now();
  return {
    email,
    storageKey: `firebase:authUser:${config.apiKey}:[DEFAULT]`,
    stored: {
      uid: account.localId,
      email,
      displayName,
      emailVerified: false,
      isAnonymous: false,
      providerData: [{ providerId: 'password', uid: email, email, displayName, phoneNumber: null, photoURL: null }],
      stsTokenManager: {
        refreshToken: account.refreshToken,
        accessToken: account.idToken,
        expirationTime: now + Number(account.expiresIn) * 1000,
      },
      createdAt: String(now),
      lastLoginAt: String(now),
      apiKey: config.apiKey,
      appName: '[DEFAULT]',
    },
  };
}

/** Puts the user's session in the browser profile, as if they had just signed in there. */
export async function signIn(context, user) {
  await context.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('journey-signed-in') === null) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('journey-signed-in', '1');
      }
    },
    [user.storageKey, JSON.stringify(user.stored)],
  );
}

export async function screenshot(page, screenshotDir, name) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}
