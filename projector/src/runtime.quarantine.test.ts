import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metadataOf } from '@plenty/platform/testing/new-event';
import { useTestReadStore, useTestStores } from '@plenty/platform/testing/stores';
import { eventIdFor } from '@plenty/contracts/ids';
import { appendOutOfRangeExpense } from '@plenty/platform/testing/out-of-range-event';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { Projection } from '@plenty/projections/projection';
import { allProjections } from '@plenty/projections/all';
import { QUARANTINE_ID, quarantineViewName } from '@plenty/projections/quarantine';
import type { ProjectorOptions } from './runtime-api.js';
import { historyWriter } from '@plenty/projections/testing/history';
import { documents } from '@plenty/projections/testing/memory-read-store';
import { TALLY_ECHO_VIEW, TALLY_VIEW, tallyEchoProjection, tallyProjection } from '@plenty/projections/testing/poison';
import { projectorOver } from './testing/projector.js';

const stores = useTestStores('quarantine');
const read = useTestReadStore(stores);

function recordingLogger() {
  const errors: { obj: Record<string, unknown>; msg?: string }[] = [];
  return {
    errors,
    info: () => undefined,
    error: (obj: object, msg?: string) =>
      errors.push({ obj: obj as Record<string, unknown>, ...(msg === undefined ? {} : { msg }) }),
  };
}

const withTally = (version = 1): Projection[] => [...allProjections, tallyProjection(version), tallyEchoProjection];

function projector(options: Partial<ProjectorOptions> = {}) {
  return projectorOver(stores, {
    readStore: read.store,
    projections: withTally(),
    batchSize: 2,
    ...options,
  });
}

const countOf = async (view: string, userId: string) =>
  (await read.store.get<{ count: number }>(view, userId, 'count'))?.doc.count ?? null;
const recordOf = (projection: string, userId: string) =>
  read.store.get(quarantineViewName(projection), userId, QUARANTINE_ID).then((stored) => stored?.doc ?? null);

/** Alice: two transactions, the poison, two more; Bob: one before and two after. Answers the poison's id. */
async function poisonAlice(): Promise<{ poisonId: string; poisonPosition: string }> {
  const writer = historyWriter(stores.eventStore, stores.codec);
  await writer.addTransaction('alice');
  await writer.addTransaction('bob');
  await writer.addTransaction('alice');
  const poison = await writer.addTransaction('alice', { note: 'poison' });
  const [stored] = await stores.eventStore.readAll({ after: String(Number(poison.position) - 1), maxCount: 1 });
  await writer.addTransaction('alice');
  await writer.addTransaction('bob');
  await writer.addTransaction('alice');
  await writer.addTransaction('bob');
  return { poisonId: stored?.id ?? '', poisonPosition: poison.position };
}

