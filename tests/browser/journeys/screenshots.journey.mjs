import { expectHeading, openPage, openThemed, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { GUEST_PAGES } from '../support/pages.mjs';
import { createUser, signIn } from '../support/users.mjs';

const SIGNED_IN_PAGES = [
  ['home', '/', 'home.heading'],
  ['dashboard', '/dashboard', 'page.dashboard'],
  ['transactions', '/dashboard/transactions', 'page.transactions'],
  ['transaction-add', '/dashboard/transactions/add', 'page.transactionAdd'],
  ['transaction-edit', '/dashboard/transactions/edit/sample-id', 'page.transactionEdit'],
  ['reports', '/dashboard/reports', 'page.reports'],
  ['debt-tracker', '/dashboard/debt-tracker', 'page.debtTracker'],
  ['debt-detail', '/dashboard/debt-tracker/sample-id', 'page.debtDetail'],
  ['settings', '/dashboard/settings', 'page.settings'],
];

async function capture(browser, baseUrl, screenshotDir, { pages, theme, user, width, suffix = '' }) {
  for (const [locale, prefix] of LOCALES) {
    const { context, page } = await openThemed(browser, { theme, width, user });
    try {
      for (const [name, path, heading] of pages) {
        await page.goto(`${baseUrl}${prefix}${path}`);
        await expectHeading(page, catalog(locale)[heading]);
        await screenshot(page, screenshotDir, `${name}-${locale}-${theme}${suffix}`);
      }
    } finally {
      await context.close();
    }
  }
}

/** A picture of every page in every language, dark and light, for people to look over. */
export default async function screenshots({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Malee');
  for (const theme of ['dark', 'light']) {
    await capture(browser, baseUrl, screenshotDir, { pages: GUEST_PAGES, theme, width: 1280 });
    await capture(browser, baseUrl, screenshotDir, { pages: SIGNED_IN_PAGES, theme, user, width: 1280 });
  }
  for (const [locale, prefix] of LOCALES) {
    const { context, page } = await openPage(browser, { reducedMotion: 'reduce' });
    try {
      await signIn(context, user);
      const messages = catalog(locale);
      await page.goto(`${baseUrl}${prefix}/dashboard/reports`);
      await expectHeading(page, messages['page.reports']);
      await page.getByRole('button', { name: messages['userMenu.label'] }).click();
      await screenshot(page, screenshotDir, `user-menu-${locale}-dark`);
      await page.getByRole('button', { name: messages['userMenu.logout'] }).click();
      await page.getByRole('dialog').waitFor();
      await screenshot(page, screenshotDir, `logout-dialog-${locale}-dark`);
      await page.getByRole('button', { name: messages['common.cancel'] }).click();
      const other = locale === 'en' ? 'th' : 'en';
      await page.getByTestId('language-switcher').selectOption(other);
      await page.getByTestId('toast').waitFor();
      await screenshot(page, screenshotDir, `toast-${other}-dark`);
    } finally {
      await context.close();
    }
  }
  await capture(browser, baseUrl, screenshotDir, {
    pages: [GUEST_PAGES[0], GUEST_PAGES[4], GUEST_PAGES[7]],
    theme: 'dark',
    width: 360,
    suffix: '-360',
  });
  await capture(browser, baseUrl, screenshotDir, {
    pages: [SIGNED_IN_PAGES[0], SIGNED_IN_PAGES[1]],
    theme: 'dark',
    user,
    width: 360,
    suffix: '-360',
  });
}
