import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTestStores } from '@plenty/platform/testing/stores';
import { eventIdFor } from '@plenty/contracts/ids';
import { carLoanOpenedMidway, carLoanSchedule } from '@plenty/contracts/testing/car-loan';
import { DEFAULT_RATES } from '@plenty/contracts/rates';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { viewsOf } from '@plenty/projections/apply';
import { bulkReplay } from './bulk-replay.js';
import type { Projection } from '@plenty/projections/projection';
import { allProjections } from '@plenty/projections/all';
import type { QuarantineNotice } from '@plenty/projections/quarantine';
import { historyWriter, writeHistory } from '@plenty/projections/testing/history';
import { tallyEchoProjection, tallyProjection } from '@plenty/projections/testing/poison';
import { projectorOver } from './testing/projector.js';

const users = ['alice', 'bob', 'chai', 'dara'];
const stores = useTestStores('bulk-replay');

async function append(streamId: string, userId: string, type: string, data: Record<string, unknown>): Promise<void> {
  const commandId = randomUUID();
  const event = await stores.codec.encode({
    id: eventIdFor(commandId, 0),
    type,
    data,
    metadata: { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  });
  await stores.eventStore.appendToStream(streamId, [event], 'any');
}

/**
 * Every kind of event the projections handle: transactions added, edited and deleted, custom
 * categories (one deleted, moving its transactions), preferences with a budget that alerts,
 * exchange rates, goals, a debt with installments paid, and an account erased halfway whose
 * user comes back afterwards.
 */
async function writeMixedHistory(): Promise<void> {
  const writer = historyWriter(stores.eventStore, stores.codec);
  for (const userId of users) {
    await append(`profile-${userId}`, userId, 'PreferencesChanged', {
      changes: { currency: 'USD', monthlyBudget: { amount: 20_000, currency: 'USD' }, weeklyReport: true },
    });
  }
  await writeHistory(writer, users, 40);
  for (const userId of users) {
    const goalId = randomUUID();
    const usd = (amount: number) => ({ amount, currency: 'USD' });
    await append(`profile-${userId}`, userId, 'GoalAdded', {
      goalId,
      name: 'House',
      target: usd(50_000),
      saved: usd(0),
    });
    await append(`profile-${userId}`, userId, 'GoalContributed', { goalId, amount: usd(60_000), date: '2026-11-20' });
    await append(`profile-${userId}`, userId, 'ExchangeRatesSet', {
      rates: { ...DEFAULT_RATES, THB: '35', LAK: '21000' },
    });
    const debtId = randomUUID();
    await append(`debt-${debtId}`, userId, 'DebtOpened', { debtId, ...carLoanOpenedMidway });
    for (const number of [1, 2]) {
      await append(`debt-${debtId}`, userId, 'InstallmentMarkedPaid', {
        debtId,
        ...carLoanSchedule.rows[number - 1],
        paymentId: randomUUID(),
        date: `2026-0${number + 1}-01`,
      });
    }
  }
  await append('account-erasures', 'bob', 'AccountErased', { userId: 'bob', startedAt: new Date().toISOString() });
  await writeHistory(writer, ['bob', 'alice'], 12);
  await append(`profile-alice`, 'alice', 'PreferencesChanged', { changes: { weeklyReport: false } });
}

/** Every row of every view table: documents, tombstones, positions and indexed columns. */
function rowsOf(path: string): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'view_%'")
      .all()
      .map((row) => row.name)
      .sort();
    return Object.fromEntries(
      tables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY user_id, id`).raw().all()]),
    );
  } finally {
    db.close();
  }
}

/** The views as the live projector builds them: batches of 7 events, each committed on its own. */
async function liveViews(projections: readonly Projection[] = allProjections): Promise<Record<string, unknown[]>> {
  const path = join(stores.dir, 'live.db');
  const readStore = await openSqliteReadStore({ path });
  const projector = projectorOver(stores, {
    readStore,
    projections,
    batchSize: 7,
  });
  await projector.catchUp();
  await readStore.close();
  return rowsOf(path);
}

async function replayedViews(
  name: string,
  flushEvery: number | undefined,
  wrap: (store: ReadStore) => ReadStore = (store) => store,
  projections: readonly Projection[] = allProjections,
  onQuarantine?: (notices: readonly QuarantineNotice[]) => void,
): Promise<Record<string, unknown[]>> {
  const path = join(stores.dir, `${name}.db`);
  const opened = await openSqliteReadStore({ path });
  const readStore = wrap(opened);
  await readStore.bulkMode?.(true);
  await readStore.ensureViews(viewsOf(projections));
  const result = await bulkReplay({
    eventStore: stores.eventStore,
    readStore,
    codec: stores.codec,
    projections,
    checkpointName: 'projector',
    ...(flushEvery === undefined ? {} : { flushEvery }),
    ...(onQuarantine === undefined ? {} : { onQuarantine }),
  });
  await readStore.bulkMode?.(false);
  expect(result.position).toBe(await stores.eventStore.headPosition());
  expect(await opened.getCheckpoint('projector')).toBe(result.position);
  await opened.close();
  return rowsOf(path);
}

/** The same store without the optional bulk load: the replay falls back to applyBatch. */
const withoutBulkLoad = (store: ReadStore): ReadStore => ({
  ensureViews: (views) => store.ensureViews(views),
  get: (view, userId, id) => store.get(view, userId, id),
  find: (view, query) => store.find(view, query),
  findMerged: (view, query) => store.findMerged(view, query),
  sum: (view, query) => store.sum(view, query),
  applyBatch: (name, position, work) => store.applyBatch(name, position, work),
  getCheckpoint: (name) => store.getCheckpoint(name),
  bulkMode: (enabled) => store.bulkMode?.(enabled) ?? Promise.resolve(),
  reset: (views, name) => store.reset(views, name),
  scan: (view, options) => store.scan(view, options),
  shadow: (tag) => store.shadow(tag),
  promote: (promotion) => store.promote(promotion),
  dropShadow: (tag, checkpointName) => store.dropShadow(tag, checkpointName),
  shadowTags: () => store.shadowTags(),
  close: () => store.close(),
});

describe('bulk replay', () => {
  it('builds views identical, row for row, to the live projector applying the same events in batches', async () => {
    await writeMixedHistory();
    const live = await liveViews();
    expect(live['view_transactions']?.length).toBeGreaterThan(100);
    expect(live['view_budget_alerts']?.length).toBeGreaterThan(0);
    // Bob's debt went with his account.
    expect(live['view_debts']?.length).toBe(users.length - 1);
    // One flush at the end; a flush every 23 events, which lets documents go and reads them back
    // from the store (edits, deletions and a category's move of older transactions); and the
    // same through applyBatch for a store without bulkLoad.
    expect(await replayedViews('once', undefined)).toEqual(live);
    expect(await replayedViews('flushing', 23)).toEqual(live);
    expect(await replayedViews('fallback', 23, withoutBulkLoad)).toEqual(live);
    // Four builds of the whole history: seconds on a machine shared with other work.
  }, 120_000);

  it('quarantines the users the live projector quarantines, with the same records, row for row', async () => {
    const writer = historyWriter(stores.eventStore, stores.codec);
    await writeHistory(writer, users, 6);
    await writer.addTransaction('chai', { note: 'poison' });
    await writeHistory(writer, users, 6);
    await writer.addTransaction('dara', { note: 'poison' });
    await writer.addTransaction('chai');
    const projections = [...allProjections, tallyProjection(), tallyEchoProjection];
    const live = await liveViews(projections);
    expect(live['view_quarantine_tally']?.map((row) => (row as unknown[])[0])).toEqual(['chai', 'dara']);
    expect(live['view_quarantine_tally_echo']).toHaveLength(2);
    const notices: QuarantineNotice[] = [];
    expect(await replayedViews('once', undefined, undefined, projections, (n) => notices.push(...n))).toEqual(live);
    expect(notices.map((n) => [n.userId, n.failed, n.projections])).toEqual([
      ['chai', 'tally', ['tally', 'tally-echo']],
      ['dara', 'tally', ['tally', 'tally-echo']],
    ]);
    expect(await replayedViews('flushing', 5, undefined, projections)).toEqual(live);
  });

  it('a flush the read store fails to write stops the replay, leaving the checkpoint of the last flush written', async () => {
    await writeHistory(historyWriter(stores.eventStore, stores.codec), users, 10);
    const path = join(stores.dir, 'failing.db');
    const opened = await openSqliteReadStore({ path });
    const bulkLoad = opened.bulkLoad?.bind(opened);
    if (bulkLoad === undefined) throw new Error('the SQLite read store loads in bulk');
    const positions: string[] = [];
    // From the second flush on, the store's writer thread finds a view's table gone.
    const failing: ReadStore = {
      ...withoutBulkLoad(opened),
      bulkLoad: (name, position, load) => {
        positions.push(position);
        if (positions.length === 2) {
          const other = new Database(path);
          other.exec('DROP TABLE view_activity');
          other.close();
        }
        return bulkLoad(name, position, load);
      },
    };
    await failing.bulkMode?.(true);
    await failing.ensureViews(viewsOf(allProjections));
    const replay = bulkReplay({
      eventStore: stores.eventStore,
      readStore: failing,
      codec: stores.codec,
      projections: allProjections,
      checkpointName: 'projector',
      flushEvery: 9,
    });
    await expect(replay).rejects.toThrow(/no such table: view_activity/);
    // Not the head: the replay is recognisably unfinished, with the first flush's documents only.
    const checkpoint = await opened.getCheckpoint('projector');
    expect(checkpoint).toBe(positions[0]);
    expect(checkpoint).not.toBe(await stores.eventStore.headPosition());
    // The next flush waited for the failed one and never started.
    expect(positions).toHaveLength(2);
    await opened.close();
    expect(rowsOf(path)['view_transactions']?.length).toBeLessThan(users.length * 10);
  });

  it('rebuild() through the replay gives the same views as the live projector', async () => {
    await writeHistory(historyWriter(stores.eventStore, stores.codec), users, 25);
    const live = await liveViews();
    const path = join(stores.dir, 'rebuilt.db');
    const readStore = await openSqliteReadStore({ path });
    const projector = projectorOver(stores, {
      readStore,
    });
    const result = await projector.rebuild();
    await readStore.close();
    expect(result.events).toBeGreaterThan(100);
    expect(rowsOf(path)).toEqual(live);
  });
});
