// Journey users: signing up with the embedded identity (address verified through the outbox),
// fresh tokens, sessions put in a browser profile, calls made as the user, and password changes.
import { randomUUID } from 'node:crypto';
import { httpRequest, sendCommand } from './api.mjs';
import { codeIn, dataDirOf, resetLinkIn, waitForMail } from './mail.mjs';

/** The Auth settings the server put in the page: the embedded identity's api key and project. */
export async function authConfig(baseUrl) {
  const html = await (await fetch(baseUrl)).text();
  const content = /<meta name="plenty-auth" content="([^"]*)"/.exec(html)?.[1] ?? '';
  if (content === '') throw new Error(`${baseUrl} serves no web app with its sign-in settings: ${html.slice(0, 200)}`);
  return JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
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
