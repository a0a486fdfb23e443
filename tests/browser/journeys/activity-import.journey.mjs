import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { call, postCommand, uuidV7 } from '../support/api.mjs';
import { activityEntryTexts, eachActivityPage, messageAround } from '../support/activity.mjs';
import { createUser } from '../support/users.mjs';

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
  await eachActivityPage(
    { browser, baseUrl, screenshotDir },
    { user, kind: 'import', subject: batchId, position: last.position },
    async ({ page, messages, locale }) => {
      // The undo's end may be a moment behind the undo's answer: wait for all four.
      const texts = await activityEntryTexts(page, 4);
      const expected = [
        ['activity.import.undone', 'activity.import.deleted'],
        ['activity.import.undoStarted'],
        ['activity.import.finished', 'activity.import.added', 'activity.import.skipped'],
        ['activity.import.started', 'activity.import.rows'],
      ];
      expected.forEach((ids, index) => {
        assert.ok(texts[index]?.includes(fileName), `${locale}: entry ${index} names the file: ${texts[index]}`);
        for (const id of ids)
          for (const part of messageAround(messages[id], 'count'))
            assert.ok(texts[index]?.includes(part), `${locale} ${id}: ${texts[index]}`);
      });
    },
  );
}
