import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestStores } from '@plenty/platform/testing/stores';
import { eventIdFor } from '@plenty/contracts/ids';
import { fakeUserDirectory } from '@plenty/platform/auth/user-directory';
import type { MailMessage, Mailer } from '@plenty/platform/mail/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { spendingAlertMailer } from './spending-alert-mailer.js';
import { projectorOver } from '../testing/projector.js';

const stores = useTestStores('alert-mail');
let readStores: ReadStore[];
let sent: MailMessage[];
const mailer: Mailer = {
  async send(message) {
    sent.push(message);
  },
  async close() {},
};
const users = fakeUserDirectory({ alice: 'alice@example.com', bob: 'bob@example.com' });

beforeEach(async () => {
  readStores = [];
  sent = [];
});

afterEach(async () => {
  for (const store of readStores) await store.close();
});

async function append(userId: string, streamId: string, type: string, data: Record<string, unknown>, at: Date) {
  const commandId = randomUUID();
  const event = await stores.codec.encode({
    id: eventIdFor(commandId, 0),
    type,
    data,
    metadata: { userId, commandId, correlationId: commandId, occurredAt: at.toISOString(), schemaVersion: 1 },
  });
  await stores.eventStore.appendToStream(streamId, [event], 'any');
}

const at = new Date('2026-11-20T03:00:00.000Z');
const preferences = (userId: string, changes: Record<string, unknown>) =>
  append(userId, `profile-${userId}`, 'PreferencesChanged', { changes }, at);
const expense = (userId: string, amount: number) => {
  const transactionId = randomUUID();
  return append(
    userId,
    `transaction-${transactionId}`,
    'TransactionAdded',
    {
      transactionId,
      type: 'expense',
      amount: { amount, currency: 'USD' },
      categoryId: 'builtin-food',
      date: '2026-11-20',
    },
    at,
  );
};

/** A projector on a fresh read store that mails after each live batch, run up to the head. */
async function project(now = new Date('2026-11-20T04:00:00.000Z')): Promise<number> {
  const readStore = await openSqliteReadStore({ path: join(stores.dir, `read-${readStores.length}.db`) });
  readStores.push(readStore);
  const alerts = spendingAlertMailer({ eventStore: stores.eventStore, readStore, users, mailer, now: () => now });
  const projector = projectorOver(stores, {
    readStore,
    afterBatch: async (events) => {
      await alerts.afterBatch(events);
    },
  });
  const before = sent.length;
  await projector.catchUp();
  return sent.length - before;
}

const budget = { currency: 'USD', monthlyBudget: { amount: 100_000, currency: 'USD' }, timeZone: 'Asia/Bangkok' };

describe('spending alert mailer', () => {
  it('mails each crossing once, in the user language, to the address the directory knows', async () => {
    await preferences('alice', { ...budget, language: 'th' });
    await expense('alice', 80_000);
    await expense('alice', 12_000);
    await expense('alice', 9_000);
    expect(await project()).toBe(3);
    expect(sent.map((mail) => mail.to)).toEqual(['alice@example.com', 'alice@example.com', 'alice@example.com']);
    expect(sent[0]?.subject).toBe('คุณใช้งบประมาณรายเดือนไปแล้ว 80%');
    expect(sent[1]?.subject).toBe('คุณใช้งบประมาณรายเดือนไปแล้ว 92%');
    expect(sent[2]?.subject).toBe('คุณใช้จ่ายเกินงบประมาณรายเดือนแล้ว');
    expect(sent[2]?.text).toContain('$10.00');
  });

  it('mails nothing again when the read models are built once more from the first event', async () => {
    await preferences('alice', budget);
    await expense('alice', 95_000);
    expect(await project()).toBe(1);
    expect(sent[0]?.subject).toBe('You have used 95% of your monthly budget');
    expect(await project()).toBe(0);
    const claims = await stores.eventStore.readAll({ maxCount: 100 });
    expect(claims.filter((event) => event.type === 'SpendingAlertMailed')).toHaveLength(1);
  });

  it('mails nothing to a user who turned spending alerts or email notifications off', async () => {
    await preferences('alice', { ...budget, spendingAlerts: false });
    await preferences('bob', { ...budget, emailNotifications: false });
    await expense('alice', 120_000);
    await expense('bob', 120_000);
    expect(await project()).toBe(0);
  });

  it('mails nothing for an alert older than a day, as when old events are projected again', async () => {
    await preferences('alice', budget);
    await expense('alice', 120_000);
    expect(await project(new Date('2026-11-22T04:00:00.000Z'))).toBe(0);
  });

  it('mails a category’s own alert naming the category, while category alerts are on, once', async () => {
    const zone = { currency: 'USD', timeZone: 'Asia/Bangkok' };
    await preferences('alice', { ...zone, language: 'th' });
    await preferences('bob', { ...zone, categoryAlerts: false });
    for (const userId of ['alice', 'bob']) {
      await append(
        userId,
        `profile-${userId}`,
        'CategoryBudgetSet',
        { categoryId: 'builtin-food', month: '2026-11', limit: { amount: 10_000, currency: 'USD' }, repeat: true },
        at,
      );
      await expense(userId, 12_000);
    }
    expect(await project()).toBe(1);
    expect(sent[0]?.to).toBe('alice@example.com');
    expect(sent[0]?.subject).toBe('คุณใช้เกินงบประมาณหมวด อาหาร แล้ว');
    expect(sent[0]?.text).toContain('$20.00');
    expect(await project()).toBe(0);
  });

  it('mails nothing for a user whose address is unknown', async () => {
    await preferences('carol', budget);
    await expense('carol', 120_000);
    expect(await project()).toBe(0);
  });
});
