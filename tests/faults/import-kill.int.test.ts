import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IMPORT_ROWS_PATH, IMPORT_ROWS_PER_REQUEST, importRowsAnswerSchema } from '@plenty/contracts/imports';
import { expenseRow, fileSha } from '../support/import-batches.js';
import { useStandaloneProcesses, type StandaloneProcess } from '../support/standalone-process.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { between } from './command-mix.js';
import { expectViewsEqualRebuild, head, killAfterEvents, settled, storedEvents } from './verify.js';
import { importBatchId } from '@plenty/contracts/imports';

/*
 * The embedded server killed like a power cut (SIGKILL) while an import's rows are being added,
 * and again while its undo deletes them, then restarted: sending the same requests again ends
 * with each row's transaction added exactly once, then (after the undo) deleted exactly once,
 * the batch undone once, and the views equal a rebuild.
 */

const servers = useStandaloneProcesses('import-kill');
const ROWS = 2000;

async function post(server: StandaloneProcess, user: TestUser, path: string, body: object): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: user.authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function command(server: StandaloneProcess, user: TestUser, name: string, body: object): Promise<void> {
  const answer = await post(server, user, `/api/commands/${name}`, { commandId: randomUUID(), ...body });
  expect(answer.status, `${name}: ${await answer.clone().text()}`).toBe(200);
}

const requests = (batchId: string) =>
  Array.from({ length: ROWS / IMPORT_ROWS_PER_REQUEST }, (_, index) => ({
    batchId,
    rows: Array.from({ length: IMPORT_ROWS_PER_REQUEST }, (_, row) =>
      expenseRow(index * IMPORT_ROWS_PER_REQUEST + row, { note: `แถว ${String(index)} ແຖວ ${String(row)}` }),
    ),
  }));

/** Each row's events of one type in the data folder, by row number. */
async function rowEvents(dataDir: string, batchId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const rowOf = new Map<string, number>();
  for (const event of await storedEvents(dataDir)) {
    if (event.type === 'TransactionAdded') {
      const ref = event.data.import as { batchId: string; row: number } | undefined;
      if (ref?.batchId !== batchId) continue;
      rowOf.set(event.streamId, ref.row);
      counts.set(`added/${String(ref.row)}`, (counts.get(`added/${String(ref.row)}`) ?? 0) + 1);
    } else if (event.type === 'TransactionDeleted') {
      const row = rowOf.get(event.streamId);
      if (row !== undefined) counts.set(`deleted/${String(row)}`, (counts.get(`deleted/${String(row)}`) ?? 0) + 1);
    } else if (event.type === 'ImportUndone' && event.streamId === `import-${batchId}`) {
      counts.set('undone', (counts.get('undone') ?? 0) + 1);
    }
  }
  return counts;
}

describe('a server killed while importing and undoing', { timeout: 240_000 }, () => {
  it('adds each row exactly once and deletes each exactly once when the same requests are sent again', async () => {
    const dataDir = await servers.dataFolder();
    let server = await servers.start(dataDir);
    const user = await createTestUser(server.baseUrl, {}, server.outboxDir);
    const sha = fileSha();
    const batchId = importBatchId(user.uid, sha, 0);
    await command(server, user, 'StartImport', {
      batchId,
      fileName: 'บัญชี.csv',
      fileSha256: sha,
      source: 'csv',
      rowCount: ROWS,
    });
    await server.stop();

    // Killed while the rows are sent (all requests at once), once some are stored, twice.
    const label: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      server = await servers.start(dataDir);
      const running = server;
      const before = await head(running);
      const sent = requests(batchId).map((body) =>
        post(running, user, IMPORT_ROWS_PATH, body).then(
          (answer) => answer.status,
          () => 'cut',
        ),
      );
      const seen = await killAfterEvents(running, before, between(1, ROWS / 2), Promise.all(sent));
      const added = [...(await rowEvents(dataDir, batchId)).keys()].length;
      label.push(
        `rows: killed ${String(seen)} events in, answers ${(await Promise.all(sent)).join(' ')}, ${String(added)} rows in`,
      );
    }

    server = await servers.start(dataDir);
    const outcomes = { added: 0, exists: 0, refused: 0 };
    for (const body of requests(batchId)) {
      const answer = await post(server, user, IMPORT_ROWS_PATH, body);
      expect(answer.status, label.join('; ')).toBe(200);
      for (const result of importRowsAnswerSchema.parse(await answer.json()).results) outcomes[result.outcome] += 1;
    }
    label.push(`after the restart: ${JSON.stringify(outcomes)}`);
    expect(outcomes.refused, label.join('; ')).toBe(0);
    expect(outcomes.added + outcomes.exists).toBe(ROWS);
    await command(server, user, 'FinishImport', { batchId, added: ROWS, existing: 0, skipped: {} });
    await server.stop();
    const added = await rowEvents(dataDir, batchId);
    for (let row = 0; row < ROWS; row += 1) expect(added.get(`added/${String(row)}`), label.join('; ')).toBe(1);

    // Killed while the undo deletes the rows' transactions.
    server = await servers.start(dataDir);
    const beforeUndo = await head(server);
    const undo = post(server, user, '/api/commands/UndoImport', { commandId: randomUUID(), batchId }).then(
      (answer) => answer.status,
      () => 'cut',
    );
    const seen = await killAfterEvents(server, beforeUndo, between(1, ROWS / 2), undo);
    const cut = await rowEvents(dataDir, batchId);
    const deletedBefore = [...cut.keys()].filter((key) => key.startsWith('deleted/')).length;
    label.push(
      `undo: killed ${String(seen)} events in (${String(await undo)}), ${String(deletedBefore)} deleted by then`,
    );
    // Cut short: some rows deleted, not all, and the batch not undone.
    expect(deletedBefore, label.join('; ')).toBeGreaterThan(0);
    expect(deletedBefore, label.join('; ')).toBeLessThan(ROWS);
    expect(cut.get('undone'), label.join('; ')).toBeUndefined();

    server = await servers.start(dataDir);
    await command(server, user, 'UndoImport', { batchId });
    await settled(server);
    await server.stop();
    const undone = await rowEvents(dataDir, batchId);
    process.stdout.write(`import-kill: ${label.join('; ')}\n`);
    for (let row = 0; row < ROWS; row += 1) {
      expect(undone.get(`added/${String(row)}`), label.join('; ')).toBe(1);
      expect(undone.get(`deleted/${String(row)}`), label.join('; ')).toBe(1);
    }
    expect(undone.get('undone')).toBe(1);
    await expectViewsEqualRebuild(dataDir, [user.uid]);
  });
});
