import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { createUser, lookupUser, passwordWorks, signInAs } from '../support/users.mjs';

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
 * the password work, and the new password signs in on the login page. (A provider's account in
 * Settings is part of the social sign-in journey.)
 */
export default async function settingsAccount({ browser, baseUrl }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Malee Sisouk');
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
    const record = await lookupUser(baseUrl, user);
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
    assert.equal((await lookupUser(baseUrl, user)).displayName, 'Malee Vongsa');
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
    assert.equal(await panel.getByText(en['auth.validation.passwordRequired'], { exact: true }).count(), 3);
    await current.fill(user.password);
    await next.fill('short');
    await confirm.fill('short');
    await change.click();
    await panel.getByText(en['auth.validation.passwordTooShort'].replace('{min}', '6')).waitFor();
    await next.fill('a-new-secret');
    await confirm.fill('a-new-secreT');
    await panel.getByText(en['auth.validation.passwordsMismatch']).waitFor();
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
