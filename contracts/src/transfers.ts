import { z } from 'zod';
import { calendarDateSchema, localTimeSchema } from './calendar/schema.js';
import { uuidSchema } from './ids.js';
import { positiveMoneySchema, type Money } from './money.js';
import { LIMITS, freeText } from './text.js';

/*
 * Transfers: money moved from one of the user's wallets to another, on its own stream
 * `transfer-<transferId>`. A transfer changes both balances and is neither income nor expense:
 * budgets, reports and the 50/30/20 tip never see it.
 *
 * `amountOut` leaves `fromWalletId` in that wallet's currency; `amountIn` reaches `toWalletId`
 * in its currency. Between wallets of one currency the two are equal; across currencies their
 * ratio is the rate the user got (shown as the implied rate, never stored as a float).
 *
 * Rules (422 unless said): a wallet that is not the user's, 404 `wallet_not_found` (field
 * `fromWalletId` or `toWalletId`); the same wallet twice, `transfer_same_wallet` (toWalletId);
 * an amount in another currency than its wallet, `wallet_currency_mismatch` (amountOut or
 * amountIn); one currency and two amounts, `transfer_amounts_differ` (amountIn); a new transfer
 * from or to an archived wallet, `wallet_archived`. 409 `transfer_exists`, 404
 * `transfer_not_found` (another user's, unknown or deleted).
 */

export const transferFieldsSchema = z
  .object({
    fromWalletId: uuidSchema,
    toWalletId: uuidSchema,
    amountOut: positiveMoneySchema,
    amountIn: positiveMoneySchema,
    date: calendarDateSchema,
    time: localTimeSchema.optional(),
    note: freeText(LIMITS.note).optional(),
  })
  .strict();
export type TransferFields = z.infer<typeof transferFieldsSchema>;

export const transferRecordedSchema = transferFieldsSchema.extend({ transferId: uuidSchema }).strict();

/** Only the fields that change; `time` and `note` set to null are cleared. */
export const transferChangesSchema = z
  .object({
    fromWalletId: uuidSchema.optional(),
    toWalletId: uuidSchema.optional(),
    amountOut: positiveMoneySchema.optional(),
    amountIn: positiveMoneySchema.optional(),
    date: calendarDateSchema.optional(),
    time: localTimeSchema.nullable().optional(),
    note: freeText(LIMITS.note).nullable().optional(),
  })
  .strict();
export type TransferChanges = z.infer<typeof transferChangesSchema>;

/** A transfer as it stands, `time` and `note` null when it has none. */
export interface TransferDetails {
  readonly fromWalletId: string;
  readonly toWalletId: string;
  readonly amountOut: Money;
  readonly amountIn: Money;
  readonly date: string;
  readonly time: string | null;
  readonly note: string | null;
}

/** The details of a recorded or stored transfer (and none of its other fields). */
export function transferDetailsOf(
  fields: Omit<TransferDetails, 'time' | 'note'> & { readonly time?: string | null; readonly note?: string | null },
): TransferDetails {
  const { fromWalletId, toWalletId, amountOut, amountIn, date, time, note } = fields;
  return { fromWalletId, toWalletId, amountOut, amountIn, date, time: time ?? null, note: note ?? null };
}

/** A transfer after an edit: each field changed replaces the old one (`time` or `note` null clears it). */
export function withTransferChanges<T extends TransferDetails>(before: T, changes: TransferChanges): T {
  return {
    ...before,
    fromWalletId: changes.fromWalletId ?? before.fromWalletId,
    toWalletId: changes.toWalletId ?? before.toWalletId,
    amountOut: changes.amountOut ?? before.amountOut,
    amountIn: changes.amountIn ?? before.amountIn,
    date: changes.date ?? before.date,
    time: changes.time === undefined ? before.time : changes.time,
    note: changes.note === undefined ? before.note : changes.note,
  };
}

export const transferEditedSchema = z.object({ transferId: uuidSchema, changes: transferChangesSchema }).strict();
export const transferDeletedSchema = z.object({ transferId: uuidSchema }).strict();

export type TransferRecorded = { type: 'TransferRecorded'; data: z.infer<typeof transferRecordedSchema> };
export type TransferEdited = { type: 'TransferEdited'; data: z.infer<typeof transferEditedSchema> };
export type TransferDeleted = { type: 'TransferDeleted'; data: z.infer<typeof transferDeletedSchema> };
export type TransferEvent = TransferRecorded | TransferEdited | TransferDeleted;

export const transferEventSchemas = {
  TransferRecorded: transferRecordedSchema,
  TransferEdited: transferEditedSchema,
  TransferDeleted: transferDeletedSchema,
} as const;

export const transferPersonalFields = {
  TransferRecorded: ['note'],
  TransferEdited: ['changes.note'],
  TransferDeleted: [],
} as const satisfies Record<TransferEvent['type'], readonly string[]>;

const commandBase = { commandId: uuidSchema };

/** RecordTransfer: a new transfer with a client-made UUIDv7 `transferId`. */
export const recordTransferSchema = transferRecordedSchema.extend(commandBase).strict();

export const editTransferSchema = z
  .object({
    ...commandBase,
    transferId: uuidSchema,
    changes: transferChangesSchema.refine((c) => Object.keys(c).length > 0, { error: 'nothing_to_change' }),
  })
  .strict();

/** DeleteTransfer: both balances lose it; its history stays readable. */
export const deleteTransferSchema = z.object({ ...commandBase, transferId: uuidSchema }).strict();

export type RecordTransfer = { type: 'RecordTransfer'; data: z.infer<typeof recordTransferSchema> };
export type EditTransfer = { type: 'EditTransfer'; data: z.infer<typeof editTransferSchema> };
export type DeleteTransfer = { type: 'DeleteTransfer'; data: z.infer<typeof deleteTransferSchema> };
export type TransferCommand = RecordTransfer | EditTransfer | DeleteTransfer;

export const transferCommandSchemas = {
  RecordTransfer: recordTransferSchema,
  EditTransfer: editTransferSchema,
  DeleteTransfer: deleteTransferSchema,
} as const;
