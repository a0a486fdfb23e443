import assert from 'node:assert/strict';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { fillTransaction } from '../support/transactions.mjs';
import { createUser, signIn } from '../support/users.mjs';

/** Where the browser says the user is: Vientiane, for the transaction's location. */
const POSITION = { latitude: 17.966671234, longitude: 102.600004999 };

async function open(browser, user, options = {}) {
  const opened = await openPage(browser, {
    geolocation: { latitude: POSITION.latitude, longitude: POSITION.longitude },
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
    ...options,
  });
  await signIn(opened.context, user);
  return opened;
}

const toast = (page, text) => page.getByTestId('toast').getByText(text, { exact: true }).waitFor();

/**
 * Currency, budget, theme and language are saved and applied at once; saving locations makes the
 * add form offer the browser's position; everything is still there after a reload.
 */
async function journey(browser, baseUrl, screenshotDir, { locale, prefix, currency, budget, budgetMinor, other }) {
  const messages = catalog(locale);
  const otherMessages = catalog(other.locale);
  const user = await createUser(baseUrl, 'Noy');
  const { context, page, errors } = await open(browser, user);
  try {
    await page.goto(`${baseUrl}${prefix}/dashboard/settings?tab=preferences`);
    await expectHeading(page, messages['page.settings']);
    const form = page.getByTestId('preferences-form');
    await form.waitFor();
    assert.equal(await page.getByTestId('preferences-currency').inputValue(), 'LAK', 'the default currency');
    assert.equal(
      await page.getByTestId('preferences-time-zone').inputValue(),
      await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      'the browser’s time zone to start with',
    );
    await page
      .getByTestId('preferences-rates-source')
      .getByText(/2026|2569/)
      .waitFor();

    // A zero budget is refused in the page's language, and nothing is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/commands/ChangePreferences')) sent += 1;
    });
    await page.getByTestId('preferences-currency').selectOption(currency);
    await page.getByTestId('preferences-budget').fill('0');
    await page.getByTestId('preferences-save').click();
    await form.getByText(messages['error.amount_not_positive'], { exact: true }).waitFor();
    assert.equal(sent, 0, 'an invalid form sends nothing');

    await page.getByTestId('preferences-budget').fill(budget);
    await page.getByTestId('preferences-theme-light').check({ force: true });
    await page.getByTestId('preferences-weekly').check();
    await page.getByTestId('preferences-save').click();
    await toast(page, messages['preferences.saved']);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light', 'light at once');
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light');

    // The language switches the whole app at once, and moves to its address.
    await page.getByTestId(`preferences-language-${other.locale}`).check({ force: true });
    await page.getByTestId('preferences-save').click();
    await toast(page, otherMessages['preferences.saved']);
    await expectHeading(page, otherMessages['page.settings']);
    assert.equal(new URL(page.url()).pathname, `${other.prefix}/dashboard/settings`);
    assert.equal(await page.evaluate(() => localStorage.getItem('locale')), other.locale);
    assert.equal(await page.evaluate(() => document.documentElement.lang), other.locale);

    // Saving locations is off: the add form has no location, and starts in the preferred currency.
    await page.goto(`${baseUrl}${other.prefix}/dashboard/transactions/add`);
    await expectHeading(page, otherMessages['page.transactionAdd']);
    assert.equal(await page.locator('select[name="currency"]').inputValue(), currency, 'the preferred currency');
    assert.equal(await page.getByTestId('add-location').count(), 0, 'no location while saving it is off');

    await page.goto(`${baseUrl}${other.prefix}/dashboard/settings?tab=privacy`);
    const location = page.getByTestId('privacy-location');
    await location.waitFor();
    assert.equal(await location.isChecked(), false);
    await location.check();
    await toast(page, otherMessages['preferences.privacy.saved']);

    await page.goto(`${baseUrl}${other.prefix}/dashboard/transactions/add`);
    await page.getByTestId('add-location').click();
    const shown = page.getByTestId('transaction-location');
    await shown.waitFor();
    assert.match(await shown.innerText(), /17[.,]96667/);
    assert.match(await shown.innerText(), /102[.,]6/);

    // Saved in dollars with its location: the list and the detail also show it in the preferred
    // currency, and the detail shows where it was recorded.
    await fillTransaction(page, otherMessages, { type: 'expense', amount: '10', currency: 'USD', category: 'food' });
    await page.getByRole('button', { name: otherMessages['transactions.form.save'] }).click();
    await expectHeading(page, otherMessages['page.transactions']);
    const approx = page.getByTestId('transaction-approx').first();
    await approx.waitFor();
    // 10.00 USD at the bundled rates: 324.50 THB or 218,500 LAK.
    assert.match(await approx.innerText(), currency === 'THB' ? /324\.50/ : /218[,.]500/, 'converted in the list');
    await page.locator('[data-row-id]').first().click();
    const detail = page.getByRole('dialog', { name: otherMessages['transactions.detail.title'] });
    await detail.getByTestId('detail-location').waitFor();
    assert.match(await detail.getByTestId('detail-location').innerText(), /17[.,]96667/);
    assert.match(await detail.getByTestId('detail-approx').innerText(), currency === 'THB' ? /324\.50/ : /218[,.]500/);
    await page.keyboard.press('Escape');

    // The dashboard adds it up in the preferred currency too.
    await page.goto(`${baseUrl}${other.prefix}/dashboard`);
    const expense = page.getByTestId('total-expense-value');
    await expense.waitFor({ timeout: 20_000 });
    assert.match(await expense.innerText(), currency === 'THB' ? /324\.50/ : /218[,.]500/, 'converted total');

    // After a reload everything is as saved.
    await page.goto(`${baseUrl}${other.prefix}/dashboard/settings?tab=preferences`);
    await page.reload();
    await page.getByTestId('preferences-form').waitFor();
    assert.equal(await page.getByTestId('preferences-currency').inputValue(), currency);
    assert.equal(await page.getByTestId('preferences-budget').inputValue(), budgetMinor(other.locale));
    assert.equal(await page.getByTestId('preferences-theme-light').isChecked(), true, 'light theme kept');
    assert.equal(await page.getByTestId(`preferences-language-${other.locale}`).isChecked(), true, 'language kept');
    assert.equal(await page.getByTestId('preferences-weekly').isChecked(), true, 'weekly report kept');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    await page.goto(`${baseUrl}${other.prefix}/dashboard/settings?tab=privacy`);
    // The switch is disabled until the saved preferences are read.
    await page.locator('[data-testid="privacy-location"]:enabled').waitFor();
    assert.equal(await page.getByTestId('privacy-location').isChecked(), true, 'saving locations kept');
    assert.deepEqual(errors, []);
  } catch (error) {
    await screenshot(page, screenshotDir, `preferences-failed-${locale}`).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

/** The Preferences and Data & Privacy tabs in every language, dark and light, with own rates and a budget. */
async function pictures(browser, baseUrl, screenshotDir) {
  const user = await createUser(baseUrl, 'Malee');
  for (const theme of ['dark', 'light']) {
    for (const [locale, prefix] of LOCALES) {
      const messages = catalog(locale);
      const { context, page, errors } = await open(browser, user);
      await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      try {
        await page.goto(`${baseUrl}${prefix}/dashboard/settings?tab=preferences`);
        await expectHeading(page, messages['page.settings']);
        await page.getByTestId('preferences-form').waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, screenshotDir, `preferences-${locale}-${theme}`);
        await page.getByTestId('preferences-budget').fill('-1');
        await page.getByTestId('preferences-rate-EUR').fill('0');
        await page.getByTestId('preferences-save').click();
        await page.getByTestId('preferences-rates-save').click();
        await page.getByText(messages['error.rate_not_positive'], { exact: true }).waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, screenshotDir, `preferences-errors-${locale}-${theme}`);
        await page.getByRole('tab', { name: messages['settings.tab.privacy'], exact: true }).click();
        await page.getByTestId('privacy-choices').waitFor();
        await page.getByRole('button', { name: messages['account.delete.start'] }).waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, screenshotDir, `privacy-${locale}-${theme}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        assert.equal(overflow, false, `no sideways scrolling in ${locale}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  }
}

export default async function preferences({ browser, baseUrl, screenshotDir }) {
  await journey(browser, baseUrl, screenshotDir, {
    locale: 'en',
    prefix: '',
    currency: 'THB',
    budget: '1,500.50',
    budgetMinor: (locale) => (locale === 'lo' ? '1500,50' : '1500.50'),
    other: { locale: 'th', prefix: '/th' },
  });
  await journey(browser, baseUrl, screenshotDir, {
    locale: 'th',
    prefix: '/th',
    currency: 'LAK',
    budget: '๒,๐๐๐,๐๐๐',
    budgetMinor: () => '2000000',
    other: { locale: 'en', prefix: '' },
  });
  await pictures(browser, baseUrl, screenshotDir);
}
