import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { decodedApplier } from './apply.js';
import type { Projection } from './projection.js';
import { car, carOpened, carSchedule, pay } from './testing/car-loan.js';
import { eventLog } from './testing/events.js';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { allProjections } from './all.js';
import { SYSTEM_USER_ID } from './weekly-report-subscribers.projection.js';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';

const coffee = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const books = '0192f0c4-7a1b-7c3d-8e4f-0000000b0045';
const trip = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
const savings = '0192f0c4-7a1b-7c3d-8e4f-0000000a11e7';
const travel = '0192f0c4-7a1b-7c3d-8e4f-0000000a11e8';
const moveIn = '0192f0c4-7a1b-7c3d-8e4f-00000000f001';
const moveOut = '0192f0c4-7a1b-7c3d-8e4f-00000000f002';
const scooter = '0192f0c4-7a1b-7c3d-8e4f-00000000d002';
const phone = '0192f0c4-7a1b-7c3d-8e4f-00000000d003';
const rent = '0192f0c4-7a1b-7c3d-8e4f-00000000e001';
const gym = '0192f0c4-7a1b-7c3d-8e4f-00000000e002';
const topUp = '0192f0c4-7a1b-7c3d-8e4f-00000000e003';
const statement = '0192f0c4-7a1b-7c3d-8e4f-0000000b1a7c';
const USERS = ['alice', 'bob', SYSTEM_USER_ID];

/**
 * A history touching every projection, where their reads of each other's views matter: edits
 * and deletions of transactions (history, totals, activity measure them against the
 * transactions view), a deleted category moving transactions, a budget crossed by an expense and
 * by a change of currency and rates (alerts read the month summary and the preferences), a
 * debt edited and paid (its history reads the debts view), goals, the weekly report, wallets
 * with transactions moved between them, transfers across currencies, a reconcile, payments from
 * a wallet (their interest an expense read with the debts view) and a deleted debt, recurring
 * rules posted, edited, paused, held and deleted, an import batch whose rows are edited, deleted and
 * undone (its counts read the transactions view), and an erased account that signs up again.
 */
