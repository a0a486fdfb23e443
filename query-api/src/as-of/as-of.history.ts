import { randomUUID } from 'node:crypto';
import { useTestStores } from '@plenty/platform/testing/stores';
/** Shared setup of the as-of tests: Alice's history of events, recorded as the command API would. */

export const stores = useTestStores('as-of');

/** Appends one event as the command API would: encrypted, with the instant it happened. */
export async function record(
  userId: string,
  streamId: string,
  type: string,
  data: Record<string, unknown>,
  occurredAt: string,
): Promise<void> {
  const commandId = randomUUID();
  const encoded = await stores.codec.encode({
    id: randomUUID(),
    type,
    data,
    metadata: { userId, commandId, correlationId: commandId, occurredAt, schemaVersion: 1 },
  });
  const existing = await stores.eventStore.readStream(streamId);
  await stores.eventStore.appendToStream(
    streamId,
    [encoded],
    existing.length === 0 ? 'no_stream' : existing.length - 1,
  );
}

export const preferences = (userId: string, changes: Record<string, unknown>, at: string) =>
  record(userId, `profile-${userId}`, 'PreferencesChanged', { changes }, at);
export const added = (userId: string, id: string, fields: Record<string, unknown>, at: string) =>
  record(
    userId,
    `transaction-${id}`,
    'TransactionAdded',
    {
      transactionId: id,
      type: 'expense',
      amount: { amount: 10_000, currency: 'THB' },
      categoryId: 'builtin-food',
      date: at.slice(0, 10),
      ...fields,
    },
    at,
  );
export const edited = (userId: string, id: string, changes: Record<string, unknown>, at: string) =>
  record(userId, `transaction-${id}`, 'TransactionEdited', { transactionId: id, changes }, at);
export const deleted = (userId: string, id: string, at: string) =>
  record(userId, `transaction-${id}`, 'TransactionDeleted', { transactionId: id }, at);

export const LUNCH = '7d0c3b0e-8a51-4d7e-9d55-2d8f1c6a0b01';
export const TAXI = '7d0c3b0e-8a51-4d7e-9d55-2d8f1c6a0b02';
export const BOBS = '7d0c3b0e-8a51-4d7e-9d55-2d8f1c6a0b03';

/** Alice lives in Vientiane (UTC+7) with a 1,000.00 THB budget; her lunch is added, edited, deleted. */
export async function aliceHistory(): Promise<void> {
  await preferences(
    'alice',
    { currency: 'THB', timeZone: 'Asia/Vientiane', monthlyBudget: { amount: 100_000, currency: 'THB' } },
    '2026-10-01T02:00:00.000Z',
  );
  await added('alice', LUNCH, { note: 'Lunch with Noy', date: '2026-10-10' }, '2026-10-10T05:00:00.000Z');
  await edited('alice', LUNCH, { amount: { amount: 95_000, currency: 'THB' } }, '2026-10-20T05:00:00.000Z');
  await deleted('alice', LUNCH, '2026-11-05T05:00:00.000Z');
}
