import { randomUUID } from 'node:crypto';
import { eventIdFor } from '@plenty/contracts/ids';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore, Position } from '@plenty/platform/event-store/port';

/** Appends events as the command side does: encoded, one command each, ids from the command. */
export function historyWriter(eventStore: EventStore, codec: EventCodec) {
  async function append(streamId: string, userId: string, type: string, data: Record<string, unknown>) {
    const commandId = randomUUID();
    const event = await codec.encode({
      id: eventIdFor(commandId, 0),
      type,
      data,
      metadata: { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    });
    return (await eventStore.appendToStream(streamId, [event], 'any')).position;
  }

  return {
    async addTransaction(userId: string, fields: Record<string, unknown> = {}) {
      const transactionId = randomUUID();
      const position = await append(`transaction-${transactionId}`, userId, 'TransactionAdded', {
        transactionId,
        type: 'expense',
        amount: { amount: 1250, currency: 'USD' },
        categoryId: 'builtin-food',
        date: '2026-11-02',
        note: 'Lunch by the river',
        ...fields,
      });
      return { transactionId, position };
    },
    editTransaction: (userId: string, transactionId: string, changes: Record<string, unknown>) =>
      append(`transaction-${transactionId}`, userId, 'TransactionEdited', { transactionId, changes }),
    deleteTransaction: (userId: string, transactionId: string) =>
      append(`transaction-${transactionId}`, userId, 'TransactionDeleted', { transactionId }),
    addCategory: (userId: string, categoryId: string, name: string) =>
      append(`profile-${userId}`, userId, 'CategoryAdded', {
        categoryId,
        name,
        type: 'expense',
        icon: 'cup',
        color: '#aa5500',
      }),
    deleteCategory: (userId: string, categoryId: string) =>
      append(`profile-${userId}`, userId, 'CategoryDeleted', { categoryId, replacementCategoryId: 'builtin-other' }),
  };
}

export type HistoryWriter = ReturnType<typeof historyWriter>;

/**
 * A mixed history of `size` transactions for each user: custom categories, edits that
 * clear notes, deletions, and a deleted category whose transactions move. Answers the
 * position of its last event.
 */
export async function writeHistory(writer: HistoryWriter, users: readonly string[], size: number): Promise<Position> {
  let position: Position = '0';
  for (const userId of users) {
    const coffee = randomUUID();
    await writer.addCategory(userId, coffee, 'Coffee');
    await writer.addCategory(userId, randomUUID(), 'Books');
    const added: string[] = [];
    for (let i = 0; i < size; i += 1) {
      const amount = { amount: 100 + ((i * 7919) % 5000), currency: 'USD' };
      const categoryId = i % 3 === 0 ? coffee : 'builtin-food';
      const { transactionId } = await writer.addTransaction(userId, {
        amount,
        categoryId,
        date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
      });
      added.push(transactionId);
      if (i % 4 === 1) await writer.editTransaction(userId, transactionId, { note: null, time: '09:30' });
      if (i % 5 === 2) await writer.deleteTransaction(userId, added[i - 1] ?? transactionId);
    }
    position = await writer.deleteCategory(userId, coffee);
  }
  return position;
}
