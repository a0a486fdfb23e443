import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import {
  BACKUP_LINK_PATH,
  RESTORE_EVENTS_PER_REQUEST,
  restoredId,
  restoreStreamId,
  type BackupEvent,
} from '@plenty/contracts/backup';
import { addMonthsToDate } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import { streamIds } from '@plenty/contracts/events/envelope';
import { importTransactionId, type ImportExisting, type ImportRow, type ImportView } from '@plenty/contracts/imports';
import { MAX_AMOUNT } from '@plenty/contracts/money';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { Dashboard } from '@plenty/contracts/views/dashboard';
import type { TransactionList, TransactionView } from '@plenty/contracts/views/transactions';
import type { NetWorth, WalletList } from '@plenty/contracts/views/wallets';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { IMPORTS_VIEW, VIEW_OWNERS } from '@plenty/contracts/views/registry';
import { backupEvents } from '@plenty/command-api/backup/backup-events';
import type { EventStore } from '@plenty/platform/event-store/port';
import { ApiClient } from '../support/api-client.js';
import { expenseRow, fileSha, outcomes, sendRows, startImport } from '../support/import-batches.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { until } from '../support/until.js';
import { allDocuments } from '../support/view-documents.js';
import { kipLoan, openWallet, queryOk, sendOk } from '../support/wallets.js';
import { ruleBody } from '../support/recurring.js';
import {
  expectViewsEqual,
  giveEverything,
  postRestoreEvents,
  receiptBytes,
  restoreMoves,
  sendRestore,
  uploadReceipt,
} from '../faults/restore-fixture.js';

/*
 * Where import, backup and restore meet the rest of the app (wallets, the month, budgets,
 * reports, the CSV export, categories, recurring rules, debts, receipts, erasure), tried the way
 * a careless or a hostile user would, through the embedded default. The recurring poster does
 * not tick by itself here: the tests tick it with a clock of their own.
 */

let clock = new Date();
const env = useTestStandalone({ recurringIntervalMs: 0, recurringClock: () => clock });
const today = localDate(new Date(), 'UTC');
const month = today.slice(0, 7);
/** The n-th day of this month (1-based), never after today. */
const lak = (amount: number) => ({ amount, currency: 'LAK' as const });
const thb = (amount: number) => ({ amount, currency: 'THB' as const });
const day = (n: number) => `${month}-${String(Math.min(n, Number(today.slice(8)))).padStart(2, '0')}`;

async function newUser(): Promise<{ user: TestUser; api: ApiClient }> {
  const user = await createTestUser(env.standalone);
  const api = new ApiClient(env.standalone.app, user);
  await sendOk(api, 'ChangePreferences', { changes: { timeZone: 'UTC', currency: 'LAK' } });
  return { user, api };
}

async function settle(): Promise<void> {
  const { projector, eventStore } = env.standalone;
  await projector.waitFor(await eventStore.headPosition(), 20_000);
}

/** Queries once the projector has every stored event (the rows and restore routes answer no position). */
async function read<T>(api: ApiClient, path: string): Promise<T> {
  await settle();
  return queryOk<T>(api, path);
}

const balanceOf = async (api: ApiClient, walletId: string) =>
  (await read<{ balance: number; movementCount: number }>(api, `wallets/${walletId}`)).balance;

async function importRows(user: TestUser, api: ApiClient, rows: ImportRow[], sha = fileSha()) {
  const { batchId, answer } = await startImport(api, user, sha, Math.max(...rows.map((r) => r.row)) + 1);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const sent = await sendRows(env.standalone.app, user, { batchId, rows });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { batchId, sent, sha };
}

async function undo(api: ApiClient, batchId: string): Promise<void> {
  await sendOk(api, 'UndoImport', { batchId });
  await settle();
}

async function exportCsv(api: ApiClient, locale = 'en'): Promise<string> {
  const link = await read<{ url: string }>(api, `export/link?locale=${locale}`);
  const file = await env.standalone.app.inject({ method: 'GET', url: link.url });
  expect(file.statusCode).toBe(200);
  return file.body;
}

async function backupOf(uid: string): Promise<BackupEvent[]> {
  const events: BackupEvent[] = [];
  for await (const event of backupEvents(env.standalone, uid)) events.push(event);
  return events;
}

