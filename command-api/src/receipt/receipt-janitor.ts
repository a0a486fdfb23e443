import { streamIds } from '@plenty/contracts/events/envelope';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { InvalidBlobReferenceError, type BlobStore } from '@plenty/platform/blob-store/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore, RecordedEvent } from '@plenty/platform/event-store/port';
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
 * Deletes the receipt a deletion or an edit took away from a transaction once the event is
 * appended, unless another of the user's transactions references the same receipt (the
 * same file uploaded twice has one id). The receipt is read from the transaction's own
 * stream, as it stood just before the command's event.
 */
export class ReceiptJanitor {
  constructor(private readonly deps: ReceiptJanitorDeps) {}

  /**
   * The receipt the command's event took away from the transaction: the one it held before
   * a deletion, or before an edit that replaced or cleared it; null when none.
   */
  async receiptReleasedBy(userId: string, transactionId: string, commandId: string): Promise<string | null> {
    const events = await this.deps.eventStore.readStream(streamIds.transaction(transactionId));
    let state: TransactionState = initialTransactionState;
    for (const event of events) {
      if (event.metadata.userId !== userId) return null;
      // Only the receipt reference is read: an event out of its schema still names it.
      const decoded = await this.deps.codec.decode(event, { validate: false });
      if (decoded.metadata.commandId === commandId) {
        const held = state.status === 'active' ? state.transaction.receipt : null;
        const known = decoded as RecordedEvent & TransactionEvent;
        if (known.type === 'TransactionDeleted') return held;
        if (known.type === 'TransactionEdited') {
          const next = known.data.changes.receipt;
          return next !== undefined && next !== held ? held : null;
        }
        return null;
      }
      state = evolveTransaction(state, decoded);
    }
    return null;
  }

  /** After a deletion or an edit is appended: deletes the receipt it released unless another transaction holds it. */
  async afterCommand(userId: string, transactionId: string, commandId: string): Promise<void> {
    const receiptId = await this.receiptReleasedBy(userId, transactionId, commandId);
    if (receiptId === null) return;
    if (await this.deps.referencedElsewhere(userId, receiptId, transactionId)) return;
    await this.deps.blobs.delete(userId, receiptId).catch((error: unknown) => {
      // A receipt reference that is not a blob id (free text from an older client) has no blob.
      if (error instanceof InvalidBlobReferenceError) return;
      throw error;
    });
  }
}