describe('projector quarantine', () => {
  it('quarantines the user in the projection that failed and in those reading it; everyone else goes on', async () => {
    const { poisonId, poisonPosition } = await poisonAlice();
    const logger = recordingLogger();
    const live = projector({ logger });
    expect(await live.catchUp()).toBe(await stores.eventStore.headPosition());

    expect(live.isHealthy()).toBe(true);
    expect(live.quarantinedUsers()).toBe(1);
    // Bob's figures keep up; Alice's tally stops before the event, never half-applied after it.
    expect(await countOf(TALLY_VIEW, 'bob')).toBe(3);
    expect(await countOf(TALLY_VIEW, 'alice')).toBe(2);
    expect(await countOf(TALLY_ECHO_VIEW, 'alice')).toBe(2);
    // Projections that neither failed nor read the failed one's views apply all of her events.
    expect(await documents(read.store, 'transactions', 'alice')).toHaveLength(5);

    const record = {
      eventId: poisonId,
      eventType: 'TransactionAdded',
      position: poisonPosition,
      failed: 'tally',
      reason: 'tally cannot count this one',
    };
    expect(await recordOf('tally', 'alice')).toEqual({ projection: 'tally', views: [TALLY_VIEW], ...record });
    expect(await recordOf('tally-echo', 'alice')).toEqual({
      projection: 'tally-echo',
      views: [TALLY_ECHO_VIEW],
      ...record,
    });
    expect(await recordOf('tally', 'bob')).toBeNull();
    expect(await recordOf('transactions', 'alice')).toBeNull();
    expect(logger.errors).toEqual([
      {
        obj: expect.objectContaining({
          userId: 'alice',
          eventId: poisonId,
          eventType: 'TransactionAdded',
          position: poisonPosition,
          projection: 'tally',
          quarantined: ['tally', 'tally-echo'],
          reason: 'tally cannot count this one',
        }),
        msg: expect.stringContaining('quarantined'),
      },
    ]);
  });

  it('keeps the user quarantined across a restart, skipping her later events', async () => {
    await poisonAlice();
    await projector().catchUp();
    const writer = historyWriter(stores.eventStore, stores.codec);
    await writer.addTransaction('alice');
    await writer.addTransaction('bob');

    const restarted = projector();
    await restarted.start();
    const head = await stores.eventStore.headPosition();
    expect(await restarted.waitFor(head, 10_000)).toBe(head);
    await restarted.stop();
    expect(restarted.quarantinedUsers()).toBe(1);
    expect(await countOf(TALLY_VIEW, 'alice')).toBe(2);
    expect(await countOf(TALLY_VIEW, 'bob')).toBe(4);
  });

  it('releases the user when a new version of the projection applies the event, through its rebuild', async () => {
    await poisonAlice();
    await projector().catchUp();
    const fixed = projectorOver(stores, {
      readStore: read.store,
      projections: withTally(2),
      batchSize: 2,
    });
    await fixed.start();
    expect(fixed.status().find((s) => s.name === 'tally')?.state).toBe('rebuilding');
    // The old views keep answering meanwhile, and the user stays quarantined in them.
    expect(fixed.quarantinedUsers()).toBe(1);
    await fixed.whenRebuilt();
    await fixed.stop();

    expect(fixed.quarantinedUsers()).toBe(0);
    expect(await recordOf('tally', 'alice')).toBeNull();
    expect(await recordOf('tally-echo', 'alice')).toBeNull();
    expect(await countOf(TALLY_VIEW, 'alice')).toBe(5);
    expect(await countOf(TALLY_ECHO_VIEW, 'alice')).toBe(5);
    expect(await countOf(TALLY_VIEW, 'bob')).toBe(3);
  });

  it('keeps quarantined whom the rebuild quarantines again, with the record of the event', async () => {
    const { poisonId } = await poisonAlice();
    await projector().catchUp();
    const result = await projector().rebuild({ views: [TALLY_VIEW] });
    expect(result.events).toBeGreaterThan(0);
    const again = projector();
    await again.catchUp();
    expect(again.quarantinedUsers()).toBe(1);
    expect(await recordOf('tally', 'alice')).toMatchObject({ eventId: poisonId, failed: 'tally' });
    expect(await countOf(TALLY_VIEW, 'alice')).toBe(2);
  });

  it('takes an erased user off the list together with her records', async () => {
    await poisonAlice();
    const live = projector();
    await live.catchUp();
    expect(live.quarantinedUsers()).toBe(1);
    const commandId = randomUUID();
    const erased = await stores.codec.encode({
      id: eventIdFor(commandId, 0),
      type: 'AccountErased',
      data: { userId: 'alice', startedAt: new Date().toISOString() },
      metadata: metadataOf('alice', commandId),
    });
    await stores.eventStore.appendToStream('account-erasures', [erased], 'any');
    await live.catchUp();
    expect(live.quarantinedUsers()).toBe(0);
    expect(await recordOf('tally', 'alice')).toBeNull();
    // Back with the same id, she starts afresh.
    await historyWriter(stores.eventStore, stores.codec).addTransaction('alice');
    await live.catchUp();
    expect(await countOf(TALLY_VIEW, 'alice')).toBe(1);
  });

  it('quarantines an event whose stored data breaks its schema in every projection that handles it', async () => {
    const writer = historyWriter(stores.eventStore, stores.codec);
    await writer.addTransaction('alice');
    await appendOutOfRangeExpense(stores.eventStore, 'alice');
    await writer.addTransaction('alice');
    await writer.addTransaction('bob');
    const live = projector();
    await live.catchUp();
    expect(live.isHealthy()).toBe(true);
    expect(live.quarantinedUsers()).toBe(1);
    expect(await recordOf('transactions', 'alice')).toMatchObject({
      failed: null,
      reason: expect.stringContaining('TransactionAdded does not match its schema: amount.amount'),
    });
    // Every projection handling the event, and those reading their views (budget alerts read the month summary).
    for (const name of [
      'transactions',
      'transaction-history',
      'monthly-summary',
      'activity',
      'budget-alerts',
      'tally',
    ]) {
      expect(await recordOf(name, 'alice'), name).not.toBeNull();
    }
    expect(await recordOf('preferences', 'alice')).toBeNull();
    expect(await documents(read.store, 'transactions', 'alice')).toHaveLength(1);
    expect(await documents(read.store, 'transactions', 'bob')).toHaveLength(1);
  });

  it('quarantines personal text that cannot be decrypted', async () => {
    await stores.keyStore.getOrCreate('alice');
    const commandId = randomUUID();
    const transactionId = randomUUID();
    const id = eventIdFor(commandId, 0);
    await stores.eventStore.appendToStream(
      `transaction-${transactionId}`,
      [
        {
          id,
          type: 'TransactionAdded',
          data: {
            transactionId,
            type: 'expense',
            amount: { amount: 100, currency: 'USD' },
            categoryId: 'builtin-food',
            date: '2026-11-02',
            note: 'enc:v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          },
          metadata: metadataOf('alice', commandId),
        },
      ],
      'no_stream',
    );
    const live = projector();
    await live.catchUp();
    expect(live.isHealthy()).toBe(true);
    expect(await recordOf('transactions', 'alice')).toMatchObject({ eventId: id, failed: null });
    expect(await read.store.getCheckpoint('projector')).toBe(await stores.eventStore.headPosition());
  });

  it('stops, quarantining nobody, when the read store fails under a projection', async () => {
    await historyWriter(stores.eventStore, stores.codec).addTransaction('alice');
    let failing = true;
    const failingReads: ReadStore = new Proxy(read.store, {
      get(target, property, receiver) {
        if (property !== 'applyBatch') return Reflect.get(target, property, receiver) as unknown;
        const applyBatch: ReadStore['applyBatch'] = (name, position, work) =>
          target.applyBatch(name, position, (uow) =>
            work({
              get: async (view, userId, id) => {
                if (failing) throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
                return uow.get(view, userId, id);
              },
              findByField: (view, userId, field, value) => uow.findByField(view, userId, field, value),
              put: (view, userId, id, doc, position_) => uow.put(view, userId, id, doc, position_),
              remove: (view, userId, id, position_) => uow.remove(view, userId, id, position_),
              purgeUser: (userId) => uow.purgeUser(userId),
            }),
          );
        return applyBatch;
      },
    });
    const live = projector({ readStore: failingReads });
    await expect(live.catchUp()).rejects.toThrow('disk I/O error');
    expect(live.isHealthy()).toBe(false);
    expect(live.quarantinedUsers()).toBe(0);
    failing = false;
    await live.catchUp();
    expect(await recordOf('tally', 'alice')).toBeNull();
    expect(await countOf(TALLY_VIEW, 'alice')).toBe(1);
  });
});
