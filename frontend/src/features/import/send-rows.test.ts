import type { ImportRow, ImportRowsAnswer, ImportRowsRequest } from '@plenty/contracts/imports';
import { describe, expect, it } from 'vitest';
import { chunk, isTransient, sendRows, skippedByReason } from './send-rows';

const BATCH = '0192f0c4-7a1b-7c3d-8e4f-0000000000b1';

const rows = (count: number): ImportRow[] =>
  Array.from({ length: count }, (_, row) => ({
    row,
    type: 'expense',
    amount: { amount: 100 + row, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-01',
  }));

const answer = (
  request: ImportRowsRequest,
  outcome: (row: number) => ImportRowsAnswer['results'][number]['outcome'],
) => ({
  results: request.rows.map((r) => ({
    row: r.row,
    outcome: outcome(r.row),
    ...(outcome(r.row) === 'refused' ? { code: 'wallet_archived' } : {}),
    transactionId: `t${String(r.row)}`,
  })),
});

const noWait = () => Promise.resolve();

describe('sendRows', () => {
  it('sends the rows in requests of at most 500 and counts what each row became', async () => {
    const sizes: number[] = [];
    const progress: number[] = [];
    const sent = await sendRows({
      batchId: BATCH,
      rows: rows(1201),
      send: (request) => {
        sizes.push(request.rows.length);
        return Promise.resolve(answer(request, (row) => (row % 100 === 0 ? 'refused' : row < 10 ? 'exists' : 'added')));
      },
      onProgress: (done) => progress.push(done),
      wait: noWait,
    });
    expect(sizes.sort((a, b) => b - a)).toEqual([500, 500, 201]);
    expect(progress.at(-1)).toBe(1201);
    expect(sent.refused.map((r) => r.row)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200]);
    expect(sent.refused[0]?.code).toBe('wallet_archived');
    expect(sent.existing).toBe(9);
    expect(sent.added).toBe(1201 - 13 - 9);
  });

  it('keeps no more than three requests on their way at once', async () => {
    let open = 0;
    let most = 0;
    await sendRows({
      batchId: BATCH,
      rows: rows(3000),
      send: async (request) => {
        open += 1;
        most = Math.max(most, open);
        await new Promise((resolve) => setTimeout(resolve, 1));
        open -= 1;
        return answer(request, () => 'added');
      },
      wait: noWait,
    });
    expect(most).toBe(3);
  });

  it('sends a request whose connection dropped again, the same rows of the same batch', async () => {
    const bodies: string[] = [];
    let failures = 2;
    const sent = await sendRows({
      batchId: BATCH,
      rows: rows(3),
      send: (request) => {
        bodies.push(JSON.stringify(request));
        if (failures > 0) {
          failures -= 1;
          return Promise.reject({ status: 'network', code: 'network' });
        }
        return Promise.resolve(answer(request, () => 'added'));
      },
      wait: noWait,
    });
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies).size).toBe(1);
    expect(sent.added).toBe(3);
  });

  it('stops at a refusal that a try again cannot change', async () => {
    await expect(
      sendRows({
        batchId: BATCH,
        rows: rows(2),
        send: () => Promise.reject({ status: 409, code: 'import_undone' }),
        wait: noWait,
      }),
    ).rejects.toMatchObject({ code: 'import_undone' });
  });

  it('gives up after its tries when the server keeps failing', async () => {
    let calls = 0;
    await expect(
      sendRows({
        batchId: BATCH,
        rows: rows(1),
        send: () => {
          calls += 1;
          return Promise.reject({ status: 503, code: 'internal' });
        },
        wait: noWait,
        tries: 4,
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(4);
  });
});

describe('helpers', () => {
  it('cuts a list into requests in order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('tries again after a dropped connection, a busy or failing server, never after a refusal', () => {
    expect(isTransient({ status: 'network' })).toBe(true);
    expect(isTransient({ status: 502 })).toBe(true);
    expect(isTransient({ status: 429 })).toBe(true);
    expect(isTransient({ status: 422 })).toBe(false);
    expect(isTransient(null)).toBe(false);
  });

  it('counts the skipped rows by reason, the skipped look-alikes as duplicate', () => {
    expect(
      skippedByReason(
        [{ code: 'import_date_invalid' }, { code: 'import_date_invalid' }, { code: 'import_amount_zero' }],
        2,
        [{ code: 'wallet_archived' }, { code: 'Not A Code' }],
      ),
    ).toEqual({ import_date_invalid: 2, import_amount_zero: 1, duplicate: 2, wallet_archived: 1, refused: 1 });
  });
});
