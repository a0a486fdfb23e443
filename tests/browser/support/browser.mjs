import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequestRaw } from 'node:http';
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

/** The Auth settings the server put in the page: the embedded identity's api key and project. */
export async function authConfig(baseUrl) {
  const html = await (await fetch(baseUrl)).text();
  const content = /<meta name="plenty-auth" content="([^"]*)"/.exec(html)?.[1] ?? '';
  if (content === '') throw new Error(`${baseUrl} serves no web app with its sign-in settings: ${html.slice(0, 200)}`);
  return JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
}

/** Where the journeys' servers keep their data: each server's outbox holds its users' codes. */
const dataDirs = new Map();

/** Tells the helpers where the server at this address keeps its data folder (and so its outbox). */
export function knowServer(baseUrl, dataDir) {
  dataDirs.set(baseUrl, dataDir);
}

function dataDirOf(baseUrl) {
  const dataDir = dataDirs.get(baseUrl);
  if (dataDir === undefined) throw new Error(`no data folder known for ${baseUrl} (knowServer)`);
  return dataDir;
}

let userCount = 0;

/** A fresh address no other journey uses. */
export function uniqueEmail(prefix = 'journey') {
  userCount += 1;
  return `${prefix}-${Date.now()}-${userCount}@example.com`;
}

/**
 * A loopback address of its own for each user the journeys create (127.0.1.2 and on), as if
 * each person used their own device: the per-address limits on verification commands count
 * one person's requests, not those of every journey on this machine together.
 */
let clientCount = 0;
function nextClientAddress() {
  clientCount += 1;
  const n = clientCount % (250 * 250);
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

/**
 * An HTTP request from `from` (a local address), answered as `{ status, body }` with the body
 * parsed when it is JSON. Node's fetch cannot choose the address it sends from.
 */
export function httpRequest(url, { method = 'GET', headers = {}, body, from } = {}) {
  const target = new URL(url);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequestRaw(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(from === undefined ? {} : { localAddress: from }),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let parsed = text;
          if ((response.headers['content-type'] ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
          resolve({ status: response.statusCode, headers: response.headers, body: parsed });
        });
      },
    );
    request.on('error', reject);
    if (payload !== undefined) request.write(payload);
    request.end();
  });
}

/**
 * Calls the embedded identity's REST API at the app's origin, as the web app's Firebase SDK does
 * (`accounts:signUp`, `accounts:signInWithPassword`, `accounts:lookup`, `accounts:update`, …).
 * Answers `{ ok, status, answer }`; a refusal's answer names the reason in `error.message`.
 */
export async function identityCall(baseUrl, verb, body, { from } = {}) {
  const config = await authConfig(baseUrl);
  const url = `${baseUrl}/identitytoolkit.googleapis.com/v1/${verb}?key=${encodeURIComponent(config.apiKey)}`;
  const { status, body: answer } = await httpRequest(url, { method: 'POST', body, from });
  return { ok: status === 200, status, answer };
}

