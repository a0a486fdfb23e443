import assert from 'node:assert/strict';
import { readAfter, sendCommand, uuidV7 } from '../support/api.mjs';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { JOURNEY_PROVIDERS, journeyOidcProvider } from '../support/oidc.mjs';
import { recordRefusals, recordRequests, recordUnverifiedTokens } from '../support/requests.mjs';
import { startServer } from '../support/server.mjs';
import { signUpThroughForm } from '../support/sign-up.mjs';
import { freePort } from '../support/standalone.mjs';
import { createUser, idTokenFor, signInAs, uniqueEmail } from '../support/users.mjs';

const field = (page, label) => page.getByLabel(label, { exact: true });
const continueWith = (m, label) => m['auth.continueWith'].replace('{provider}', label);
const PASSWORD = 'kip-and-baht';

/**
 * Signs up through the form, takes the code from the mailed outbox as soon as it arrives, and
 * expects the first dashboard to load its figures: no "Unable to Load Budget Data", and no
 * request refused or sent with the token from before verifying. `slowTokens`: new ID tokens
 * take a second to arrive (a slow connection), so a page that does not wait for the new token
 * before it shows the dashboard is caught every time, not only when the timing is unlucky.
 */
async function signUpAndVerify({ browser, baseUrl, dataDir, screenshotDir }, locale, prefix, { shots, slowTokens }) {
  const m = catalog(locale);
  const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
  if (slowTokens) {
    await page.route('**/securetoken.googleapis.com/v1/token*', async (route) => {
      await new Promise((done) => setTimeout(done, 1000));
      await route.continue();
    });
  }
  const outside = recordRequests(page, baseUrl);
  const refused = recordRefusals(page);
  const stale = recordUnverifiedTokens(page);
  try {
    const email = uniqueEmail(`first-${locale}`);
    await signUpThroughForm(page, { baseUrl, dataDir }, m, { prefix, name: 'Noy Vongsa', email, password: PASSWORD });
    await page.locator('[data-testid="dashboard-empty"], [data-testid="dashboard-error"]').first().waitFor();
    assert.equal(
      await page.getByTestId('dashboard-error').count(),
      0,
      `the first dashboard failed to load (${locale}): ${refused.join(', ')}`,
    );
    assert.deepEqual(refused, [], 'no request was refused after verifying');
    assert.deepEqual(stale, [], 'after verifying, requests carry a token that says so');
    if (shots) {
      await screenshot(page, screenshotDir, `auth-first-dashboard-${locale}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('dashboard-empty').waitFor();
      await screenshot(page, screenshotDir, `auth-first-dashboard-${locale}-390`);
    }
    assert.deepEqual(outside, []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

/** Starts a social sign-in from the login page and waits until it comes back failed. */
async function expectSocialFailure(page, m, providerLabel, atProvider = async () => undefined) {
  await page.getByRole('button', { name: continueWith(m, providerLabel), exact: true }).click();
  await atProvider();
  await expectHeading(page, m['page.login']);
  await page.getByTestId('form-error').getByText(m['authError.socialFailed'], { exact: true }).waitFor();
  assert.equal(new URL(page.url()).hash, '', 'no outcome left in the address');
}

/**
 * The first minutes of a new user, in English, Thai and Lao:
 * - five fresh sign-ups in a row, each verified with the mailed code at once, each land on a
 *   dashboard that loads (no request refused because the session was minted before verifying);
 * - no page asks anything of another origin (register, verify, dashboard, login with providers
 *   offered, settings, a debt's page);
 * - every way a social sign-in fails (the user cancels, the provider refuses or gives no address,
 *   the provider cannot be reached) ends with "Social login failed." in the page's language;
 * - changing the password follows the registration's password policy;
 * - the logout confirmation does not claim that logging out cannot be undone;
 * - a value shown read-only (settings' profile details, a debt's details and payments) is not
 *   labelled "(optional)": that is for the forms that edit it.
 */
export default async function authFirstMinutes(run) {
  const { browser, baseUrl, screenshotDir } = run;

  // 1. Fresh sign-ups, fast, in every language (each language's first one photographed); the last
  // two on a connection where new ID tokens come late.
  const signUps = [...LOCALES, LOCALES[0], LOCALES[2]];
  for (const [index, [locale, prefix]] of signUps.entries()) {
    await signUpAndVerify(run, locale, prefix, { shots: index < LOCALES.length, slowTokens: index >= 3 });
  }

  // 2. Nothing from another origin on the sign-in pages; social failures say so in words.
  const providerOrigin = journeyOidcProvider().issuer.replace(/\/+$/, '');
  const [google, local] = JOURNEY_PROVIDERS;
  for (const [locale, prefix] of LOCALES) {
    const m = catalog(locale);
    const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
    const outside = recordRequests(page, baseUrl, [new URL(providerOrigin).origin]);
    try {
      await page.goto(`${baseUrl}${prefix}/auth/register`);
      await expectHeading(page, m['page.register']);
      await page.getByRole('button', { name: m['auth.register.submit'] }).waitFor();
      await page.goto(`${baseUrl}${prefix}/auth/login`);
      await expectHeading(page, m['page.login']);
      await page.getByRole('button', { name: continueWith(m, local.label), exact: true }).waitFor();
      assert.deepEqual(outside, [], `${locale}: the sign-in pages load only from this origin`);

      // The user cancels at the provider.
      await expectSocialFailure(page, m, google.label, async () => {
        await page.getByRole('heading', { name: 'Sign in to the test provider' }).waitFor();
        await page.getByRole('link', { name: 'Cancel' }).click();
      });
      await screenshot(page, screenshotDir, `auth-first-social-failed-${locale}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, screenshotDir, `auth-first-social-failed-${locale}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });

      // The provider signs the user in but gives no address: the sign-in is refused.
      const noAddress = uniqueEmail(`social-no-address-${locale}`);
      journeyOidcProvider().setAccount({ email: noAddress, withoutEmail: true });
      await expectSocialFailure(page, m, local.label, async () => {
        await page.getByLabel('Email').fill(noAddress);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('button', { name: 'Allow' }).click();
      });
      assert.deepEqual(outside, [], `${locale}: the app asked nothing of another origin`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  // A provider that cannot be reached (an offline machine): the same sentence, nothing outside.
  const unreachable = `http://127.0.0.1:${await freePort()}`;
  const offline = await startServer({
    env: {
      PLENTY_OIDC_PROVIDERS: 'google',
      PLENTY_OIDC_GOOGLE_ISSUER: unreachable,
      PLENTY_OIDC_GOOGLE_CLIENT_ID: 'plenty-offline',
      PLENTY_OIDC_GOOGLE_CLIENT_SECRET: 'plenty-offline-secret',
      PLENTY_OIDC_GOOGLE_LABEL: 'Google',
    },
  });
  try {
    for (const [locale, prefix] of LOCALES) {
      const m = catalog(locale);
      const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
      const outside = recordRequests(page, offline.baseUrl);
      try {
        await page.goto(`${offline.baseUrl}${prefix}/auth/login`);
        await expectHeading(page, m['page.login']);
        await expectSocialFailure(page, m, 'Google');
        assert.deepEqual(outside, [], `${locale}: an offline sign-in asks nothing of another origin`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  } finally {
    await offline.close();
  }

  // Read-only labels: "(optional)" belongs to forms. A debt with a lender, a minimum payment and
  // a payment with a note, seen on its detail page and in settings.
  const reader = await createUser(baseUrl, 'Kham');
  const token = await idTokenFor(baseUrl, reader);
  const send = (name, payload) => sendCommand(baseUrl, token, name, payload, { from: reader.from });
  const debtId = uuidV7();
  await send('OpenDebt', {
    debtId,
    name: 'Credit card',
    type: 'credit_card',
    initialAmount: 3_000_000,
    currentAmount: 3_000_000,
    annualRatePercent: '0',
    paymentDueDay: 15,
    icon: 'card',
    color: '#336699',
    currency: 'LAK',
    minimumPayment: 300_000,
    lender: 'BCEL',
    loanType: 'emi',
    termMonths: 10,
    openDate: new Date().toISOString().slice(0, 10),
    startDate: new Date().toISOString().slice(0, 10),
  });
  const paid = await send('RecordPayment', {
    debtId,
    paymentId: uuidV7(),
    amount: 300_000,
    date: new Date().toISOString().slice(0, 10),
    notes: 'Paid at the branch',
  });
  await readAfter(baseUrl, token, 'debts', paid.position);
  for (const [locale, prefix] of LOCALES) {
    const m = catalog(locale);
    const optional = m['transactions.form.optional'];
    const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
    const outside = recordRequests(page, baseUrl);
    try {
      await signInAs(context, page, baseUrl, reader, `${prefix}/dashboard/debt-tracker/${debtId}`);
      await page.getByText('BCEL', { exact: true }).waitFor();
      await page.getByText('Paid at the branch').first().waitFor();
      const labels = await page.locator('main dt, main th').allInnerTexts();
      assert.ok(labels.length > 0, 'the detail page has labels');
      const marked = labels.filter((text) => text.includes(optional));
      assert.deepEqual(marked, [], `${locale}: read-only labels on the debt page say "${optional}"`);
      await page.goto(`${baseUrl}${prefix}/dashboard/settings`);
      await expectHeading(page, m['page.settings']);
      await page.getByTestId('account-email').waitFor();
      const details = await page.locator('main dt').allInnerTexts();
      assert.deepEqual(
        details.filter((text) => text.includes(optional)),
        [],
        `${locale}: profile details say "${optional}"`,
      );
      assert.deepEqual(outside, [], `${locale}: the pages load only from this origin`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  // 3. Changing the password: the registration's policy, checked in the form and by the server.
  for (const [locale, prefix] of LOCALES) {
    const m = catalog(locale);
    const user = await createUser(baseUrl, 'Somsak');
    const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
    const outside = recordRequests(page, baseUrl);
    try {
      await signInAs(context, page, baseUrl, user, `${prefix}/dashboard/settings`);
      await expectHeading(page, m['page.settings']);
      const form = page.getByRole('region', { name: m['account.password.title'] });
      const requirements = form.getByRole('list', { name: m['auth.requirements'] });
      await requirements.getByText(m['auth.requirement.minLength'].replace('{min}', '6')).waitFor();
      await requirements.getByText(m['auth.requirement.maxLength'].replace('{max}', '128')).waitFor();
      await form.getByLabel(m['account.password.current'], { exact: true }).fill(user.password);
      const next = form.getByLabel(m['account.password.new'], { exact: true });
      const confirm = form.getByLabel(m['account.password.confirm'], { exact: true });
      const submit = form.getByRole('button', { name: m['account.password.submit'] });
      await next.fill('12345');
      await confirm.fill('12345');
      await submit.click();
      await form.getByText(m['auth.validation.passwordTooShort'].replace('{min}', '6'), { exact: true }).waitFor();
      const long = 'k'.repeat(129);
      await next.fill(long);
      await confirm.fill(long);
      await submit.click();
      await form.getByText(m['auth.validation.passwordTooLong'].replace('{max}', '128'), { exact: true }).waitFor();
      assert.equal(await next.getAttribute('aria-invalid'), 'true');
      await screenshot(page, screenshotDir, `auth-first-password-policy-${locale}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, screenshotDir, `auth-first-password-policy-${locale}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });
      const allowed = 'k'.repeat(128);
      await next.fill(allowed);
      await confirm.fill(allowed);
      await submit.click();
      await page.getByTestId('toast').getByText(m['account.password.changed']).waitFor();

      // 4. Logging out can be undone by signing in again; the confirmation does not say otherwise.
      await page.getByRole('button', { name: m['userMenu.label'] }).click();
      await page.getByRole('button', { name: m['userMenu.logout'] }).click();
      const dialog = page.getByRole('dialog', { name: m['logout.title'] });
      await dialog.getByText(m['logout.body']).waitFor();
      assert.doesNotMatch(m['logout.body'], /undone|ย้อนกลับไม่ได้|ไม่สามารถย้อนกลับ|ບໍ່ສາມາດຍົກເລີກ/);
      await screenshot(page, screenshotDir, `auth-first-logout-${locale}-1280`);
      await dialog.getByRole('button', { name: m['logout.confirm'] }).click();
      await expectHeading(page, m['page.login']);
      await field(page, m['auth.email']).fill(user.email);
      await field(page, m['auth.password']).fill(allowed);
      await page.getByRole('button', { name: m['auth.login.submit'], exact: true }).click();
      await expectHeading(page, m['page.dashboard']);
      assert.deepEqual(outside, [], `${locale}: the pages load only from this origin`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
}