/** Restores `events` (of `source`) into `target`'s account, receipts uploaded again; answers the backup id and receipts map. */
async function restoreInto(
  target: { user: TestUser; api: ApiClient },
  sourceUid: string,
  events: BackupEvent[],
  options: { merge?: boolean; receiptBytes?: (ref: string) => Buffer } = {},
) {
  const receipts: Record<string, string> = {};
  for (const event of events) {
    const ref = event.data.receipt;
    if (typeof ref === 'string' && receipts[ref] === undefined && options.receiptBytes !== undefined)
      receipts[ref] = await uploadReceipt(env.standalone.app, target.user, options.receiptBytes(ref));
  }
  const backupId = randomUUID();
  const started = await target.api.command('StartRestore', {
    backupId,
    sourceUserId: sourceUid,
    merge: options.merge ?? false,
    eventCount: events.length,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const answer = await sendRestore(env.standalone.app, target.user, backupId, events, receipts);
  expect(answer).toEqual({ appended: events.length, existing: 0 });
  await sendOk(target.api, 'FinishRestore', { backupId, ...answer });
  await settle();
  return { backupId, receipts };
}

describe('an import meets wallets', () => {
  it('moves each wallet once per row, in two currencies; a row naming an archived wallet is refused alone; the undo moves them back', async () => {
    const { user, api } = await newUser();
    const kip = await openWallet(api, { name: 'BCEL', openingDate: `${month}-01` });
    const baht = await openWallet(api, {
      name: 'Baht cash',
      kind: 'cash',
      currency: 'THB',
      openingBalance: 50_000,
      openingDate: `${month}-01`,
    });
    const archived = await openWallet(api, { name: 'Old', openingDate: `${month}-01` });
    await sendOk(api, 'ArchiveWallet', { walletId: archived });
    const worthBefore = await read<NetWorth>(api, 'net-worth');

    const rows: ImportRow[] = [
      expenseRow(0, { walletId: kip, amount: lak(10_000), date: day(1) }),
      expenseRow(1, { walletId: baht, amount: thb(1_250), date: day(2) }),
      expenseRow(2, { walletId: archived, amount: lak(5_000), date: day(2) }),
      expenseRow(3, { walletId: kip, amount: lak(20_000), date: day(3), type: 'income', categoryId: 'builtin-salary' }),
      expenseRow(4, { walletId: baht, amount: thb(750), date: day(3) }),
    ];
    const { batchId, sent, sha } = await importRows(user, api, rows);
    expect(sent.body.results.map((r) => [r.row, r.outcome, r.code ?? null])).toEqual([
      [0, 'added', null],
      [1, 'added', null],
      [2, 'refused', 'wallet_archived'],
      [3, 'added', null],
      [4, 'added', null],
    ]);
    // The same file sent again: nothing moves twice.
    await startImport(api, user, sha, 5);
    expect(outcomes((await sendRows(env.standalone.app, user, { batchId, rows })).body)).toEqual({
      exists: 4,
      refused: 1,
    });

    expect(await balanceOf(api, kip)).toBe(1_000_000 - 10_000 + 20_000);
    expect(await balanceOf(api, baht)).toBe(50_000 - 1_250 - 750);
    expect(await balanceOf(api, archived)).toBe(1_000_000);
    const kipMoves = await read<{ items: { transactionId: string | null }[] }>(
      api,
      `wallets/${kip}/movements?limit=50`,
    );
    expect(kipMoves.items.map((m) => m.transactionId).filter((id) => id !== null)).toHaveLength(2);
    const worth = await read<NetWorth>(api, 'net-worth');
    const per = (w: NetWorth, currency: string) =>
      w.current.perCurrency.find((c) => c.currency === currency)?.assets ?? 0;
    expect(per(worth, 'LAK') - per(worthBefore, 'LAK')).toBe(10_000);
    expect(per(worth, 'THB') - per(worthBefore, 'THB')).toBe(-2_000);

    await undo(api, batchId);
    expect(await balanceOf(api, kip)).toBe(1_000_000);
    expect(await balanceOf(api, baht)).toBe(50_000);
    const after = await read<NetWorth>(api, 'net-worth');
    expect(after.current).toEqual(worthBefore.current);
    const wallets = await read<WalletList>(api, 'wallets');
    expect(wallets.items.find((w) => w.id === kip)?.movementCount).toBe(0);
  });
});

describe('an import meets the month, the budget, reports and the export', () => {
  it('counts imported rows once (the same file twice too), and zero after the undo', async () => {
    const { user, api } = await newUser();
    await sendOk(api, 'ChangePreferences', { changes: { monthlyBudget: lak(1_000_000) } });
    const mark = `seam-${randomUUID().slice(0, 8)}`;
    const rows = [0, 1, 2].map((row) =>
      expenseRow(row, { amount: lak(10_000 * (row + 1)), date: day(row + 1), note: `${mark} ${String(row)}` }),
    );
    const sha = fileSha();
    const { batchId } = await importRows(user, api, rows, sha);
    // The same file again, whole, as a careless user does.
    await startImport(api, user, sha, 3);
    await sendRows(env.standalone.app, user, { batchId, rows });
    await sendOk(api, 'FinishImport', { batchId, added: 3, existing: 0, skipped: {} });

    const dashboard = await read<Dashboard>(api, `dashboard?month=${month}`);
    expect(dashboard.totals.expense).toBe(60_000);
    expect(dashboard.count).toBe(3);
    expect(dashboard.budget.spent).toBe(60_000);
    const reports = await read<Dashboard>(api, `reports?month=${month}`);
    expect(reports.totals.expense).toBe(60_000);
    expect((await exportCsv(api)).split(/\r?\n/).filter((line) => line.includes(mark))).toHaveLength(3);
    const view = await read<ImportView>(api, `imports/${batchId}`);
    expect(view).toMatchObject({ status: 'finished', added: 3, deleted: 0 });

    await undo(api, batchId);
    const emptied = await read<Dashboard>(api, `dashboard?month=${month}`);
    expect([emptied.totals.expense, emptied.count, emptied.budget.spent]).toEqual([0, 0, 0]);
    expect((await read<Dashboard>(api, `reports?month=${month}`)).totals.expense).toBe(0);
    expect((await exportCsv(api)).split(/\r?\n/).filter((line) => line.includes(mark))).toHaveLength(0);
    expect(await read<ImportView>(api, `imports/${batchId}`)).toMatchObject({ status: 'undone', added: 3, deleted: 3 });
  });
});

describe('an import meets categories', () => {
  it('rows of a category the import screen created follow it when it is deleted with a replacement', async () => {
    const { user, api } = await newUser();
    const created = randomUUID();
    const replacement = randomUUID();
    // "Create all": the categories the file names, then the rows that use them.
    await sendOk(api, 'AddCategory', {
      categoryId: created,
      name: 'ຕະຫຼາດ',
      type: 'expense',
      icon: 'cup',
      color: '#aa5500',
    });
    await sendOk(api, 'AddCategory', {
      categoryId: replacement,
      name: 'Food+',
      type: 'expense',
      icon: 'cup',
      color: '#115500',
    });
    const rows = [0, 1].map((row) => expenseRow(row, { categoryId: created, amount: lak(7_000), date: day(1) }));
    const { batchId, sent } = await importRows(user, api, rows);
    expect(outcomes(sent.body)).toEqual({ added: 2 });
    await sendOk(api, 'DeleteCategory', { categoryId: created, replacementCategoryId: replacement });
    const list = await read<TransactionList>(api, `transactions?importId=${batchId}&limit=10`);
    expect(list.items.map((t) => t.categoryId)).toEqual([replacement, replacement]);
    const dashboard = await read<Dashboard>(api, `dashboard?month=${month}`);
    expect(dashboard.byCategory.map((c) => [c.categoryId, c.expense])).toEqual([[replacement, 14_000]]);
    // A row sent later still naming the deleted category is refused alone.
    const { batchId: later, sent: lateAnswer } = await importRows(user, api, [
      expenseRow(0, { categoryId: created, amount: lak(1_000), date: day(1) }),
      expenseRow(1, { categoryId: replacement, amount: lak(1_000), date: day(1) }),
    ]);
    expect(lateAnswer.body.results.map((r) => r.outcome)).toEqual(['refused', 'added']);
    expect(later).not.toBe(batchId);
    // The undo of the first batch removes its rows from the replacement category.
    await undo(api, batchId);
    const after = await read<Dashboard>(api, `dashboard?month=${month}`);
    expect(after.byCategory.map((c) => [c.categoryId, c.expense])).toEqual([[replacement, 1_000]]);
  });
});

describe('the lookalike query', () => {
  it('lists the user’s transactions of many batches and by hand in a range, none of another user, and nothing in an empty range', async () => {
    const { user, api } = await newUser();
    const batches: string[] = [];
    for (let b = 0; b < 3; b += 1) {
      const rows = [0, 1, 2].map((row) => expenseRow(row, { amount: lak(1_000 * (b + 1) + row), date: day(row + 1) }));
      batches.push((await importRows(user, api, rows)).batchId);
    }
    await sendOk(api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: lak(99),
      categoryId: 'builtin-food',
      date: day(2),
      note: 'by hand',
    });
    const other = await newUser();
    await importRows(other.user, other.api, [expenseRow(0, { amount: lak(55), date: day(2), note: 'not yours' })]);
    await sendOk(other.api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: lak(66),
      categoryId: 'builtin-food',
      date: day(2),
      note: 'not yours either',
    });
    const all = await read<ImportExisting>(api, `imports/existing?from=${month}-01&to=${today}`);
    expect(all.truncated).toBe(false);
    expect(all.items).toHaveLength(10);
    expect(all.items.filter((i) => i.batchId === null).map((i) => i.note)).toEqual(['by hand']);
    expect(new Set(all.items.map((i) => i.batchId).filter((b) => b !== null))).toEqual(new Set(batches));
    expect(all.items.map((i) => i.note)).not.toContain('not yours');
    const empty = await read<ImportExisting>(api, 'imports/existing?from=1999-01-01&to=1999-12-31');
    expect(empty).toEqual({ items: [], truncated: false });
    const oneDay = await read<ImportExisting>(api, `imports/existing?from=${day(1)}&to=${day(1)}`);
    expect(oneDay.items.every((i) => i.date === day(1))).toBe(true);
    // Undone batch: its rows are no longer lookalikes.
    await undo(api, batches[0] ?? '');
    const fewer = await read<ImportExisting>(api, `imports/existing?from=${month}-01&to=${today}`);
    expect(fewer.items).toHaveLength(7);
    const reversed = await api.query(`imports/existing?from=${today}&to=${month}-01`);
    expect(reversed.status === 400 || today === `${month}-01`).toBe(true);
  });
});

