import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  importExistingSchema,
  importListSchema,
  importTransactionId,
  importViewSchema,
  type ImportView,
} from '@plenty/contracts/imports';
import { activityPageSchema } from '@plenty/contracts/views/activity';
import {
  transactionHistorySchema,
  transactionListSchema,
  transactionTotalsSchema,
} from '@plenty/contracts/views/transactions';
import type { ApiClient } from '../support/api-client.js';
import { expenseRow, fileSha, sendRows, startImport } from '../support/import-batches.js';
import { readNow, signedUp } from '../support/signed-up.js';
import { useTestStandalone } from '../support/standalone-app.js';
import type { TestUser } from '../support/users.js';
import { sendOk } from '../support/wallets.js';

/*
 * The read side of imports through the embedded default: the list and one batch with their
 * counts as the projector makes them, the transactions a batch added and the lookalike check's
 * range, the undo as the views show it, the Activity page's entries, and another user's import
 * never seen.
 */

const env = useTestStandalone();

async function imports(user: TestUser): Promise<ImportView[]> {
  const answer = await readNow(env.standalone, user, 'imports');
  expect(answer.status).toBe(200);
  return importListSchema.parse(answer.body).items;
}

/**
 * Imports a file of three rows of November 2026 (the middle one names a category that does not
 * exist) and finishes it with what the answer said: the batch id and the refused row's code.
 */
async function importStatement(user: TestUser, api: ApiClient, fileName: string, attempt = 0, sha = fileSha()) {
  const { batchId, answer } = await startImport(api, user, sha, 3, { fileName, attempt });
  expect(answer.status).toBe(200);
  const rows = [
    expenseRow(0, { date: '2026-11-03', note: 'Market' }),
    expenseRow(1, { date: '2026-11-04', categoryId: randomUUID() }),
    expenseRow(2, { date: '2026-11-05', note: 'ข้าวผัด' }),
  ];
  const sent = await sendRows(env.standalone.app, user, { batchId, rows });
  expect(sent.status).toBe(200);
  const refused = sent.body.results.find((result) => result.outcome === 'refused');
  const code = refused?.code ?? 'refused';
  await sendOk(api, 'FinishImport', { batchId, added: 2, existing: 0, skipped: { [code]: 1 } });
  return { batchId, code, sha };
}

