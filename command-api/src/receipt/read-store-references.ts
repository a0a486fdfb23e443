import type { ReadStore, ViewDefinition } from '@plenty/platform/read-store/port';
import type { ReceiptReferences } from './receipt-janitor.js';

/**
 * The part of the projector's `transactions` view the reference check reads. A command
 * service with its own connection to the read store registers it there (never on the
 * store the projector writes through).
 */
export const receiptReferenceViews: readonly ViewDefinition[] = [
  { name: 'transactions', fields: { receipt: 'text' }, indexes: [] },
];

/** Looks for other live transactions of the user holding the receipt in the transactions view. */
export function readStoreReceiptReferences(readStore: ReadStore): ReceiptReferences {
  return async (userId, receiptId, exceptTransactionId) => {
    const found = await readStore.find('transactions', {
      userId,
      where: { receipt: receiptId },
      sort: [],
      limit: 2,
    });
    return found.items.some((item) => item.id !== exceptTransactionId);
  };
}
