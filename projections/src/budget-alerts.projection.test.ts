import { BUDGET_ALERTS_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { MAX_ALERTS_PER_MONTH, type BudgetAlertsDoc } from '@plenty/contracts/views/budget-alerts';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { projectionScratch } from './testing/scratch.js';
import { boundedAlerts, budgetAlertsProjection } from './budget-alerts.projection.js';
import { budgetsProjection } from './budgets.projection.js';
import { monthlySummaryProjection } from './monthly-summary.projection.js';
import { preferencesProjection } from './preferences.projection.js';

const projections = [monthlySummaryProjection, preferencesProjection, budgetsProjection, budgetAlertsProjection];

/** Events of one user, positions in order of creation, each at the instant given. */
function events(userId = 'alice') {
  let position = 0;
  const recorded = (streamId: string, type: string, data: Record<string, unknown>, at: string): RecordedEvent => {
    position += 1;
    const commandId = `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`;
    return {
      id: `10000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      type,
      data,
      metadata: { userId, commandId, correlationId: commandId, occurredAt: at, schemaVersion: 1 },
      streamId,
      revision: 0,
      position: String(position),
      recordedAt: at,
    };
  };
  return {
    preferences: (changes: Record<string, unknown>, at = '2026-11-01T10:00:00.000Z') =>
      recorded(`profile-${userId}`, 'PreferencesChanged', { changes }, at),
    rates: (rates: Record<string, string> | null, at = '2026-11-01T10:00:00.000Z') =>
      recorded(`profile-${userId}`, 'ExchangeRatesSet', { rates }, at),
    expense: (
      transactionId: string,
      amount: number,
      currency = 'THB',
      date = '2026-11-20',
      at = '2026-11-20T10:00:00.000Z',
    ) =>
      recorded(
        `transaction-${transactionId}`,
        'TransactionAdded',
        { transactionId, type: 'expense', amount: { amount, currency }, categoryId: 'builtin-food', date },
        at,
      ),
    edit: (transactionId: string, changes: Record<string, unknown>, at = '2026-11-21T10:00:00.000Z') =>
      recorded(`transaction-${transactionId}`, 'TransactionEdited', { transactionId, changes }, at),
    remove: (transactionId: string, at = '2026-11-22T10:00:00.000Z') =>
      recorded(`transaction-${transactionId}`, 'TransactionDeleted', { transactionId }, at),
    categoryBudget: (categoryId: string, month: string, amount: number | null, at = '2026-11-01T10:00:00.000Z') =>
      recorded(
        `profile-${userId}`,
        'CategoryBudgetSet',
        { categoryId, month, limit: amount === null ? null : { amount, currency: 'THB' }, repeat: true },
        at,
      ),
    rollover: (categoryId: string, at = '2026-11-01T10:00:00.000Z') =>
      recorded(`profile-${userId}`, 'CategoryRolloverSet', { categoryId, rollover: true }, at),
  };
}

const thbBudget = (amount: number) => ({
  currency: 'THB',
  monthlyBudget: { amount, currency: 'THB' },
  timeZone: 'Asia/Bangkok',
});

describe('budget alerts projection', () => {
  const scratch = projectionScratch(projections);
  const { given } = scratch;
  const docs = async (userId = 'alice') => (await scratch.documents(BUDGET_ALERTS_VIEW, userId)) as BudgetAlertsDoc[];
  const levels = async () => (await docs()).flatMap((doc) => doc.alerts.map((alert) => alert.level));

  it('raises one alert at each threshold the month crosses: 75 %, 90 % and over 100 %', async () => {
    const e = events();
    const crossing = [
      e.expense('t1', 70_000),
      e.expense('t2', 6_000),
      e.expense('t3', 15_000),
      e.expense('t4', 10_000),
    ];
    await given(e.preferences(thbBudget(100_000)), ...crossing);
    const [doc] = await docs();
    expect(doc?.month).toBe('2026-11');
    expect(doc?.status).toBe('over');
    expect(doc?.alerts).toEqual([
      {
        level: 'approaching',
        at: crossing[1]?.metadata.occurredAt,
        eventId: crossing[1]?.id,
        transactionId: 't2',
        spent: 76_000,
        limit: 100_000,
        currency: 'THB',
      },
      expect.objectContaining({ level: 'critical', transactionId: 't3', spent: 91_000 }),
      expect.objectContaining({ level: 'over', transactionId: 't4', spent: 101_000 }),
    ]);
  });

  it('raises a single alert for the highest status when one expense jumps several thresholds', async () => {
    const e = events();
    await given(e.preferences(thbBudget(100_000)), e.expense('t1', 120_000));
    expect(await levels()).toEqual(['over']);
  });

  it('alerts again after the month falls back below a threshold and crosses it again', async () => {
    const e = events();
    await given(e.preferences(thbBudget(100_000)), e.expense('t1', 80_000));
    await given(e.edit('t1', { amount: { amount: 50_000, currency: 'THB' } }));
    expect((await docs())[0]?.status).toBe('on_track');
    await given(e.expense('t2', 30_000, 'THB', '2026-11-22', '2026-11-22T10:00:00.000Z'));
    await given(e.remove('t2'), e.expense('t3', 30_000, 'THB', '2026-11-23', '2026-11-23T10:00:00.000Z'));
    expect(await levels()).toEqual(['approaching', 'approaching', 'approaching']);
  });

  it('converts each currency of the month once into the display currency, and the budget too', async () => {
    const e = events();
    // 25 USD at 32.45 THB per USD is 811.25 THB; with 7000.00 THB that is 7811.25 of a 10000.00 budget.
    await given(
      e.preferences({ currency: 'THB', monthlyBudget: { amount: 1_000_000, currency: 'THB' }, timeZone: 'UTC' }),
      e.expense('t1', 700_000, 'THB'),
      e.expense('t2', 2_500, 'USD'),
    );
    expect((await docs())[0]?.alerts).toEqual([
      expect.objectContaining({ level: 'approaching', transactionId: 't2', spent: 781_125, limit: 1_000_000 }),
    ]);
  });

  it('raises an alert when lowering the budget or changing rates pushes the month past a threshold', async () => {
    const e = events();
    await given(
      e.preferences({ currency: 'THB', monthlyBudget: { amount: 10_000, currency: 'USD' }, timeZone: 'UTC' }),
      e.expense('t1', 200_000, 'THB', '2026-11-20', '2026-11-20T10:00:00.000Z'),
    );
    expect(await levels()).toEqual([]);
    const lower = e.preferences({ monthlyBudget: { amount: 6_500, currency: 'USD' } }, '2026-11-21T10:00:00.000Z');
    await given(lower);
    expect((await docs())[0]?.alerts).toEqual([
      expect.objectContaining({
        level: 'critical',
        eventId: lower.id,
        transactionId: null,
        spent: 200_000,
        limit: 210_925,
      }),
    ]);
    await given(
      e.rates(
        { USD: '1', LAK: '21850', THB: '25', EUR: '0.866', GBP: '0.762', CAD: '1.402', AUD: '1.538' },
        '2026-11-22T10:00:00.000Z',
      ),
    );
    expect(await levels()).toEqual(['critical', 'over']);
  });

  it('raises nothing for an expense dated in a past month: only the month the event happens in is evaluated', async () => {
    const e = events();
    await given(
      e.preferences(thbBudget(100_000)),
      e.expense('t1', 150_000, 'THB', '2026-10-15', '2026-11-20T10:00:00.000Z'),
    );
    expect(await docs()).toEqual([]);
  });

  it('raises nothing without a monthly budget', async () => {
    const e = events();
    await given(e.preferences({ currency: 'THB', timeZone: 'UTC' }), e.expense('t1', 5_000_000));
    expect(await docs()).toEqual([]);
  });

  it('takes the month of the event in the user time zone', async () => {
    const e = events();
    // 30 Nov 23:30 UTC is already 1 December in Vientiane: December's (empty of this expense) status is evaluated.
    await given(
      e.preferences({ ...thbBudget(100_000), timeZone: 'Asia/Vientiane' }),
      e.expense('t1', 90_000, 'THB', '2026-11-30', '2026-11-30T23:30:00.000Z'),
    );
    expect(await docs()).toEqual([]);
  });

  it('gives the same documents when the same events are applied again from the start, or twice', async () => {
    const e = events();
    const all = [
      e.preferences(thbBudget(100_000)),
      e.expense('t1', 80_000),
      e.edit('t1', { amount: { amount: 20_000, currency: 'THB' } }),
      e.expense('t2', 95_000, 'THB', '2026-11-22', '2026-11-22T10:00:00.000Z'),
    ];
    await given(...all);
    await given(...all);
    const first = await docs();
    const { store: other, dispose: disposeOther } = await scratchReadStore(projections);
    try {
      for (const event of all) await applyEvents(other, projections, [event]);
      expect(await documents(other, BUDGET_ALERTS_VIEW, 'alice')).toEqual(first);
    } finally {
      await disposeOther();
    }
    expect(first[0]?.alerts.map((alert) => alert.level)).toEqual(['approaching', 'over']);
  });
});

describe('category budget alerts', () => {
  const scratch = projectionScratch(projections);
  const { given } = scratch;
  const docs = async (userId = 'alice') => (await scratch.documents(BUDGET_ALERTS_VIEW, userId)) as BudgetAlertsDoc[];
  const categoryAlerts = async () =>
    (await docs()).flatMap((doc) =>
      doc.alerts.filter((alert) => (alert.categoryId ?? null) !== null).map((alert) => [alert.categoryId, alert.level]),
    );
  const zone = { currency: 'THB', timeZone: 'Asia/Bangkok' };

  it('raises each category’s own alerts at 75 %, 90 % and over, once per level, with no overall budget', async () => {
    const e = events();
    await given(e.preferences(zone), e.categoryBudget('builtin-food', '2026-11', 10_000));
    await given(e.expense('t1', 7_600), e.expense('t2', 1_400, 'THB', '2026-11-20', '2026-11-20T11:00:00.000Z'));
    await given(e.expense('t3', 1_000, 'THB', '2026-11-20', '2026-11-20T12:00:00.000Z'));
    await given(e.expense('t4', 1, 'THB', '2026-11-20', '2026-11-20T13:00:00.000Z'));
    expect(await categoryAlerts()).toEqual([
      ['builtin-food', 'approaching'],
      ['builtin-food', 'critical'],
      ['builtin-food', 'over'],
    ]);
    const [doc] = await docs();
    expect(doc?.alerts[0]).toEqual(
      expect.objectContaining({ transactionId: 't1', spent: 7_600, limit: 10_000, categoryId: 'builtin-food' }),
    );
    expect(doc?.status).toBe('no_budget');
  });

  it('raises nothing for categories while the categoryAlerts preference is off, and no old news when turned on', async () => {
    const e = events();
    await given(
      e.preferences({ ...zone, categoryAlerts: false }),
      e.categoryBudget('builtin-food', '2026-11', 10_000),
      e.expense('t1', 9_500),
    );
    expect(await categoryAlerts()).toEqual([]);
    await given(e.preferences({ categoryAlerts: true }, '2026-11-21T10:00:00.000Z'));
    expect(await categoryAlerts()).toEqual([['builtin-food', 'critical']]);
  });

  it('counts what rollover carried from last month in what the category may spend', async () => {
    const e = events();
    await given(
      e.preferences(zone),
      e.categoryBudget('builtin-food', '2026-10', 10_000, '2026-10-01T10:00:00.000Z'),
      e.rollover('builtin-food', '2026-10-01T10:00:00.000Z'),
      e.expense('t0', 2_000, 'THB', '2026-10-10', '2026-10-10T10:00:00.000Z'),
    );
    // November may spend 10,000 + 8,000 carried: 13,000 is 72 %, no alert; 13,600 is 75 %.
    await given(e.expense('t1', 13_000));
    expect(await categoryAlerts()).toEqual([]);
    await given(e.expense('t2', 600, 'THB', '2026-11-20', '2026-11-20T11:00:00.000Z'));
    expect(await categoryAlerts()).toEqual([['builtin-food', 'approaching']]);
    expect((await docs()).find((doc) => doc.month === '2026-11')?.alerts[0]?.limit).toBe(18_000);
  });

  it('raises an alert when a lower limit pushes the category past a threshold', async () => {
    const e = events();
    await given(e.preferences(zone), e.categoryBudget('builtin-food', '2026-11', 100_000), e.expense('t1', 50_000));
    expect(await categoryAlerts()).toEqual([]);
    await given(e.categoryBudget('builtin-food', '2026-11', 50_000, '2026-11-21T10:00:00.000Z'));
    expect(await categoryAlerts()).toEqual([['builtin-food', 'critical']]);
  });

  it('keeps at most MAX_ALERTS_PER_MONTH alerts, dropping the oldest category alerts before the overall ones', () => {
    const alert = (i: number, categoryId: string | null) => ({
      level: 'approaching' as const,
      at: '2026-11-20T10:00:00.000Z',
      eventId: `e${i}`,
      transactionId: null,
      spent: 1,
      limit: 1,
      currency: 'THB' as const,
      categoryId,
    });
    const many = [alert(0, null), ...Array.from({ length: 12 }, (_, i) => alert(i + 1, `c${i}`)), alert(13, null)];
    const kept = boundedAlerts(many);
    expect(kept).toHaveLength(MAX_ALERTS_PER_MONTH);
    expect(kept.map((a) => a.eventId)).toEqual(['e0', 'e5', 'e6', 'e7', 'e8', 'e9', 'e10', 'e11', 'e12', 'e13']);
  });
});
