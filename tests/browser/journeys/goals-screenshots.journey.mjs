import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { expectHeading, openSettingsTab, screenshot } from '../support/browser.mjs';
import { dateFromToday } from '../support/dates.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { callApi, createUser } from '../support/users.mjs';

/** The tab with goals in every state: en, th, lo; dark and light; wide and 360 px. */
export default async function goalsScreenshots({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Malee');
  const goals = [
    {
      name: 'Trip to Luang Prabang',
      target: { amount: 800_000, currency: 'THB' },
      saved: { amount: 520_000, currency: 'THB' },
      targetDate: dateFromToday(45),
    },
    {
      name: 'ເງິນສຳຮອງສຸກເສີນ',
      target: { amount: 10_000_000, currency: 'LAK' },
      saved: { amount: 10_000_000, currency: 'LAK' },
      targetDate: dateFromToday(400),
    },
    {
      name: 'New laptop',
      target: { amount: 120_000, currency: 'USD' },
      saved: { amount: 30_000, currency: 'USD' },
      targetDate: dateFromToday(-3),
    },
    {
      name: 'ผ่อนบ้าน',
      target: { amount: 25_000_000, currency: 'LAK' },
      saved: { amount: 0, currency: 'LAK' },
      targetDate: dateFromToday(900),
    },
  ];
  for (const goal of goals) await callApi(baseUrl, user, 'commands/AddGoal', { goalId: randomUUID(), ...goal });
  for (const theme of ['dark', 'light']) {
    for (const [locale, prefix] of LOCALES) {
      const messages = catalog(locale);
      for (const width of [1280, 360]) {
        const { context, page, errors } = await openSettingsTab(browser, baseUrl, user, 'goals', {
          prefix,
          theme,
          width,
        });
        try {
          await expectHeading(page, messages['page.settings']);
          await page.getByTestId('goals-list').getByRole('heading', { name: 'New laptop' }).waitFor();
          await page.evaluate(() => document.fonts.ready);
          await screenshot(page, screenshotDir, `goals-tab-${locale}-${theme}${width === 360 ? '-360' : ''}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          assert.equal(overflow, false, `no sideways scrolling at ${width} px (${locale}, ${theme})`);
          assert.deepEqual(errors, []);
        } finally {
          await context.close();
        }
      }
    }
  }
}