function richHistory(): RecordedEvent[] {
  const log = eventLog(new Date('2026-11-10T00:00:00.000Z'));
  const profile = (userId: string, type: string, data: Record<string, unknown>) =>
    log.event(`profile-${userId}`, userId, type, data);
  const debt = (type: string, data: Record<string, unknown> = {}) =>
    log.event(`debt-${car}`, 'alice', type, { debtId: car, ...data });
  const events: RecordedEvent[] = [];
  for (const userId of ['alice', 'bob']) {
    events.push(
      profile(userId, 'PreferencesChanged', {
        changes: {
          currency: 'THB',
          timeZone: 'Asia/Bangkok',
          weeklyReport: true,
          monthlyBudget: { amount: 100_000, currency: 'THB' },
        },
      }),
      log.categoryAdded(userId, coffee, { name: 'Coffee' }),
      log.categoryAdded(userId, books, { name: 'Books' }),
      profile(userId, 'CategoryBudgetSet', {
        categoryId: coffee,
        month: '2026-11',
        limit: { amount: 50_000, currency: 'THB' },
        repeat: true,
      }),
      profile(userId, 'CategoryRolloverSet', { categoryId: coffee, rollover: true }),
      profile(userId, 'CategoryBudgetSet', { categoryId: books, month: '2026-11', limit: null, repeat: false }),
      log.transactionAdded(userId, `${userId}-1`, { amount: { amount: 45_000, currency: 'THB' }, categoryId: coffee }),
      log.transactionAdded(userId, `${userId}-2`, { amount: { amount: 30_000, currency: 'USD' }, categoryId: books }),
      log.transactionEdited(userId, `${userId}-1`, { amount: { amount: 80_000, currency: 'THB' }, note: 'beans' }),
      log.transactionAdded(userId, `${userId}-3`, { type: 'income', amount: { amount: 900_000, currency: 'THB' } }),
      log.transactionEdited(userId, `${userId}-3`, { date: '2026-10-30', categoryId: 'builtin-salary' }),
      log.categoryEdited(userId, coffee, { name: 'Café' }),
      log.transactionAdded(userId, `${userId}-4`, { amount: { amount: 5_000, currency: 'THB' }, categoryId: coffee }),
      // A split receipt with a line of the category deleted next, its lines changed first.
      log.transactionAdded(userId, `${userId}-5`, {
        amount: { amount: 12_000, currency: 'THB' },
        categoryId: books,
        splits: [
          { categoryId: books, amount: 9_000 },
          { categoryId: coffee, amount: 3_000, note: 'latte' },
        ],
        tags: ['Trip'],
      }),
      log.transactionEdited(userId, `${userId}-5`, {
        splits: [
          { categoryId: books, amount: 7_000 },
          { categoryId: coffee, amount: 5_000 },
        ],
      }),
      log.categoryDeleted(userId, coffee, 'builtin-food'),
      log.transactionDeleted(userId, `${userId}-2`),
      profile(userId, 'ExchangeRatesSet', { rates: { THB: '1', USD: '0.028', LAK: '610' } }),
      profile(userId, 'PreferencesChanged', { changes: { currency: 'USD', weeklyReport: userId === 'alice' } }),
      profile(userId, 'GoalAdded', {
        goalId: trip,
        name: 'Trip',
        target: { amount: 5_000_000, currency: 'LAK' },
        saved: { amount: 0, currency: 'LAK' },
      }),
      profile(userId, 'GoalEdited', { goalId: trip, changes: { name: 'Trip to Luang Prabang' } }),
      profile(userId, 'GoalContributed', {
        goalId: trip,
        amount: { amount: 250_000, currency: 'LAK' },
        date: '2026-11-03',
      }),
      profile(userId, 'GoalWithdrawn', {
        goalId: trip,
        amount: { amount: 50_000, currency: 'LAK' },
        date: '2026-11-04',
      }),
      log.walletOpened(userId, savings, {
        kind: 'savings',
        openingBalance: 1_000_000,
        openingDate: '2026-10-01',
        icon: 'piggy-bank',
      }),
      log.walletOpened(userId, travel, {
        name: 'Travel',
        kind: 'cash',
        currency: 'USD',
        icon: 'plane',
        color: '#884422',
        excludeFromTotals: true,
      }),
      log.transactionAdded(userId, `${userId}-6`, { amount: { amount: 12_000, currency: 'THB' }, walletId: savings }),
      log.transactionEdited(userId, `${userId}-1`, { walletId: savings }),
      log.transactionEdited(userId, `${userId}-6`, { walletId: defaultWalletId(userId, 'THB'), date: '2026-10-15' }),
      log.event(`transfer-${userId}-${moveIn}`, userId, 'TransferRecorded', {
        transferId: `${userId}-${moveIn}`,
        fromWalletId: defaultWalletId(userId, 'THB'),
        toWalletId: savings,
        amountOut: { amount: 50_000, currency: 'THB' },
        amountIn: { amount: 50_000, currency: 'THB' },
        date: '2026-11-02',
      }),
      log.event(`transfer-${userId}-${moveOut}`, userId, 'TransferRecorded', {
        transferId: `${userId}-${moveOut}`,
        fromWalletId: savings,
        toWalletId: travel,
        amountOut: { amount: 35_000, currency: 'THB' },
        amountIn: { amount: 1_000, currency: 'USD' },
        date: '2026-11-05',
        note: 'Cash for the trip',
      }),
      log.event(`transfer-${userId}-${moveIn}`, userId, 'TransferEdited', {
        transferId: `${userId}-${moveIn}`,
        changes: { amountOut: { amount: 60_000, currency: 'THB' }, amountIn: { amount: 60_000, currency: 'THB' } },
      }),
      log.event(`transfer-${userId}-${moveOut}`, userId, 'TransferDeleted', { transferId: `${userId}-${moveOut}` }),
      profile(userId, 'WalletReconciled', {
        walletId: savings,
        date: '2026-11-06',
        balance: 1_000_000,
        adjustment: -25,
      }),
      profile(userId, 'WalletEdited', { walletId: defaultWalletId(userId, 'THB'), changes: { name: 'Pocket' } }),
      profile(userId, 'WalletArchived', { walletId: travel }),
    );
    const rule = (ruleId: string, type: string, data: Record<string, unknown> = {}) =>
      log.event(`recurring-${ruleId}`, userId, type, { ruleId, ...data });
    const rentFields = {
      type: 'expense',
      amount: { amount: 450_000, currency: 'THB' },
      categoryId: books,
      walletId: savings,
      note: 'Rent',
      mode: 'auto',
      remind: true,
      schedule: { frequency: 'month', interval: 1, startDate: '2026-11-01', end: { kind: 'never' } },
    };
    events.push(
      rule(rent, 'RecurringRuleCreated', rentFields),
      log.transactionAdded(userId, occurrenceTransactionId(userId, rent, '2026-11-01'), {
        amount: { amount: 450_000, currency: 'THB' },
        categoryId: books,
        walletId: savings,
        date: '2026-11-01',
        recurrence: { ruleId: rent, date: '2026-11-01' },
      }),
      rule(rent, 'OccurrenceEdited', { date: '2026-12-01', changes: { amount: { amount: 455_000, currency: 'THB' } } }),
      rule(rent, 'RecurringRulePaused', { on: '2026-11-20' }),
      rule(rent, 'RecurringRuleResumed', { on: '2026-12-05' }),
      rule(rent, 'RecurringRuleEdited', {
        from: '2027-01-01',
        rule: { ...rentFields, amount: { amount: 460_000, currency: 'THB' }, mode: 'confirm' },
      }),
      rule(rent, 'OccurrenceSkipped', { date: '2027-02-01' }),
      rule(rent, 'RecurringRuleHeld', { date: '2027-01-01', reason: 'wallet_archived' }),
      rule(gym, 'RecurringRuleCreated', { ...rentFields, note: 'Gym' }),
      rule(gym, 'OccurrenceSkipped', { date: '2026-11-01' }),
      rule(topUp, 'RecurringRuleCreated', { ...rentFields, note: 'Top-up', mode: 'confirm' }),
      rule(topUp, 'RecurringRuleDeleted'),
    );
    // An import whose rows are edited and deleted, finished, then undone.
    const batch = statement;
    events.push(
      log.importStarted(userId, batch, { fileName: 'kbank.csv', rowCount: 3 }),
      log.transactionImported(userId, `${userId}-import-0`, batch, 0, { walletId: savings, note: 'Market' }),
      log.transactionImported(userId, `${userId}-import-2`, batch, 2, { categoryId: coffee }),
      log.transactionEdited(userId, `${userId}-import-0`, { amount: { amount: 12_500, currency: 'THB' } }),
      log.importEvent(userId, batch, 'ImportFinished', { added: 2, existing: 0, skipped: { date_invalid: 1 } }),
      log.transactionDeleted(userId, `${userId}-import-2`),
      log.importEvent(userId, batch, 'ImportUndoStarted'),
      log.transactionDeleted(userId, `${userId}-import-0`),
      log.importEvent(userId, batch, 'ImportUndone', { deleted: 1 }),
    );
  }
  events.push(
    debt('DebtOpened', carOpened()),
    debt('DebtEdited', { changes: { name: 'Family car', annualRatePercent: '3.9' } }),
    debt('InstallmentMarkedPaid', { ...carSchedule.rows[0], paymentId: pay(1), date: '2026-02-01' }),
    debt('PaymentRecorded', { paymentId: pay(2), amount: 300_000, date: '2026-03-10' }),
    debt('PaymentDeleted', { paymentId: pay(2) }),
    debt('InstallmentMarkedPaid', {
      ...carSchedule.rows[1],
      paymentId: pay(3),
      date: '2026-03-01',
      walletId: defaultWalletId('alice', 'LAK'),
    }),
    debt('InstallmentMarkedPaid', { ...carSchedule.rows[2], paymentId: pay(4), date: '2026-04-01' }),
    debt('PaymentEdited', { paymentId: pay(4), changes: { walletId: defaultWalletId('alice', 'LAK') } }),
    debt('PaymentEdited', { paymentId: pay(3), changes: { date: '2026-03-02' } }),
    debt('PaymentRecorded', {
      paymentId: pay(5),
      amount: 100_000,
      date: '2026-04-10',
      walletId: defaultWalletId('alice', 'LAK'),
    }),
    log.event(`debt-${scooter}`, 'alice', 'DebtOpened', {
      debtId: scooter,
      ...carOpened({ name: 'Scooter', walletId: defaultWalletId('alice', 'LAK') }),
    }),
    log.event(`debt-${scooter}`, 'alice', 'InstallmentMarkedPaid', {
      debtId: scooter,
      ...carSchedule.rows[0],
      paymentId: pay(6),
      date: '2026-02-01',
      walletId: defaultWalletId('alice', 'LAK'),
    }),
    log.event(`debt-${phone}`, 'alice', 'DebtOpened', {
      debtId: phone,
      ...carOpened({ name: 'Phone', walletId: defaultWalletId('alice', 'LAK') }),
    }),
    log.event(`debt-${scooter}`, 'alice', 'DebtDeleted', { debtId: scooter }),
    log.accountErased('bob'),
    log.transactionAdded('bob', 'bob-5', { amount: { amount: 7_000, currency: 'THB' } }),
  );
  return events;
}

