import assert from 'node:assert/strict';
import { APP_ROUTES } from '@plenty/contracts/app-routes';
import { randomBytes } from 'node:crypto';
import { call, postCommand, uuidV7 } from '../support/api.mjs';
import { seriousViolations } from './axe.mjs';
import { openPage } from './browser.mjs';
import { queueRefusedAdd } from './offline.mjs';
import { catalog, LOCALES } from './locale.mjs';
import { createUser, signIn } from './users.mjs';

/**
 * A user with something on every page: transactions, a debt with a payment, a goal, a budget, a
 * wallet, a recurring rule, an import.
 */
async function seed(baseUrl, user) {
  await postCommand(baseUrl, user, 'ChangePreferences', {
    changes: { monthlyBudget: { amount: 900_000, currency: 'LAK' } },
  });
  const transactionId = uuidV7();
  const today = new Date().toISOString().slice(0, 10);
  await postCommand(baseUrl, user, 'AddTransaction', {
    transactionId,
    type: 'expense',
    amount: { amount: 850_000, currency: 'LAK' },
    categoryId: 'builtin-food',
    date: today,
    note: 'Market',
  });
  await postCommand(baseUrl, user, 'EditTransaction', { transactionId, changes: { note: 'Morning market' } });
  await postCommand(baseUrl, user, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'income',
    amount: { amount: 12_000_000, currency: 'LAK' },
    categoryId: 'builtin-salary',
    date: today,
    note: 'Salary',
  });
  const debtId = uuidV7();
  await postCommand(baseUrl, user, 'OpenDebt', {
    debtId,
    name: 'Motorbike',
    type: 'loan',
    initialAmount: 24_000_000,
    currentAmount: 24_000_000,
    annualRatePercent: '9',
    paymentDueDay: 5,
    icon: 'car',
    color: '#336699',
    currency: 'LAK',
    loanType: 'emi',
    termMonths: 12,
    openDate: '2026-01-05',
    startDate: '2026-01-05',
  });
  await postCommand(baseUrl, user, 'MarkInstallmentPaid', {
    debtId,
    number: 1,
    paymentId: uuidV7(),
    date: '2026-02-05',
  });
  await postCommand(baseUrl, user, 'AddGoal', {
    goalId: uuidV7(),
    name: 'New phone',
    target: { amount: 6_000_000, currency: 'LAK' },
    saved: { amount: 1_500_000, currency: 'LAK' },
    targetDate: '2027-12-31',
  });
  const walletId = uuidV7();
  await postCommand(baseUrl, user, 'OpenWallet', {
    walletId,
    name: 'BCEL One',
    kind: 'bank',
    currency: 'LAK',
    openingBalance: 2_000_000,
    openingDate: '2026-01-01',
    icon: 'bank',
    color: '#3b82f6',
    excludeFromTotals: false,
  });
  await postCommand(baseUrl, user, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: { amount: 40_000, currency: 'LAK' },
    categoryId: 'builtin-transport',
    date: today,
    walletId,
  });
  // A category budget, so the budget page, the dashboard and the reports show their progress bars.
  await postCommand(baseUrl, user, 'SetCategoryBudget', {
    categoryId: 'builtin-transport',
    month: today.slice(0, 7),
    limit: { amount: 50_000, currency: 'LAK' },
    repeat: true,
  });
  const ruleId = uuidV7();
  await postCommand(baseUrl, user, 'CreateRecurringRule', {
    ruleId,
    type: 'expense',
    amount: { amount: 2_500_000, currency: 'LAK' },
    categoryId: 'builtin-housing',
    note: 'Rent',
    mode: 'confirm',
    remind: true,
    schedule: { frequency: 'month', interval: 1, startDate: today, monthDay: 31, end: { kind: 'never' } },
  });
  const batchId = uuidV7();
  await postCommand(baseUrl, user, 'StartImport', {
    batchId,
    fileName: 'statement.csv',
    fileSha256: randomBytes(32).toString('hex'),
    source: 'csv',
    rowCount: 1,
  });
  await call(baseUrl, user, 'imports/rows', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      batchId,
      rows: [
        {
          row: 0,
          type: 'expense',
          amount: { amount: 25_000, currency: 'LAK' },
          categoryId: 'builtin-food',
          date: today,
          note: 'Noodles',
        },
      ],
    }),
  });
  await postCommand(baseUrl, user, 'FinishImport', { batchId, added: 1, existing: 0, skipped: {} });
  return { transactionId, debtId, walletId, ruleId, batchId, today };
}

