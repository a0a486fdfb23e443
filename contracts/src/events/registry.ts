import type { z } from 'zod';
import { debtEventSchemas, debtPersonalFields, type DebtEvent } from './debt.js';
import { accountEventSchemas, accountPersonalFields, type AccountEvent } from './account.js';
import { notificationEventSchemas, notificationPersonalFields, type NotificationEvent } from './notification.js';
import { profileEventSchemas, profilePersonalFields, type ProfileEvent } from './profile.js';
import { transactionEventSchemas, transactionPersonalFields, type TransactionEvent } from './transaction.js';
import { recurringEventSchemas, recurringPersonalFields, type RecurringEvent } from '../recurring.js';
import { transferEventSchemas, transferPersonalFields, type TransferEvent } from '../transfers.js';
import { importEventSchemas, importPersonalFields, type ImportEvent } from '../imports.js';
import { restoreEventSchemas, restorePersonalFields, type RestoreEvent } from '../backup.js';
import { verificationEventSchemas, verificationPersonalFields, type VerificationEvent } from './verification.js';

export type PlentyEvent =
  | TransactionEvent
  | TransferEvent
  | RecurringEvent
  | ImportEvent
  | RestoreEvent
  | ProfileEvent
  | AccountEvent
  | VerificationEvent
  | NotificationEvent
  | DebtEvent;
export type PlentyEventType = PlentyEvent['type'];

export const eventDataSchemas: Record<PlentyEventType, z.ZodType> = {
  ...transactionEventSchemas,
  ...transferEventSchemas,
  ...recurringEventSchemas,
  ...importEventSchemas,
  ...restoreEventSchemas,
  ...profileEventSchemas,
  ...accountEventSchemas,
  ...verificationEventSchemas,
  ...notificationEventSchemas,
  ...debtEventSchemas,
};

const personalFields: Record<string, readonly string[]> = {
  ...transactionPersonalFields,
  ...transferPersonalFields,
  ...recurringPersonalFields,
  ...importPersonalFields,
  ...restorePersonalFields,
  ...profilePersonalFields,
  ...accountPersonalFields,
  ...verificationPersonalFields,
  ...notificationPersonalFields,
  ...debtPersonalFields,
};

/** Dotted paths in an event's data that hold personal text; [] for unknown types. */
export function personalFieldsOf(eventType: string): readonly string[] {
  return personalFields[eventType] ?? [];
}

export function isPlentyEventType(type: string): type is PlentyEventType {
  return Object.hasOwn(eventDataSchemas, type);
}
