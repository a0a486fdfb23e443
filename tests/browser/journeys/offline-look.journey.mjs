import assert from 'node:assert/strict';
import { postCommand, uuidV7 } from '../support/api.mjs';
import { seriousViolations } from '../support/axe.mjs';
import { expectHeading, openPage, screenshot, viewport } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { goOffline, waitForOutbox, waitForServiceWorkerControl, writeOutbox } from '../support/offline.mjs';
import { PHONE, SMALL_PHONE } from '../support/layout.mjs';
import { createUser, signIn } from '../support/users.mjs';

const WIDE = { width: 1280, height: 900 };
const LOCALES = [
  ['en', ''],
  ['th', '/th'],
  ['lo', '/lo'],
];

/**
 * The header's visible controls: how many rows they take and the right edge of the last. Two
 * controls share a row when their boxes overlap in height: a select and a button of one row may
 * sit a pixel apart (a symbol from a fallback font makes one line box taller), a wrapped control
 * sits a whole control lower.
 */
function headerControls() {
  const header = document.querySelector('header');
  const boxes = [...header.querySelectorAll('a, button, select')]
    .filter((e) => e.offsetParent !== null)
    .map((element) => element.getBoundingClientRect())
    .sort((a, b) => a.top - b.top);
  let rows = 0;
  let rowBottom = -Infinity;
  for (const box of boxes) {
    if (box.top >= rowBottom) {
      rows += 1;
      rowBottom = box.bottom;
    } else rowBottom = Math.max(rowBottom, box.bottom);
  }
  return { right: Math.round(Math.max(...boxes.map((box) => box.right))), rows };
}

async function measureHeader(page, size) {
  await page.setViewportSize(size);
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  return page.evaluate(headerControls);
}

/** Rows of the list whose content is taller than the row (the virtualized list's rows have fixed heights). */
function overflowingRows() {
  return [...document.querySelectorAll('[data-row-id], [data-pending]')]
    .filter((row) => row.scrollHeight > row.clientHeight + 1)
    .map(
      (row) =>
        `${row.getAttribute('data-row-id') ?? row.getAttribute('data-pending-id')}: ${row.scrollHeight}>${row.clientHeight}`,
    );
}

async function expectNoSeriousViolations(page, where) {
  const found = await seriousViolations(page);
  assert.deepEqual(found, [], `axe on ${where}: ${JSON.stringify(found, null, 2)}`);
}

/**
 * How the offline work looks in each language and theme: with entries waiting and one refused,
 * the wide header keeps the sections and controls on the row they had with nothing waiting, and
 * phones keep one row; no list row grows out of its height; axe finds nothing serious on the
 * list with its pending rows and the offline banner, nor on the sync panel. "See why and fix"
 * opens the panel from the keyboard with a visible ring on its title, and Escape gives focus back.
 */
