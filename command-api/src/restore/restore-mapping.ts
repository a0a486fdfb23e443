import { RESTORED_STREAMS, restoredId, type BackupEvent, type RestoredStream } from '@plenty/contracts/backup';
import { debtEventSchemas } from '@plenty/contracts/events/debt';
import { streamCategory } from '@plenty/contracts/events/envelope';
import { profileEventSchemas } from '@plenty/contracts/events/profile';
import { eventDataSchemas, isPlentyEventType } from '@plenty/contracts/events/registry';
import { transactionEventSchemas } from '@plenty/contracts/events/transaction';
import { upcasters } from '@plenty/contracts/events/upcast';
import { importEventSchemas, importTransactionId } from '@plenty/contracts/imports';
import { occurrenceTransactionId, recurringEventSchemas } from '@plenty/contracts/recurring';
import { transferEventSchemas } from '@plenty/contracts/transfers';
import { defaultWalletCurrency, defaultWalletId } from '@plenty/contracts/wallets';

/** The stream family each event type a backup may hold is appended to. */
const FAMILY_OF: ReadonlyMap<string, RestoredStream> = new Map(
  (
    [
      ['profile', profileEventSchemas],
      ['transaction', transactionEventSchemas],
      ['transfer', transferEventSchemas],
      ['recurring', recurringEventSchemas],
      ['debt', debtEventSchemas],
      ['import', importEventSchemas],
    ] as const
  ).flatMap(([family, schemas]) => Object.keys(schemas).map((type) => [type, family] as const)),
);

/** The data field that holds a stream's own id (the part after `<family>-`); the profile's is the user. */
const STREAM_ID_FIELD: Readonly<Record<Exclude<RestoredStream, 'profile'>, string>> = {
  transaction: 'transactionId',
  transfer: 'transferId',
  recurring: 'ruleId',
  debt: 'debtId',
  import: 'batchId',
};

const RESTORED: ReadonlySet<string> = new Set(RESTORED_STREAMS);
const BUILT_IN_CATEGORY = /^builtin-[a-z]+$/;

/** Who restores what: the restoring user, the backup's owner, and the receipts uploaded again (old → new). */
export interface RestoreMappingContext {
  readonly userId: string;
  readonly sourceUserId: string;
  /** Old receipt reference → the new one this user uploaded; a reference not here is dropped. */
  readonly receipts: ReadonlyMap<string, string>;
}

/** One backup event as the restoring account records it (personal text still in clear). */
export interface RestoredEvent {
  readonly id: string;
  readonly streamId: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly occurredAt: string;
  readonly schemaVersion: number;
}

/** Why a backup event is refused: the request is then answered 422 `backup_invalid` with its index. */
export class InvalidBackupEventError extends Error {
  override readonly name = 'InvalidBackupEventError';
}

const isIdKey = (key: string): boolean => key === 'id' || key.endsWith('Id');
const isIdsKey = (key: string): boolean => key.endsWith('Ids');

/**
 * An item id of the backup in the restoring user's space: a built-in category id stays, a
 * default wallet of the backup's owner becomes the restoring user's of the same currency, and
 * every other id is `restoredId(userId, old)`.
 */
export function restoredItemId(context: RestoreMappingContext, oldId: string): string {
  if (BUILT_IN_CATEGORY.test(oldId)) return oldId;
  const currency = defaultWalletCurrency(context.sourceUserId, oldId.toLowerCase());
  if (currency !== null) return defaultWalletId(context.userId, currency);
  return restoredId(context.userId, oldId);
}

/** Moves the ids of a piece of data by field name (`id`, `*Id`, `*Ids`), never by value: a note holding a UUID stays as it is. */
function moveIds(context: RestoreMappingContext, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => moveIds(context, item));
  if (typeof value !== 'object' || value === null) return value;
  const moved: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (isIdKey(key) && typeof item === 'string') moved[key] = restoredItemId(context, item);
    else if (isIdsKey(key) && Array.isArray(item))
      moved[key] = item.map((id) => (typeof id === 'string' ? restoredItemId(context, id) : id));
    else if (key === 'receipt') {
      if (item === null) moved[key] = null;
      else if (typeof item === 'string') {
        const uploaded = context.receipts.get(item);
        if (uploaded !== undefined) moved[key] = uploaded;
      }
    } else moved[key] = moveIds(context, item);
  }
  return moved;
}

