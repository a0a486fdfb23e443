import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { call, postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { createUser, signIn } from '../support/users.mjs';

/** The entries' texts on the page, newest first, once there are `count` of them. */
async function entryTexts(page, count) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const texts = await page.getByTestId('activity-entry').allInnerTexts();
    if (texts.length === count) return texts;
    if (Date.now() > deadline) assert.fail(`expected ${count} entries, saw ${texts.length}: ${texts.join(' | ')}`);
    await page.waitForTimeout(150);
  }
}

/** A message's words around its `{count}`, which the page writes in its own way. */
const around = (message) =>
  message
    .split(/\{count\}/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * An import's audit history: started with its rows, finished with what it added and skipped,
 * undone with what it deleted, read as sentences of the batch's Activity page, newest first,
 * named by the file, in English, Thai and Lao, with a link to the import's page; pictures at desk
 * and phone widths.
 */
export default async function activityImport({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Dao');
  const batchId = uuidV7();
  const fileName = 'KBank พฤศจิกายน 2026.csv';
  await postCommand(baseUrl, user, 'StartImport', {
    batchId,
    fileName,
    fileSha256: randomBytes(32).toString('hex'),
    source: 'csv',
    rowCount: 3,
  });
  const row = (index, note) => ({
    row: index,
    type: 'expense',
    amount: { amount: 12_000 + index, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-0' + String(index + 1),
    note,
  });
  await call(baseUrl, user, 'imports/rows', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ batchId, rows: [row(0, 'Market'), row(2, 'ข้าวผัด')] }),
  });
  await postCommand(baseUrl, user, 'FinishImport', { batchId, added: 2, existing: 0, skipped: { duplicate: 1 } });
  const last = await postCommand(baseUrl, user, 'UndoImport', { batchId });
  await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'activity?limit=1', last.position);

  for (const [locale, prefix] of LOCALES) {
    const messages = catalog(locale);
    for (const width of [1280, 390]) {
      const { context, page, errors } = await openPage(browser, { width, height: 900, reducedMotion: 'reduce' });
      try {
        await signIn(context, user);
        await page.goto(`${baseUrl}${prefix}/activity?kind=import&subject=${batchId}`);
        await expectHeading(page, messages['activity.title'], { errors });
        // The undo's end may be a moment behind the undo's answer: wait for all four.
        const texts = await entryTexts(page, 4);
        const expected = [
          ['activity.import.undone', 'activity.import.deleted'],
          ['activity.import.undoStarted'],
          ['activity.import.finished', 'activity.import.added', 'activity.import.skipped'],
          ['activity.import.started', 'activity.import.rows'],
        ];
        expected.forEach((ids, index) => {
          assert.ok(texts[index]?.includes(fileName), `${locale}: entry ${index} names the file: ${texts[index]}`);
          for (const id of ids)
            for (const part of around(messages[id]))
              assert.ok(texts[index]?.includes(part), `${locale} ${id}: ${texts[index]}`);
        });
        assert.equal(
          await page
            .getByTestId('activity-item')
            .getByRole('link', { name: messages['activity.item.open.import'] })
            .getAttribute('href'),
          `${prefix}/dashboard/import/${batchId}`,
        );
        await screenshot(page, screenshotDir, `activity-import-${locale}-${width}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  }
}
