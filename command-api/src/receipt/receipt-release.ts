import type { DomainEvent } from '@plenty/contracts/events/envelope';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { InvalidBlobReferenceError, type BlobStore } from '@plenty/platform/blob-store/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import type { TransactionState } from '../transaction/transaction.state.js';

const TRANSACTION_STREAM = 'transaction-';

/**
 * The receipt a command's events took away from a transaction: the one it held before a
 * deletion, or before an edit that replaced or cleared it; null when none.
 */
export function releasedReceipt(before: TransactionState, events: readonly DomainEvent[]): string | null {
  const held = before.status === 'active' ? before.transaction.receipt : null;
  if (held === null) return null;
  for (const event of events as readonly TransactionEvent[]) {
    if (event.type === 'TransactionDeleted') return held;
    if (event.type === 'TransactionEdited') {
      const next = event.data.changes.receipt;
      if (next !== undefined && next !== held) return held;
    }
  }
  return null;
}

/**
 * The receipts the user's live transactions hold, folded from the transaction events in
 * stream order: an addition sets a transaction's receipt, an edit that names one replaces or
 * clears it, a deletion ends the transaction.
 */
export function receiptsHeld(events: readonly (DomainEvent & { readonly streamId: string })[]): Set<string> {
  const byTransaction = new Map<string, string | null>();
  for (const event of events as readonly (TransactionEvent & { readonly streamId: string })[]) {
    if (event.type === 'TransactionAdded') byTransaction.set(event.streamId, event.data.receipt ?? null);
    else if (event.type === 'TransactionEdited') {
      const next = event.data.changes.receipt;
      if (next !== undefined && byTransaction.has(event.streamId)) byTransaction.set(event.streamId, next);
    } else if (event.type === 'TransactionDeleted') byTransaction.delete(event.streamId);
  }
  return new Set([...byTransaction.values()].filter((receipt): receipt is string => receipt !== null));
}

export interface ReceiptReleaseDeps {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly blobs: BlobStore;
}

/**
 * The reaction to a transaction that lost its receipt (deleted, or edited to another receipt or
 * none): once the event is appended, the user's transaction events are read from the event
 * store and the blob is deleted unless a live transaction still holds it (the same file
 * uploaded twice has one id). Reading after the append sees every transaction any instance
 * appended before; a failure or a crash before the deletion leaves an unreferenced blob, never
 * a missing one, and a retry of the command runs the reaction again.
 */
export class ReceiptRelease {
  constructor(private readonly deps: ReceiptReleaseDeps) {}

  /** Whether a live transaction of the user holds the receipt, from the user's events as stored now. */
  async isHeld(userId: string, receiptId: string): Promise<boolean> {
    const stored = await this.deps.eventStore.readUserEvents(userId);
    const events = [];
    for (const event of stored) {
      if (!event.streamId.startsWith(TRANSACTION_STREAM)) continue;
      // Only the receipt reference is read: an event out of its schema still names it.
      const decoded = await this.deps.codec.decode(event, { validate: false });
      events.push({ streamId: event.streamId, type: decoded.type, data: decoded.data });
    }
    return receiptsHeld(events).has(receiptId);
  }

  /** After a transaction command: deletes the receipt its events released, unless another transaction holds it. */
  async afterAppend(userId: string, before: TransactionState, events: readonly DomainEvent[]): Promise<void> {
    const receiptId = releasedReceipt(before, events);
    if (receiptId === null || (await this.isHeld(userId, receiptId))) return;
    await this.deps.blobs.delete(userId, receiptId).catch((error: unknown) => {
      // A receipt reference that is not a blob id (free text from an older client) has no blob.
      if (error instanceof InvalidBlobReferenceError) return;
      throw error;
    });
  }
}
