import type { CommandName, CommandRequest } from '@plenty/contracts/commands/registry';
import type { ErrorCode } from '@plenty/contracts/errors';
import type { MessageId } from '../messages';

/**
 * The commands a person can make without a network: entering, editing and deleting
 * transactions, moving money between wallets, and marking installments paid or unpaid. Each is
 * kept in the device's outbox (IndexedDB, `lib/offline/db.ts`) with its `commandId` until the
 * server has accepted or refused it, and sent again with the same id after a lost answer, so
 * the server applies it exactly once.
 */
export const QUEUEABLE_COMMANDS = [
  'AddTransaction',
  'EditTransaction',
  'DeleteTransaction',
  'RecordTransfer',
  'MarkInstallmentPaid',
  'MarkInstallmentUnpaid',
] as const satisfies readonly CommandName[];
export type QueueableCommand = (typeof QUEUEABLE_COMMANDS)[number];

export const isQueueable = (name: CommandName): name is QueueableCommand =>
  (QUEUEABLE_COMMANDS as readonly string[]).includes(name);

/**
 * - `waiting`: not yet accepted; sent, in order, when the network is there;
 * - `sending`: on its way now (a page or the service worker holds the sync lock);
 * - `rejected`: the server refused it (validation, conflict, a deleted category…); it stays
 *   until the person fixes or discards it, and later entries are sent meanwhile.
 */
export type OutboxState = 'waiting' | 'sending' | 'rejected';

/** Why the server refused an entry, as the app shows it (the ApiError of the answer). */
export interface OutboxRejection {
  readonly status: number;
  readonly code: ErrorCode;
  readonly messageId: MessageId;
  /** Per-field codes, keyed by the body's path (`amount.amount`, `splits.1.categoryId`). */
  readonly fields: Readonly<Record<string, ErrorCode>>;
  readonly at: string;
}

/** One queued command, as stored in the `outbox` store and mirrored in the Redux slice. */
export interface OutboxEntry<N extends QueueableCommand = QueueableCommand> {
  /** Its place in the queue (IndexedDB auto-increment): entries are sent in this order. */
  readonly seq: number;
  readonly name: N;
  /** The command's whole body, `commandId` included. */
  readonly body: CommandRequest<N>;
  /** When it was made on this device (ISO). */
  readonly queuedAt: string;
  readonly state: OutboxState;
  /** How many times it was sent without an answer (network down, server unreachable). */
  readonly attempts: number;
  readonly rejection: OutboxRejection | null;
}

export type AnyOutboxEntry = { [N in QueueableCommand]: OutboxEntry<N> }[QueueableCommand];

/** The Background Sync tag the pages register and the service worker answers. */
export const SYNC_TAG = 'plenty-outbox';

/** The Web Lock a page or the service worker holds while sending a user's outbox. */
export const syncLockName = (uid: string): string => `plenty-outbox-${uid}`;

/** The BroadcastChannel on which pages and the worker say that a user's outbox changed. */
export const OUTBOX_CHANNEL = 'plenty-outbox';
export interface OutboxChangedMessage {
  readonly type: 'outbox-changed';
  readonly uid: string;
}

/** Service worker → page: the browser says the network is back (Background Sync): send now. */
export interface SyncRequestMessage {
  readonly type: 'plenty:sync';
}
/** Page → service worker: done sending (or nothing could be sent). */
export interface SyncDoneMessage {
  readonly type: 'plenty:synced';
}

/**
 * Route state that opens the transaction form (`/dashboard/transactions/add` for a queued
 * AddTransaction, `/dashboard/transactions/edit/:id` for an EditTransaction) on a queued or
 * refused entry: the form shows the entry's values (and a refusal's field errors), and saving
 * replaces the entry with the corrected command.
 */
export interface OutboxFixState {
  readonly outboxSeq: number;
}
