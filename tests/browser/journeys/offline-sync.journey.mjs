import assert from 'node:assert/strict';
import { uuidV7 } from '../support/api.mjs';
import { expectHeading, expectToast } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import {
  goOffline,
  goOnline,
  MARKET_OFFLINE,
  openOfflineCapable,
  saveOnDevice,
  serverTransactions,
  waitForEmptyOutbox,
  waitForOutbox,
  waitForServiceWorkerControl,
} from '../support/offline.mjs';
import { openWallet } from '../support/seed.mjs';
import { fillTransaction } from '../support/transactions.mjs';
import { createUser } from '../support/users.mjs';

/**
 * Offline entry that syncs exactly once: three transactions entered through the form with no
 * network (one split over two categories, with a tag and a bank wallet) reach the server once
 * each when the network returns; an answer lost after the server applied the command (the
 * connection reset) leaves the entry waiting, and it is sent again with its commandId and
 * stored once; a reload while an entry is on its way sends it again, and it is stored once.
 * Every check of what arrived asks the server.
 */
export default async function offlineSync({ browser, baseUrl }) {
  const m = catalog('en');
  const user = await createUser(baseUrl, 'Dao');
  const walletId = uuidV7();
  await openWallet(baseUrl, user, { walletId });

  const { context, page, errors } = await openOfflineCapable(browser, { user, theme: null });
  // Every request of a command, from the page or its worker: which commandIds went how often.
  const sent = [];
  context.on('request', (request) => {
    const name = /\/api\/commands\/(\w+)$/.exec(new URL(request.url()).pathname)?.[1];
    if (name === undefined || request.method() !== 'POST') return;
    sent.push({ name, commandId: JSON.parse(request.postData() ?? '{}').commandId });
  });
  const sentOf = (commandId) => sent.filter((request) => request.commandId === commandId).length;
  const outboxWith = (predicate, what) => waitForOutbox(page, user.uid, predicate, what);
  const onServer = async (note) => (await serverTransactions(baseUrl, user)).filter((item) => item.note === note);
  const addLink = () => page.getByRole('link', { name: m['transactions.add'], exact: true }).first();
  const save = () => page.getByRole('button', { name: m['transactions.form.save'] }).click();
  const picker = () => page.getByTestId('category-picker').getByRole('radio', { name: m['category.builtin.food'] });

  try {
    // Online once: the list, the form and the wallets are read, and the worker keeps the app.
    await page.goto(`${baseUrl}/dashboard/transactions`);
    await expectHeading(page, m['page.transactions'], { errors });
    await page.goto(`${baseUrl}/dashboard/transactions/add`);
    await expectHeading(page, m['page.transactionAdd'], { errors });
    await picker().waitFor();
    await waitForServiceWorkerControl(page);
    await picker().waitFor();
    const walletSelect = page.getByLabel(m['transaction.wallet.label'], { exact: true });
    await page.getByLabel(m['transactions.field.currency'], { exact: true }).selectOption('LAK');
    await walletSelect.locator('option', { hasText: 'BCEL One' }).first().waitFor({ state: 'attached' });

    // ── Offline: three transactions through the form ────────────────────────────────────────
    await goOffline(context);
    await fillTransaction(page, m, { type: 'expense', amount: '45000', currency: 'LAK', note: 'Noodles offline' });
    await picker().click();
    await saveOnDevice(page, m);

    await addLink().click();
    await expectHeading(page, m['page.transactionAdd']);
    await fillTransaction(page, m, MARKET_OFFLINE);
    await saveOnDevice(page, m);

    await addLink().click();
    await expectHeading(page, m['page.transactionAdd']);
    await fillTransaction(page, m, {
      type: 'income',
      amount: '3000000',
      currency: 'LAK',
      category: 'salary',
      note: 'Salary offline',
    });
    await saveOnDevice(page, m);

    const queued = await outboxWith((entries) => entries.length === 3, 'three entries kept on the device');
    assert.deepEqual(
      queued.map((entry) => [entry.name, entry.state, entry.body.note]),
      [
        ['AddTransaction', 'waiting', 'Noodles offline'],
        ['AddTransaction', 'waiting', 'Market offline'],
        ['AddTransaction', 'waiting', 'Salary offline'],
      ],
    );
    assert.equal(new Set(queued.map((entry) => entry.body.commandId)).size, 3, 'a commandId each');
    assert.equal(sent.length, 0, 'nothing left the device offline');
    assert.equal((await serverTransactions(baseUrl, user)).length, 0, 'the server has none yet');

    // ── Online: each arrives once ───────────────────────────────────────────────────────────
    await goOnline(context);
    await waitForEmptyOutbox(page, user.uid);
    const synced = await serverTransactions(baseUrl, user);
    assert.deepEqual(synced.map((item) => item.note).sort(), ['Market offline', 'Noodles offline', 'Salary offline']);
    const market = synced.find((item) => item.note === 'Market offline');
    assert.equal(market.walletId, walletId, 'the split one in its wallet');
    assert.deepEqual(market.tags, ['Market day']);
    assert.deepEqual(
      market.splits.map((line) => [line.categoryId, line.amount]),
      [
        ['builtin-food', 100_000],
        ['builtin-shopping', 20_000],
      ],
    );
    for (const entry of queued) assert.equal(sentOf(entry.body.commandId), 1, `${entry.body.note} sent once`);

    // ── A flaky network: the server applies it, the answer is lost ──────────────────────────
    let cut = false;
    await context.route('**/api/commands/AddTransaction', async (route) => {
      if (cut) return route.continue();
      cut = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await addLink().click();
    await expectHeading(page, m['page.transactionAdd']);
    await fillTransaction(page, m, { type: 'expense', amount: '25000', currency: 'LAK', note: 'Flaky coffee' });
    await picker().click();
    await save();
    // The form cannot know whether it arrived: it is kept to sync, and sent again.
    await expectToast(page, m['pending.queued']);
    await waitForEmptyOutbox(page, user.uid);
    await context.unroute('**/api/commands/AddTransaction');
    const coffee = await onServer('Flaky coffee');
    assert.equal(coffee.length, 1, 'stored once though sent twice');
    const coffeeIds = sent.filter((request) => request.name === 'AddTransaction').slice(3);
    assert.ok(coffeeIds.length >= 2, `sent again after the lost answer: ${coffeeIds.length}`);
    assert.equal(new Set(coffeeIds.map((request) => request.commandId)).size, 1, 'with the same commandId');

    // ── A reload while an entry is on its way ───────────────────────────────────────────────
    let held = false;
    let arrived = () => undefined;
    const reachedServer = new Promise((resolve) => (arrived = resolve));
    const holding = [];
    await context.route('**/api/commands/AddTransaction', async (route) => {
      if (held) return route.continue();
      held = true;
      holding.push(route);
      // The server applies it; its answer never comes back to this page.
      await route.fetch();
      arrived();
    });
    await addLink().click();
    await expectHeading(page, m['page.transactionAdd']);
    await fillTransaction(page, m, { type: 'expense', amount: '18000', currency: 'LAK', note: 'Held tea' });
    await picker().click();
    await save();
    await reachedServer;
    const onItsWay = await outboxWith(
      (entries) => entries.length === 1 && entries[0].state === 'sending',
      'the entry on its way',
    );
    await page.reload();
    await expectHeading(page, m['page.transactionAdd'], { errors });
    await waitForEmptyOutbox(page, user.uid);
    for (const route of holding) await route.abort().catch(() => undefined);
    await context.unroute('**/api/commands/AddTransaction');
    assert.equal((await onServer('Held tea')).length, 1, 'stored once though sent again after the reload');
    assert.equal(sentOf(onItsWay[0].body.commandId), 2, 'sent again with the same commandId');
    assert.equal((await serverTransactions(baseUrl, user)).length, 5, 'five transactions, none twice');

    const unexpected = errors.filter((error) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|connection/i.test(error));
    assert.deepEqual(unexpected, []);
  } finally {
    await context.close();
  }
}