describe('hostile rows', () => {
  it('takes MAX_AMOUNT rows into a wallet and the month, reports, net worth and the wallets still answer', async () => {
    const { user, api } = await newUser();
    const kip = await openWallet(api, { name: 'Big', openingDate: `${month}-01` });
    const rows = [0, 1, 2, 3].map((row) =>
      expenseRow(row, {
        walletId: kip,
        amount: lak(MAX_AMOUNT),
        date: day(1),
        ...(row % 2 === 1 ? { type: 'income', categoryId: 'builtin-salary' } : {}),
      }),
    );
    const { sent, batchId } = await importRows(user, api, rows);
    expect(outcomes(sent.body)).toEqual({ added: 4 });
    for (const path of [
      `dashboard?month=${month}`,
      `reports?month=${month}`,
      'net-worth',
      'wallets',
      `wallets/${kip}`,
      `wallets/${kip}/movements?limit=10`,
      `imports/${batchId}`,
      `imports/existing?from=${month}-01&to=${today}`,
      'transactions/totals',
    ]) {
      const answer = await api.query(path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
    }
    expect(
      (await exportCsv(api)).split(/\r?\n/).filter((l) => l.includes(String(MAX_AMOUNT).slice(0, 8))),
    ).toHaveLength(4);
  });

  it('keeps a 1,000-character Thai and Lao note with combining marks, and a formula-looking note as text in the export and the backup', async () => {
    const { user, api } = await newUser();
    const thai = 'กี่'.repeat(333) + 'ก'; // 1,000 code points: consonants with vowel and tone marks
    const lao = 'ກີ່'.repeat(333) + 'ກ';
    const formula = '=HYPERLINK("http://evil.test","x")';
    const plus = "+1+cmd|' /C calc'!A0";
    const rows = [
      expenseRow(0, { note: thai, amount: lak(1_000), date: day(1) }),
      expenseRow(1, { note: lao, amount: lak(1_001), date: day(1) }),
      expenseRow(2, { note: formula, amount: lak(1_002), date: day(1) }),
      expenseRow(3, { note: plus, amount: lak(1_003), date: day(1) }),
    ];
    const { sent, batchId } = await importRows(user, api, rows);
    expect(outcomes(sent.body)).toEqual({ added: 4 });
    for (const [row, note] of [
      [0, thai],
      [1, lao],
    ] as const) {
      const view = await read<TransactionView>(api, `transactions/${importTransactionId(user.uid, batchId, row)}`);
      expect(view.note).toBe(note);
    }
    const csv = await exportCsv(api, 'th');
    expect(csv).toContain(thai);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(csv).toContain(`'${formula}`.replace(/"/g, '""'));
    expect(csv).not.toMatch(/(^|,)"?\+1\+cmd/m);

    const link = await env.standalone.app.inject({
      method: 'GET',
      url: `${BACKUP_LINK_PATH}?locale=lo`,
      headers: { authorization: user.authorization },
    });
    expect(link.statusCode, link.body).toBe(200);
    const file = await env.standalone.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
    const files = unzipSync(new Uint8Array(file.rawPayload));
    for (const name of ['transactions.csv', 'history.csv']) {
      const text = strFromU8(files[name] ?? new Uint8Array());
      expect(text, name).toContain(lao);
      expect(text, name).not.toMatch(/(^|,)"?=HYPERLINK/m);
      expect(text, name).not.toMatch(/(^|,)"?\+1\+cmd/m);
    }
    const events = strFromU8(files['events.jsonl'] ?? new Uint8Array());
    // The events keep the note as the user wrote it (JSON, not a spreadsheet).
    expect(events).toContain(JSON.stringify(formula).slice(1, -1));
  });
});

const tick = async () => {
  const done = await env.standalone.recurringPoster.tick();
  await settle();
  return done;
};

/** The user's events appended after `head`. */
async function appendedSince(uid: string, head: string) {
  const events = await env.standalone.eventStore.readAll({ after: head, maxCount: 100_000 });
  return events.filter((event) => event.metadata.userId === uid);
}

/** Replaces every old id of `moves` (and the source's uid) in a query answer by the restored account's. */
function movedAnswer(answer: unknown, moves: ReadonlyMap<string, string>, from: string, to: string): unknown {
  const text = JSON.stringify(answer)
    .split(from)
    .join(to)
    .replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
      (id) => moves.get(id.toLowerCase()) ?? id,
    );
  return JSON.parse(text) as unknown;
}

describe('backup and restore meet recurring rules, debts, wallets, imports and receipts', () => {
  it('a restored auto rule posts nothing already posted and its next occurrence once; debts, wallets, net worth equal; the import undoes; the receipt opens for its owner only', async () => {
    clock = new Date();
    const source = await newUser();
    const { api } = source;
    const bank = await openWallet(api, { name: 'BCEL', openingDate: addMonthsToDate(today, -6) });
    const start = addMonthsToDate(today, -4);
    const ruleId = uuidV7();
    await sendOk(api, 'CreateRecurringRule', {
      ruleId,
      ...ruleBody({ note: 'rent', walletId: bank }, { startDate: start }),
    });
    // Skipped before the poster came to it; the rest posted by the poster; paused and resumed once.
    await sendOk(api, 'SkipOccurrence', { ruleId, date: addMonthsToDate(start, 2) });
    await settle();
    await tick();
    await sendOk(api, 'PauseRecurringRule', { ruleId });
    await sendOk(api, 'ResumeRecurringRule', { ruleId });
    await tick();
    const posted = await read<TransactionList>(api, `transactions?ruleId=${ruleId}&limit=50`);
    const postedDates = posted.items.map((t) => t.date).sort();
    expect(postedDates).toEqual([0, 1, 3, 4].map((n) => addMonthsToDate(start, n)));

    const loan = kipLoan({ openDate: addMonthsToDate(today, -3), startDate: addMonthsToDate(today, -3) });
    await sendOk(api, 'OpenDebt', loan);
    await sendOk(api, 'RecordPayment', {
      debtId: loan.debtId,
      paymentId: uuidV7(),
      amount: 300_000,
      date: addMonthsToDate(today, -2),
      walletId: bank,
    });
    await sendOk(api, 'MarkInstallmentPaid', {
      debtId: loan.debtId,
      number: 2,
      paymentId: uuidV7(),
      date: addMonthsToDate(today, -1),
    });
    const receipt = await uploadReceipt(env.standalone.app, source.user, receiptBytes(`seam ${source.user.uid}`));
    const withReceipt = uuidV7();
    await sendOk(api, 'AddTransaction', {
      transactionId: withReceipt,
      type: 'expense',
      amount: lak(12_000),
      categoryId: 'builtin-food',
      date: day(2),
      receipt,
      walletId: bank,
    });
    const { batchId } = await importRows(source.user, api, [
      expenseRow(0, { amount: lak(3_000), walletId: bank, date: day(1) }),
      expenseRow(1, { amount: lak(4_000), date: day(1) }),
    ]);
    await sendOk(api, 'FinishImport', { batchId, added: 2, existing: 0, skipped: {} });
    await settle();

    const events = await backupOf(source.user.uid);
    const target = await newUser();
    const { receipts } = await restoreInto(target, source.user.uid, events, {
      receiptBytes: () => receiptBytes(`seam ${source.user.uid}`),
    });
    const moves = restoreMoves(
      { userId: target.user.uid, sourceUserId: source.user.uid, receipts: new Map(Object.entries(receipts)) },
      events,
    );
    const same = async (path: string) => {
      const mine = await read<unknown>(
        target.api,
        path.replace(/\{([^}]+)\}/g, (_m, k: string) => moves.get(k) ?? k),
      );
      const theirs = await read<unknown>(
        source.api,
        path.replace(/\{([^}]+)\}/g, (_m, k: string) => k),
      );
      // Transactions of one instant (an import's rows) list in the order of their ids, which a restore changes.
      const sorted = (answer: unknown) => {
        const recent = (answer as { recent?: { id: string }[] }).recent;
        return recent === undefined
          ? answer
          : { ...(answer as object), recent: [...recent].sort((a, b) => a.id.localeCompare(b.id)) };
      };
      expect(sorted(mine), path).toEqual(sorted(movedAnswer(theirs, moves, source.user.uid, target.user.uid)));
    };
    for (const path of [
      'wallets',
      `wallets/{${bank}}`,
      'net-worth',
      'debts',
      `debts/{${loan.debtId}}`,
      `debts/{${loan.debtId}}/history`,
      `recurring/{${ruleId}}`,
      `dashboard?month=${month}`,
    ])
      await same(path);

    // The poster, run again at the same moment, posts nothing of the restored account.
    const head = await env.standalone.eventStore.headPosition();
    await tick();
    expect(await appendedSince(target.user.uid, head)).toEqual([]);
    // At the next occurrence, it posts it once in each account.
    const next = addMonthsToDate(start, 5);
    clock = new Date(`${next}T12:00:00Z`);
    const before = await env.standalone.eventStore.headPosition();
    await tick();
    await tick();
    const newRule = restoredId(target.user.uid, ruleId);
    const appended = await appendedSince(target.user.uid, before);
    expect(appended.map((e) => [e.type, e.streamId])).toEqual([
      ['TransactionAdded', streamIds.transaction(occurrenceTransactionId(target.user.uid, newRule, next))],
    ]);
    clock = new Date();

    // The import is undone in the restored account: its rows are found.
    const newBatch = restoredId(target.user.uid, batchId);
    await undo(target.api, newBatch);
    expect(await read<ImportView>(target.api, `imports/${newBatch}`)).toMatchObject({ status: 'undone', deleted: 2 });
    expect((await read<TransactionList>(target.api, `transactions?importId=${newBatch}&limit=10`)).items).toEqual([]);
    expect(await read<ImportView>(source.api, `imports/${batchId}`)).toMatchObject({ status: 'finished', deleted: 0 });

    // The restored receipt opens for the new account, not for the source or anyone else.
    const newRef = receipts[receipt] ?? '';
    const view = await read<TransactionView>(target.api, `transactions/${restoredId(target.user.uid, withReceipt)}`);
    expect(view.receipt).toBe(newRef);
    const link = await read<{ url: string }>(target.api, `receipts/${newRef}/link`);
    const file = await env.standalone.app.inject({ method: 'GET', url: link.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(receiptBytes(`seam ${source.user.uid}`))).toBe(true);
    const stranger = await newUser();
    expect((await stranger.api.query(`receipts/${newRef}/link`)).status).toBe(404);
    expect((await source.api.query(`receipts/${newRef}/link`)).status).toBe(404);
  });
});

describe('merging a backup into an account with data', () => {
  it('keeps both sets; a custom category and a wallet of the same name stand side by side, no server error', async () => {
    const source = await newUser();
    const sourceCategory = randomUUID();
    await sendOk(source.api, 'AddCategory', {
      categoryId: sourceCategory,
      name: 'Snacks',
      type: 'expense',
      icon: 'cup',
      color: '#aa5500',
    });
    const sourceWallet = await openWallet(source.api, { name: 'BCEL One', openingDate: `${month}-01` });
    await sendOk(source.api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: lak(11_000),
      categoryId: sourceCategory,
      date: day(1),
      walletId: sourceWallet,
    });
    const events = await backupOf(source.user.uid);

    const target = await newUser();
    const targetCategory = randomUUID();
    await sendOk(target.api, 'AddCategory', {
      categoryId: targetCategory,
      name: 'snacks',
      type: 'expense',
      icon: 'cup',
      color: '#115500',
    });
    const targetWallet = await openWallet(target.api, { name: 'BCEL One', openingDate: `${month}-01` });
    await sendOk(target.api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: lak(22_000),
      categoryId: targetCategory,
      date: day(1),
      walletId: targetWallet,
    });
    const refused = await target.api.command('StartRestore', {
      backupId: randomUUID(),
      sourceUserId: source.user.uid,
      merge: false,
      eventCount: events.length,
    });
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'restore_account_not_empty']);
    await restoreInto(target, source.user.uid, events, { merge: true });

    const categories = await read<{ items: { id: string; name: string | null }[] }>(target.api, 'categories');
    const snacks = categories.items.filter((c) => (c.name ?? '').toLowerCase() === 'snacks').map((c) => c.id);
    expect(snacks.sort()).toEqual([targetCategory, restoredId(target.user.uid, sourceCategory)].sort());
    const wallets = await read<WalletList>(target.api, 'wallets');
    const named = wallets.items.filter((w) => w.name === 'BCEL One');
    expect(named.map((w) => [w.id, w.balance]).sort()).toEqual(
      [
        [targetWallet, 1_000_000 - 22_000],
        [restoredId(target.user.uid, sourceWallet), 1_000_000 - 11_000],
      ].sort(),
    );
    const dashboard = await read<Dashboard>(target.api, `dashboard?month=${month}`);
    expect(dashboard.totals.expense).toBe(33_000);
    // Both names stay as they were (the restore appends the backup's events, not commands); the
    // account goes on working: either can be renamed, and a third of that name is refused.
    const rename = await target.api.command('EditCategory', {
      categoryId: restoredId(target.user.uid, sourceCategory),
      changes: { name: 'Snacks (backup)' },
    });
    expect(rename.status).toBe(200);
    const again = await target.api.command('AddCategory', {
      categoryId: randomUUID(),
      name: 'Snacks',
      type: 'expense',
      icon: 'cup',
      color: '#000000',
    });
    expect([again.status, again.body.error?.code]).toEqual([409, 'category_name_taken']);
    // The two wallets of one name: each can still be edited, and one renamed.
    await sendOk(target.api, 'EditWallet', { walletId: targetWallet, changes: { color: '#123456' } });
    await sendOk(target.api, 'EditWallet', {
      walletId: restoredId(target.user.uid, sourceWallet),
      changes: { name: 'BCEL One (backup)' },
    });
    // The source account is untouched.
    expect((await read<WalletList>(source.api, 'wallets')).items.find((w) => w.id === sourceWallet)?.balance).toBe(
      1_000_000 - 11_000,
    );
  });
});

