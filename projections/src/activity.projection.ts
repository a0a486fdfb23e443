import {
  ACTIVITY_VIEW,
  CATEGORIES_VIEW,
  DEBTS_VIEW,
  GOALS_VIEW,
  IMPORTS_VIEW,
  PREFERENCES_VIEW,
  RECURRING_RULES_VIEW,
  TAGS_VIEW,
  TRANSACTIONS_VIEW,
  TRANSFERS_VIEW,
  WALLETS_VIEW,
} from '@plenty/contracts/views/registry';
import type { RestoreEvent } from '@plenty/contracts/backup';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import type { ImportEvent } from '@plenty/contracts/imports';
import type { RecurringEvent } from '@plenty/contracts/recurring';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import type { TagEvent } from '@plenty/contracts/tags';
import type { TransferEvent } from '@plenty/contracts/transfers';
import type { WalletEvent } from '@plenty/contracts/wallets';
import { activitySortKey, storedActivityDoc, type StoredActivityDoc } from '@plenty/contracts/views/activity';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { positionKey } from '@plenty/platform/read-store/keys';
import { debtEntry, profileEntry, transactionEntry, type Recorded } from './activity-entries.js';
import { IMPORT_ACTIVITY_EVENTS, RESTORE_ACTIVITY_EVENTS, importEntry, restoreEntry } from './activity-imports.js';
import { recurringEntry } from './activity-recurring.js';
import { TAG_ACTIVITY_EVENTS, tagEntry } from './activity-tags.js';
import { transferEntry, walletEntry } from './activity-wallets.js';
import { DEBT_EVENT_TYPES } from './debt-detail.js';
import { isNewerThan, type Projection } from './projection.js';
import { RECURRING_EVENT_TYPES } from './recurring.projection.js';

/**
 * Three indexes, one per way the page reads: the whole account, one kind, one item, each
 * newest first. The view gets one insert per event, so they cost each append's projection
 * three index entries; an item's filter with a kind uses the item's index.
 */
export const activityView: ViewDefinition = {
  name: ACTIVITY_VIEW,
  fields: { sortKey: 'text', kind: 'text', subjectId: 'text' },
  indexes: [['sortKey'], ['kind', 'sortKey'], ['subjectId', 'sortKey']],
};

const TRANSACTION_EVENTS = ['TransactionAdded', 'TransactionEdited', 'TransactionDeleted'];
const DEBT_EVENTS: readonly string[] = DEBT_EVENT_TYPES;
const PROFILE_EVENTS = [
  'GoalAdded',
  'GoalEdited',
  'GoalContributed',
  'GoalWithdrawn',
  'GoalDeleted',
  'CategoryAdded',
  'CategoryEdited',
  'CategoryDeleted',
  'CategoryBudgetSet',
  'CategoryRolloverSet',
  'PreferencesChanged',
  'ExchangeRatesSet',
];
const WALLET_EVENTS = ['WalletOpened', 'WalletEdited', 'WalletArchived', 'WalletRestored', 'WalletReconciled'];
const TRANSFER_EVENTS = ['TransferRecorded', 'TransferEdited', 'TransferDeleted'];
const RECURRING_EVENTS: readonly string[] = RECURRING_EVENT_TYPES;
const IMPORT_EVENTS: readonly string[] = IMPORT_ACTIVITY_EVENTS;
const RESTORE_EVENTS: readonly string[] = RESTORE_ACTIVITY_EVENTS;
const TAG_EVENTS: readonly string[] = TAG_ACTIVITY_EVENTS;

/** The entry of an event of any stream the page shows; null for an event it does not show. */
function entryOf(event: Recorded<unknown>, uow: UnitOfWork) {
  if (TRANSACTION_EVENTS.includes(event.type)) return transactionEntry(event as Recorded<TransactionEvent>, uow);
  if (DEBT_EVENTS.includes(event.type)) return debtEntry(event as Recorded<DebtEvent>, uow);
  if (WALLET_EVENTS.includes(event.type)) return walletEntry(event as Recorded<WalletEvent>, uow);
  if (TRANSFER_EVENTS.includes(event.type)) return transferEntry(event as Recorded<TransferEvent>, uow);
  if (RECURRING_EVENTS.includes(event.type)) return recurringEntry(event as Recorded<RecurringEvent>, uow);
  if (IMPORT_EVENTS.includes(event.type)) return importEntry(event as Recorded<ImportEvent>, uow);
  if (RESTORE_EVENTS.includes(event.type)) return restoreEntry(event as Recorded<RestoreEvent>);
  if (TAG_EVENTS.includes(event.type)) return tagEntry(event as Recorded<TagEvent>, uow);
  return profileEntry(event as Recorded<ProfileEvent>, uow);
}

/**
 * The Activity page: one document per event of a user's transactions, debts, goals,
 * categories, settings, wallets, transfers, recurring rules, imports, restores and tags, keyed by the event id. Edits are measured against the other
 * views as they stand before the event, and names are taken from them: every projection reads
 * the views as they were before the event it applies, whatever their order (see `staged.ts`).
 * Stored without the fields an entry leaves empty (`storedActivityDoc`); read with `activityDocOf`.
 */
export const activityProjection: Projection = {
  name: 'activity',
  // 2: wallet and transfer entries.
  // 3: recurring rule entries; a transaction a rule posted names the rule (`recurrence`).
  // 4: import and restore entries (`counts`).
  // 5: category budget settings; tag renames and deletions.
  version: 5,
  views: [activityView],
  reads: [
    TRANSACTIONS_VIEW,
    DEBTS_VIEW,
    GOALS_VIEW,
    CATEGORIES_VIEW,
    PREFERENCES_VIEW,
    WALLETS_VIEW,
    TRANSFERS_VIEW,
    RECURRING_RULES_VIEW,
    IMPORTS_VIEW,
    TAGS_VIEW,
  ],
  handles: [
    ...TRANSACTION_EVENTS,
    ...DEBT_EVENTS,
    ...PROFILE_EVENTS,
    ...WALLET_EVENTS,
    ...TRANSFER_EVENTS,
    ...RECURRING_EVENTS,
    ...IMPORT_EVENTS,
    ...RESTORE_EVENTS,
    ...TAG_EVENTS,
  ],
  async apply(event, uow: UnitOfWork) {
    const userId = event.metadata.userId;
    if (!isNewerThan(event, await uow.get(ACTIVITY_VIEW, userId, event.id))) return;
    const entry = await entryOf(event, uow);
    if (entry === null) return;
    const doc: StoredActivityDoc = {
      id: event.id,
      occurredAt: event.metadata.occurredAt,
      sortKey: activitySortKey(event.metadata.occurredAt, positionKey(event.position)),
      ...entry,
    };
    // Without the fields the entry leaves empty: readers put them back (`activityDocOf`).
    uow.put(ACTIVITY_VIEW, userId, event.id, storedActivityDoc(doc), event.position);
  },
};
