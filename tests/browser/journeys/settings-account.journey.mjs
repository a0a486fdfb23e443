import assert from 'node:assert/strict';
import { catalog, expectHeading, openPage, screenshot } from '../support/browser.mjs';

/** The Auth settings the server put in the page: the emulator and the demo project. */
export async function authSettings(baseUrl) {
  const html = await (await fetch(baseUrl)).text();
  const content = /<meta name="plenty-auth" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
}

async function identityToolkit(config, path, body, { admin = false } = {}) {
  const url = admin
    ? `${config.emulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${config.projectId}/${path}`
    : `${config.emulatorUrl}/identitytoolkit.googleapis.com/v1/${path}?key=${config.apiKey}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  return { ok: response.ok, answer };
}

/** The emulator's record of a user, or null once it is gone. */
export async function lookupUser(baseUrl, uid) {
  const config = await authSettings(baseUrl);
  const { ok, answer } = await identityToolkit(config, 'accounts:lookup', { localId: [uid] }, { admin: true });
  if (!ok) throw new Error(`lookup failed: ${JSON.stringify(answer)}`);
  return answer.users?.[0] ?? null;
}

/** Whether the emulator accepts this email and password. */
export async function passwordWorks(baseUrl, email, password) {
  const config = await authSettings(baseUrl);
  const { ok } = await identityToolkit(config, 'accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return ok;
}

let count = 0;

/** A user with a verified email, created through the Auth emulator's REST API. */
export async function createVerifiedUser(baseUrl, displayName) {
  const config = await authSettings(baseUrl);
  count += 1;
  const email = `settings-${Date.now()}-${count}@example.com`;
  const password = 'journey-secret';
  const signUp = await identityToolkit(config, 'accounts:signUp', {
    email,
    password,
    displayName,
    returnSecureToken: true,
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${JSON.stringify(signUp.answer)}`);
  const uid = signUp.answer.localId;
  const verify = await identityToolkit(
    config,
    'accounts:update',
    { localId: uid, emailVerified: true },
    { admin: true },
  );
  if (!verify.ok) throw new Error(`verification failed: ${JSON.stringify(verify.answer)}`);
  return { uid, email, password, displayName, config, providerId: 'password' };
}

/** A user who signs in with Google only (the emulator accepts an unsigned ID token). */
export async function createGoogleUser(baseUrl, displayName) {
  const config = await authSettings(baseUrl);
  count += 1;
  const email = `google-${Date.now()}-${count}@example.com`;
  const user = { uid: '', email, password: null, displayName, config, providerId: 'google.com' };
  const { answer } = await googleSignIn(user);
  return { ...user, uid: answer.localId };
}

function googleSignIn(user) {
  const idToken = JSON.stringify({
    sub: `google-${user.email}`,
    email: user.email,
    email_verified: true,
    name: user.displayName,
  });
  return identityToolkit(user.config, 'accounts:signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnIdpCredential: true,
    returnSecureToken: true,
  });
}

/**
 * Signs the user in within this browser profile as the Firebase SDK would after a sign-in
 * (fresh tokens from the emulator, kept in local storage), then opens the path.
 */
export async function signInAs(context, page, baseUrl, user, path) {
  const { answer } =
    user.providerId === 'google.com'
      ? await googleSignIn(user)
      : await identityToolkit(user.config, 'accounts:signInWithPassword', {
          email: user.email,
          password: user.password,
          returnSecureToken: true,
        });
  if (answer.idToken === undefined) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
  const now = Date.now();
  const stored = {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    emailVerified: true,
    isAnonymous: false,
    providerData: [
      {
        providerId: user.providerId,
        uid: user.email,
        email: user.email,
        displayName: user.displayName,
        phoneNumber: null,
        photoURL: null,
      },
    ],
    stsTokenManager: {
      refreshToken: answer.refreshToken,
      accessToken: answer.idToken,
      expirationTime: now + Number(answer.expiresIn) * 1000,
    },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey: user.config.apiKey,
    appName: '[DEFAULT]',
  };
  await page.goto(`${baseUrl}/privacy-policy`);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [`firebase:authUser:${user.config.apiKey}:[DEFAULT]`, JSON.stringify(stored)],
  );
  await page.goto(`${baseUrl}${path}`);
}

/** The user's creation date as the English long date the account tab shows. */
function memberSince(user) {
  const created = new Date(Number(user.createdAt));
  return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(created.getFullYear(), created.getMonth(), created.getDate())),
  );
}

/**
 * Settings, Account tab: name, email, verified badge, sign-in method and member-since date;
 * the tabs follow the ARIA pattern and keep the choice in the address; renaming and changing
 * the password work, and the new password signs in on the login page.
 */
