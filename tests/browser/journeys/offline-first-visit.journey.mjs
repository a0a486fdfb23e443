import assert from 'node:assert/strict';
import { postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { expectHeading, screenshot } from '../support/browser.mjs';
import { firstOfMonth } from '../support/dates.mjs';
import { catalog, say, text } from '../support/locale.mjs';
import {
  expectAllSynced,
  goOffline,
  goOnline,
  openOfflineCapable,
  readOutbox,
  saveOnDevice,
  serverTransactions,
  waitForServiceWorkerControl,
} from '../support/offline.mjs';
import { openKipLoan, openWallet } from '../support/seed.mjs';
import { fillTransaction } from '../support/transactions.mjs';
import { createUser, idTokenFor } from '../support/users.mjs';

/** Kip as the app writes it: its sign first, "₭215,000" ("₭215.000" in Lao's marks). */
const kip = (locale, amount) => {
  const english = new Intl.NumberFormat('en').format(amount);
  return `₭${locale === 'lo' ? english.replaceAll(',', '.') : english}`;
};

/**
 * What the user has before the phone loses its signal: a bank wallet beside cash, three kip
 * transactions of this month and a loan. Answers the wallet's id and the count of transactions.
 */
async function seed(baseUrl, user) {
  const wallet = uuidV7();
  await openWallet(baseUrl, user, {
    walletId: wallet,
    openingBalance: 3_000_000,
    openingDate: firstOfMonth(),
    icon: 'wallet',
    color: '#2563eb',
  });
  const seeded = [
    { type: 'income', amount: 4_500_000, categoryId: 'builtin-salary', note: 'Salary' },
    { type: 'expense', amount: 180_000, categoryId: 'builtin-utilities', note: 'EDL electricity' },
    { type: 'expense', amount: 65_000, categoryId: 'builtin-food', note: 'Khao piak sen' },
  ];
  for (const t of seeded)
    await postCommand(baseUrl, user, 'AddTransaction', {
      transactionId: uuidV7(),
      type: t.type,
      amount: { amount: t.amount, currency: 'LAK' },
      categoryId: t.categoryId,
      date: firstOfMonth(),
      note: t.note,
    });
  const last = await openKipLoan(baseUrl, user, { openDate: firstOfMonth() });
  const token = await idTokenFor(baseUrl, user);
  await readAfter(baseUrl, token, 'dashboard', last.position);
  await readAfter(baseUrl, token, 'debts', last.position);
  return { wallet, count: seeded.length };
}

/** The list's rows that show `note`. */
const rowsWith = (page, note) => page.locator('[data-row-id]').filter({ hasText: note });
/** The list's entries added on this device and waiting to sync that show `note`. */
const waitingWith = (page, note) => page.locator('[data-pending="add"]').filter({ hasText: note });

/**
 * On the add form without a network: fills and saves the transaction (`split` lines and `tags`
 * if given) and waits for the toast that says it is kept on the device and the list.
 */
async function addOffline(page, m, { amount, category, note, wallet, split, tags = [] }) {
  await expectHeading(page, m['page.transactionAdd']);
  await fillTransaction(page, m, { type: 'expense', amount, currency: 'LAK', wallet, category, note, split, tags });
  await saveOnDevice(page, m);
  await waitingWith(page, note).waitFor({ timeout: 15_000 });
}

/** Goes to a page of the app under the language's prefix and waits for its heading. */
async function visit(page, baseUrl, prefix, path, heading) {
  await page.goto(`${baseUrl}${prefix}${path}`);
  await expectHeading(page, heading);
}

/**
 * The issue's own scenario on a phone with a weak signal, in English wide and in Thai and Lao
 * on a phone: a user who has seen their dashboard, list, budgets and reports loses the network;
 * a reload still shows the dashboard's figures, marked offline as of when they were read; three
 * transactions entered meanwhile (one split, with tags, into the bank wallet) wait in the list
 * and the dashboard; back online they are sent and the server holds each exactly once, with its
 * amount, lines, tags and wallet. Then a flaky network: the server applies an entry but its
 * answer is lost, and the entry sent again is not posted twice.
 */
export default async function offlineFirstVisit({ browser, baseUrl, screenshotDir }) {
  for (const [locale, prefix, width] of [
    ['en', '', 1280],
    ['th', '/th', 390],
    ['lo', '/lo', 390],
  ]) {
    const m = catalog(locale);
    const shot = (page, step) => screenshot(page, screenshotDir, `offline-first-visit-${step}-${locale}-${width}`);
    const user = await createUser(baseUrl, 'Souksavanh');
    const { wallet, count: seededCount } = await seed(baseUrl, user);
    const { context, page, errors } = await openOfflineCapable(browser, { user, width, height: 900 });
    try {
      // Online: the app installs its service worker and the user looks around.
      await visit(page, baseUrl, prefix, '/dashboard', m['page.dashboard']);
      await waitForServiceWorkerControl(page);
      await expectHeading(page, m['page.dashboard'], { errors });
      const expense = page.getByTestId('total-expense-value');
      await expense.filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 });
      const expenseOnline = await expense.innerText();
      const incomeOnline = await page.getByTestId('total-income-value').innerText();
      await shot(page, '1-online');
      await visit(page, baseUrl, prefix, '/dashboard/transactions', m['page.transactions']);
      await rowsWith(page, 'Khao piak sen').waitFor({ timeout: 20_000 });
      await visit(page, baseUrl, prefix, '/dashboard/budgets', m['budget.page.title']);
      await visit(page, baseUrl, prefix, '/dashboard/reports', m['page.reports']);
      await page.getByTestId('reports-content').waitFor({ timeout: 20_000 });
      await visit(page, baseUrl, prefix, '/dashboard/debt-tracker', m['page.debtTracker']);
      await page.getByText('Motorbike loan').first().waitFor({ timeout: 20_000 });
      await visit(page, baseUrl, prefix, '/dashboard', m['page.dashboard']);
      await expense.filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 });

      // No network: a reload opens the dashboard from the device, marked as of when it was read.
      await goOffline(context);
      await page.reload();
      await expectHeading(page, m['page.dashboard'], { errors });
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor({ timeout: 20_000 });
      assert.equal(await banner.getAttribute('role'), 'status', 'the offline banner is announced');
      // "Offline — showing data as of 1:44 PM": when the figures were read, in the language's words.
      const asOf = text(m, 'offline.asOf').split('{time}')[0].trim();
      await banner.filter({ hasText: asOf }).filter({ hasText: /\d/ }).waitFor();
      await expense.filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 });
      assert.equal(await expense.innerText(), expenseOnline, 'the cached expense total');
      assert.equal(await page.getByTestId('total-income-value').innerText(), incomeOnline, 'the cached income total');
      await shot(page, '2-offline-dashboard');
      // The loan, read online, opens offline too.
      await visit(page, baseUrl, prefix, '/dashboard/debt-tracker', m['page.debtTracker']);
      await page.getByText('Motorbike loan').first().waitFor({ timeout: 20_000 });
      await banner.waitFor();

      // Three transactions entered offline: plain, another category, and split with tags in the bank wallet.
      const stamp = `${locale}-${Date.now()}`;
      const entered = [
        { amount: '25000', category: 'food', note: `Feu ${stamp}`, minor: 25_000 },
        { amount: '40000', category: 'transport', note: `Tuk-tuk ${stamp}`, minor: 40_000 },
        {
          amount: '150000',
          category: 'food',
          note: `Morning market ${stamp}`,
          minor: 150_000,
          wallet: 'BCEL One',
          split: [
            { category: 'food', amount: '100000' },
            { category: 'shopping', amount: '50000' },
          ],
          tags: ['Market day', 'ຄອບຄົວ'],
        },
      ];
      for (const t of entered) {
        await visit(page, baseUrl, prefix, '/dashboard/transactions/add', m['page.transactionAdd']);
        await addOffline(page, m, t);
      }
      const waitingRows = page.locator('[data-pending="add"]');
      assert.equal(await waitingRows.count(), 3, 'the three entries wait in the list');
      const status = page.getByTestId('sync-status');
      await status.filter({ hasText: say(m, locale, 'sync.status.waiting', { count: 3 }) }).waitFor();
      // The list's totals say what waits beside what they count.
      const listPending = page.getByTestId('pending-totals');
      const listSums = await listPending.getByTestId('pending-totals-sums').innerText();
      assert.ok(listSums.includes(kip(locale, 215_000)), `the list's pending totals count the three: ${listSums}`);
      await shot(page, '3-offline-list');
      const queued = await readOutbox(page, user.uid);
      assert.deepEqual(
        queued.map((e) => [e.name, e.state, e.body.note]),
        entered.map((t) => ['AddTransaction', 'waiting', t.note]),
        'the outbox holds the three in the order they were made',
      );
      await visit(page, baseUrl, prefix, '/dashboard', m['page.dashboard']);
      const pending = page.getByTestId('pending-totals');
      await pending.waitFor({ timeout: 20_000 });
      const sums = await pending.getByTestId('pending-totals-sums').innerText();
      assert.ok(sums.includes(kip(locale, 215_000)), `the dashboard's pending totals count the three: ${sums}`);
      // The recent list shows them first, each waiting.
      const recent = page.getByTestId('recent-transactions');
      for (const t of entered) await recent.locator('[data-pending="add"]').filter({ hasText: t.note }).waitFor();
      await shot(page, '4-offline-pending-totals');

      // Back online: they are sent, the status says all is synced, the list no longer says waiting.
      await goOnline(context);
      await expectAllSynced(page, user.uid, text(m, 'sync.status.allSynced'));
      await pending.waitFor({ state: 'detached', timeout: 20_000 });
      await banner.waitFor({ state: 'hidden', timeout: 20_000 });
      await shot(page, '5-synced-dashboard');

      const onServer = await serverTransactions(baseUrl, user);
      assert.equal(onServer.length, seededCount + 3, 'the server holds exactly three new transactions');
      for (const t of entered) {
        const found = onServer.filter((item) => item.note === t.note);
        assert.equal(found.length, 1, `${t.note} is on the server once`);
        const [item] = found;
        assert.deepEqual(item.amount, { amount: t.minor, currency: 'LAK' }, `${t.note}'s amount`);
        assert.equal(item.categoryId, `builtin-${t.category}`, `${t.note}'s category`);
        if (t.split === undefined) {
          assert.ok(item.splits === null || item.splits === undefined, `${t.note} is not split`);
          assert.deepEqual(item.tags ?? [], [], `${t.note} has no tags`);
        } else {
          assert.deepEqual(
            item.splits.map((line) => [line.categoryId, line.amount]),
            t.split.map((line) => [`builtin-${line.category}`, Number(line.amount)]),
            `${t.note}'s lines`,
          );
          assert.deepEqual([...item.tags].sort(), [...t.tags].sort(), `${t.note}'s tags`);
          assert.equal(item.walletId, wallet, `${t.note} is in the bank wallet`);
        }
      }

      // A reload shows each once, none waiting.
      await visit(page, baseUrl, prefix, '/dashboard/transactions', m['page.transactions']);
      for (const t of entered) await rowsWith(page, t.note).first().waitFor({ timeout: 20_000 });
      await page.reload();
      await expectHeading(page, m['page.transactions'], { errors });
      for (const t of entered) {
        await rowsWith(page, t.note).first().waitFor({ timeout: 20_000 });
        assert.equal(await rowsWith(page, t.note).count(), 1, `${t.note} shows once`);
      }
      assert.equal(await page.locator('[data-pending]').count(), 0, 'nothing waits');
      await shot(page, '6-synced-list');

      // A flaky network: two more offline; the server applies the first, but its answer is lost.
      await goOffline(context);
      const flaky = [
        { amount: '12000', category: 'food', note: `Coffee ${stamp}` },
        { amount: '30000', category: 'transport', note: `Fuel ${stamp}` },
      ];
      for (const t of flaky) {
        await visit(page, baseUrl, prefix, '/dashboard/transactions/add', m['page.transactionAdd']);
        await addOffline(page, m, t);
      }
      let dropped = 0;
      let sent = 0;
      await context.route('**/api/commands/AddTransaction', async (route) => {
        sent += 1;
        if (dropped > 0) return route.continue();
        // Sent and applied by the server, then the connection drops before the answer arrives.
        const response = await route.fetch();
        assert.equal(response.status(), 200, 'the server applied the first entry');
        dropped += 1;
        await route.abort('connectionreset');
      });
      await goOnline(context);
      await expectAllSynced(page, user.uid, text(m, 'sync.status.allSynced'));
      await context.unrouteAll({ behavior: 'wait' });
      assert.equal(dropped, 1, 'one answer was lost');
      assert.ok(sent >= 3, `the entry whose answer was lost was sent again (${sent} sends)`);
      const afterFlaky = await serverTransactions(baseUrl, user);
      assert.equal(afterFlaky.length, seededCount + 5, 'exactly two more on the server');
      for (const t of flaky)
        assert.equal(afterFlaky.filter((item) => item.note === t.note).length, 1, `${t.note} is on the server once`);
      await page.reload();
      await expectHeading(page, m['page.transactions'], { errors });
      for (const t of flaky) {
        await rowsWith(page, t.note).first().waitFor({ timeout: 20_000 });
        assert.equal(await rowsWith(page, t.note).count(), 1, `${t.note} shows once`);
      }
      await shot(page, '7-after-flaky-sync');
      assert.deepEqual(errors, [], 'no errors in the page');
    } finally {
      await context.close();
    }
  }
}
