import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { expectHeading, openSettingsTab, screenshot, viewport } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { callApi, createUser } from '../support/users.mjs';

/** The tab (with a custom category), the dialog and the icon picker: en, th, lo; dark, light; 360 px. */
export default async function categoriesScreenshots({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Malee');
  await callApi(baseUrl, user, 'commands/AddCategory', {
    categoryId: randomUUID(),
    name: 'Motorbike loan',
    type: 'expense',
    icon: 'motorbike',
    color: '#6366f1',
  });
  for (const theme of ['dark', 'light']) {
    for (const [locale, prefix] of LOCALES) {
      const messages = catalog(locale);
      const { context, page, errors } = await openSettingsTab(browser, baseUrl, user, 'categories', {
        prefix,
        theme,
        width: 360,
      });
      try {
        // Many pictures on a shared machine: a first paint may take longer than usual.
        await expectHeading(page, messages['page.settings'], { errors, timeout: 30_000 });
        await page.getByTestId('categories-custom').getByText('Motorbike loan').waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, screenshotDir, `categories-tab-${locale}-${theme}-360`);
        await page
          .getByRole('button', { name: messages['categories.editLabel'].replace('{name}', 'Motorbike loan') })
          .click();
        const dialog = page.getByTestId('category-dialog');
        await dialog.getByRole('heading', { name: messages['categories.dialog.editTitle'] }).waitFor();
        await viewport(page, screenshotDir, `categories-dialog-${locale}-${theme}-360`);
        await dialog
          .locator('fieldset', { has: page.getByTestId('icon-grid') })
          .evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await page.evaluate(() => document.fonts.ready);
        await dialog
          .locator('fieldset', { has: page.getByTestId('icon-grid') })
          .screenshot({ path: `${screenshotDir}/categories-icons-${locale}-${theme}-360.png` });
        const colors = dialog.locator('fieldset', { has: page.getByTestId('color-swatches') });
        await colors.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await colors.screenshot({ path: `${screenshotDir}/categories-colors-${locale}-${theme}-360.png` });
        await dialog.getByLabel(messages['categories.field.name'], { exact: true }).fill('');
        await dialog.getByRole('button', { name: messages['categories.dialog.save'] }).click();
        await dialog.getByText(messages['error.name_required']).waitFor();
        await dialog.evaluate((element) => element.scrollTo(0, 0));
        await viewport(page, screenshotDir, `categories-dialog-error-${locale}-${theme}-360`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        assert.equal(overflow, false, `no sideways scrolling at 360 px in ${locale}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  }
}
