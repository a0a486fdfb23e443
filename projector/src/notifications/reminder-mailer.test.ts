import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEBTS_VIEW } from '@plenty/contracts/views/registry';
import { buildLoanSchedule } from '@plenty/contracts/loan-schedule';
import { carLoanFields } from '@plenty/contracts/testing/car-loan';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import { mailText } from '@plenty/platform/mail/messages';
import { useMailTest } from '../testing/mail.js';
import { formatAmount } from './format.js';
import { ReminderMailer, isReminderDay } from './reminder-mailer.js';

const { stores, read, sent, mailer, users, append, preferences, project } = useMailTest('reminders', {
  alice: 'alice@example.com',
  bob: 'bob@example.com',
  carol: 'carol@example.com',
  dave: 'dave@example.com',
});

/** A monthly rule with reminders on, from `startDate`. */
async function rule(userId: string, startDate: string, fields: Record<string, unknown> = {}): Promise<string> {
  const ruleId = randomUUID();
  await append(userId, `recurring-${ruleId}`, 'RecurringRuleCreated', {
    ruleId,
    type: 'expense',
    amount: { amount: 1_500_000, currency: 'LAK' },
    categoryId: 'builtin-housing',
    note: 'Rent',
    mode: 'auto',
    remind: true,
    schedule: { frequency: 'month', interval: 1, startDate, end: { kind: 'never' } },
    ...fields,
  });
  return ruleId;
}

/** A loan in baht whose schedule starts on `startDate`, its installments due on the 20th. */
async function loan(userId: string, startDate: string): Promise<string> {
  const debtId = randomUUID();
  const terms = { ...carLoanFields, openDate: startDate, startDate, paymentDueDay: 20 };
  const { installment } = buildLoanSchedule({
    principal: terms.currentAmount,
    annualRatePercent: terms.annualRatePercent,
    loanType: terms.loanType,
    startDate,
    paymentDueDay: 20,
    termMonths: terms.termMonths,
  });
  await append(userId, `debt-${debtId}`, 'DebtOpened', { ...terms, debtId, installment });
  return debtId;
}

function mailerAt(clock: { now: Date }) {
  return new ReminderMailer({
    eventStore: stores.eventStore,
    readStore: read.store,
    users,
    mailer,
    now: () => clock.now,
    intervalMs: 0,
    appOrigin: 'https://plenty.test/',
  });
}

const claims = async () =>
  (await stores.eventStore.readAll({ maxCount: 1000 }))
    .filter((event) => event.type === 'ReminderMailed')
    .map((event) => [event.streamId, event.data]);

describe('the reminder window', () => {
  it('opens the given days before the date and closes once the date has passed', () => {
    expect(isReminderDay('2026-11-25', '2026-11-22', 2)).toBe(false);
    expect(isReminderDay('2026-11-25', '2026-11-23', 2)).toBe(true);
    expect(isReminderDay('2026-11-25', '2026-11-25', 2)).toBe(true);
    expect(isReminderDay('2026-11-25', '2026-11-26', 2)).toBe(false);
    expect(isReminderDay('2026-11-25', '2026-11-25', 0)).toBe(true);
    expect(isReminderDay('2026-11-25', '2026-11-24', 0)).toBe(false);
  });
});

