import assert from 'node:assert/strict';
import { EXPORT_COLUMNS } from '@plenty/contracts/views/files';
import { call } from '../support/api.mjs';
import { seriousViolations } from '../support/axe.mjs';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { assertFits, PHONE } from '../support/layout.mjs';
import { catalog, LOCALES, say } from '../support/locale.mjs';
import { createUser, signInAs } from '../support/users.mjs';

const IMPORT = '/dashboard/import';
const WIDE = { width: 1280, height: 900 };

/** A cell of a CSV record: quoted when it holds a comma, a quote or a line break. */
const cell = (value) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * Plenty's own export in the language: a market trip split between food and shopping with two
 * tags (one with a comma), written one record per line, then a salary without tags.
 */
function plentyExport(messages) {
  const id = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
  const expense = messages['transactions.type.expense'];
  const tags = `Trip\nงานแต่ง, ວຽງຈັນ`;
  const market = messages['category.builtin.food'];
  const shopping = messages['category.builtin.shopping'];
  const cash = messages['wallet.default'];
  const records = [
    EXPORT_COLUMNS.map((column) => messages[`export.csv.${column}`]),
    ['2026-11-20', '10:30', expense, market, '800.00', 'THB', 'Talat Sao', cash, tags, '1/2', 'veg', id],
    ['2026-11-20', '10:30', expense, shopping, '400.00', 'THB', 'Talat Sao', cash, tags, '2/2', '', id],
    [
      '2026-11-21',
      '',
      messages['transactions.type.income'],
      messages['category.builtin.salary'],
      '25000.00',
      'THB',
      '',
      cash,
      '',
      '',
      '',
      `${id.slice(0, -1)}2`,
    ],
  ];
  const text = `\uFEFF${records.map((record) => record.map(cell).join(',')).join('\r\n')}\r\n`;
  return { name: `plenty-${messages['export.csv.date']}.csv`, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') };
}

/**
 * Plenty's export read back, in each language: the Tags column maps itself, the split's second
 * record says whose split it is, the preview counts two transactions; in English the file is
 * imported and gives one split transaction with its lines and tags. Each mapping at 1280 and 390 px.
 */
export default async function seamsImportJourney({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Keo Phommachanh');
  for (const [locale, prefix] of LOCALES) {
    const messages = catalog(locale);
    const opened = await openPage(browser, { ...WIDE, reducedMotion: 'reduce', bypassCSP: true });
    const { context, page, errors } = opened;
    try {
      await signInAs(context, page, baseUrl, user, `${prefix}${IMPORT}`);
      await expectHeading(page, messages['page.import'], { errors });
      await page.getByTestId('import-file-input').setInputFiles(plentyExport(messages));
      const mapping = page.getByTestId('import-mapping');
      await mapping.waitFor();
      for (const [column, role] of [
        [8, 'tags'],
        [9, 'split'],
        [10, 'lineNote'],
        [11, 'transactionId'],
      ])
        assert.equal(await page.getByTestId(`import-column-${String(column)}`).inputValue(), role);
      const tagsOption = page.getByTestId('import-column-8').locator('option[value="tags"]');
      assert.equal((await tagsOption.innerText()).trim(), messages['import.role.tags']);
      const counts = say(messages, locale, 'import.preview.counts', {
        ready: 2,
        errors: 0,
        readyText: '2',
        errorText: '0',
      });
      await mapping.getByTestId('import-preview-counts').getByText(counts).waitFor();
      const preview = page.getByTestId('import-preview-row');
      assert.equal(await preview.count(), 3);
      assert.equal(await preview.nth(1).getAttribute('data-state'), 'ready');
      assert.match(
        await preview.nth(1).innerText(),
        new RegExp(
          say(messages, locale, 'import.preview.splitLine', { row: '1' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        ),
      );
      assert.deepEqual(await seriousViolations(page), [], `mapping, ${locale}`);
      await screenshot(page, screenshotDir, `seams-import-map-${locale}-1280`);
      await page.setViewportSize(PHONE);
      await assertFits(page, PHONE.width, `mapping, ${locale}`);
      await screenshot(page, screenshotDir, `seams-import-map-${locale}-390`);
      await page.setViewportSize(WIDE);

      if (locale === 'en') {
        await page.getByTestId('import-map-continue').click();
        const review = page.getByTestId('import-review');
        await review.waitFor();
        await review.getByRole('button', { name: say(messages, locale, 'import.review.import', { count: 2 }) }).click();
        const summary = page.getByTestId('import-summary');
        await summary.getByTestId('import-added').getByText('2', { exact: true }).waitFor({ timeout: 30_000 });
        await screenshot(page, screenshotDir, 'seams-import-done-en-1280');
        const list = await call(baseUrl, user, 'queries/transactions?tag=trip&limit=10', { method: 'GET' });
        assert.deepEqual(
          list.items.map((t) => [
            t.amount.amount,
            t.categoryId,
            t.splits?.map((line) => [line.categoryId, line.amount, line.note]),
            t.tags,
          ]),
          [
            [
              120000,
              'builtin-food',
              [
                ['builtin-food', 80000, 'veg'],
                ['builtin-shopping', 40000, null],
              ],
              ['Trip', 'งานแต่ง, ວຽງຈັນ'],
            ],
          ],
        );
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
}