export default async function offlineLook({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Noy');
  // Three transactions on the server: one stays, one is edited and one deleted offline.
  const [kept, edited, deleted] = [uuidV7(), uuidV7(), uuidV7()];
  for (const [transactionId, note] of [
    [kept, 'Coffee beans'],
    [edited, 'Rice and vegetables from the morning market'],
    [deleted, 'Cinema'],
  ]) {
    await postCommand(baseUrl, user, 'AddTransaction', {
      transactionId,
      type: 'expense',
      amount: { amount: 55_000, currency: 'LAK' },
      categoryId: 'builtin-food',
      date: new Date().toISOString().slice(0, 10),
      note,
    });
  }
  const { context, page, errors } = await openPage(browser, {
    ...WIDE,
    reducedMotion: 'reduce',
    serviceWorkers: 'allow',
    bypassCSP: true,
  });
  try {
    await signIn(context, user);
    await page.goto(`${baseUrl}/dashboard/transactions`);
    await expectHeading(page, catalog('en')['page.transactions'], { errors });
    await page.locator('[data-row-id]').first().waitFor();
    await waitForServiceWorkerControl(page);
    // One add refused by the server (its category does not exist), then two waiting offline.
    const today = new Date().toISOString().slice(0, 10);
    const add = (note, categoryId = 'builtin-food') => ({
      name: 'AddTransaction',
      body: {
        commandId: uuidV7(),
        transactionId: uuidV7(),
        type: 'expense',
        amount: { amount: 15_000, currency: 'LAK' },
        categoryId,
        date: today,
        note,
      },
    });
    await writeOutbox(page, user.uid, [add('Refused lunch', uuidV7())]);
    // A page sends its outbox when it opens.
    await page.reload();
    await waitForOutbox(page, user.uid, (entries) => entries.some((e) => e.state === 'rejected'), 'not refused');
    await goOffline(context);
    await writeOutbox(page, user.uid, [
      add('Noodles at the night market near the river'),
      add('Tea'),
      {
        name: 'EditTransaction',
        body: { commandId: uuidV7(), transactionId: edited, changes: { amount: { amount: 65_000, currency: 'LAK' } } },
      },
      { name: 'DeleteTransaction', body: { commandId: uuidV7(), transactionId: deleted } },
    ]);
    await waitForOutbox(page, user.uid, (entries) => entries.length === 5, 'not five entries');

    const problems = [];
    for (const [locale, prefix] of LOCALES) {
      const m = catalog(locale);
      for (const theme of ['dark', 'light']) {
        await page.evaluate((value) => localStorage.setItem('theme', value), theme);
        await page.setViewportSize(WIDE);
        await page.goto(`${baseUrl}${prefix}/dashboard/transactions`);
        await expectHeading(page, m['page.transactions'], { errors });
        await page.getByTestId('pending-fix').waitFor();
        await page.getByTestId('offline-banner').waitFor();
        // The edited and the deleted rows of the list wear their badges.
        await page.locator(`[data-row-id="${edited}"] [data-testid="pending-badge"]`).waitFor();
        await page.locator(`[data-row-id="${deleted}"] [data-testid="pending-badge"]`).waitFor();
        // The header as it is, and as it was before there was a sync status.
        const wide = await measureHeader(page, WIDE);
        await page.getByTestId('sync-status').evaluate((status) => (status.style.display = 'none'));
        const before = await measureHeader(page, WIDE);
        await page.getByTestId('sync-status').evaluate((status) => (status.style.display = ''));
        if (wide.rows > before.rows || wide.right > WIDE.width)
          problems.push(
            `${locale} ${theme} 1280: header ${JSON.stringify(wide)}, without the status ${JSON.stringify(before)}`,
          );
        for (const row of await page.evaluate(overflowingRows)) problems.push(`${locale} ${theme} 1280: row ${row}`);
        await screenshot(page, screenshotDir, `offline-look-list-${locale}-${theme}-1280`);
        for (const size of [PHONE, SMALL_PHONE]) {
          const phone = await measureHeader(page, size);
          if (phone.rows !== 1 || phone.right > size.width)
            problems.push(`${locale} ${theme} ${size.width}: header ${JSON.stringify(phone)}`);
          for (const row of await page.evaluate(overflowingRows))
            problems.push(`${locale} ${theme} ${size.width}: row ${row}`);
        }
        await page.setViewportSize(PHONE);
        await screenshot(page, screenshotDir, `offline-look-list-${locale}-${theme}-390`);
        if (theme === 'dark') await expectNoSeriousViolations(page, `${locale} list offline with pending rows`);

        // From the keyboard: the refused row's button opens the panel, its title shows the focus.
        await page.setViewportSize(WIDE);
        await page.getByTestId('pending-fix').focus();
        await page.keyboard.press('Enter');
        const panel = page.getByTestId('sync-panel');
        await panel.waitFor();
        await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
        const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
        if (ring === 'none') problems.push(`${locale} ${theme}: the panel's title has focus without a ring`);
        assert.equal(await page.getByTestId('sync-status').getAttribute('aria-expanded'), 'true');
        await viewport(page, screenshotDir, `offline-look-panel-${locale}-${theme}-1280`);
        await page.setViewportSize(PHONE);
        await viewport(page, screenshotDir, `offline-look-panel-${locale}-${theme}-390`);
        if (theme === 'dark') await expectNoSeriousViolations(page, `${locale} sync panel`);
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'pending-fix');
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  } finally {
    await context.close();
  }
}