describe('reminder mailer', () => {
  it('mails once per occurrence from the reminder days before it in the user time zone, across ticks and two mailers', async () => {
    await preferences('alice', { timeZone: 'Asia/Vientiane', reminderDaysBefore: 2 });
    const rent = await rule('alice', '2026-11-25');
    await project();
    // 23:00 on 22 November in Vientiane: three days before.
    const clock = { now: new Date('2026-11-22T16:00:00Z') };
    const first = mailerAt(clock);
    const second = mailerAt(clock);
    expect(await first.runOnce()).toBe(0);
    // 01:00 on 23 November in Vientiane, still the 22nd in UTC.
    clock.now = new Date('2026-11-22T18:00:00Z');
    const counts = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    clock.now = new Date('2026-11-24T03:00:00Z');
    expect((await first.runOnce()) + (await second.runOnce())).toBe(0);
    // The day after its date: too late for a reminder.
    clock.now = new Date('2026-11-26T03:00:00Z');
    expect(await mailerAt(clock).runOnce()).toBe(0);
    expect(sent.map((mail) => mail.to)).toEqual(['alice@example.com']);
    expect(await claims()).toEqual([
      [`notification-alice-remind-${rent}-2026-11-25`, { item: 'recurring', itemId: rent, date: '2026-11-25' }],
    ]);
  });

  it("says what is due, how much, when and where to see it, in the user's language", async () => {
    await preferences('alice', { language: 'th', reminderDaysBefore: 3 });
    const rent = await rule('alice', '2026-12-01', { note: 'ค่าเช่าห้อง' });
    const phone = await rule('alice', '2026-12-02', { note: undefined, categoryId: 'builtin-utilities' });
    await preferences('dave', { language: 'lo', reminderDaysBefore: 0 });
    const car = await loan('dave', '2026-10-01');
    await project();
    const debt = (await read.store.get<DebtDetail>(DEBTS_VIEW, 'dave', car))?.doc;
    const first = debt?.schedule[0];
    expect(first?.dueDate).toBe('2026-11-20');

    const clock = { now: new Date('2026-11-20T12:00:00Z') };
    expect(await mailerAt(clock).runOnce()).toBe(1);
    expect(sent[0]).toMatchObject({ to: 'dave@example.com', subject: 'ງວດທີ 1 ຂອງCar loan ຄົບກຳນົດຊຳລະມື້ນີ້' });
    expect(sent[0]?.text).toContain(`https://plenty.test/lo/dashboard/debt-tracker/${car}`);
    expect(sent[0]?.text).toContain(formatAmount({ amount: first?.amount ?? 0, currency: 'THB' }, 'lo'));

    clock.now = new Date('2026-11-29T12:00:00Z');
    expect(await mailerAt(clock).runOnce()).toBe(2);
    const [rentMail, phoneMail] = sent.slice(1);
    expect(rentMail).toMatchObject({ to: 'alice@example.com', subject: 'ค่าเช่าห้อง ครบกำหนดชำระในอีก 2 วัน' });
    expect(rentMail?.text).toContain('1,500,000');
    expect(rentMail?.text).toContain(`https://plenty.test/th/dashboard/recurring/${rent}`);
    // No note: the category's name in the user's language.
    expect(phoneMail?.subject).toBe(`${mailText('th', 'category.builtin.utilities')} ครบกำหนดชำระในอีก 3 วัน`);
    expect(phoneMail?.text).toContain(`/th/dashboard/recurring/${phone}`);
  });

  it('mails nothing while email notifications or bill reminders are off, nor for a rule without reminders', async () => {
    await preferences('bob', { billReminders: false });
    await preferences('carol', { emailNotifications: false });
    await rule('bob', '2026-11-21');
    await rule('carol', '2026-11-21');
    await rule('alice', '2026-11-21', { remind: false });
    await project();
    expect(await mailerAt({ now: new Date('2026-11-20T12:00:00Z') }).runOnce()).toBe(0);
    expect(sent).toEqual([]);
    expect(await claims()).toEqual([]);
  });

  it('mails nothing for an erased user: their documents are gone, and the directory no longer knows them', async () => {
    await rule('erin', '2026-11-21');
    await rule('carol', '2026-11-21');
    await project();
    // Not (or no longer) in the directory: no mail and no claim.
    expect(await mailerAt({ now: new Date('2026-11-20T12:00:00Z') }).runOnce()).toBe(1);
    expect(sent.map((mail) => mail.to)).toEqual(['carol@example.com']);
    const daily = randomUUID();
    await append('dave', `recurring-${daily}`, 'RecurringRuleCreated', {
      ruleId: daily,
      type: 'expense',
      amount: { amount: 100, currency: 'USD' },
      categoryId: 'builtin-utilities',
      mode: 'confirm',
      remind: true,
      schedule: { frequency: 'day', interval: 1, startDate: '2026-11-21', end: { kind: 'never' } },
    });
    await append('dave', 'account-erasures', 'AccountErased', { userId: 'dave', startedAt: '2026-11-20T00:00:00Z' });
    await project();
    expect(await mailerAt({ now: new Date('2026-11-20T13:00:00Z') }).runOnce()).toBe(0);
    expect((await claims()).map(([stream]) => stream)).toEqual([expect.stringContaining('notification-carol-')]);
  });
});
