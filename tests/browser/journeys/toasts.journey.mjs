import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';

/**
 * A toast is announced politely, stays 2.5 s, and closes by itself or by its button, Escape,
 * a click or a swipe; a new toast replaces the one on screen. The page's clock stands still
 * once it is loaded and moves only when told: a toast cannot time out while a busy machine
 * answers slowly, so each close is the action's doing however long it takes to show.
 */
export default async function toasts({ browser, baseUrl }) {
  const { context, page, errors } = await openPage(browser);
  try {
    await page.clock.install();
    await page.goto(`${baseUrl}/auth/login`);
    await expectHeading(page, catalog('en')['page.login']);
    await page.clock.pauseAt(Date.now() + 1000);
    const toast = page.getByTestId('toast');
    const closed = () => toast.waitFor({ state: 'detached', timeout: 15_000 });
    const switchTo = async (locale) => {
      await page.getByTestId('language-switcher').selectOption(locale);
      await toast.getByText(catalog(locale)['language.changed']).waitFor();
    };

    await switchTo('th');
    const region = page.getByRole('status', { name: catalog('th')['toast.region'] });
    assert.equal(await region.getAttribute('aria-live'), 'polite');
    assert.equal(await region.getByTestId('toast').count(), 1, 'announced in the live region');
    await page.clock.runFor(2400);
    assert.equal(await toast.count(), 1, 'still shown after 2.4 s');
    await page.clock.runFor(200);
    await closed();

    await switchTo('lo');
    await page.keyboard.press('Escape');
    await closed();

    await switchTo('en');
    await toast.getByRole('button', { name: catalog('en')['common.close'] }).click();
    await closed();

    await switchTo('th');
    await toast.click({ position: { x: 40, y: 20 } });
    await closed();

    await switchTo('lo');
    const box = await toast.boundingBox();
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await closed();

    await page.getByTestId('language-switcher').selectOption('en');
    await page.getByTestId('language-switcher').selectOption('th');
    await toast.getByText(catalog('th')['language.changed']).waitFor();
    assert.equal(await toast.count(), 1, 'the newer toast replaces the older one');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
