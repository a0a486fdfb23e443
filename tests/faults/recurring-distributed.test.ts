import { randomBytes } from 'node:crypto';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { streamIds } from '@plenty/contracts/events/envelope';
import { eventIdFor } from '@plenty/contracts/ids';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { CommandsInFlight } from '@plenty/command-api/account/commands-in-flight';
import { ProfileCache } from '@plenty/command-api/profile/profile-cache';
import { RecurringPoster, type PosterTick } from '@plenty/command-api/recurring/poster';
import { recurringPosting } from '@plenty/command-api/recurring/posting';
import { ErasureRecord } from '@plenty/platform/auth/erased-users';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { FakeEsdb } from '@plenty/platform/event-store/esdb-fake';
import { openEsdbEventStore } from '@plenty/platform/event-store/esdb';
import { START, type EventStore } from '@plenty/platform/event-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { requireContainers } from '@plenty/platform/testing/container-runtime';
import { metadataOf } from '@plenty/platform/testing/new-event';
import { allProjections } from '@plenty/projections/all';
import { projectEventStore } from '@plenty/projections/testing/memory-read-store';

/*
 * The distributed shape: two command API instances, each with its own connection to one
 * EventStoreDB and its own pipeline (profile cache, commands in flight), run their posters at
 * the same moment over the same due rules. The event store lets each occurrence's transaction
 * stream be opened once: every occurrence is posted exactly once. Over the EventStoreDB fake
 * here, and over a real EventStoreDB where a container runtime exists.
 */

const USERS = 3;
const RULES_PER_USER = 5;
const DAYS = 8;

async function twoPostersAtOnce(openStore: () => Promise<EventStore>): Promise<void> {
  const keyStore = await openSqliteKeyStore({ path: ':memory:', masterKey: randomBytes(32) });
  const readStore = await openSqliteReadStore({ path: ':memory:' });
  const instances = await Promise.all([openStore(), openStore()]);
  try {
    const [seeder] = instances;
    if (seeder === undefined) throw new Error('no instance');
    const seedCodec = new EventCodec(keyStore);
    const now = new Date();
    const today = localDate(now, 'UTC');
    const from = addDays(today, -(DAYS - 1));
    const rules: { userId: string; ruleId: string }[] = [];
    for (let u = 0; u < USERS; u += 1) {
      for (let r = 0; r < RULES_PER_USER; r += 1) {
        const userId = `distributed-user-${u}`;
        const ruleId = uuidV7();
        const commandId = uuidV7();
        const created = await seedCodec.encode({
          id: eventIdFor(commandId, 0),
          type: 'RecurringRuleCreated',
          data: {
            ruleId,
            type: 'expense',
            amount: { amount: 25_000 + r, currency: 'THB' },
            categoryId: 'builtin-transport',
            note: `Top-up ${r}`,
            mode: 'auto',
            remind: false,
            schedule: { frequency: 'day', interval: 1, startDate: from, end: { kind: 'never' } },
          },
          metadata: metadataOf(userId, commandId),
        });
        await seeder.appendToStream(streamIds.recurring(ruleId), [created], 'no_stream');
        rules.push({ userId, ruleId });
      }
    }
    await projectEventStore({ eventStore: seeder, codec: seedCodec }, readStore, allProjections);

    const posters = instances.map((eventStore) => {
      const codec = new EventCodec(keyStore);
      const erasedUsers = new ErasureRecord(eventStore);
      return new RecurringPoster({
        readStore,
        posting: recurringPosting({
          eventStore,
          codec,
          now: () => now,
          profiles: new ProfileCache(eventStore, codec),
          inFlight: new CommandsInFlight(erasedUsers),
        }),
        erasedUsers,
        now: () => now,
        intervalMs: 0,
      });
    });
    const ticks: PosterTick[] = await Promise.all(posters.map((poster) => poster.tick()));
    expect(ticks.map((tick) => tick.failed)).toEqual([0, 0]);

    for (const { userId, ruleId } of rules) {
      for (let i = 0; i < DAYS; i += 1) {
        const date = addDays(from, i);
        const stream = await seeder.readStream(streamIds.transaction(occurrenceTransactionId(userId, ruleId, date)));
        expect(
          stream.map((event) => event.type),
          `${ruleId} ${date}`,
        ).toEqual(['TransactionAdded']);
      }
    }
    const added: string[] = [];
    for (let after = START; ;) {
      const page = await seeder.readAll({ after, maxCount: 500 });
      if (page.length === 0) break;
      for (const event of page) {
        const recurrence = event.data.recurrence as { ruleId: string; date: string } | undefined;
        if (event.type === 'TransactionAdded' && recurrence !== undefined)
          added.push(`${recurrence.ruleId}/${recurrence.date}`);
      }
      after = page.at(-1)?.position ?? after;
    }
    expect(added).toHaveLength(rules.length * DAYS);
    expect(new Set(added).size).toBe(added.length);

    // Once the read models have caught up, neither instance finds anything left to post.
    await projectEventStore({ eventStore: seeder, codec: seedCodec }, readStore, allProjections);
    const after = await Promise.all(posters.map((poster) => poster.tick()));
    expect(after.map((tick) => tick.posted + tick.alreadyPosted)).toEqual([0, 0]);
  } finally {
    await Promise.all(instances.map((store) => store.close()));
    await readStore.close();
    await keyStore.close();
  }
}

describe('two command API instances posting recurring occurrences at once', { timeout: 60_000 }, () => {
  it('over one EventStoreDB (the fake) post each occurrence exactly once', async () => {
    const server = new FakeEsdb();
    await twoPostersAtOnce(() => openEsdbEventStore({ client: server }));
  });
});

const runtime = await requireContainers('two recurring posters over a real EventStoreDB');

describe.skipIf(!runtime.available)('two command API instances over a real EventStoreDB (testcontainers)', () => {
  let container: StartedTestContainer | undefined;
  let connectionString = '';

  beforeAll(async () => {
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_CLUSTER_SIZE: '1',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_START_STANDARD_PROJECTIONS: 'false',
        EVENTSTORE_MEM_DB: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
      .withStartupTimeout(120_000)
      .start();
    connectionString = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  }, 180_000);

  afterAll(async () => {
    await container?.stop();
  }, 60_000);

  it('post each occurrence exactly once', { timeout: 120_000 }, async () => {
    await twoPostersAtOnce(() => openEsdbEventStore({ connectionString }));
  });
});
