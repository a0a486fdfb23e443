import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESTORE_EVENTS_PATH, restoredId, type BackupEvent, type RestoreEventsAnswer } from '@plenty/contracts/backup';
import { backupEvents } from '@plenty/command-api/backup/backup-events';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { viewsOf } from '@plenty/projections/apply';
import { allProjections } from '@plenty/projections/all';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useStandaloneProcesses } from '../support/standalone-process.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { receiptBytes } from '../support/receipts.js';
import { expectViewsEqual, giveEverything, restoreMoves } from './restore-fixture.js';
import { between } from './command-mix.js';
import { head, killAfterEvents, settled, storedEvents } from './verify.js';

/**
 * A restore cut by a power cut: the server is killed (SIGKILL) once some of a request's events
 * are stored and before all of them are, started again, and sent every request again. Every event of the
 * backup is then in the account exactly once, and every view equals the source account's.
 */

const env = useTestStandalone();
const processes = useStandaloneProcesses('restore-kill');

/** The backup is sent in this many requests; the middle one is cut. */
const REQUESTS = 3;

async function post(baseUrl: string, user: TestUser, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: user.authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function upload(baseUrl: string, user: TestUser, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'receipt.jpg');
  const response = await fetch(`${baseUrl}/api/receipts`, {
    method: 'POST',
    headers: { authorization: user.authorization },
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { receiptId: string }).receiptId;
}

describe('a restore killed midway', { timeout: 180_000 }, () => {
  it('sent again after a restart, holds every event exactly once and views equal to the source’s', async () => {
    const source = await createTestUser(env.standalone);
    await giveEverything(env.standalone.app, source, new ApiClient(env.standalone.app, source));
    const events: BackupEvent[] = [];
    for await (const event of backupEvents(env.standalone, source.uid)) events.push(event);
    await env.standalone.projector.waitFor(await env.standalone.eventStore.headPosition(), 20_000);

    const dataDir = await processes.dataFolder();
    let server = await processes.start(dataDir);
    const target = await createTestUser(server.baseUrl, {}, server.outboxDir);
    const receipts: Record<string, string> = {};
    for (const event of events) {
      const ref = event.data.receipt;
      if (typeof ref === 'string')
        receipts[ref] = await upload(server.baseUrl, target, receiptBytes(`rich ${source.uid}`));
    }
    const backupId = randomUUID();
    const start = {
      commandId: randomUUID(),
      backupId,
      sourceUserId: source.uid,
      merge: false,
      eventCount: events.length,
    };
    expect((await post(server.baseUrl, target, '/api/commands/StartRestore', start)).status).toBe(200);

    const size = Math.ceil(events.length / REQUESTS);
    const requests: BackupEvent[][] = [];
    for (let at = 0; at < events.length; at += size) requests.push(events.slice(at, at + size));
    const first = await post(server.baseUrl, target, RESTORE_EVENTS_PATH, { backupId, receipts, events: requests[0] });
    expect(first.status).toBe(200);
    const acknowledged = ((await first.json()) as RestoreEventsAnswer).appended;
    expect(acknowledged).toBe(requests[0]?.length);

    // Killed once some of the middle request's events are stored; its answer may come or the
    // connection be cut: either way it is sent again below, with the rest.
    const middle = requests[1] ?? [];
    const before = await head(server);
    const sent = post(server.baseUrl, target, RESTORE_EVENTS_PATH, { backupId, receipts, events: middle }).then(
      () => undefined,
      () => undefined,
    );
    const seen = await killAfterEvents(server, before, between(1, middle.length - 1), sent);
    await sent;
    process.stdout.write(`restore-kill: killed ${String(seen)} of ${String(middle.length)} events into a request\n`);

    server = await processes.start(dataDir);
    const again = { appended: 0, existing: 0 };
    for (const part of requests) {
      const answer = await post(server.baseUrl, target, RESTORE_EVENTS_PATH, { backupId, receipts, events: part });
      expect(answer.status).toBe(200);
      const counts = (await answer.json()) as RestoreEventsAnswer;
      again.appended += counts.appended;
      again.existing += counts.existing;
    }
    expect(again.appended + again.existing).toBe(events.length);
    expect(again.existing).toBeGreaterThanOrEqual(acknowledged);
    const finish = { commandId: randomUUID(), backupId, appended: events.length, existing: 0 };
    expect((await post(server.baseUrl, target, '/api/commands/FinishRestore', finish)).status).toBe(200);
    await settled(server);
    await server.stop();

    const stored = await storedEvents(dataDir);
    const times = new Map<string, number>();
    for (const event of stored) times.set(event.id, (times.get(event.id) ?? 0) + 1);
    for (const event of events) expect(times.get(restoredId(target.uid, event.id)), event.type).toBe(1);

    const restored = await openSqliteReadStore({ path: join(dataDir, 'read.db') });
    try {
      await restored.ensureViews(viewsOf(allProjections));
      const moves = restoreMoves(
        { userId: target.uid, sourceUserId: source.uid, receipts: new Map(Object.entries(receipts)) },
        events,
      );
      await expectViewsEqual({ source: env.standalone.readStore, target: restored }, source.uid, target.uid, moves);
    } finally {
      await restored.close();
    }
  });
});
