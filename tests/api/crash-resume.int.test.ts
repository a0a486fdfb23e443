import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import { startStandaloneProcess } from '../support/standalone-process.js';
import { createTestUser } from '../support/users.js';
import { allDocuments } from '../support/view-documents.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('a process killed under load', { timeout: 120_000 }, () => {
  it('loses no acknowledged command, and its views equal a fresh rebuild after restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'plenty-crash-'));
    dirs.push(dataDir);
    let server = await startStandaloneProcess({ dataDir });
    const user = await createTestUser(server.baseUrl, {}, server.outboxDir);

    const acknowledged: string[] = [];
    const send = async (transactionId: string) => {
      const response = await fetch(`${server.baseUrl}/api/commands/AddTransaction`, {
        method: 'POST',
        headers: { authorization: user.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          commandId: randomUUID(),
          transactionId,
          type: 'expense',
          amount: { amount: 100 + acknowledged.length, currency: 'LAK' },
          categoryId: 'builtin-food',
          date: '2026-11-01',
          note: `note ${transactionId}`,
        }),
      });
      if (response.status === 200) acknowledged.push(transactionId);
    };
    // Keep 20 commands in flight and pull the plug once 150 were acknowledged.
    const inFlight = new Set<Promise<void>>();
    while (acknowledged.length < 150) {
      const request: Promise<void> = send(randomUUID())
        .catch(() => undefined)
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
      if (inFlight.size >= 20) await Promise.race(inFlight);
    }
    await server.kill();
    await Promise.allSettled(inFlight);

    server = await startStandaloneProcess({ dataDir });
    const head = await fetch(`${server.baseUrl}/readyz`).then(
      (r) => r.json() as Promise<{ projections: { head: string } }>,
    );
    const listed = new Set<string>();
    let cursor: string | null = null;
    do {
      const response: Response = await fetch(
        `${server.baseUrl}/api/queries/transactions?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        {
          headers: { authorization: user.authorization, 'x-min-position': head.projections.head },
        },
      );
      const page = (await response.json()) as { items: { id: string }[]; nextCursor: string | null };
      for (const item of page.items) listed.add(item.id);
      cursor = page.nextCursor;
    } while (cursor !== null);
    for (const id of acknowledged) expect(listed.has(id), `acknowledged ${id} is listed`).toBe(true);
    await server.stop();

    const masterKey = await loadMasterKey({ dataDir });
    const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
    const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
    const live = await openSqliteReadStore({ path: join(dataDir, 'read.db') });
    const fresh = await openSqliteReadStore({ path: join(dataDir, 'rebuilt.db') });
    await live.ensureViews(allProjections.flatMap((projection) => projection.views));
    const rebuilder = createProjector({
      eventStore,
      readStore: fresh,
      codec: new EventCodec(keyStore),
      projections: allProjections,
    });
    await rebuilder.rebuild();
    for (const view of ['transactions', 'categories']) {
      expect(await allDocuments(live, view, user.uid)).toEqual(await allDocuments(fresh, view, user.uid));
    }
    expect((await allDocuments(fresh, 'transactions', user.uid)).length).toBe(listed.size);
    await Promise.all([live.close(), fresh.close(), eventStore.close(), keyStore.close()]);
  });
});
