import { join } from 'node:path';
import { expect } from 'vitest';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import { START, type RecordedEvent } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { viewsOf } from '@plenty/projections/apply';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import type { StandaloneProcess } from '../support/standalone-process.js';
import { until } from '../support/until.js';
import { allDocuments } from '../support/view-documents.js';

/** Waits until the server's read models have applied every stored event. */
export async function settled(server: StandaloneProcess): Promise<void> {
  await until(
    'the read models to apply every stored event',
    async () => {
      const ready = (await fetch(`${server.baseUrl}/readyz`).then((r) => r.json())) as {
        projections: { position: string; head: string };
      };
      return ready.projections.position === ready.projections.head;
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );
}

/**
 * Waits until every account erasure recorded as begun in the data folder of a running server
 * is recorded as finished (AccountErased): a restarted server finishes those it finds.
 */
export async function erasuresFinished(dataDir: string, timeoutMs = 30_000): Promise<void> {
  await until(
    'the account erasures begun to finish',
    async () => {
      // A second connection beside the server's; checkpoints are left to the server.
      const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db'), checkpoints: 'elsewhere' });
      try {
        const erasures = await eventStore.readStream(ACCOUNT_ERASURES_STREAM);
        const usersOf = (type: string) =>
          erasures.filter((event) => event.type === type).map((event) => String(event.data['userId']));
        const erased = new Set(usersOf('AccountErased'));
        return usersOf('AccountErasureStarted').every((userId) => erased.has(userId));
      } finally {
        await eventStore.close();
      }
    },
    { timeoutMs, everyMs: 100 },
  );
}

/** Every stored event, read straight from the data folder of a stopped server. */
export async function storedEvents(dataDir: string): Promise<RecordedEvent[]> {
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    const events: RecordedEvent[] = [];
    for (let after = START; ;) {
      const page = await eventStore.readAll({ after, maxCount: 5000 });
      if (page.length === 0) return events;
      events.push(...page);
      after = page.at(-1)?.position ?? after;
    }
  } finally {
    await eventStore.close();
  }
}

/**
 * The read models of a stopped server, view by view for these users, equal a replay of its
 * events from the first one into fresh read models.
 */
export async function expectViewsEqualRebuild(dataDir: string, userIds: readonly string[]): Promise<void> {
  const masterKey = await loadMasterKey({ dataDir });
  const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
  const live = await openSqliteReadStore({ path: join(dataDir, 'read.db') });
  const fresh = await openSqliteReadStore({ path: join(dataDir, `rebuilt-${Date.now()}.db`) });
  try {
    await live.ensureViews(viewsOf(allProjections));
    await createProjector({
      eventStore,
      readStore: fresh,
      codec: new EventCodec(keyStore),
      projections: allProjections,
    }).rebuild();
    for (const view of viewsOf(allProjections))
      for (const userId of userIds)
        expect(await allDocuments(live, view.name, userId), `${view.name} of ${userId}`).toEqual(
          await allDocuments(fresh, view.name, userId),
        );
  } finally {
    await Promise.all([live.close(), fresh.close(), eventStore.close(), keyStore.close()]);
  }
}

/** The event store's head as the server's readiness answer gives it (a number in the embedded store). */
export async function head(server: StandaloneProcess): Promise<number> {
  const ready = (await fetch(`${server.baseUrl}/readyz`).then((r) => r.json())) as { projections?: { head: string } };
  return Number(ready.projections?.head ?? 0);
}

/**
 * Kills the server once `count` more events are stored than at `from` (polled every few ms), or
 * once `done` settles (everything was stored before the count was seen): the events it saw.
 */
export async function killAfterEvents(
  server: StandaloneProcess,
  from: number,
  count: number,
  done: Promise<unknown>,
): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true));
  for (;;) {
    const now = await head(server).catch(() => from);
    if (now - from >= count || finished) {
      await server.kill();
      return now - from;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
