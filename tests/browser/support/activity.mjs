import assert from 'node:assert/strict';
import { readAfter } from './api.mjs';
import { expectHeading, openPage, screenshot } from './browser.mjs';
import { catalog, LOCALES } from './locale.mjs';
import { signIn } from './users.mjs';

/*
 * The Activity page of one item (a rule, an import batch) as the journeys read it: its entries'
 * texts, a message's words around a value the page fills in, and the page opened in every
 * language at desk and phone widths with a picture of each.
 */

/** The entries' texts on the page, newest first, once there are `count` of them. */
export async function activityEntryTexts(page, count) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const texts = await page.getByTestId('activity-entry').allInnerTexts();
    if (texts.length === count) return texts;
    if (Date.now() > deadline) assert.fail(`expected ${count} entries, saw ${texts.length}: ${texts.join(' | ')}`);
    await page.waitForTimeout(150);
  }
}

/** A message's words before and after its `{placeholder}`, which the page fills in its own way. */
export const messageAround = (message, placeholder) =>
  message
    .split(`{${placeholder}}`)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * The Activity page of one item (`kind` `import` or `recurring`, `subject` its id), once the
 * views have `position`, as `user` in each language at 1280 and 390 px: waits for the heading,
 * runs `check`, checks the item's link to its own page, and takes the picture
 * `activity-<kind>-<locale>-<width>` with no page errors.
 */
export async function eachActivityPage({ browser, baseUrl, screenshotDir }, { user, kind, subject, position }, check) {
  await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'activity?limit=1', position);
  for (const [locale, prefix] of LOCALES) {
    const messages = catalog(locale);
    for (const width of [1280, 390]) {
      const { context, page, errors } = await openPage(browser, { width, height: 900, reducedMotion: 'reduce' });
      try {
        await signIn(context, user);
        await page.goto(`${baseUrl}${prefix}/activity?kind=${kind}&subject=${subject}`);
        await expectHeading(page, messages['activity.title'], { errors });
        await check({ page, messages, locale });
        assert.equal(
          await page
            .getByTestId('activity-item')
            .getByRole('link', { name: messages[`activity.item.open.${kind}`] })
            .getAttribute('href'),
          `${prefix}/dashboard/${kind}/${subject}`,
        );
        await screenshot(page, screenshotDir, `activity-${kind}-${locale}-${width}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  }
}
