import { randomUUID } from 'node:crypto';
import { eventIdFor } from '@plenty/contracts/ids';
import type { EventStore } from '../event-store/port.js';
import { metadataOf } from './new-event.js';

/**
 * Appends, straight to the store, an expense the app would refuse today: an amount past the
 * largest one accepted (2^60 minor units), as data stored before events were checked on append
 * could be. No projection can apply it. Answers its event id and position.
 */
export async function appendOutOfRangeExpense(
  eventStore: EventStore,
  userId: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; position: string }> {
  const transactionId = randomUUID();
  const commandId = randomUUID();
  const id = eventIdFor(commandId, 0);
  const { position } = await eventStore.appendToStream(
    `transaction-${transactionId}`,
    [
      {
        id,
        type: 'TransactionAdded',
        data: {
          type: 'expense',
          categoryId: 'builtin-food',
          date: '2026-11-03',
          ...fields,
          transactionId,
          amount: { amount: 2 ** 60, currency: 'THB' },
        },
        metadata: metadataOf(userId, commandId),
      },
    ],
    'no_stream',
  );
  return { id, position };
}
