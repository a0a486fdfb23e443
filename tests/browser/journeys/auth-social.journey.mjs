import assert from 'node:assert/strict';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { JOURNEY_PROVIDERS, journeyOidcProvider } from '../support/oidc.mjs';
import { createUser, uniqueEmail } from '../support/users.mjs';

const continueWith = (m, label) => m['auth.continueWith'].replace('{provider}', label);

/**
 * Signing in with a social account, in English, Thai and Lao: the button takes the page to the
 * provider (here a local OpenID provider), and after signing in and allowing there, the user
 * lands signed in on the page they wanted, verified by the provider, with no one-time code left
 * in the address. Cancelling at the provider says that social login failed; an address that has
 * a Plenty account, which the provider does not vouch for, is refused with the spec's sentence.
 * The login page loads nothing from outside this machine (no Google script in the embedded default).
 */
export default async function authSocial({ browser, baseUrl, screenshotDir }) {
  for (const [index, [locale, prefix]] of LOCALES.entries()) {
    const m = catalog(locale);
    const provider = JOURNEY_PROVIDERS[index % JOURNEY_PROVIDERS.length];
    const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
    const outside = [];
    page.on('request', (request) => {
      const { hostname } = new URL(request.url());
      if (hostname !== '127.0.0.1' && hostname !== 'localhost') outside.push(request.url());
    });
    try {
      await page.goto(`${baseUrl}${prefix}/auth/login?redirect=%2Fdashboard%2Ftransactions`);
      await expectHeading(page, m['page.login']);
      for (const { label } of JOURNEY_PROVIDERS) {
        await page.getByRole('button', { name: continueWith(m, label), exact: true }).waitFor();
      }
      await screenshot(page, screenshotDir, `auth-social-login-${locale}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, screenshotDir, `auth-social-login-${locale}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });

      if (locale === 'en') {
        await page.getByRole('button', { name: continueWith(m, provider.label), exact: true }).click();
        await page.getByRole('heading', { name: 'Sign in to the test provider' }).waitFor();
        await page.getByRole('link', { name: 'Cancel' }).click();
        await expectHeading(page, m['page.login']);
        await page.getByTestId('form-error').getByText(m['authError.socialFailed']).waitFor();
        assert.equal(new URL(page.url()).hash, '');
        await screenshot(page, screenshotDir, `auth-social-failed-${locale}`);
      }

      await page.getByRole('button', { name: continueWith(m, provider.label), exact: true }).click();
      await page.getByRole('heading', { name: 'Sign in to the test provider' }).waitFor();
      const email = uniqueEmail(`social-${locale}`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Allow' }).click();

      await expectHeading(page, m['page.transactions']);
      const landed = new URL(page.url());
      assert.equal(landed.pathname, `${prefix}/dashboard/transactions`);
      assert.equal(landed.hash, '');
      await page.getByRole('button', { name: m['userMenu.label'] }).click();
      await page.getByText(email).waitFor();

      // Settings › Account names the provider: its brand, or the name the operator gave it.
      await page.goto(`${baseUrl}${prefix}/dashboard/settings`);
      await expectHeading(page, m['page.settings']);
      const badge = provider.id === 'google' ? m['account.provider.google'] : provider.label;
      await page.getByTestId('provider-badge').filter({ hasText: badge }).waitFor();
      await page.getByTestId('password-managed').waitFor();
      assert.deepEqual(outside, []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  // An address with a Plenty account, which the provider does not vouch for, is refused.
  const m = catalog('th');
  const [provider] = JOURNEY_PROVIDERS;
  const taken = await createUser(baseUrl, 'Somchai');
  journeyOidcProvider().setAccount({ email: taken.email, emailVerified: false });
  const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
  try {
    await page.goto(`${baseUrl}/th/auth/login`);
    await expectHeading(page, m['page.login']);
    await page.getByRole('button', { name: continueWith(m, provider.label), exact: true }).click();
    await page.getByLabel('Email').fill(taken.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expectHeading(page, m['page.login']);
    const sentence = m['authError.differentCredential'].replace('{providers}', m['auth.provider.another']);
    await page.getByTestId('form-error').getByText(sentence).waitFor();
    await screenshot(page, screenshotDir, 'auth-social-email-in-use-th');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
