import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { budgetAlertsViewSchema } from '@plenty/contracts/views/budget-alerts';
import { readOutbox, type OutboxMessage } from '@plenty/platform/mail/outbox';
import { useTestStandalone } from '../support/standalone-app.js';
import { ApiClient } from '../support/api-client.js';
import { createTestUser, type TestUser } from '../support/users.js';

const env = useTestStandalone();
let alice: TestUser;

beforeAll(async () => {
  alice = await createTestUser(env.standalone);
});

async function mailsTo(address: string, count: number): Promise<OutboxMessage[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = (await readOutbox(join(env.dataDir, 'outbox'))).filter((mail) => mail.to === address);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('spending alerts over HTTP', () => {
  it('raises an alert at 75 %, 90 % and over 100 % of the budget, readable as a query and mailed once each', async () => {
    const api = new ApiClient(env.standalone.app, alice);
    const today = localDate(new Date(), 'UTC');
    const month = monthOfDate(today);
    expect(
      (
        await api.command('ChangePreferences', {
          changes: { currency: 'THB', monthlyBudget: { amount: 1_000_000, currency: 'THB' }, timeZone: 'UTC' },
        })
      ).status,
    ).toBe(200);
    const none = await api.query(`budget-alerts?month=${month}`);
    expect(none.body).toEqual({ month, status: null, alerts: [] });

    const ids: string[] = [];
    for (const amount of [700_000, 80_000, 150_000, 100_000]) {
      const transactionId = randomUUID();
      ids.push(transactionId);
      const answer = await api.command('AddTransaction', {
        transactionId,
        type: 'expense',
        amount: { amount, currency: 'THB' },
        categoryId: 'builtin-food',
        date: today,
      });
      expect(answer.status).toBe(200);
    }

    const answer = await api.query(`budget-alerts?month=${month}`);
    expect(answer.status).toBe(200);
    const view = budgetAlertsViewSchema.parse(answer.body);
    expect(view.status).toBe('over');
    expect(view.alerts.map((alert) => [alert.level, alert.transactionId, alert.spent])).toEqual([
      ['approaching', ids[1], 780_000],
      ['critical', ids[2], 930_000],
      ['over', ids[3], 1_030_000],
    ]);

    const mails = await mailsTo(alice.email, 3);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'You have used 78% of your monthly budget',
      'You have used 93% of your monthly budget',
      'You are over your monthly budget',
    ]);
    expect(mails[2]?.text).toContain('฿');
  });

  it('answers 400 for a missing or malformed month', async () => {
    const api = new ApiClient(env.standalone.app, alice);
    expect((await api.query('budget-alerts')).status).toBe(400);
    expect((await api.query('budget-alerts?month=2026-13')).status).toBe(400);
  });
});
