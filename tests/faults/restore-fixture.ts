import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  RESTORE_EVENTS_PATH,
  RESTORE_EVENTS_PER_REQUEST,
  restoredId,
  type BackupEvent,
  type RestoreEventsAnswer,
} from '@plenty/contracts/backup';
import { CURRENCIES } from '@plenty/contracts/money';
import { IMPORT_ROWS_PATH } from '@plenty/contracts/imports';
import { DEFAULT_RATES } from '@plenty/contracts/rates';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { ACTIVITY_VIEW, VIEW_OWNERS } from '@plenty/contracts/views/registry';
import { systemDocId } from '@plenty/contracts/views/recurring';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { restoreEvent, type RestoreMappingContext } from '@plenty/command-api/restore/restore-mapping';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { ApiClient } from '../support/api-client.js';
import { receiptBytes, uploadReceipt } from '../support/receipts.js';
import { ruleBody } from '../support/recurring.js';
import type { TestUser } from '../support/users.js';
import { allDocuments } from '../support/view-documents.js';
import { kipLoan, lak, openWallet, sendOk, thb } from '../support/wallets.js';

/*
 * What the backup and restore tests share: a user with something of everything, the restore's
 * requests, and the comparison of every view of two accounts with the backup's ids moved.
 */

export { receiptBytes, uploadReceipt };

const usd = (amount: number) => ({ amount, currency: 'USD' });

/** What the rich user holds that a test names again. */
export interface RichUser {
  readonly receipt: string;
  readonly ruleId: string;
  readonly batchId: string;
}

/**
 * Gives a user something of everything a backup holds: transactions in three currencies and
 * wallets (edited, deleted, one with a receipt), custom categories (one deleted with a
 * replacement), a budget, preferences and rates, a goal with a contribution and a withdrawal, a
 * loan with a payment and an installment marked paid, a transfer, a reconcile, a rule with a
 * posted and a skipped occurrence and an edit of "this and following", and an import.
 */
export async function giveEverything(app: FastifyInstance, user: TestUser, api: ApiClient): Promise<RichUser> {
  await sendOk(api, 'ChangePreferences', {
    changes: { currency: 'LAK', monthlyBudget: lak(5_000_000), language: 'lo', weeklyReport: true },
  });
  await sendOk(api, 'SetExchangeRates', { rates: { ...DEFAULT_RATES, THB: '640' } });

  const coffee = randomUUID();
  const snacks = randomUUID();
  await sendOk(api, 'AddCategory', {
    categoryId: coffee,
    name: 'ກາເຟ',
    type: 'expense',
    icon: 'cup',
    color: '#aa5500',
  });
  await sendOk(api, 'AddCategory', {
    categoryId: snacks,
    name: 'Snacks',
    type: 'expense',
    icon: 'cup',
    color: '#115500',
  });

  const bank = await openWallet(api);
  const baht = await openWallet(api, { name: 'ເງິນບາດ', kind: 'cash', currency: 'THB', openingBalance: 50_000 });

  const lunch = uuidV7();
  await sendOk(api, 'AddTransaction', {
    transactionId: lunch,
    type: 'expense',
    amount: lak(45_000),
    categoryId: snacks,
    date: '2026-10-03',
    time: '12:30',
    note: 'ເຂົ້າປຽກ with friends',
    walletId: bank,
  });
  await sendOk(api, 'EditTransaction', { transactionId: lunch, changes: { amount: lak(40_000), note: 'lunch' } });
  const receipt = await uploadReceipt(app, user, receiptBytes(`rich ${user.uid}`));
  await sendOk(api, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: thb(12_050),
    categoryId: coffee,
    date: '2026-10-05',
    receipt,
    location: { latitude: 17.97, longitude: 102.6, label: 'Vientiane' },
    walletId: baht,
  });
  await sendOk(api, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'income',
    amount: usd(250_000),
    categoryId: 'builtin-salary',
    date: '2026-10-01',
  });
  const gone = uuidV7();
  await sendOk(api, 'AddTransaction', {
    transactionId: gone,
    type: 'expense',
    amount: lak(9_000),
    categoryId: 'builtin-food',
    date: '2026-10-02',
  });
  await sendOk(api, 'DeleteTransaction', { transactionId: gone });
  await sendOk(api, 'DeleteCategory', { categoryId: snacks, replacementCategoryId: coffee });
  await sendOk(api, 'EditCategory', { categoryId: coffee, changes: { color: '#bb6600' } });

  const goalId = uuidV7();
  await sendOk(api, 'AddGoal', { goalId, name: 'ທ່ຽວ', target: lak(10_000_000), targetDate: '2027-12-31' });
  await sendOk(api, 'ContributeToGoal', { goalId, amount: lak(900_000), date: '2026-10-10' });
  await sendOk(api, 'WithdrawFromGoal', { goalId, amount: lak(100_000), date: '2026-10-12' });

  const loan = kipLoan();
  await sendOk(api, 'OpenDebt', loan);
  await sendOk(api, 'RecordPayment', {
    debtId: loan.debtId,
    paymentId: uuidV7(),
    amount: 100_000,
    date: '2026-10-20',
    walletId: bank,
  });
  await sendOk(api, 'MarkInstallmentPaid', { debtId: loan.debtId, number: 1, paymentId: uuidV7(), date: '2026-10-15' });

  await sendOk(api, 'RecordTransfer', {
    transferId: uuidV7(),
    fromWalletId: bank,
    toWalletId: defaultWalletId(user.uid, 'LAK'),
    amountOut: lak(200_000),
    amountIn: lak(200_000),
    date: '2026-10-21',
  });
  await sendOk(api, 'ReconcileWallet', {
    walletId: baht,
    date: '2026-10-22',
    balance: 30_000,
    expectedBalance: 50_000 - 12_050,
  });

  const ruleId = uuidV7();
  const schedule = { startDate: '2026-08-01' };
  await sendOk(api, 'CreateRecurringRule', {
    ruleId,
    ...ruleBody({ mode: 'confirm', note: 'rent', walletId: bank }, schedule),
  });
  await sendOk(api, 'PostOccurrence', { ruleId, date: '2026-08-01' });
  await sendOk(api, 'SkipOccurrence', { ruleId, date: '2026-09-01' });
  await sendOk(api, 'EditRecurringRule', {
    ruleId,
    from: '2026-10-01',
    rule: ruleBody(
      { mode: 'confirm', note: 'rent (new flat)', amount: lak(180_000), walletId: bank },
      {
        startDate: '2026-10-01',
      },
    ),
  });
  await sendOk(api, 'PostOccurrence', { ruleId, date: '2026-10-01' });

  const batchId = await importTwoRows(app, user, api);
  return { receipt, ruleId, batchId };
}

