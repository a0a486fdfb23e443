// Pictures of a new user's pages beside a busy user's, on several screens, in every language.
import assert from 'node:assert/strict';
import { openThemed } from './browser.mjs';
import { catalog, LOCALES } from './locale.mjs';

/**
 * For each screen `[theme, width, picture-name suffix]` opens a page signed in as `empty` and one
 * as `filled` (`height` px high), calls `shoot` in every language with both, and then expects
 * no errors in either page.
 */
export async function onEachScreen(browser, { screens, height, empty, filled }, shoot) {
  for (const [theme, width, suffix] of screens) {
    const blank = await openThemed(browser, { theme, width, height, user: empty });
    const full = await openThemed(browser, { theme, width, height, user: filled });
    try {
      for (const [locale, prefix] of LOCALES) {
        await shoot({ blank, full, locale, prefix, messages: catalog(locale), theme, width, suffix });
      }
      assert.deepEqual([...blank.errors, ...full.errors], []);
    } finally {
      await blank.context.close();
      await full.context.close();
    }
  }
}