async function identityOk(baseUrl, verb, body, options) {
  const { ok, status, answer } = await identityCall(baseUrl, verb, body, options);
  if (!ok) throw new Error(`${verb} failed: ${status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * A call to the API (`commands/<Name>` with a body, or `queries/...` without one) with the user's
 * fresh ID token, as the app makes it; throws unless it succeeds and answers the JSON.
 */
export async function callApi(baseUrl, user, path, body) {
  const idToken = await idTokenFor(baseUrl, user);
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${idToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify({ commandId: randomUUID(), ...body }) }),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A command to the API with this ID token, as the web app sends it; throws unless it is accepted. */
export async function sendCommand(baseUrl, idToken, name, payload, { from } = {}) {
  const { status, body } = await httpRequest(`${baseUrl}/api/commands/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}` },
    body: { commandId: randomUUID(), ...payload },
    from,
  });
  if (status !== 200) throw new Error(`${name} failed: ${status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Reads a query (a path under /api/queries/) until its answer is at or past `position`, a
 * command's answer: the query API waits at most 2 s for its views, and on a busy machine the
 * projector can take longer. Answers the last response.
 */
export async function readAfter(baseUrl, idToken, path, position, { timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/queries/${path}`, {
      headers: { authorization: `Bearer ${idToken}`, 'x-min-position': position },
    });
    const reached = response.headers.get('x-position');
    if (response.ok && reached !== null && BigInt(reached) >= BigInt(position)) return response;
    if (Date.now() > deadline) throw new Error(`${path} is still at ${reached} (${response.status}), not ${position}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Verifies the address as a person does: a code is mailed to the server's outbox and entered. */
async function verifyThroughOutbox(baseUrl, account, email, from) {
  const since = Date.now() - 1000;
  await sendCommand(baseUrl, account.idToken, 'SendVerificationCode', { locale: 'en' }, { from });
  const code = codeIn(await waitForMail(dataDirOf(baseUrl), email, { since }));
  await sendCommand(baseUrl, account.idToken, 'VerifyEmail', { code }, { from });
}

/** A new sign-in with the user's password: fresh tokens, as another device gets them. */
export async function passwordSignIn(baseUrl, user) {
  return identityOk(
    baseUrl,
    'accounts:signInWithPassword',
    { email: user.email, password: user.password, returnSecureToken: true },
    { from: user.from },
  );
}

/** A fresh ID token of the user (a new sign-in with their password). */
export async function idTokenFor(baseUrl, user) {
  return (await passwordSignIn(baseUrl, user)).idToken;
}

/** Whether the identity service signs in this address with this password. */
export async function passwordWorks(baseUrl, email, password) {
  const { ok } = await identityCall(baseUrl, 'accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return ok;
}

/** The identity service's record of the user (accounts:lookup after a sign-in), or null once it is gone. */
export async function lookupUser(baseUrl, user) {
  const signedIn = await identityCall(
    baseUrl,
    'accounts:signInWithPassword',
    { email: user.email, password: user.password, returnSecureToken: true },
    { from: user.from },
  );
  if (!signedIn.ok && signedIn.answer?.error?.message === 'INVALID_LOGIN_CREDENTIALS') return null;
  if (!signedIn.ok) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.answer)}`);
  const { users } = await identityOk(
    baseUrl,
    'accounts:lookup',
    { idToken: signedIn.answer.idToken },
    { from: user.from },
  );
  return users?.[0] ?? null;
}

/** What the Firebase SDK keeps in local storage for a user signed in with these tokens. */
function storedSession(config, user, account, verified) {
  const now = Date.now();
  const { email, displayName } = user;
  return {
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
  };
}

/**
 * Signs a new user up with the embedded identity at the app's origin and returns them with the
 * session the Firebase SDK would store. The email is verified as a person does it (the code from
 * the mail in the server's outbox, see knowServer) unless `verified: false`; the session is then
 * a new sign-in, whose token says the email is verified.
 */
export async function createUser(baseUrl, displayName = 'Malee', { verified = true } = {}) {
  const config = await authConfig(baseUrl);
  const email = uniqueEmail();
  const password = 'journey-secret';
  const from = nextClientAddress();
  let account = await identityOk(
    baseUrl,
    'accounts:signUp',
    { email, password, displayName, returnSecureToken: true },
    { from },
  );
  const user = { baseUrl, uid: account.localId, email, password, displayName, from };
  if (verified) {
    await verifyThroughOutbox(baseUrl, account, email, from);
    account = await passwordSignIn(baseUrl, user);
  }
  return {
    ...user,
    config,
    storageKey: `firebase:authUser:${config.apiKey}:[DEFAULT]`,
    stored: storedSession(config, user, account, verified),
  };
}

/**
 * Ends the user's other sessions the way the product can: a password change from another device
 * (a fresh sign-in there, then `accounts:update` with its ID token). Returns the new password,
 * which the user object then holds.
 */
export async function changePasswordElsewhere(baseUrl, user, newPassword = `${user.password}-changed`) {
  const elsewhere = await passwordSignIn(baseUrl, user);
  await identityOk(
    baseUrl,
    'accounts:update',
    { idToken: elsewhere.idToken, password: newPassword, returnSecureToken: true },
    { from: user.from },
  );
  user.password = newPassword;
  return newPassword;
}

/**
 * Asks for a password reset link for the user, as the forgot-password page does, and answers
 * the link's path from the mail in the server's outbox (in the language asked for).
 */
export async function passwordResetLink(baseUrl, user, locale = 'en') {
  const since = Date.now() - 1000;
  const { status, body } = await httpRequest(`${baseUrl}/api/commands/RequestPasswordReset`, {
    method: 'POST',
    body: { commandId: randomUUID(), email: user.email, locale },
    from: user.from,
  });
  if (status !== 200) throw new Error(`RequestPasswordReset failed: ${status} ${JSON.stringify(body)}`);
  const mail = await waitForMail(dataDirOf(baseUrl), user.email, {
    since,
    matching: ({ text }) => text.includes('/auth/reset-password/'),
  });
  return resetLinkIn(mail);
}

/**
 * Puts a session of the user in the browser profile, as if they had just signed in there: a
 * sign-in of its own for each profile, as each device has, so that no two share a refresh token.
 */
export async function signIn(context, user) {
  const account = await passwordSignIn(user.baseUrl, user);
  const stored = storedSession(user.config, user, account, user.stored.emailVerified);
  await context.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('journey-signed-in') === null) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('journey-signed-in', '1');
      }
    },
    [user.storageKey, JSON.stringify(stored)],
  );
}

/**
 * Signs the user in within this browser profile as the Firebase SDK would after a sign-in
 * (fresh tokens, kept in local storage), then opens the path.
 */
export async function signInAs(context, page, baseUrl, user, path) {
  const account = await passwordSignIn(baseUrl, user);
  const stored = storedSession(user.config, user, account, true);
  await page.goto(`${baseUrl}/privacy-policy`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [user.storageKey, JSON.stringify(stored)]);
  await page.goto(`${baseUrl}${path}`);
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
 * A new page 800 px high at `width` with reduced motion and the `theme`, signed in as `user` on
 * one tab of the settings (`categories`, `goals`, …), under the locale's `prefix` (`/th`, `/lo`).
 */
export async function openSettingsTab(browser, baseUrl, user, tab, { prefix = '', theme = 'dark', width = 1280 } = {}) {
  const opened = await openPage(browser, { width, height: 800, reducedMotion: 'reduce' });
  await opened.context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
  await signInAs(opened.context, opened.page, baseUrl, user, `${prefix}/dashboard/settings?tab=${tab}`);
  return opened;
}

/**
 * The newest mail to this address in the embedded default's outbox (`<DATA_DIR>/outbox`),
 * written after `since` (ms) and `matching` (a test of the mail) if given; waits for it up to 15 s.
 */
export async function waitForMail(dataDir, to, { since = 0, timeout = 15_000, matching = () => true } = {}) {
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
      .filter((mail) => mail.to.toLowerCase() === to.toLowerCase() && Date.parse(mail.sentAt) >= since)
      .filter(matching);
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