/** Every document of every view of the projections, per user. */
async function readModels(store: ReadStore): Promise<Record<string, unknown[]>> {
  const models: Record<string, unknown[]> = {};
  for (const view of allProjections.flatMap((p) => p.views)) {
    for (const userId of USERS) models[`${view.name}/${userId}`] = await documents(store, view.name, userId);
  }
  return models;
}

/** A small seeded generator (mulberry32), so a failing order can be run again. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * The read models the events give through the projections, in batches of `batch`: applied as
 * the projector applies them (`decodedApplier`) or as the projection tests do (`applyEvents`,
 * which also holds each projection to the views it declares).
 */
async function projected(
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  batch: number,
  through: 'applier' | 'tests' = 'tests',
) {
  const { store, dispose } = await scratchReadStore(projections);
  const apply = decodedApplier(projections);
  try {
    for (let start = 0; start < events.length; start += batch) {
      const slice = events.slice(start, start + batch);
      const last = slice.at(-1);
      if (through === 'tests' || last === undefined) await applyEvents(store, projections, slice);
      else
        await store.applyBatch('test', last.position, async (uow) => {
          for (const event of slice) await apply(event, event, uow);
        });
    }
    return await readModels(store);
  } finally {
    await dispose();
  }
}

describe('the projections', () => {
  const events = richHistory();

  it('fill every view from the rich history', async () => {
    const models = await projected(allProjections, events, events.length);
    for (const view of allProjections.flatMap((p) => p.views)) {
      const filled = USERS.some((userId) => (models[`${view.name}/${userId}`]?.length ?? 0) > 0);
      expect(filled, view.name).toBe(true);
    }
  });

  it.each([1, 7, 42, 1234, 99_991])('build the same read models in any order (seed %i)', async (seed) => {
    const canonical = await projected(allProjections, events, events.length);
    const order = shuffled(allProjections, seed);
    expect(order.map((p) => p.name)).not.toEqual(allProjections.map((p) => p.name));
    expect(await projected(order, events, events.length)).toEqual(canonical);
    expect(await projected(order, events, 1 + (seed % 5))).toEqual(canonical);
    expect(await projected(order, events, 1 + (seed % 9), 'applier')).toEqual(canonical);
  });
});