/** Every page of the app (from the route list itself), with its parameters filled in. */
function pages(ids) {
  const fill = {
    '/auth/reset-password/:token': '/auth/reset-password/not-a-real-code',
    '/dashboard/transactions/edit/:id': `/dashboard/transactions/edit/${ids.transactionId}`,
    '/dashboard/debt-tracker/:id': `/dashboard/debt-tracker/${ids.debtId}`,
    '/dashboard/wallets/:id': `/dashboard/wallets/${ids.walletId}`,
    '/dashboard/recurring/:id': `/dashboard/recurring/${ids.ruleId}`,
    '/dashboard/import/:id': `/dashboard/import/${ids.batchId}`,
  };
  const extra = [
    { path: `/dashboard/transactions?view=${ids.transactionId}`, access: 'signed-in' },
    { path: `/activity?kind=transaction&subject=${ids.transactionId}`, access: 'signed-in' },
    { path: `/dashboard/reports?from=${ids.today.slice(0, 8)}01&to=${ids.today}`, access: 'signed-in' },
    { path: '/dashboard/settings?tab=preferences', access: 'signed-in' },
    { path: '/dashboard/settings?tab=categories', access: 'signed-in' },
    { path: '/dashboard/settings?tab=goals', access: 'signed-in' },
    { path: '/dashboard/settings?tab=privacy', access: 'signed-in' },
    { path: '/no-such-page', access: 'public' },
  ];
  return [...APP_ROUTES.map((route) => ({ ...route, path: fill[route.path] ?? route.path })), ...extra].filter(
    (page) => page.path !== '/' && page.path !== '/auth/verify',
  );
}

async function settle(page, errors = []) {
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(async (error) => {
      const text = await page.evaluate(() => document.body.innerText.slice(0, 300)).catch(() => '');
      throw new Error(`no heading at ${page.url()}: ${JSON.stringify(text)} ${errors.join(' | ')}`, { cause: error });
    });
  // Data, lazy chunks and fonts in place, loading skeletons gone.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, null, { timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Every page in one language and both themes, checked by axe-core: no serious or critical
 * accessibility finding (contrast, names, roles, labels, language of the page). Signed in, an
 * entry refused by the server is on the device, so the header's sync status, the list's pending
 * row and the sync panel are checked too. A journey per language (accessibility-en, -th, -lo), so
 * the three run beside the other journeys instead of one after another.
 */
export async function checkAccessibility({ browser, baseUrl }, wanted) {
  const languages = LOCALES.filter(([locale]) => locale === wanted);
  assert.equal(languages.length, 1, `${wanted} is one of the app's languages`);
  const user = await createUser(baseUrl, 'Khamla');
  const ids = await seed(baseUrl, user);
  const findings = [];
  let checked = 0;
  for (const theme of ['dark', 'light']) {
    for (const [locale, prefix] of languages) {
      for (const access of ['guest', 'signed-in']) {
        // bypassCSP: axe-core is injected as a script of the page, which the app's CSP forbids.
        const { context, page, errors } = await openPage(browser, { bypassCSP: true, reducedMotion: 'reduce' });
        await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
        if (access === 'signed-in') await signIn(context, user);
        try {
          // Signed in, an entry the server refused stays on the device: every page's header shows
          // the sync status, the transaction list its row with "See why and fix".
          if (access === 'signed-in') {
            await page.goto(`${baseUrl}${prefix}/dashboard/transactions`);
            await settle(page, errors);
            await queueRefusedAdd(page, user.uid);
          }
          for (const target of pages(ids)) {
            const wanted = target.access === 'public' || (access === 'guest') === (target.access === 'guest-only');
            if (!wanted) continue;
            await page.goto(`${baseUrl}${prefix}${target.path}`);
            await settle(page, errors);
            const heading = await page.locator('h1').first().innerText();
            if (target.path !== '/no-such-page')
              assert.notEqual(heading, catalog(locale)['errorPage.notFoundTitle'], `${target.path} is a page`);
            const lang = await page.evaluate(() => document.documentElement.lang);
            assert.equal(lang, locale, `the page says its language at ${target.path}`);
            for (const { nodes, ...finding } of await seriousViolations(page)) {
              const where = nodes.slice(0, 3).map((node) => `${node.target}: ${node.summary}`);
              findings.push({ page: `${prefix}${target.path}`, theme, ...finding, nodes: where });
            }
            checked += 1;
            // The sync panel, opened from the refused row.
            if (access === 'signed-in' && target.path === '/dashboard/transactions') {
              await page.getByTestId('pending-fix').click();
              await page.getByTestId('sync-panel').waitFor();
              await page.evaluate(() => document.fonts.ready);
              for (const { nodes, ...finding } of await seriousViolations(page)) {
                const where = nodes.slice(0, 3).map((node) => `${node.target}: ${node.summary}`);
                findings.push({ page: `${prefix}${target.path} (sync panel)`, theme, ...finding, nodes: where });
              }
              await page.keyboard.press('Escape');
              await page.getByTestId('sync-panel').waitFor({ state: 'hidden' });
              checked += 1;
            }
          }
          assert.deepEqual(errors, [], `no page errors (${locale}, ${theme}, ${access})`);
        } finally {
          await context.close();
        }
      }
    }
  }
  assert.ok(checked >= 30, `checked ${checked} pages in ${wanted}`);
  assert.deepEqual(findings, [], `serious accessibility findings:\n${JSON.stringify(findings, null, 2)}`);
}