/**
 * The new id of a stream in the restoring account: the profile is the user's own; a transaction
 * an occurrence or import row made is derived again from the new rule or batch id; every other
 * stream's id is moved like an item id.
 */
function restoredStreamPart(context: RestoreMappingContext, event: BackupEvent, family: RestoredStream, part: string) {
  if (family === 'profile') return context.userId;
  const { recurrence, import: imported } = event.origin ?? {};
  if (recurrence !== undefined)
    return occurrenceTransactionId(context.userId, restoredId(context.userId, recurrence.ruleId), recurrence.date);
  if (imported !== undefined)
    return importTransactionId(context.userId, restoredId(context.userId, imported.batchId), imported.row);
  return restoredId(context.userId, part);
}

/** Whether a `TransactionAdded`'s origin names the occurrence or row its data says it came from (or neither). */
function originMatches(origin: BackupEvent['origin'], data: Record<string, unknown>): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const recurrence = data.recurrence as { ruleId: string; date: string } | undefined;
  const imported = data.import as { batchId: string; row: number } | undefined;
  return (
    same(
      origin?.recurrence && { ruleId: origin.recurrence.ruleId, date: origin.recurrence.date },
      recurrence && { ruleId: recurrence.ruleId, date: recurrence.date },
    ) &&
    same(
      origin?.import && { batchId: origin.import.batchId, row: origin.import.row },
      imported && { batchId: imported.batchId, row: imported.row },
    )
  );
}

/**
 * Checks one backup event and moves it into the restoring user's account (the mapping rules are
 * in docs/ARCHITECTURE.md, "Backup and restore"). Throws InvalidBackupEventError for an event no
 * backup of this code holds: an unknown type, a type on another family's stream, a stream outside
 * `RESTORED_STREAMS` or another user's profile, data that fails its type's schema (after upcasting
 * from its version), an `origin` off a transaction stream or other than its `TransactionAdded`'s
 * occurrence or row, or a stream whose own id the data denies.
 */
export function restoreEvent(context: RestoreMappingContext, event: BackupEvent): RestoredEvent {
  const { type } = event;
  const family = FAMILY_OF.get(type);
  if (!isPlentyEventType(type) || family === undefined) throw new InvalidBackupEventError(`unknown event type ${type}`);
  const streamFamily = streamCategory(event.streamId);
  if (!RESTORED.has(streamFamily)) throw new InvalidBackupEventError(`stream ${event.streamId} is not restored`);
  if (streamFamily !== family) throw new InvalidBackupEventError(`${type} does not belong on ${event.streamId}`);
  const part = event.streamId.slice(family.length + 1);
  if (family === 'profile' && part !== context.sourceUserId)
    throw new InvalidBackupEventError('a profile other than the backup owner’s');
  if (event.origin !== undefined && family !== 'transaction')
    throw new InvalidBackupEventError('an origin on a stream other than a transaction');

  let data: Record<string, unknown>;
  try {
    data = upcasters.upcast(type, event.schemaVersion, event.data);
  } catch (error) {
    throw new InvalidBackupEventError(`${type} of version ${String(event.schemaVersion)}`, { cause: error });
  }
  if (!eventDataSchemas[type].safeParse(data).success)
    throw new InvalidBackupEventError(`${type} does not match its schema`);

  if (type === 'TransactionAdded' && !originMatches(event.origin, data))
    throw new InvalidBackupEventError(
      'a posted or imported transaction whose origin does not name its occurrence or row',
    );

  const newPart = restoredStreamPart(context, event, family, part);
  const moved = moveIds(context, data) as Record<string, unknown>;
  if (family !== 'profile') {
    const field = STREAM_ID_FIELD[family];
    const own = data[field];
    if (typeof own !== 'string' || own.toLowerCase() !== part.toLowerCase())
      throw new InvalidBackupEventError(`${type} names another ${field} than its stream`);
    moved[field] = newPart;
  }
  return {
    id: restoredId(context.userId, event.id),
    streamId: `${family}-${newPart}`,
    type,
    data: moved,
    occurredAt: event.occurredAt,
    schemaVersion: upcasters.currentVersionOf(type),
  };
}
