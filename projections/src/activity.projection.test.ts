import { ACTIVITY_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { activityDocOf, activityDocSchema, type StoredActivityDoc } from '@plenty/contracts/views/activity';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { car, carOpened, carSchedule, pay } from './testing/car-loan.js';
import { projectionScratch } from './testing/scratch.js';

const lunch = '0192f0c4-7a1b-7c3d-8e4f-00000000a001';
const trip = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
const pets = '0192f0c4-7a1b-7c3d-8e4f-00000000c001';

const scratch = projectionScratch();
const { given } = scratch;

/** A decoded event as the projector sees it; `at` pins its time (events of one command share it). */
const recorded = (
  streamId: string,
  type: string,
  data: Record<string, unknown>,
  { userId = 'alice', at }: { userId?: string; at?: string } = {},
): RecordedEvent => scratch.log.event(streamId, userId, type, data, at);

/** The user's entries newest first, as the query reads them. */
const activityOf = async (userId = 'alice') => {
  const docs = ((await scratch.documents(ACTIVITY_VIEW, userId)) as StoredActivityDoc[]).map(activityDocOf);
  for (const doc of docs) expect(activityDocSchema.parse(doc)).toEqual(doc);
  return docs.sort((a, b) => (a.sortKey < b.sortKey ? 1 : -1));
};

const transaction = (type: string, data: Record<string, unknown>, userId = 'alice') =>
  recorded(`transaction-${lunch}`, type, { transactionId: lunch, ...data }, { userId });
const added = (userId = 'alice') =>
  transaction(
    'TransactionAdded',
    {
      type: 'expense',
      amount: { amount: 12_000, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-11-01',
      note: 'Lunch',
    },
    userId,
  );
const profile = (type: string, data: Record<string, unknown>, userId = 'alice') =>
  recorded(`profile-${userId}`, type, data, { userId });

describe('activity projection', () => {
  it('records a transaction added and edited twice, each edit with what it changed and the name it had', async () => {
    await given(
      added(),
      transaction('TransactionEdited', { changes: { amount: { amount: 15_000, currency: 'THB' } } }),
      transaction('TransactionEdited', { changes: { note: 'Lunch with Noy' } }),
    );
    const entries = await activityOf();
    expect(
      entries.map(({ type, kind, subjectId, subject, changes }) => ({ type, kind, subjectId, subject, changes })),
    ).toEqual([
      {
        type: 'transaction_edited',
        kind: 'transaction',
        subjectId: lunch,
        subject: { name: 'Lunch with Noy', categoryId: 'builtin-food', amount: { amount: 15_000, currency: 'THB' } },
        changes: [{ field: 'note', from: 'Lunch', to: 'Lunch with Noy' }],
      },
      {
        type: 'transaction_edited',
        kind: 'transaction',
        subjectId: lunch,
        subject: { name: 'Lunch', categoryId: 'builtin-food', amount: { amount: 15_000, currency: 'THB' } },
        changes: [
          { field: 'amount', from: { amount: 12_000, currency: 'THB' }, to: { amount: 15_000, currency: 'THB' } },
        ],
      },
      {
        type: 'transaction_added',
        kind: 'transaction',
        subjectId: lunch,
        subject: { name: 'Lunch', categoryId: 'builtin-food', amount: { amount: 12_000, currency: 'THB' } },
        changes: [],
      },
    ]);
    expect(entries[2]).toMatchObject({
      id: '10000000-0000-4000-8000-000000000001',
      occurredAt: '2026-11-01T00:00:01.000Z',
    });
  });

  it('stores an entry without the fields it leaves empty, and reads it back whole', async () => {
    await given(added());
    const [stored] = (await scratch.documents(ACTIVITY_VIEW, 'alice')) as StoredActivityDoc[];
    expect(Object.keys(stored ?? {}).sort()).toEqual([
      'id',
      'kind',
      'occurredAt',
      'sortKey',
      'subject',
      'subjectId',
      'type',
    ]);
    expect(activityDocOf(stored as StoredActivityDoc)).toEqual({
      ...stored,
      changes: [],
      amount: null,
      date: null,
      installmentNumber: null,
      currency: null,
      replacementCategoryId: null,
      transfer: null,
      recurrence: null,
      reason: null,
      counts: null,
    });
  });

  it('names a deleted transaction as it was', async () => {
    await given(added(), transaction('TransactionDeleted', {}));
    const [deleted] = await activityOf();
    expect(deleted).toMatchObject({
      type: 'transaction_deleted',
      subject: { name: 'Lunch', amount: { amount: 12_000, currency: 'THB' } },
    });
  });

  it('reads a debt’s events as the debt history does, amounts as money of the debt’s currency', async () => {
    const debt = (type: string, data: Record<string, unknown> = {}, at?: string) =>
      recorded(`debt-${car}`, type, { debtId: car, ...data }, at === undefined ? {} : { at });
    const same = '2026-11-02T08:00:00.000Z';
    await given(
      debt('DebtOpened', carOpened()),
      debt('DebtEdited', { changes: { name: 'Family car', annualRatePercent: '3.9' } }),
      // One command: the installment and the payoff share their time; the store's order stays.
      debt('InstallmentMarkedPaid', { ...carSchedule.rows[0], paymentId: pay(1), date: '2026-02-01' }, same),
      debt('DebtPaidOff', { paidOffAt: '2026-02-01' }, same),
    );
    const entries = await activityOf();
    expect(entries.map((entry) => entry.type)).toEqual([
      'debt_paid_off',
      'installment_paid',
      'debt_edited',
      'debt_opened',
    ]);
    expect(entries[1]).toMatchObject({
      kind: 'debt',
      subjectId: car,
      subject: { name: 'Family car' },
      currency: 'LAK',
      amount: { amount: carSchedule.rows[0]?.amount, currency: 'LAK' },
      date: '2026-02-01',
      installmentNumber: 1,
    });
    expect(entries[2]).toMatchObject({
      subject: { name: 'Family car' },
      changes: [
        { field: 'name', from: 'Car loan', to: 'Family car' },
        { field: 'annualRatePercent', from: '4.5', to: '3.9' },
      ],
    });
    expect(entries[3]).toMatchObject({ amount: { amount: 1_200_000, currency: 'LAK' }, subject: { name: 'Car loan' } });
  });

  it('records goals with the values an edit replaced and the money moved', async () => {
    await given(
      profile('GoalAdded', {
        goalId: trip,
        name: 'Trip',
        target: { amount: 5_000_000, currency: 'LAK' },
        saved: { amount: 0, currency: 'LAK' },
      }),
      profile('GoalEdited', { goalId: trip, changes: { name: 'Trip to Luang Prabang', targetDate: '2027-01-31' } }),
      profile('GoalContributed', { goalId: trip, amount: { amount: 250_000, currency: 'LAK' }, date: '2026-11-03' }),
      profile('GoalWithdrawn', { goalId: trip, amount: { amount: 50_000, currency: 'LAK' }, date: '2026-11-04' }),
      profile('GoalDeleted', { goalId: trip }),
    );
    const entries = await activityOf();
    expect(
      entries.map(({ type, subject, amount, date, changes }) => ({ type, name: subject.name, amount, date, changes })),
    ).toEqual([
      { type: 'goal_deleted', name: 'Trip to Luang Prabang', amount: null, date: null, changes: [] },
      {
        type: 'goal_withdrawn',
        name: 'Trip to Luang Prabang',
        amount: { amount: 50_000, currency: 'LAK' },
        date: '2026-11-04',
        changes: [],
      },
      {
        type: 'goal_contributed',
        name: 'Trip to Luang Prabang',
        amount: { amount: 250_000, currency: 'LAK' },
        date: '2026-11-03',
        changes: [],
      },
      {
        type: 'goal_edited',
        name: 'Trip to Luang Prabang',
        amount: null,
        date: null,
        changes: [
          { field: 'name', from: 'Trip', to: 'Trip to Luang Prabang' },
          { field: 'targetDate', from: null, to: '2027-01-31' },
        ],
      },
      { type: 'goal_added', name: 'Trip', amount: { amount: 5_000_000, currency: 'LAK' }, date: null, changes: [] },
    ]);
    expect(entries.every((entry) => entry.kind === 'goal' && entry.subjectId === trip)).toBe(true);
  });

  it('records categories renamed and deleted with where their transactions went', async () => {
    await given(
      profile('CategoryAdded', { categoryId: pets, name: 'Pets', type: 'expense', icon: 'paw', color: '#aa5500' }),
      profile('CategoryEdited', { categoryId: pets, changes: { name: 'Dog', color: '#aa5500' } }),
      profile('CategoryDeleted', { categoryId: pets, replacementCategoryId: 'builtin-other' }),
    );
    const entries = await activityOf();
    expect(
      entries.map(({ type, subject, changes, replacementCategoryId }) => [
        type,
        subject.name,
        changes,
        replacementCategoryId,
      ]),
    ).toEqual([
      ['category_deleted', 'Dog', [], 'builtin-other'],
      ['category_edited', 'Dog', [{ field: 'name', from: 'Pets', to: 'Dog' }], null],
      ['category_added', 'Pets', [], null],
    ]);
  });

  it('records category budgets and rollover settings on the category, with the limit and its month', async () => {
    await given(
      profile('CategoryAdded', { categoryId: pets, name: 'Pets', type: 'expense', icon: 'paw', color: '#aa5500' }),
      profile('CategoryBudgetSet', {
        categoryId: pets,
        month: '2026-11',
        limit: { amount: 50_000, currency: 'THB' },
        repeat: true,
      }),
      profile('CategoryBudgetSet', { categoryId: 'builtin-food', month: '2026-12', limit: null, repeat: false }),
      profile('CategoryRolloverSet', { categoryId: pets, rollover: true }),
    );
    const entries = (await activityOf()).filter((entry) => entry.type !== 'category_added');
    expect(
      entries.map(({ kind, subjectId, type, subject, amount, date, changes }) => [
        kind,
        subjectId,
        type,
        subject,
        amount,
        date,
        changes,
      ]),
    ).toEqual([
      [
        'category',
        pets,
        'category_rollover_set',
        { name: 'Pets', categoryId: pets, amount: null },
        null,
        null,
        [{ field: 'rollover', from: null, to: true }],
      ],
      [
        'category',
        'builtin-food',
        'category_budget_set',
        { name: null, categoryId: 'builtin-food', amount: null },
        null,
        '2026-12-01',
        [{ field: 'repeat', from: null, to: false }],
      ],
      [
        'category',
        pets,
        'category_budget_set',
        { name: 'Pets', categoryId: pets, amount: null },
        { amount: 50_000, currency: 'THB' },
        '2026-11-01',
        [{ field: 'repeat', from: null, to: true }],
      ],
    ]);
  });

  it('records settings that really changed, against the defaults at first, and leaves out saves that changed nothing', async () => {
    await given(
      profile('PreferencesChanged', {
        changes: { currency: 'THB', monthlyBudget: { amount: 2_000_000, currency: 'THB' } },
      }),
      profile('PreferencesChanged', { changes: { currency: 'THB', language: 'en' } }),
      profile('ExchangeRatesSet', { rates: null }),
    );
    const entries = await activityOf();
    expect(entries.map(({ type, kind, subjectId, changes }) => ({ type, kind, subjectId, changes }))).toEqual([
      { type: 'exchange_rates_reset', kind: 'settings', subjectId: 'preferences', changes: [] },
      {
        type: 'preferences_changed',
        kind: 'settings',
        subjectId: 'preferences',
        changes: [
          { field: 'currency', from: 'LAK', to: 'THB' },
          { field: 'monthlyBudget', from: null, to: { amount: 2_000_000, currency: 'THB' } },
        ],
      },
    ]);
  });

  it('changes nothing when an event comes again', async () => {
    const edit = transaction('TransactionEdited', { changes: { amount: { amount: 15_000, currency: 'THB' } } });
    await given(added(), edit);
    const once = await activityOf();
    await given(edit);
    expect(await activityOf()).toEqual(once);
  });

  it('keeps each user’s activity apart and drops it when the account is erased', async () => {
    await given(
      added('alice'),
      profile(
        'GoalAdded',
        { goalId: trip, name: 'Bike', target: { amount: 1, currency: 'USD' }, saved: { amount: 0, currency: 'USD' } },
        'bob',
      ),
    );
    expect(await activityOf('alice')).toHaveLength(1);
    expect((await activityOf('bob')).map((entry) => entry.subject.name)).toEqual(['Bike']);
    await given(
      recorded('account-erasures', 'AccountErased', { userId: 'alice', startedAt: '2026-11-01T00:00:00.000Z' }),
    );
    expect(await activityOf('alice')).toEqual([]);
    expect(await activityOf('bob')).toHaveLength(1);
  });
});
