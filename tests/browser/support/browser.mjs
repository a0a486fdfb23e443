import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const locales = join(dirname(fileURLToPath(import.meta.url)), '../../../locales');
const FAILURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../artifacts');
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
  try {
    await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor({ timeout: 20_000 });
  } catch (error) {
    // What the page showed instead, for whoever reads the failure.
    const shown = await page
      .locator('h1')
      .allInnerTexts()
      .catch(() => []);
    const name = `failed-${Date.now()}.png`;
    await page.screenshot({ path: join(FAILURE_DIR, name), fullPage: true }).catch(() => undefined);
    throw new Error(`${error.message}\nat ${page.url()}, h1: ${JSON.stringify(shown)}, screenshot ${name}`, {
      cause: error,
    });
  }
}

/** The Auth settings the server put in the page: the emulator and the demo project. */
export async function authConfig(baseUrl) {
  const html = await (await fetch(baseUrl)).text();
  const content = /<meta name="plenty-auth" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
}

let userCount = 0;

/** A fresh address no other journey uses. */
export function uniqueEmail(prefix = 'journey') {
  userCount += 1;
  return `${prefix}-${Date.now()}-${userCount}@example.com`;
}

async function emulatorCall(config, path, body, { owner = false } = {}) {
  const base = `${config.emulatorUrl}/identitytoolkit.googleapis.com/v1`;
  const url = owner ? `${base}/projects/${config.projectId}/${path}` : `${base}/${path}?key=${config.apiKey}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(owner ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Creates a user in the Auth emulator and returns the session the Firebase SDK would store.
 * The email counts as verified unless `verified: false`, as after entering the mailed code.
 */
export async function createUser(baseUrl, displayName = 'Malee', { verified = true } = {}) {
  const config = await authConfig(baseUrl);
  const email = uniqueEmail();
  const password = 'journey-secret';
  let account = await emulatorCall(config, 'accounts:signUp', {
    email,
    password,
    displayName,
    returnSecureToken: true,
  });
  if (verified) {
    await emulatorCall(config, 'accounts:update', { localId: account.localId, emailVerified: true }, { owner: true });
    // A token issued after the change, so the API sees the verified email too.
    account = await emulatorCall(config, 'accounts:signInWithPassword', { email, password, returnSecureToken: true });
  }
  const now = Date.now();
  return {
    email,
    password,
    storageKey: `firebase:authUser:${config.apiKey}:[DEFAULT]`,
    stored: {
      uid: account.localId,
      email,
      displayName,
      emailVerified: verified,
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

/** Disables the user's account in the Auth emulator, as an administrator would. */
export async function disableUser(baseUrl, user) {
  const config = await authConfig(baseUrl);
  await emulatorCall(config, 'accounts:update', { localId: user.stored.uid, disableUser: true }, { owner: true });
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

/**
 * The newest mail to this address in the embedded default's outbox (`<DATA_DIR>/outbox`),
 * written after `since` (ms); waits for it up to 15 s.
 */
export async function waitForMail(dataDir, to, { since = 0, timeout = 15_000 } = {}) {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + timeout;
  for (;;) {
    let names = [];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
    } catch {
      // No mail yet.
    }
    const mails = names
      .sort()
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')))
      .filter((mail) => mail.to.toLowerCase() === to.toLowerCase() && Date.parse(mail.sentAt) >= since);
    if (mails.length > 0) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit verification code of a mail. */
export function codeIn(mail) {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (code === undefined) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The reset-password link of a mail, as a path on this site. */
export function resetLinkIn(mail) {
  const link = /https?:\/\/\S+\/auth\/reset-password\/\S+/.exec(mail.text)?.[0];
  if (link === undefined) throw new Error(`no reset link in: ${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