/** Imports two rows of a small file (StartImport, the rows, FinishImport) and answers the batch id. */
async function importTwoRows(app: FastifyInstance, user: TestUser, api: ApiClient): Promise<string> {
  const batchId = uuidV7();
  await sendOk(api, 'StartImport', {
    batchId,
    fileName: 'ບັນຊີ.csv',
    fileSha256: 'a'.repeat(64),
    source: 'csv',
    rowCount: 2,
  });
  const rows = [
    {
      row: 0,
      type: 'expense',
      amount: lak(30_000),
      categoryId: 'builtin-transport',
      date: '2026-09-15',
      note: 'tuk-tuk',
    },
    { row: 1, type: 'income', amount: lak(700_000), categoryId: 'builtin-gifts', date: '2026-09-16' },
  ];
  const response = await app.inject({
    method: 'POST',
    url: IMPORT_ROWS_PATH,
    headers: { authorization: user.authorization },
    payload: { batchId, rows },
  });
  expect(response.statusCode, response.body).toBe(200);
  await sendOk(api, 'FinishImport', { batchId, added: 2, existing: 0, skipped: {} });
  return batchId;
}

/** Sends a restore's events in requests of at most RESTORE_EVENTS_PER_REQUEST; answers the summed answer. */
export async function sendRestore(
  app: FastifyInstance,
  user: TestUser,
  backupId: string,
  events: readonly BackupEvent[],
  receipts: Record<string, string>,
  perRequest = RESTORE_EVENTS_PER_REQUEST,
): Promise<RestoreEventsAnswer> {
  const total = { appended: 0, existing: 0 };
  for (let at = 0; at < events.length; at += perRequest) {
    const response = await postRestoreEvents(app, user, {
      backupId,
      receipts,
      events: events.slice(at, at + perRequest),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const answer = response.body as RestoreEventsAnswer;
    total.appended += answer.appended;
    total.existing += answer.existing;
  }
  return total;
}

/** One `POST /api/restore/events` as `user`. */
export async function postRestoreEvents(
  app: FastifyInstance,
  user: TestUser,
  payload: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await app.inject({
    method: 'POST',
    url: RESTORE_EVENTS_PATH,
    headers: { authorization: user.authorization },
    payload: payload as Record<string, unknown>,
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Each string of `before` that differs from the one at the same place of `after`: old id → new. */
function collectMoves(before: unknown, after: unknown, moves: Map<string, string>): void {
  if (typeof before === 'string' && typeof after === 'string') {
    if (before !== after) moves.set(before.toLowerCase(), after);
    return;
  }
  if (typeof before !== 'object' || before === null || typeof after !== 'object' || after === null) return;
  for (const [key, value] of Object.entries(before))
    collectMoves(value, (after as Record<string, unknown>)[key], moves);
}

/**
 * Every id a restore moves, old → new, as the restore's own rules move them: the event ids, the
 * streams' ids, every id field, and the source's default wallets.
 */
export function restoreMoves(context: RestoreMappingContext, events: readonly BackupEvent[]): Map<string, string> {
  const moves = new Map<string, string>();
  for (const currency of CURRENCIES)
    moves.set(defaultWalletId(context.sourceUserId, currency), defaultWalletId(context.userId, currency));
  for (const event of events) {
    const restored = restoreEvent(context, event);
    moves.set(event.id.toLowerCase(), restored.id);
    const oldPart = event.streamId.slice(event.streamId.indexOf('-') + 1);
    const newPart = restored.streamId.slice(restored.streamId.indexOf('-') + 1);
    if (oldPart !== context.sourceUserId) moves.set(oldPart.toLowerCase(), newPart);
    collectMoves(event.data, restored.data, moves);
  }
  // The import's rows: an item id read by nothing but the views.
  for (const [old, now] of moves) if (old === now) moves.delete(old);
  return moves;
}

/** The system user under whom the recurring poster's and the reminders' views are kept. */
const SYSTEM_USER_ID = '__system__';

/** A user's documents of a view; of a view kept under the system user, those naming the user. */
async function documentsOf(store: ReadStore, view: string, userId: string): Promise<{ id: string; doc: unknown }[]> {
  const own = (await allDocuments(store, view, userId)) as { id: string; doc: unknown }[];
  const system = (
    (await allDocuments(store, view, SYSTEM_USER_ID)) as { id: string; doc: { userId?: unknown } }[]
  ).filter((item) => item.doc.userId === userId);
  return [...own, ...system];
}

/** Documents with every moved id (and the source user's id) written as the restored account's. */
function moved(documents: readonly unknown[], moves: ReadonlyMap<string, string>, from: string, to: string): unknown[] {
  const text = JSON.stringify(documents)
    .split(from)
    .join(to)
    .replace(UUID, (id) => moves.get(id.toLowerCase()) ?? id);
  return JSON.parse(text) as unknown[];
}

/**
 * What may differ between an account and its restore, and only that: the store position in an
 * activity's sort key (the restored events are appended later, in the same order, at the same
 * instants), the restore's own activity entries, and the id of a document kept under the system
 * user (a hash of the user and the item, `systemDocId`, recomputed here for the restored account).
 */
function comparable(view: string, target: string, item: { id: string; doc: unknown }): { id: string; doc: unknown } {
  const doc = item.doc as Record<string, unknown>;
  if (view === ACTIVITY_VIEW && typeof doc.sortKey === 'string')
    return { id: item.id, doc: { ...doc, sortKey: doc.sortKey.slice(0, doc.sortKey.indexOf('|')) } };
  if (doc.userId === target && typeof (doc.itemId ?? doc.ruleId) === 'string')
    return { id: systemDocId(target, String(doc.itemId ?? doc.ruleId)), doc };
  return item;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Expects every view (VIEW_OWNERS: none left out) to hold for `target` in its read store the
 * documents the source's holds for `source`, with the restore's ids moved (see `comparable` for what may
 * differ). Answers each view's number of documents. `extra` are the target's documents a test
 * expects besides the restored ones (an account merged into), left out of the comparison.
 */
export async function expectViewsEqual(
  stores: { readonly source: ReadStore; readonly target: ReadStore },
  source: string,
  target: string,
  moves: ReadonlyMap<string, string>,
  extra: (view: string, document: { id: string; doc: unknown }) => boolean = () => false,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const view of Object.keys(VIEW_OWNERS)) {
    // A restore's own activity entries are never in a backup (the source may be a restored account too).
    const isRestore = (item: { doc: unknown }) =>
      view === ACTIVITY_VIEW && (item.doc as { kind?: unknown }).kind === 'restore';
    const expected = (
      moved(await documentsOf(stores.source, view, source), moves, source, target) as {
        id: string;
        doc: unknown;
      }[]
    ).filter((item) => !isRestore(item));
    const actual = (await documentsOf(stores.target, view, target)).filter(
      (item) => !isRestore(item) && !extra(view, item),
    );
    expect(actual.map((d) => comparable(view, target, d)).sort(byId), `view ${view}`).toEqual(
      expected.map((d) => comparable(view, target, d)).sort(byId),
    );
    counts[view] = actual.length;
  }
  return counts;
}

export { restoredId };
