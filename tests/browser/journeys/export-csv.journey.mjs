import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { EXPORT_COLUMNS } from '@plenty/contracts/views/files';
import { openPage, screenshot } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { callApi, createUser, signInAs } from '../support/users.mjs';

async function exportIn(browser, baseUrl, screenshotDir, user, locale, prefix) {
  const messages = catalog(locale);
  const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce', acceptDownloads: true });
  try {
    await signInAs(context, page, baseUrl, user, `${prefix}/dashboard/settings?tab=privacy`);
    await page
      .getByRole('heading', { level: 1, name: messages['page.settings'], exact: true })
      .waitFor({ timeout: 30_000 });
    const answers = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) answers.push(`→ ${new URL(request.url()).pathname}`);
    });
    page.on('response', (response) => {
      if (response.url().includes('/api/')) answers.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    const button = page.getByRole('button', { name: messages['settings.export.button'] });
    await button.waitFor();
    await screenshot(page, screenshotDir, `export-privacy-${locale}-dark`);

    // One click asks for the link, then the browser downloads the file it points to. Every
    // wait starts before the click: the request leaves within milliseconds of it.
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    const asked = page.waitForRequest((sent) => sent.url().includes('/api/queries/export/link'), { timeout: 10_000 });
    const answered = page.waitForResponse((response) => response.url().includes('/api/queries/export/link'));
    downloading.catch(() => undefined);
    asked.catch(() => undefined);
    answered.catch(() => undefined);
    let linkRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/queries/export/link')) linkRequests += 1;
    });
    await button.click();
    await asked.catch((error) => {
      throw new Error(`the first click on Export sent no request in ${locale}; api: ${answers.join(', ')}`, {
        cause: error,
      });
    });
    const [download, linkResponse] = await Promise.all([downloading, answered]).catch(async (error) => {
      const shown = await page
        .getByTestId('toast')
        .allInnerTexts()
        .catch(() => []);
      await screenshot(page, screenshotDir, `export-failed-${locale}`).catch(() => undefined);
      throw new Error(
        `no download in ${locale}: ${error.message}; toast: ${JSON.stringify(shown)}; api: ${answers.join(', ')}; ${errors.join(' ')}`,
        { cause: error },
      );
    });
    assert.equal(linkResponse.status(), 200);
    assert.equal(linkRequests, 1, 'one click, one request for a link');
    assert.equal(new URL(linkResponse.url()).searchParams.get('locale'), locale);
    assert.match(download.suggestedFilename(), /^plenty-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    await page.getByTestId('toast').getByText(messages['settings.export.done']).waitFor();

    assert.ok(text.startsWith('\uFEFF'), 'a BOM, so spreadsheets read UTF-8');
    const lines = text.slice(1).split(/\r\n/);
    const header = EXPORT_COLUMNS.map((column) => messages[`export.csv.${column}`]);
    assert.equal(lines[0], header.join(','));
    assert.ok(
      lines.some(
        (line) =>
          line.startsWith('2026-11-20,') &&
          line.includes(messages['category.builtin.food']) &&
          // The wallet, then no tags, no split, no line note, and the transaction's id.
          new RegExp(`,${messages['wallet.default']},,,,[0-9a-f-]{36}$`).test(line),
      ),
      `the transaction, with its category and wallet in the language: ${lines.join(' | ')}`,
    );

    // A failed request says so, and the button works again.
    await page.route('**/api/queries/export/link*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal"}}' }),
    );
    await button.click();
    await page.getByTestId('toast').getByText(messages['error.internal']).waitFor();
    assert.equal(await button.getAttribute('aria-disabled'), 'false');
    assert.deepEqual(
      errors.filter((error) => !error.includes('500')),
      [],
    );
  } finally {
    await context.close();
  }
}

/** Data & Privacy › Export: the CSV downloads with a BOM and a header in the page's language. */
export default async function exportCsv({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Kham Vongsa');
  await callApi(baseUrl, user, 'commands/AddTransaction', {
    transactionId: randomUUID(),
    type: 'expense',
    amount: { amount: 45000, currency: 'LAK' },
    categoryId: 'builtin-food',
    date: '2026-11-20',
    note: 'Khao piak',
  });
  await exportIn(browser, baseUrl, screenshotDir, user, 'en', '');
  await exportIn(browser, baseUrl, screenshotDir, user, 'lo', '/lo');
}
