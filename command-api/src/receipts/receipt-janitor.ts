import { streamIds } from '@plenty/contracts/events/envelope';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import { evolveTransaction, initialTransactionState, type TransactionState } from '../transaction/transaction.state.js';

/** Whether another live transaction of the user (not `exceptTransactionId`) holds the receipt. */
export type ReceiptReferences = (userId: string, receiptId: string, exceptTransactionId: string) => Promise<boolean>;

export interface ReceiptJanitorDeps {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly blobs: BlobStore;
  readonly referencedElsewhere: ReceiptReferences;
}

/**
 * Deletes the receipt of a deleted transaction once the deletion is appended, unless
 * another of the user's transactions references the same receipt (the same file uploaded
 * twice has one id). The receipt is read from the transaction's own stream, as it stood
 * just before the deletion.
 */
export class ReceiptJanitor {
  constructor(private readonly deps: ReceiptJanitorDeps) {}

  /** The receipt the transaction held when it was deleted; null if none or not deleted. */
  async receiptAtDeletion(userId: string, transactionId: string): Promise<string | null> {
    const events = await this.deps.eventStore.readStream(streamIds.transaction(transactionId));
    let state: TransactionState = initialTransactionState;
    for (const event of events) {
      if (event.metadata.userId !== userId) return null;
      const decoded = await this.deps.codec.decode(event);
      if (decoded.type === 'TransactionDeleted') {
        return state.status === 'active' ? state.transaction.receipt : null;
      }
      state = evolveTransaction(state, decoded);
    }
    return null;
  }

  async afterTransactionDeleted(userId: string, transactionId: string): Promise<void> {
    const receiptId = await this.receiptAtDeletion(userId, transactionId);
    if (receiptId === null) return;
    if (await this.deps.referencedElsewhere(userId, receiptId, transactionId)) return;
    await this.deps.blobs.delete(userId, receiptId).catch((error: unknown) => {
      // A receipt reference that is not a blob id (free text from an older client) has no blob.
      if (error instanceof Error && error.name === 'InvalidBlobReferenceError') return;
      throw error;
    });
  }
}
