import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';

/**
 * A toast is announced politely, stays 2.5 s, and closes by itself or by its button, Escape,
 * a click or a swipe; a new toast replaces the one on screen.
 */
export default async function toasts({ browser, baseUrl }) {
  const { context, page, errors } = await openPage(browser);
  try {
    await page.goto(`${baseUrl}/auth/login`);
    await expectHeading(page, catalog('en')['page.login']);
    const toast = page.getByTestId('toast');
    const switchTo = async (locale) => {
      await page.getByTestId('language-switcher').selectOption(locale);
      await toast.getByText(catalog(locale)['language.changed']).waitFor();
    };

    await switchTo('th');
    const region = page.getByRole('status', { name: catalog('th')['toast.region'] });
    assert.equal(await region.getAttribute('aria-live'), 'polite');
    assert.equal(await region.getByTestId('toast').count(), 1, 'announced in the live region');
    await page.waitForTimeout(1500);
    assert.equal(await toast.count(), 1, 'still shown after 1.5 s');
    await toast.waitFor({ state: 'detached', timeout: 2500 });

    await switchTo('lo');
    await page.keyboard.press('Escape');
    await toast.waitFor({ state: 'detached', timeout: 500 });

    await switchTo('en');
    await toast.getByRole('button', { name: catalog('en')['common.close'] }).click();
    await toast.waitFor({ state: 'detached', timeout: 500 });

    await switchTo('th');
    await toast.click({ position: { x: 40, y: 20 } });
    await toast.waitFor({ state: 'detached', timeout: 500 });

    await switchTo('lo');
    const box = await toast.boundingBox();
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await toast.waitFor({ state: 'detached', timeout: 500 });

    await page.getByTestId('language-switcher').selectOption('en');
    await page.getByTestId('language-switcher').selectOption('th');
    await toast.getByText(catalog('th')['language.changed']).waitFor();
    assert.equal(await toast.count(), 1, 'the newer toast replaces the older one');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
