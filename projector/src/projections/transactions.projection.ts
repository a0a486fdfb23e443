import type { CategoryDeleted } from '@plenty/contracts/events/profile';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import type { Projection } from '../projection.js';

export const TRANSACTIONS_VIEW = 'transactions';

export const transactionsView: ViewDefinition = {
  name: TRANSACTIONS_VIEW,
  fields: { type: 'text', categoryId: 'text', occurredAt: 'text', amount: 'integer' },
  // Type filters scan the date or amount index (about half the rows match); a category
  // narrows enough to sort in memory. Each index costs every write, so only these three.
  indexes: [['occurredAt'], ['amount'], ['categoryId', 'occurredAt']],
  indexValues: (doc) => {
    const view = doc as TransactionView;
    return {
      type: view.type,
      categoryId: view.categoryId,
      occurredAt: `${view.date}T${view.time ?? '00:00'}`,
      amount: view.amount.amount,
    };
  },
};

type Handled = TransactionEvent | CategoryDeleted;

async function moveCategory(event: RecordedEvent, data: CategoryDeleted['data'], uow: UnitOfWork): Promise<void> {
  const userId = event.metadata.userId;
  const moved = await uow.findByField<TransactionView>(TRANSACTIONS_VIEW, userId, 'categoryId', data.categoryId);
  for (const { id, doc } of moved) {
    uow.put(TRANSACTIONS_VIEW, userId, id, { ...doc, categoryId: data.replacementCategoryId }, event.position);
  }
}

/** One document per transaction, plaintext, for lists and details. */
export const transactionsProjection: Projection = {
  name: 'transactions',
  views: [transactionsView],
  handles: ['TransactionAdded', 'TransactionEdited', 'TransactionDeleted', 'CategoryDeleted'],
  async apply(event, uow) {
    const userId = event.metadata.userId;
    const known = event as unknown as RecordedEvent & Handled;
    switch (known.type) {
      case 'TransactionAdded': {
        const data = known.data;
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
          createdAt: event.metadata.occurredAt,
          updatedAt: event.metadata.occurredAt,
          revision: event.revision,
        };
        uow.put(TRANSACTIONS_VIEW, userId, data.transactionId, view, event.position);
        return;
      }
      case 'TransactionEdited': {
        const current = await uow.get<TransactionView>(TRANSACTIONS_VIEW, userId, known.data.transactionId);
        if (current === null) return;
        const changes = Object.fromEntries(
          Object.entries(known.data.changes).filter(([, value]) => value !== undefined),
        );
        const updated: TransactionView = {
          ...current.doc,
          ...changes,
          updatedAt: event.metadata.occurredAt,
          revision: event.revision,
        };
        uow.put(TRANSACTIONS_VIEW, userId, known.data.transactionId, updated, event.position);
        return;
      }
      case 'TransactionDeleted':
        uow.remove(TRANSACTIONS_VIEW, userId, known.data.transactionId, event.position);
        return;
      case 'CategoryDeleted':
        await moveCategory(event, known.data, uow);
        return;
      default:
        return;
    }
  },
};
