import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { streamIds } from '@plenty/contracts/events/envelope';
import { IMPORT_ROWS_PER_REQUEST, importTransactionId, type ImportRow } from '@plenty/contracts/imports';
import { MAX_AMOUNT } from '@plenty/contracts/money';
import type { TransactionHistory, TransactionList, TransactionView } from '@plenty/contracts/views/transactions';
import { expenseRow, fileSha, outcomes, sendRows, startImport } from '../support/import-batches.js';
import { readNow, signedUp } from '../support/signed-up.js';
import { useTestStandalone } from '../support/standalone-app.js';
import type { TestUser } from '../support/users.js';
import { openWallet, sendOk } from '../support/wallets.js';

/*
 * POST /api/imports/rows and the batch commands over HTTP on the embedded default: each row added
 * once however often it is sent, refused rows never stopping good ones, another user's batch
 * unknown, the largest values, the undo, and bad bodies answered 400 with nothing written.
 */

const env = useTestStandalone();

const rows = (from: number, count: number, fields: Partial<ImportRow> = {}) =>
  Array.from({ length: count }, (_, index) => expenseRow(from + index, fields));

async function importedIds(user: TestUser, batchId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: TransactionList } = await readNow<TransactionList>(
      env.standalone,
      user,
      `transactions?importId=${batchId}&limit=200${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
    );
    expect(page.status).toBe(200);
    ids.push(...page.body.items.map((item) => item.id));
    cursor = page.body.nextCursor;
  } while (cursor !== null);
  return ids.sort();
}

describe('importing rows', () => {
  it('adds each row once when the same request is sent twice and when the same file is imported again', async () => {
    const { user, api } = await signedUp(env.standalone);
    const sha = fileSha();
    const { batchId, answer } = await startImport(api, user, sha, 6);
    expect(answer.status).toBe(200);
    const request = { batchId, rows: rows(0, 4) };
    const [first, second] = await Promise.all([
      sendRows(env.standalone.app, user, request),
      sendRows(env.standalone.app, user, request),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await sendRows(env.standalone.app, user, request);
    expect(outcomes(third.body)).toEqual({ exists: 4 });
    expect(third.body.results.map((r) => r.transactionId)).toEqual(
      [0, 1, 2, 3].map((row) => importTransactionId(user.uid, batchId, row)),
    );

    // The same file uploaded again: the same batch, its rows in already, the rest added.
    const again = await startImport(api, user, sha, 6);
    expect(again.batchId).toBe(batchId);
    expect(again.answer.status).toBe(200);
    const rest = await sendRows(env.standalone.app, user, { batchId, rows: rows(0, 6) });
    expect(outcomes(rest.body)).toEqual({ exists: 4, added: 2 });
    expect(await importedIds(user, batchId)).toHaveLength(6);
    for (const row of [0, 5]) {
      const stored = await env.standalone.eventStore.readStream(
        streamIds.transaction(importTransactionId(user.uid, batchId, row)),
      );
      expect(stored.map((event) => event.type)).toEqual(['TransactionAdded']);
    }
    const finish = await api.command('FinishImport', { batchId, added: 6, existing: 0, skipped: {} });
    expect(finish.status).toBe(200);
    const late = await sendRows(env.standalone.app, user, { batchId, rows: rows(0, 1) });
    expect([late.status, late.body.error?.code]).toEqual([422, 'import_finished']);
  });

  it('answers refused rows with their code and adds the good ones around them', async () => {
    const { user, api } = await signedUp(env.standalone);
    const archived = await openWallet(api);
    await sendOk(api, 'ArchiveWallet', { walletId: archived });
    const kip = await openWallet(api);
    const { batchId } = await startImport(api, user, fileSha(), 6);
    const answer = await sendRows(env.standalone.app, user, {
      batchId,
      rows: [
        expenseRow(0),
        expenseRow(1, { walletId: archived, amount: { amount: 5000, currency: 'LAK' } }),
        expenseRow(2, { categoryId: randomUUID() }),
        expenseRow(3, { walletId: kip, amount: { amount: 100, currency: 'THB' } }),
        expenseRow(4, { walletId: kip, amount: { amount: 25_000, currency: 'LAK' } }),
        expenseRow(5, { type: 'income', categoryId: 'builtin-food' }),
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((r) => [r.row, r.outcome, r.code ?? null])).toEqual([
      [0, 'added', null],
      [1, 'refused', 'wallet_archived'],
      [2, 'refused', 'category_not_found'],
      [3, 'refused', 'wallet_currency_mismatch'],
      [4, 'added', null],
      [5, 'refused', 'category_type_mismatch'],
    ]);
    expect(await importedIds(user, batchId)).toEqual(
      [0, 4].map((row) => importTransactionId(user.uid, batchId, row)).sort(),
    );
  });

  it('answers another user’s batch as unknown, on every route, and writes nothing', async () => {
    const { user, api } = await signedUp(env.standalone);
    const sha = fileSha();
    const { batchId } = await startImport(api, user, sha, 3);
    const mallory = await signedUp(env.standalone);
    const head = await env.standalone.eventStore.headPosition();
    const rowsAnswer = await sendRows(env.standalone.app, mallory.user, { batchId, rows: rows(0, 1) });
    expect([rowsAnswer.status, rowsAnswer.body.error?.code]).toEqual([404, 'import_not_found']);
    for (const [name, body] of [
      ['StartImport', { batchId, fileName: 'x.csv', fileSha256: sha, source: 'csv', rowCount: 3 }],
      ['FinishImport', { batchId, added: 0, existing: 0, skipped: {} }],
      ['UndoImport', { batchId }],
    ] as const) {
      const answer = await mallory.api.command(name, body);
      expect([name, answer.status, answer.body.error?.code]).toEqual([name, 404, 'import_not_found']);
    }
    expect(await env.standalone.eventStore.headPosition()).toBe(head);
    expect((await env.standalone.eventStore.readStream(streamIds.import(batchId))).map((e) => e.type)).toEqual([
      'ImportStarted',
    ]);
  });

  it('takes the largest amounts, notes of 1,000 Thai and Lao characters, and 500 rows in one request', async () => {
    const { user, api } = await signedUp(env.standalone);
    const { batchId } = await startImport(api, user, fileSha(), IMPORT_ROWS_PER_REQUEST);
    const thai = 'ก'.repeat(999) + 'ข';
    const lao = 'ກ'.repeat(999) + 'ຂ';
    const many = rows(0, IMPORT_ROWS_PER_REQUEST, {}).map((row, index) => ({
      ...row,
      note: index % 2 === 0 ? thai : lao,
      amount: { amount: index === 0 ? MAX_AMOUNT : 100 + index, currency: index === 1 ? 'LAK' : 'THB' },
    }));
    const answer = await sendRows(env.standalone.app, user, { batchId, rows: many });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(outcomes(answer.body)).toEqual({ added: IMPORT_ROWS_PER_REQUEST });
    const largest = await readNow<TransactionView>(
      env.standalone,
      user,
      `transactions/${importTransactionId(user.uid, batchId, 0)}`,
    );
    expect(largest.body).toMatchObject({ amount: { amount: MAX_AMOUNT, currency: 'THB' }, note: thai });
    const laoRow = await readNow<TransactionView>(
      env.standalone,
      user,
      `transactions/${importTransactionId(user.uid, batchId, 1)}`,
    );
    expect(laoRow.body).toMatchObject({ amount: { amount: 101, currency: 'LAK' }, note: lao });
    const tooMany = await sendRows(env.standalone.app, user, { batchId, rows: rows(0, IMPORT_ROWS_PER_REQUEST + 1) });
    expect(tooMany.status).toBe(400);
  });

  it('undoes only the batch’s transactions, keeps their history, and skips one deleted by hand', async () => {
    const { user, api } = await signedUp(env.standalone);
    const sha = fileSha();
    const { batchId } = await startImport(api, user, sha, 4);
    await sendRows(env.standalone.app, user, { batchId, rows: rows(0, 4) });
    const own = { transactionId: randomUUID(), ...expenseRow(0) };
    const { row: _row, ...ownBody } = own;
    await sendOk(api, 'AddTransaction', ownBody);
    const byHand = importTransactionId(user.uid, batchId, 2);
    await sendOk(api, 'DeleteTransaction', { transactionId: byHand });
    const undo = await api.command('UndoImport', { batchId });
    expect(undo.status).toBe(200);
    expect(await importedIds(user, batchId)).toEqual([]);
    expect((await readNow(env.standalone, user, `transactions/${own.transactionId}`)).status).toBe(200);
    const history = await readNow<TransactionHistory>(
      env.standalone,
      user,
      `transactions/${importTransactionId(user.uid, batchId, 0)}/history`,
    );
    expect(history.status).toBe(200);
    expect(history.body.items.length).toBeGreaterThanOrEqual(2);
    const stored = await env.standalone.eventStore.readStream(streamIds.import(batchId));
    expect(stored.at(-1)).toMatchObject({ type: 'ImportUndone', data: { batchId, deleted: 3 } });
    const again = await api.command('UndoImport', { batchId });
    expect([again.status, again.body.error?.code]).toEqual([409, 'import_undone']);
    const rowsAfter = await sendRows(env.standalone.app, user, { batchId, rows: rows(0, 1) });
    expect([rowsAfter.status, rowsAfter.body.error?.code]).toEqual([409, 'import_undone']);
    // The same file imports again as the next attempt: a new batch, new transactions.
    const next = await startImport(api, user, sha, 4, { attempt: 1 });
    expect(next.answer.status).toBe(200);
    const readded = await sendRows(env.standalone.app, user, { batchId: next.batchId, rows: rows(0, 4) });
    expect(outcomes(readded.body)).toEqual({ added: 4 });
  });
});
