import { describe, expect, it } from 'vitest';
import { addDays, daysInMonthOf, monthOfDate } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import type { Dashboard } from '@plenty/contracts/views/dashboard';
import type { RecurringRuleDetail, RecurringRuleList, Upcoming } from '@plenty/contracts/views/recurring';
import type { TransactionList } from '@plenty/contracts/views/transactions';
import type { ApiClient } from '../support/api-client.js';
import { createRule, userWith } from '../support/recurring.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { queryOk, sendOk } from '../support/wallets.js';

/*
 * The recurring queries over the embedded default, on the rule documents the projection writes
 * from real commands: what waits and comes in Upcoming, a rule's detail, the budget's scheduled
 * expenses and the transactions a rule posted. The server posts nothing by itself here.
 */

const env = useTestStandalone({ recurringIntervalMs: 0, reminderIntervalMs: 0 });

/** A rule of 10,000 kip of utilities with reminders (see `createRule`). */
const rule = (api: ApiClient, fields: Record<string, unknown>, schedule: Record<string, unknown>) =>
  createRule(
    api,
    { amount: { amount: 10_000, currency: 'LAK' }, categoryId: 'builtin-utilities', remind: true, ...fields },
    schedule,
  );

describe('recurring queries over the embedded default', { timeout: 60_000 }, () => {
  it('shows what waits and what comes, follows posting and skipping, and projects the month’s bills', async () => {
    const { api } = await userWith(env.standalone, { timeZone: 'UTC', currency: 'LAK' });
    const today = localDate(new Date(), 'UTC');
    const water = await rule(
      api,
      { mode: 'confirm', note: 'Water', amount: { amount: 50_000, currency: 'LAK' } },
      { frequency: 'week', startDate: addDays(today, -14) },
    );
    const phone = await rule(api, { note: 'Phone', remind: false }, { frequency: 'day', startDate: addDays(today, 1) });

    const before = await queryOk<Upcoming>(api, 'upcoming?days=7');
    const itemsOf = (answer: Upcoming, ruleId: string) =>
      answer.items.flatMap((item) =>
        item.kind === 'recurring' && item.ruleId === ruleId ? [[item.date, item.state, item.overdue, item.remind]] : [],
      );
    expect(itemsOf(before, water)).toEqual([
      [addDays(today, -14), 'due', true, false],
      [addDays(today, -7), 'due', true, false],
      [today, 'due', false, true],
      [addDays(today, 7), 'scheduled', false, false],
    ]);
    expect(itemsOf(before, phone)).toEqual(
      Array.from({ length: 7 }, (_, i) => [addDays(today, i + 1), 'scheduled', false, false]),
    );
    expect(before).toMatchObject({ today, waitingCount: 3, totals: { income: 0, expense: 4 * 50_000 + 7 * 10_000 } });

    await sendOk(api, 'PostOccurrence', {
      ruleId: water,
      date: addDays(today, -14),
      amount: { amount: 47_500, currency: 'LAK' },
    });
    await sendOk(api, 'SkipOccurrence', { ruleId: water, date: addDays(today, -7) });
    const after = await queryOk<Upcoming>(api, 'upcoming?days=7');
    expect(itemsOf(after, water)).toEqual([
      [today, 'due', false, true],
      [addDays(today, 7), 'scheduled', false, false],
    ]);
    expect(after.waitingCount).toBe(1);

    const detail = await queryOk<RecurringRuleDetail>(api, `recurring/${water}`);
    expect(detail.waiting.map((o) => [o.date, o.state])).toEqual([[today, 'due']]);
    expect(detail.next[0]).toMatchObject({ date: addDays(today, 7), state: 'scheduled', note: 'Water' });
    expect(detail).toMatchObject({ mode: 'confirm', status: 'active', nextDue: today, postedCount: 1 });
    const list = await queryOk<RecurringRuleList>(api, 'recurring');
    expect(list.items.map((item) => item.id)).toEqual([water, phone]);

    const posted = await queryOk<TransactionList>(api, `transactions?ruleId=${water}`);
    expect(posted.items.map((t) => [t.amount.amount, t.date, t.recurrence])).toEqual([
      [47_500, addDays(today, -14), { ruleId: water, date: addDays(today, -14) }],
    ]);

    // The phone's days after today in this month, and the water bills after today in it.
    const month = monthOfDate(today);
    const monthEnd = `${month}-${String(daysInMonthOf(month)).padStart(2, '0')}`;
    const daysLeft = Number(monthEnd.slice(8)) - Number(today.slice(8));
    const waterLeft = [7, 14, 21, 28].filter((n) => addDays(today, n) <= monthEnd).length;
    const { budget } = await queryOk<Dashboard>(api, 'dashboard');
    expect(budget.scheduledExpense).toBe(daysLeft * 10_000 + waterLeft * 50_000);
  });
});
