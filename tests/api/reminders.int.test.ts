import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { readOutbox, type OutboxMessage } from '@plenty/platform/mail/outbox';
import { createRule, userWith } from '../support/recurring.js';
import { useTestStandalone } from '../support/standalone-app.js';

/* Bill reminders from the embedded default: its reminder mailer ticks every 100 ms here. */

const env = useTestStandalone({
  recurringIntervalMs: 0,
  reminderIntervalMs: 100,
  appOrigin: 'https://plenty.test',
});

async function mailsTo(address: string, count: number, waitMs = 20_000): Promise<OutboxMessage[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mails = (await readOutbox(join(env.dataDir, 'outbox'))).filter((mail) => mail.to === address);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('bill reminders from the embedded default', { timeout: 60_000 }, () => {
  it('mails a reminder once, in the user’s language, with a link to the rule', async () => {
    const { user, api } = await userWith(env.standalone, { timeZone: 'UTC', language: 'th' });
    const tomorrow = addDays(localDate(new Date(), 'UTC'), 1);
    const ruleId = await createRule(
      api,
      { amount: { amount: 1_500_000, currency: 'LAK' }, note: 'ค่าเช่า', mode: 'confirm', remind: true },
      { startDate: tomorrow },
    );
    const [mail] = await mailsTo(user.email, 1);
    expect(mail?.subject).toBe('ค่าเช่า ครบกำหนดชำระพรุ่งนี้');
    expect(mail?.text).toContain(`https://plenty.test/th/dashboard/recurring/${ruleId}`);
    // Several more ticks: still the one mail.
    expect(await mailsTo(user.email, 2, 1000)).toHaveLength(1);
  });
});