describe('erasure after an import and a restore', () => {
  it('leaves no import or restore stream, no imports document and no file name', async () => {
    const source = await newUser();
    const fileName = `Noy statement ${randomUUID()}.csv`;
    const sha = fileSha();
    const { batchId } = await startImport(source.api, source.user, sha, 1, { fileName });
    await sendRows(env.standalone.app, source.user, {
      batchId,
      rows: [expenseRow(0, { amount: lak(1_000), date: day(1) })],
    });
    await sendOk(source.api, 'FinishImport', { batchId, added: 1, existing: 0, skipped: {} });
    await settle();
    const events = await backupOf(source.user.uid);
    const target = await newUser();
    const { backupId } = await restoreInto(target, source.user.uid, events);
    const newBatch = restoredId(target.user.uid, batchId);
    expect((await read<ImportView>(target.api, `imports/${newBatch}`)).fileName).toBe(fileName);

    for (const [who, batch] of [
      [target, newBatch],
      [source, batchId],
    ] as const) {
      const deletion = await who.api.command('DeleteAccount', {
        confirmEmail: who.user.email,
        confirmPhrase: 'Delete My Account',
        reason: 'privacy',
      });
      expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
      await settle();
      expect(await env.standalone.eventStore.readStream(streamIds.import(batch))).toEqual([]);
      expect(
        await env.standalone.eventStore.readStream(streamIds.transaction(importTransactionId(who.user.uid, batch, 0))),
      ).toEqual([]);
      expect(await allDocuments(env.standalone.readStore, IMPORTS_VIEW, who.user.uid)).toEqual([]);
      // Only the erasure's own record stays.
      const left = await env.standalone.eventStore.readUserEvents(who.user.uid);
      expect(left.filter((event) => event.streamId !== ACCOUNT_ERASURES_STREAM)).toEqual([]);
    }
    expect(
      await env.standalone.eventStore.readStream(streamIds.restore(restoreStreamId(target.user.uid, backupId))),
    ).toEqual([]);
    // Nothing readable holds the file name: every document of every view, and the activity.
    const documents: unknown[] = [];
    for (const view of Object.keys(VIEW_OWNERS))
      for (const uid of [source.user.uid, target.user.uid, '__system__'])
        documents.push(...(await allDocuments(env.standalone.readStore, view, uid)));
    const dump = JSON.stringify(documents);
    expect(dump).not.toContain(fileName);
  });
});

