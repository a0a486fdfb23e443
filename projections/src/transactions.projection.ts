import { TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import type { CategoryDeleted } from '@plenty/contracts/events/profile';
import type { TransactionAdded, TransactionEdited, TransactionEvent } from '@plenty/contracts/events/transaction';
import { searchKey, type TransactionView } from '@plenty/contracts/views/transactions';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';
import { walletAfterEdit } from './wallet-ledger.js';

/** The sortable moment of a transaction: its local date and time, midnight when no time. */
export const occurredAt = (view: Pick<TransactionView, 'date' | 'time'>): string =>
  `${view.date}T${view.time ?? '00:00'}`;

const SEARCHED = ['type', 'categoryId', 'currency', 'amount', 'noteKey', 'walletId'];

export const transactionsView: ViewDefinition = {
  name: TRANSACTIONS_VIEW,
  // `receipt` is filtered on only to find whether a receipt is still referenced (rare, per user).
  // `noteKey` is the note in search form, `currency` groups totals, `walletId` filters a wallet's.
  fields: {
    type: 'text',
    categoryId: 'text',
    occurredAt: 'text',
    amount: 'integer',
    receipt: 'text',
    currency: 'text',
    noteKey: 'text',
    walletId: 'text',
    ruleId: 'text',
    importId: 'text',
  },
  // Type filters scan the date or amount index (about half the rows match); a category
  // narrows enough to sort in memory. Each index costs every write, so only these five.
  // The first three carry what a text search and its totals filter and sum on, so a search that
  // passes over every row of a user reads the index alone; the last lists what a recurring
  // rule posted (`ruleId`, null for a transaction entered by hand), newest first, and the one
  // after it what an import batch added (`importId`, null for one not imported).
  indexes: [
    { fields: ['occurredAt'], include: SEARCHED },
    { fields: ['amount'], include: SEARCHED },
    { fields: ['categoryId', 'occurredAt'], include: SEARCHED },
    ['ruleId', 'occurredAt'],
    ['importId', 'occurredAt'],
  ],
  indexValues: (doc) => {
    const view = doc as TransactionView;
    return {
      type: view.type,
      categoryId: view.categoryId,
      occurredAt: occurredAt(view),
      amount: view.amount.amount,
      receipt: view.receipt,
      currency: view.amount.currency,
      noteKey: view.note === null ? null : searchKey(view.note),
      walletId: view.walletId,
      ruleId: view.recurrence?.ruleId ?? null,
      importId: view.import?.batchId ?? null,
    };
  },
};

type Recorded<E> = RecordedEvent & E;

async function addTransaction(event: Recorded<TransactionAdded>, uow: UnitOfWork): Promise<void> {
  const { data, metadata } = event;
  const existing = await uow.get(TRANSACTIONS_VIEW, metadata.userId, data.transactionId);
  if (!isNewerThan(event, existing)) return;
  const view: TransactionView = {
    id: data.transactionId,
    type: data.type,
    amount: data.amount,
    categoryId: data.categoryId,
    date: data.date,
    time: data.time ?? null,
    note: data.note ?? null,
    receipt: data.receipt ?? null,
    location: data.location ?? null,
    walletId: data.walletId ?? defaultWalletId(metadata.userId, data.amount.currency),
    recurrence: data.recurrence ?? null,
    import: data.import ?? null,
    createdAt: metadata.occurredAt,
    updatedAt: metadata.occurredAt,
    revision: event.revision,
  };
  uow.put(TRANSACTIONS_VIEW, metadata.userId, data.transactionId, view, event.position);
}

async function editTransaction(event: Recorded<TransactionEdited>, uow: UnitOfWork): Promise<void> {
  const { data, metadata } = event;
  const current = await uow.get<TransactionView>(TRANSACTIONS_VIEW, metadata.userId, data.transactionId);
  if (current === null || !isNewerThan(event, current)) return;
  // A field left out stays; a field set to null is cleared.
  const changes = Object.fromEntries(Object.entries(data.changes).filter(([, value]) => value !== undefined));
  const before = current.doc;
  const updated: TransactionView = {
    ...before,
    ...changes,
    walletId:
      data.changes.walletId ??
      walletAfterEdit(metadata.userId, before.walletId, before.amount, data.changes.amount ?? before.amount),
    updatedAt: metadata.occurredAt,
    revision: event.revision,
  };
  uow.put(TRANSACTIONS_VIEW, metadata.userId, data.transactionId, updated, event.position);
}

async function deleteTransaction(event: RecordedEvent, transactionId: string, uow: UnitOfWork): Promise<void> {
  const current = await uow.get(TRANSACTIONS_VIEW, event.metadata.userId, transactionId);
  if (current !== null && !isNewerThan(event, current)) return;
  uow.remove(TRANSACTIONS_VIEW, event.metadata.userId, transactionId, event.position);
}

/** No transaction is orphaned: those of a deleted category move to its replacement. */
async function moveToReplacement(event: Recorded<CategoryDeleted>, uow: UnitOfWork): Promise<void> {
  const { data, metadata } = event;
  const moving = await uow.findByField<TransactionView>(
    TRANSACTIONS_VIEW,
    metadata.userId,
    'categoryId',
    data.categoryId,
  );
  for (const stored of moving) {
    if (!isNewerThan(event, stored)) continue;
    const moved: TransactionView = { ...stored.doc, categoryId: data.replacementCategoryId };
    uow.put(TRANSACTIONS_VIEW, metadata.userId, stored.id, moved, event.position);
  }
}

/** One document per transaction, plaintext, for lists and details. */
export const transactionsProjection: Projection = {
  name: 'transactions',
  // 2: each transaction names its wallet (`walletId`, the default one of its currency when the events name none).
  // 3: the recurring rule and occurrence a transaction was posted from (`recurrence`, indexed by `ruleId`).
  // 4: the import batch and row a transaction was added from (`import`, indexed by `importId`).
  version: 4,
  views: [transactionsView],
  handles: ['TransactionAdded', 'TransactionEdited', 'TransactionDeleted', 'CategoryDeleted'],
  async apply(event, uow) {
    const known = event as Recorded<TransactionEvent | CategoryDeleted>;
    switch (known.type) {
      case 'TransactionAdded':
        return addTransaction(known, uow);
      case 'TransactionEdited':
        return editTransaction(known, uow);
      case 'TransactionDeleted':
        return deleteTransaction(known, known.data.transactionId, uow);
      case 'CategoryDeleted':
        return moveToReplacement(known, uow);
      default:
        return;
    }
  },
};