describe('import views', () => {
  it('show a finished import with its counts, the transactions it added, and the lookalike range with each one’s batch', async () => {
    const { user, api } = await signedUp(env.standalone);
    await sendOk(api, 'AddTransaction', {
      transactionId: randomUUID(),
      type: 'income',
      amount: { amount: 90_000, currency: 'THB' },
      categoryId: 'builtin-salary',
      date: '2026-11-04',
    });
    const { batchId, code } = await importStatement(user, api, 'KBank พฤศจิกายน.csv');

    const [listed] = await imports(user);
    expect(listed).toEqual(
      expect.objectContaining({
        batchId,
        fileName: 'KBank พฤศจิกายน.csv',
        source: 'csv',
        rowCount: 3,
        status: 'finished',
        added: 2,
        deleted: 0,
        existing: 0,
        skipped: { [code]: 1 },
        finishedAt: expect.any(String),
        undoneAt: null,
      }),
    );
    const one = await readNow(env.standalone, user, `imports/${batchId}`);
    expect(one.status).toBe(200);
    expect(importViewSchema.parse(one.body)).toEqual(listed);

    const added = transactionListSchema.parse(
      (await readNow(env.standalone, user, `transactions?importId=${batchId}`)).body,
    );
    expect(added.items.map((item) => [item.id, item.import, item.note])).toEqual([
      [importTransactionId(user.uid, batchId, 2), { batchId, row: 2 }, 'ข้าวผัด'],
      [importTransactionId(user.uid, batchId, 0), { batchId, row: 0 }, 'Market'],
    ]);

    // The totals of the list narrowed to the batch sum its rows only, not the salary beside them.
    const totals = transactionTotalsSchema.parse(
      (await readNow(env.standalone, user, `transactions/totals?importId=${batchId}`)).body,
    );
    expect(totals.count).toBe(2);
    expect(totals.totals).toEqual([
      {
        currency: expenseRow(0).amount.currency,
        income: 0,
        expense: expenseRow(0).amount.amount + expenseRow(2).amount.amount,
      },
    ]);

    const existing = await readNow(env.standalone, user, 'imports/existing?from=2026-11-03&to=2026-11-04');
    expect(existing.status).toBe(200);
    expect(importExistingSchema.parse(existing.body)).toEqual({
      items: [
        { date: '2026-11-03', type: 'expense', amount: expenseRow(0).amount, note: 'Market', batchId },
        { date: '2026-11-04', type: 'income', amount: { amount: 90_000, currency: 'THB' }, note: null, batchId: null },
      ],
      truncated: false,
    });
  });

  it('show an undone import, its transactions deleted with their history kept, and the file imported again as a new batch', async () => {
    const { user, api } = await signedUp(env.standalone);
    const { batchId, sha } = await importStatement(user, api, 'ເງິນສົດ.csv');
    await sendOk(api, 'UndoImport', { batchId });

    const [undone] = await imports(user);
    expect(undone).toEqual(
      expect.objectContaining({ batchId, status: 'undone', added: 2, deleted: 2, undoneAt: expect.any(String) }),
    );
    const left = transactionListSchema.parse(
      (await readNow(env.standalone, user, `transactions?importId=${batchId}`)).body,
    );
    expect(left.items).toEqual([]);
    const gone = importTransactionId(user.uid, batchId, 0);
    const history = await readNow(env.standalone, user, `transactions/${gone}/history`);
    expect(history.status).toBe(200);
    expect(transactionHistorySchema.parse(history.body).items.map((item) => item.type)).toEqual(['deleted', 'added']);

    // The same file again: the next attempt is a batch of its own, listed first.
    const again = await importStatement(user, api, 'ເງິນສົດ.csv', 1, sha);
    expect((await imports(user)).map((item) => [item.batchId, item.status])).toEqual([
      [again.batchId, 'finished'],
      [batchId, 'undone'],
    ]);
  });

  it('put each event of an import on the Activity page as an entry of the batch, named by its file', async () => {
    const { user, api } = await signedUp(env.standalone);
    const { batchId } = await importStatement(user, api, 'statement.csv');
    await sendOk(api, 'UndoImport', { batchId });
    const page = await readNow(env.standalone, user, `activity?subjectId=${batchId}`);
    expect(page.status).toBe(200);
    const entries = activityPageSchema.parse(page.body).items;
    expect(entries.map((entry) => [entry.kind, entry.type, entry.subject.name])).toEqual([
      ['import', 'import_undone', 'statement.csv'],
      ['import', 'import_undo_started', 'statement.csv'],
      ['import', 'import_finished', 'statement.csv'],
      ['import', 'import_started', 'statement.csv'],
    ]);
    expect(entries[0]?.counts?.deleted).toBe(2);
    expect(entries.at(-1)?.counts?.rows).toBe(3);
    const everything = activityPageSchema.parse((await readNow(env.standalone, user, 'activity?limit=50')).body).items;
    expect(everything.filter((entry) => entry.kind === 'transaction').map((entry) => entry.type)).toEqual([
      'transaction_deleted',
      'transaction_deleted',
      'transaction_added',
      'transaction_added',
    ]);
    const imported = activityPageSchema.parse((await readNow(env.standalone, user, 'activity?kind=import')).body).items;
    expect(imported).toHaveLength(4);
  });

  it('never show another user’s import: 404 for the batch, and nothing of it in their lists', async () => {
    const alice = await signedUp(env.standalone);
    const bob = await signedUp(env.standalone);
    const { batchId } = await importStatement(alice.user, alice.api, 'alice.csv');

    const refused = await readNow(env.standalone, bob.user, `imports/${batchId}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: { code: 'import_not_found' } });
    expect(await imports(bob.user)).toEqual([]);
    const range = importExistingSchema.parse(
      (await readNow(env.standalone, bob.user, 'imports/existing?from=2026-11-01&to=2026-11-30')).body,
    );
    expect(range).toEqual({ items: [], truncated: false });
    const filtered = transactionListSchema.parse(
      (await readNow(env.standalone, bob.user, `transactions?importId=${batchId}`)).body,
    );
    expect(filtered.items).toEqual([]);
    expect((await readNow(env.standalone, bob.user, `activity?subjectId=${batchId}`)).status).toBe(404);
  });
});