export default async function settingsAccount({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createVerifiedUser(baseUrl, 'Malee Sisouk');
  const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
  try {
    await signInAs(context, page, baseUrl, user, '/dashboard/settings');
    await expectHeading(page, en['page.settings']);

    // Profile
    const panel = page.getByRole('tabpanel', { name: en['settings.tab.account'] });
    await panel.getByTestId('account-email').getByText(user.email).waitFor();
    assert.equal(await panel.getByLabel(en['account.profile.name']).inputValue(), 'Malee Sisouk');
    assert.equal(await panel.getByTestId('verified-badge').innerText(), en['account.profile.verified']);
    assert.deepEqual(await panel.getByTestId('provider-badge').allInnerTexts(), [en['account.provider.password']]);
    const record = await lookupUser(baseUrl, user.uid);
    assert.equal(await panel.getByTestId('member-since').innerText(), memberSince(record));

    // Tabs: arrows move and select, Home and End jump, the address keeps the tab.
    const tab = (id) => page.getByRole('tab', { name: en[id], exact: true });
    const selected = (id) =>
      page.locator('[role="tab"][aria-selected="true"][tabindex="0"]', { hasText: en[id] }).waitFor();
    await selected('settings.tab.account');
    await tab('settings.tab.account').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/\?tab=preferences$/);
    await selected('settings.tab.preferences');
    assert.ok(
      await tab('settings.tab.preferences').evaluate((element) => element === document.activeElement),
      'ArrowRight moves focus',
    );
    await page.getByTestId('preferences-form').waitFor();
    await page.keyboard.press('End');
    await page.waitForURL(/\?tab=about$/);
    await selected('settings.tab.about');
    await page.getByTestId('app-version').getByText('Version 1.0.0').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/\?tab=account$/);
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(/\?tab=about$/);
    await page.keyboard.press('Home');
    await page.waitForURL(/\?tab=account$/);
    // Rename
    const name = panel.getByLabel(en['account.profile.name']);
    await name.fill('   ');
    await panel.getByRole('button', { name: en['account.profile.save'] }).click();
    await panel.getByText(en['error.name_required']).waitFor();
    assert.equal(await name.getAttribute('aria-invalid'), 'true');
    await name.fill('Malee Vongsa');
    await panel.getByRole('button', { name: en['account.profile.save'] }).click();
    await page.getByTestId('toast').getByText(en['account.profile.saved']).waitFor();
    assert.equal((await lookupUser(baseUrl, user.uid)).displayName, 'Malee Vongsa');
    await page.reload();
    await expectHeading(page, en['page.settings']);
    await panel.getByTestId('account-email').waitFor();
    assert.equal(await panel.getByLabel(en['account.profile.name']).inputValue(), 'Malee Vongsa');

    // Change password: each rule, a wrong current password, then the change.
    const current = panel.getByLabel(en['account.password.current']);
    const next = panel.getByLabel(en['account.password.new'], { exact: true });
    const confirm = panel.getByLabel(en['account.password.confirm']);
    const change = panel.getByRole('button', { name: en['account.password.submit'] });
    await change.click();
    assert.equal(await panel.getByText(en['account.password.required']).count(), 3);
    await current.fill(user.password);
    await next.fill('short');
    await confirm.fill('short');
    await change.click();
    await panel.getByText(en['account.password.tooShort']).waitFor();
    await next.fill('a-new-secret');
    await confirm.fill('a-new-secreT');
    await panel.getByText(en['account.password.mismatch']).waitFor();
    await confirm.fill('a-new-secret');
    await current.fill('not-my-password');
    await change.click();
    await panel.getByRole('alert').waitFor();
    assert.notEqual(await panel.getByRole('alert').innerText(), '');
    assert.equal(
      await passwordWorks(baseUrl, user.email, user.password),
      true,
      'a wrong current password changes nothing',
    );
    await current.fill(user.password);
    await change.click();
    await page.getByTestId('toast').getByText(en['account.password.changed']).waitFor();
    assert.equal(await current.inputValue(), '');
    assert.equal(await passwordWorks(baseUrl, user.email, 'a-new-secret'), true);
    assert.equal(await passwordWorks(baseUrl, user.email, user.password), false);
    // A link to a tab opens it, in any language.
    await page.goto(`${baseUrl}/th/dashboard/settings?tab=privacy`);
    await expectHeading(page, catalog('th')['page.settings']);
    assert.equal(
      await page.getByRole('tab', { name: catalog('th')['settings.tab.privacy'] }).getAttribute('aria-selected'),
      'true',
    );

    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  // Someone who signs in with Google sees that badge, and that Google manages their password.
  const social = await createGoogleUser(baseUrl, 'Noy Phommachanh');
  const google = await openPage(browser, { reducedMotion: 'reduce' });
  try {
    await signInAs(google.context, google.page, baseUrl, social, '/lo/dashboard/settings');
    const lo = catalog('lo');
    await expectHeading(google.page, lo['page.settings']);
    await google.page.getByTestId('account-email').getByText(social.email).waitFor();
    assert.deepEqual(await google.page.getByTestId('provider-badge').allInnerTexts(), [lo['account.provider.google']]);
    await google.page.getByTestId('password-managed').waitFor();
    assert.match(await google.page.getByTestId('password-managed').innerText(), /Google/);
    assert.equal(await google.page.locator('input[type="password"]').count(), 0);
    await screenshot(google.page, screenshotDir, 'settings-account-google-lo-dark');
    assert.deepEqual(google.errors, []);
  } finally {
    await google.context.close();
  }

  // The new password signs in on the login page.
  const fresh = await openPage(browser, { reducedMotion: 'reduce' });
  try {
    await fresh.page.goto(`${baseUrl}/auth/login?redirect=/dashboard/settings`);
    await expectHeading(fresh.page, en['page.login']);
    await fresh.page.locator('input[type="email"]').fill(user.email);
    await fresh.page.locator('input[type="password"]').first().fill('a-new-secret');
    await fresh.page.locator('form button[type="submit"]').first().click();
    await expectHeading(fresh.page, en['page.settings']);
    await fresh.page.getByTestId('account-email').getByText(user.email).waitFor();
    assert.deepEqual(fresh.errors, []);
  } finally {
    await fresh.context.close();
  }
}
