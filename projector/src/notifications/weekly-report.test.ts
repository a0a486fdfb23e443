import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isoWeek } from '@plenty/contracts/calendar/date';
import { WeeklyReportScheduler, dueWeek } from './weekly-report.js';
import { useMailTest } from '../testing/mail.js';

describe('ISO weeks and when a report is due', () => {
  it('numbers weeks from the Monday, week 1 holding the first Thursday of the year', () => {
    expect(isoWeek('2026-11-23')).toBe('2026-W48');
    expect(isoWeek('2026-11-22')).toBe('2026-W47');
    expect(isoWeek('2026-12-31')).toBe('2026-W53');
    expect(isoWeek('2027-01-03')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
    expect(isoWeek('2026-01-01')).toBe('2026-W01');
  });

  it('is due from Monday 08:00 in the user time zone, not before', () => {
    // Monday 23 November 2026, 00:30 UTC: 07:30 in Vientiane, still Sunday afternoon in Los Angeles.
    expect(dueWeek(new Date('2026-11-23T00:30:00Z'), 'Asia/Vientiane')).toBeNull();
    expect(dueWeek(new Date('2026-11-23T01:00:00Z'), 'Asia/Vientiane')).toBe('2026-W48');
    expect(dueWeek(new Date('2026-11-23T00:30:00Z'), 'America/Los_Angeles')).toBe('2026-W47');
    expect(dueWeek(new Date('2026-11-23T15:59:00Z'), 'America/Los_Angeles')).toBeNull();
    expect(dueWeek(new Date('2026-11-23T16:00:00Z'), 'America/Los_Angeles')).toBe('2026-W48');
  });
});

const { stores, read, sent, mailer, users, append, preferences, project } = useMailTest('weekly', {
  alice: 'alice@example.com',
  bob: 'bob@example.com',
  carol: 'carol@example.com',
});
function transaction(userId: string, fields: Record<string, unknown>) {
  const transactionId = randomUUID();
  return append(userId, `transaction-${transactionId}`, 'TransactionAdded', {
    transactionId,
    type: 'expense',
    categoryId: 'builtin-food',
    ...fields,
  });
}
const usd = (amount: number) => ({ amount, currency: 'USD' });

function scheduler(at: { now: Date }) {
  return new WeeklyReportScheduler({
    eventStore: stores.eventStore,
    readStore: read.store,
    users,
    mailer,
    now: () => at.now,
    intervalMs: 0,
  });
}

describe('weekly report scheduler', () => {
  it('mails each subscriber once per ISO week, from Monday 08:00 in their own time zone', async () => {
    await preferences('alice', { weeklyReport: true, timeZone: 'Asia/Vientiane' });
    await preferences('bob', { weeklyReport: true, timeZone: 'America/Los_Angeles' });
    await preferences('carol', { weeklyReport: true, timeZone: 'UTC' });
    await preferences('carol', { weeklyReport: false });
    await project();
    const clock = { now: new Date('2026-11-23T00:30:00Z') };
    const reports = scheduler(clock);

    // Sunday afternoon in Los Angeles: week 47 is still Bob's current week and past its Monday.
    expect(await reports.runOnce()).toBe(1);
    expect(sent.map((mail) => mail.to)).toEqual(['bob@example.com']);
    clock.now = new Date('2026-11-23T01:30:00Z');
    expect(await reports.runOnce()).toBe(1);
    expect(sent.at(-1)?.to).toBe('alice@example.com');
    clock.now = new Date('2026-11-23T16:30:00Z');
    expect(await reports.runOnce()).toBe(1);
    expect(sent.at(-1)?.to).toBe('bob@example.com');
    expect(await reports.runOnce()).toBe(0);
    clock.now = new Date('2026-11-29T23:00:00Z');
    expect(await reports.runOnce()).toBe(0);

    const claims = (await stores.eventStore.readAll({ maxCount: 100 })).filter((e) => e.type === 'WeeklyReportMailed');
    expect(claims.map((event) => [event.streamId, event.data])).toEqual([
      ['notification-bob-week-2026-W47', { week: '2026-W47' }],
      ['notification-alice-week-2026-W48', { week: '2026-W48' }],
      ['notification-bob-week-2026-W48', { week: '2026-W48' }],
    ]);
  });

  it('sums the past Monday-to-Sunday week and the month so far in the display currency, with the top categories', async () => {
    await preferences('alice', {
      weeklyReport: true,
      timeZone: 'Asia/Vientiane',
      currency: 'USD',
      monthlyBudget: usd(50_000),
    });
    await transaction('alice', { amount: usd(12_000), date: '2026-11-18' });
    await transaction('alice', { amount: usd(3_000), date: '2026-11-22', categoryId: 'builtin-transport' });
    await transaction('alice', { amount: usd(20_000), date: '2026-11-05', categoryId: 'builtin-shopping' });
    await transaction('alice', {
      type: 'income',
      amount: usd(100_000),
      date: '2026-11-20',
      categoryId: 'builtin-salary',
    });
    // 32.45 THB a dollar: 324.50 THB is 10.00 USD, on the Sunday after the week reported.
    await transaction('alice', { amount: { amount: 32_450, currency: 'THB' }, date: '2026-11-23' });
    await project();
    expect(await scheduler({ now: new Date('2026-11-23T02:00:00Z') }).runOnce()).toBe(1);
    const [mail] = sent;
    expect(mail?.subject).toBe('Your Plenty week: Nov 16, 2026 – Nov 22, 2026');
    expect(mail?.text).toContain('Income: $1,000.00\nExpenses: $150.00\nBalance: $850.00');
    expect(mail?.text).toContain('November 2026 so far:\nIncome: $1,000.00\nExpenses: $360.00\nBalance: $640.00');
    expect(mail?.text).toContain('Budget: 72% of $500.00 used, on track.');
    expect(mail?.text).toContain('• Shopping: $200.00\n• Food: $130.00\n• Transport: $30.00');
  });

  it('mails sums past 2^53 converted with the most extreme rates, saturated at 2^53 − 1, without throwing', async () => {
    await preferences('alice', { weeklyReport: true, timeZone: 'UTC', currency: 'LAK' });
    await append('alice', 'profile-alice', 'ExchangeRatesSet', {
      rates: { USD: '1', LAK: '1000000000', THB: '0.000001', EUR: '1', GBP: '1', CAD: '1', AUD: '1' },
    });
    for (let i = 0; i < 5; i += 1) {
      await transaction('alice', { amount: { amount: 2 ** 51, currency: 'THB' }, date: '2026-11-18' });
    }
    await project();
    expect(await scheduler({ now: new Date('2026-11-23T09:00:00Z') }).runOnce()).toBe(1);
    expect(sent[0]?.text).toContain('9,007,199,254,740,991');
  });

  it('mails in the user language and sends nothing while email notifications are off', async () => {
    await preferences('alice', { weeklyReport: true, timeZone: 'UTC', language: 'lo', currency: 'LAK' });
    await preferences('bob', { weeklyReport: true, timeZone: 'UTC', emailNotifications: false });
    await project();
    expect(await scheduler({ now: new Date('2026-11-23T09:00:00Z') }).runOnce()).toBe(1);
    expect(sent[0]?.to).toBe('alice@example.com');
    expect(sent[0]?.subject).toContain('ສະຫຼຸບປະຈຳອາທິດຈາກ Plenty');
    expect(sent[0]?.text).toContain('ຍັງບໍ່ໄດ້ຕັ້ງງົບປະມານປະຈຳເດືອນ.');
  });
});