describe('hostile restores', () => {
  it('events naming another user’s default wallet, category, debt and streams land in the caller’s space; the other user’s views unchanged; lone events break nothing', async () => {
    const victim = await newUser();
    const victimCategory = randomUUID();
    await sendOk(victim.api, 'AddCategory', {
      categoryId: victimCategory,
      name: 'Rent',
      type: 'expense',
      icon: 'cup',
      color: '#aa5500',
    });
    const victimLoan = kipLoan();
    await sendOk(victim.api, 'OpenDebt', victimLoan);
    const victimTx = uuidV7();
    await sendOk(victim.api, 'AddTransaction', {
      transactionId: victimTx,
      type: 'expense',
      amount: lak(5_000),
      categoryId: victimCategory,
      date: day(1),
    });
    const victimPaths = [
      'wallets',
      'net-worth',
      'debts',
      `debts/${victimLoan.debtId}`,
      `debts/${victimLoan.debtId}/history`,
      'categories',
      `transactions/${victimTx}`,
      `transactions/${victimTx}/history`,
      `dashboard?month=${month}`,
    ];
    const victimBefore = await Promise.all(victimPaths.map((path) => read<unknown>(victim.api, path)));
    const victimEvents = (await env.standalone.eventStore.readUserEvents(victim.user.uid)).length;

    // The hostile user's own backup, its ids rewritten to the victim's.
    const hostile = await newUser();
    const ownCategory = randomUUID();
    await sendOk(hostile.api, 'AddCategory', {
      categoryId: ownCategory,
      name: 'Mine',
      type: 'expense',
      icon: 'cup',
      color: '#115500',
    });
    const ownLoan = kipLoan();
    await sendOk(hostile.api, 'OpenDebt', ownLoan);
    const ownPayment = uuidV7();
    await sendOk(hostile.api, 'RecordPayment', {
      debtId: ownLoan.debtId,
      paymentId: ownPayment,
      amount: 100_000,
      date: day(1),
    });
    const ownTx = uuidV7();
    await sendOk(hostile.api, 'AddTransaction', {
      transactionId: ownTx,
      type: 'expense',
      amount: lak(7_000),
      categoryId: ownCategory,
      date: day(1),
      walletId: defaultWalletId(hostile.user.uid, 'LAK'),
    });
    await sendOk(hostile.api, 'EditTransaction', { transactionId: ownTx, changes: { note: 'edited' } });
    const own = await backupOf(hostile.user.uid);
    const rewritten = JSON.parse(
      JSON.stringify(own)
        .split(ownCategory)
        .join(victimCategory)
        .split(ownLoan.debtId)
        .join(victimLoan.debtId)
        .split(ownTx)
        .join(victimTx)
        .split(defaultWalletId(hostile.user.uid, 'LAK'))
        .join(defaultWalletId(victim.user.uid, 'LAK')),
    ) as BackupEvent[];
    // Lone events: a payment of a debt and an edit of a transaction never opened in the backup.
    const lone = rewritten.filter((e) => e.type === 'PaymentRecorded' || e.type === 'TransactionEdited');
    expect(lone).toHaveLength(2);

    const attacker = await newUser();
    for (const [sourceUserId, events] of [
      [hostile.user.uid, rewritten],
      [
        victim.user.uid,
        rewritten.map((e) =>
          e.streamId === streamIds.profile(hostile.user.uid)
            ? { ...e, streamId: streamIds.profile(victim.user.uid) }
            : e,
        ),
      ],
    ] as const) {
      const backupId = randomUUID();
      const started = await attacker.api.command('StartRestore', {
        backupId,
        sourceUserId,
        merge: true,
        eventCount: events.length,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const answer = await postRestoreEvents(env.standalone.app, attacker.user, { backupId, receipts: {}, events });
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      const loneOnly = await postRestoreEvents(env.standalone.app, attacker.user, {
        backupId,
        receipts: {},
        events: lone,
      });
      expect(loneOnly.status, JSON.stringify(loneOnly.body)).toBeLessThan(500);
    }
    await settle();
    expect((await env.standalone.eventStore.readUserEvents(victim.user.uid)).length).toBe(victimEvents);
    const victimAfter = await Promise.all(victimPaths.map((path) => read<unknown>(victim.api, path)));
    expect(victimAfter).toEqual(victimBefore);
    for (const path of [
      'wallets',
      'net-worth',
      'debts',
      'categories',
      'transactions?limit=50',
      `dashboard?month=${month}`,
      'activity',
      'imports',
    ]) {
      const answer = await attacker.api.query(path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
    }
    const mine = await read<TransactionView>(attacker.api, `transactions/${restoredId(attacker.user.uid, victimTx)}`);
    expect(mine.categoryId).toBe(restoredId(attacker.user.uid, victimCategory));
    // The projector still follows: another user's command after it is read.
    await sendOk(victim.api, 'EditTransaction', { transactionId: victimTx, changes: { note: 'still mine' } });
    expect((await read<TransactionView>(victim.api, `transactions/${victimTx}`)).note).toBe('still mine');
  });

  it('appends nothing of 1,000 events with one bad event in the middle', async () => {
    const { user, api } = await newUser();
    const backupId = randomUUID();
    const sourceUserId = `source-${randomUUID()}`;
    expect(
      (await api.command('StartRestore', { backupId, sourceUserId, merge: false, eventCount: 1_000 })).status,
    ).toBe(200);
    const events: BackupEvent[] = Array.from({ length: RESTORE_EVENTS_PER_REQUEST }, (_, index) => {
      const transactionId = randomUUID();
      return {
        id: randomUUID(),
        streamId: streamIds.transaction(transactionId),
        type: 'TransactionAdded',
        data: { transactionId, type: 'expense', amount: lak(1_000 + index), categoryId: 'builtin-food', date: day(1) },
        occurredAt: `${day(1)}T10:00:00.000Z`,
        schemaVersion: 1,
      };
    });
    const middle = events[500];
    if (middle === undefined) throw new Error('1,000 events');
    events[500] = { ...middle, data: { ...middle.data, amount: lak(0) } };
    const before = (await env.standalone.eventStore.readUserEvents(user.uid)).length;
    const answer = await postRestoreEvents(env.standalone.app, user, { backupId, receipts: {}, events });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      error: { code: 'backup_invalid', fields: { 'events.500': 'backup_invalid' } },
    });
    expect((await env.standalone.eventStore.readUserEvents(user.uid)).length).toBe(before);
  });
});

describe('an undo beside rows still being sent', () => {
  it('leaves no transaction of a batch undone while a request of its rows was on its way to the store', async () => {
    const { user, api } = await newUser();
    const { batchId } = await startImport(api, user, fileSha(), 3);
    const store = env.standalone.eventStore as { appendMany?: EventStore['appendMany'] };
    const appendMany = store.appendMany;
    if (appendMany === undefined) throw new Error('the embedded store appends many at once');
    // The rows' append is slow (a busy disk, a paused process) while the user presses Undo.
    let reached = false;
    let release = () => undefined as void;
    const held = new Promise<void>((resume) => {
      release = resume;
    });
    store.appendMany = async (appends) => {
      reached = true;
      await held;
      return appendMany.call(env.standalone.eventStore, appends);
    };
    try {
      const rows = [0, 1, 2].map((row) => expenseRow(row, { amount: lak(1_000), date: day(1) }));
      const sending = sendRows(env.standalone.app, user, { batchId, rows });
      await until('the rows reach the store', () => reached);
      const undone = await api.command('UndoImport', { batchId });
      expect(undone.status).toBe(200);
      release();
      const answer = await sending;
      expect(answer.status).toBeLessThan(500);
    } finally {
      store.appendMany = appendMany;
    }
    await settle();
    expect((await read<TransactionList>(api, `transactions?importId=${batchId}&limit=5`)).items).toEqual([]);
    expect(await read<ImportView>(api, `imports/${batchId}`)).toMatchObject({ status: 'undone' });
    expect((await read<Dashboard>(api, `dashboard?month=${month}`)).totals.expense).toBe(0);
  });
});

describe('a restore without the receipts', () => {
  it('restores a transaction whose only edit was attaching a receipt when the receipt is not uploaded again', async () => {
    const source = await newUser();
    const transactionId = uuidV7();
    await sendOk(source.api, 'AddTransaction', {
      transactionId,
      type: 'expense',
      amount: lak(8_000),
      categoryId: 'builtin-food',
      date: day(1),
    });
    const receipt = await uploadReceipt(env.standalone.app, source.user, receiptBytes(`late ${source.user.uid}`));
    await sendOk(source.api, 'EditTransaction', { transactionId, changes: { receipt } });
    const events = await backupOf(source.user.uid);
    const target = await newUser();
    // No receipt uploaded again (the file's receipt was lost, or the restore goes on without it).
    await restoreInto(target, source.user.uid, events);
    const view = await read<TransactionView>(target.api, `transactions/${restoredId(target.user.uid, transactionId)}`);
    expect(view.amount).toEqual(lak(8_000));
    expect(view.receipt ?? null).toBeNull();
  });
});

describe('a backup with its opening events taken out', () => {
  it('restores lone edits, payments, skips, undos and deletions of things never opened: no server error, the projector goes on, the account still works and can be erased', async () => {
    const rich = await newUser();
    const { batchId, ruleId } = await giveEverything(env.standalone.app, rich.user, rich.api);
    await settle();
    const opening = new Set([
      'TransactionAdded',
      'CategoryAdded',
      'WalletOpened',
      'GoalAdded',
      'DebtOpened',
      'RecurringRuleCreated',
      'ImportStarted',
      'TransferRecorded',
    ]);
    const lone = (await backupOf(rich.user.uid)).filter((event) => !opening.has(event.type));
    expect(lone.length).toBeGreaterThan(10);
    const { user, api } = await newUser();
    const backupId = randomUUID();
    expect(
      (
        await api.command('StartRestore', {
          backupId,
          sourceUserId: rich.user.uid,
          merge: false,
          eventCount: lone.length,
        })
      ).status,
    ).toBe(200);
    const answer = await postRestoreEvents(env.standalone.app, user, { backupId, receipts: {}, events: lone });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(answer.body).toEqual({ appended: lone.length, existing: 0 });
    await settle();

    for (const path of [
      'wallets',
      'net-worth',
      'debts',
      'goals',
      'categories',
      'transactions?limit=50',
      `dashboard?month=${month}`,
      `reports?month=${month}`,
      'activity',
      'imports',
      `imports/${restoredId(user.uid, batchId)}`,
      'recurring',
      `recurring/${restoredId(user.uid, ruleId)}`,
      'upcoming',
      `imports/existing?from=2026-01-01&to=${today}`,
    ]) {
      const read = await api.query(path);
      expect(read.status, `${path}: ${JSON.stringify(read.body).slice(0, 300)}`).toBeLessThan(500);
    }
    const newBatch = restoredId(user.uid, batchId);
    for (const [name, body] of [
      ['UndoImport', { batchId: newBatch }],
      ['FinishImport', { batchId: newBatch, added: 0, existing: 0, skipped: {} }],
      ['StartImport', { batchId: newBatch, fileName: 'x.csv', fileSha256: 'a'.repeat(64), source: 'csv', rowCount: 2 }],
      ['ResumeRecurringRule', { ruleId: restoredId(user.uid, ruleId) }],
      ['PostOccurrence', { ruleId: restoredId(user.uid, ruleId), date: addMonthsToDate(today, -1) }],
      ['AddCategory', { categoryId: randomUUID(), name: 'After', type: 'expense', icon: 'cup', color: '#000000' }],
      [
        'AddTransaction',
        { transactionId: uuidV7(), type: 'expense', amount: lak(1_000), categoryId: 'builtin-food', date: day(1) },
      ],
    ] as const) {
      const sent = await api.command(name, body);
      expect(sent.status, `${name}: ${JSON.stringify(sent.body)}`).toBeLessThan(500);
    }
    const rows = await sendRows(env.standalone.app, user, { batchId: newBatch, rows: [expenseRow(0)] });
    expect(rows.status, JSON.stringify(rows.body)).toBeLessThan(500);
    const ticked = await tick();
    expect(ticked.failed).toBe(0);
    // Another user's command is still projected.
    await sendOk(rich.api, 'AddCategory', {
      categoryId: randomUUID(),
      name: 'Still',
      type: 'expense',
      icon: 'cup',
      color: '#000000',
    });
    await settle();
    const deletion = await api.command('DeleteAccount', {
      confirmEmail: user.email,
      confirmPhrase: 'Delete My Account',
      reason: 'privacy',
    });
    expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
  });
});

describe('the poster during a restore', () => {
  it('posts no occurrence the backup skipped when it ticks between two requests of the restore', async () => {
    clock = new Date();
    const source = await newUser();
    const start = addMonthsToDate(today, -3);
    const ruleId = uuidV7();
    await sendOk(source.api, 'CreateRecurringRule', { ruleId, ...ruleBody({ note: 'rent' }, { startDate: start }) });
    await sendOk(source.api, 'SkipOccurrence', { ruleId, date: addMonthsToDate(start, 2) });
    await settle();
    await tick();
    const posted = async (api: ApiClient, rule: string) =>
      (await read<TransactionList>(api, `transactions?ruleId=${rule}&limit=50`)).items.map((t) => t.date).sort();
    const expected = [0, 1, 3].map((n) => addMonthsToDate(start, n));
    expect(await posted(source.api, ruleId)).toEqual(expected);

    const events = await backupOf(source.user.uid);
    const created = events.findIndex((event) => event.type === 'RecurringRuleCreated');
    const target = await newUser();
    const backupId = randomUUID();
    expect(
      (
        await target.api.command('StartRestore', {
          backupId,
          sourceUserId: source.user.uid,
          merge: false,
          eventCount: events.length,
        })
      ).status,
    ).toBe(200);
    // The first request ends with the rule's creation; the poster ticks before the next one.
    await sendRestore(env.standalone.app, target.user, backupId, events.slice(0, created + 1), {});
    await settle();
    await tick();
    await sendRestore(env.standalone.app, target.user, backupId, events.slice(created + 1), {});
    await sendOk(target.api, 'FinishRestore', { backupId, appended: events.length, existing: 0 });
    await settle();
    await tick();
    expect(await posted(target.api, restoredId(target.user.uid, ruleId))).toEqual(expected);
  });
});

describe('a backup of a restored account', () => {
  it('restores into a third account with every view equal to the second’s, its import undone there', async () => {
    const first = await newUser();
    const { batchId } = await giveEverything(env.standalone.app, first.user, first.api);
    await settle();
    const second = await newUser();
    await restoreInto(second, first.user.uid, await backupOf(first.user.uid), {
      receiptBytes: () => receiptBytes(`rich ${first.user.uid}`),
    });
    const events = await backupOf(second.user.uid);
    const third = await newUser();
    const { receipts } = await restoreInto(third, second.user.uid, events, {
      receiptBytes: () => receiptBytes(`rich ${first.user.uid}`),
    });
    const moves = restoreMoves(
      { userId: third.user.uid, sourceUserId: second.user.uid, receipts: new Map(Object.entries(receipts)) },
      events,
    );
    await expectViewsEqual(
      { source: env.standalone.readStore, target: env.standalone.readStore },
      second.user.uid,
      third.user.uid,
      moves,
    );
    const batch = restoredId(third.user.uid, restoredId(second.user.uid, batchId));
    await undo(third.api, batch);
    expect(await read<ImportView>(third.api, `imports/${batch}`)).toMatchObject({ status: 'undone', deleted: 2 });
  });
});

describe('a restore into an account whose default wallet was set up', () => {
  it('asks to merge: the backup’s edits of its default wallet would replace the account’s own', async () => {
    const source = await newUser();
    await sendOk(source.api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: lak(1_000),
      categoryId: 'builtin-food',
      date: day(1),
    });
    const events = await backupOf(source.user.uid);
    const target = await newUser();
    await sendOk(target.api, 'EditWallet', {
      walletId: defaultWalletId(target.user.uid, 'LAK'),
      changes: { name: 'Pocket', openingBalance: 500_000, openingDate: `${month}-01` },
    });
    const answer = await target.api.command('StartRestore', {
      backupId: randomUUID(),
      sourceUserId: source.user.uid,
      merge: false,
      eventCount: events.length,
    });
    expect([answer.status, answer.body.error?.code]).toEqual([409, 'restore_account_not_empty']);
  });
});
