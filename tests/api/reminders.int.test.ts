import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { readOutbox, type OutboxMessage } from '@plenty/platform/mail/outbox';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { sendOk } from '../support/wallets.js';

/* Bill reminders from the embedded default: its reminder mailer ticks every 100 ms here. */

const env = useTestStandalone({
  recurringIntervalMs: 0,
  reminderIntervalMs: 100,
  appOrigin: 'https://plenty.test',
});

async function mailsTo(address: string, count: number, waitMs = 10_000): Promise<OutboxMessage[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mails = (await readOutbox(join(env.dataDir, 'outbox'))).filter((mail) => mail.to === address);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('bill reminders from the embedded default', { timeout: 60_000 }, () => {
  it('mails a reminder once, in the user’s language, with a link to the rule', async () => {
    const user = await createTestUser(env.standalone);
    const api = new ApiClient(env.standalone.app, user);
    await sendOk(api, 'ChangePreferences', { changes: { timeZone: 'UTC', language: 'th' } });
    const ruleId = uuidV7();
    const tomorrow = addDays(localDate(new Date(), 'UTC'), 1);
    await sendOk(api, 'CreateRecurringRule', {
      ruleId,
      type: 'expense',
      amount: { amount: 1_500_000, currency: 'LAK' },
      categoryId: 'builtin-housing',
      note: 'ค่าเช่า',
      mode: 'confirm',
      remind: true,
      schedule: { frequency: 'month', interval: 1, startDate: tomorrow, end: { kind: 'never' } },
    });
    const [mail] = await mailsTo(user.email, 1);
    expect(mail?.subject).toBe('ค่าเช่า ครบกำหนดชำระพรุ่งนี้');
    expect(mail?.text).toContain(`https://plenty.test/th/dashboard/recurring/${ruleId}`);
    // Several more ticks: still the one mail.
    expect(await mailsTo(user.email, 2, 1000)).toHaveLength(1);
  });
});
