import { DEBTS_VIEW, DEBT_HISTORY_VIEW } from '@plenty/contracts/views/registry';
import type { DebtChanges, DebtEvent, PaymentChanges } from '@plenty/contracts/events/debt';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import { DEBT_HISTORY_FIELDS, type DebtHistoryChange, type DebtHistoryDoc } from '@plenty/contracts/views/debt-history';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { DEBT_EVENT_TYPES } from './debt-detail.js';
import { isNewerThan, type Projection } from './projection.js';

export const debtHistoryView: ViewDefinition = {
  name: DEBT_HISTORY_VIEW,
  fields: { debtId: 'text', revision: 'integer' },
  indexes: [['debtId', 'revision']],
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const orNull = (value: unknown): unknown => (value === undefined ? null : value);

/**
 * The fields an edit of a debt really changed, in a fixed order: a field left out is not a
 * change, nor is one set to the value it already had; a cleared field goes to null.
 */
export function diffDebt(before: DebtDetail | null, changes: DebtChanges): DebtHistoryChange[] {
  return DEBT_HISTORY_FIELDS.flatMap((field) => {
    const to: unknown = changes[field];
    if (to === undefined) return [];
    const from = before === null ? null : orNull(before[field]);
    return same(from, to) ? [] : [{ field, from, to }];
  });
}

/** A payment's fields an edit may change; `walletId` null: paid from no wallet. */
const PAYMENT_FIELDS = ['amount', 'date', 'notes', 'walletId'] as const;

export type DebtHistoryEntryFields = Pick<DebtHistoryDoc, 'type' | 'changes' | 'amount' | 'date' | 'installmentNumber'>;
const entry = (type: DebtHistoryDoc['type'], fields: Partial<DebtHistoryEntryFields> = {}): DebtHistoryEntryFields => ({
  type,
  changes: [],
  amount: null,
  date: null,
  installmentNumber: null,
  ...fields,
});

function paymentEdited(before: DebtDetail | null, paymentId: string, changes: PaymentChanges): DebtHistoryEntryFields {
  const payment = before?.payments.find((p) => p.paymentId === paymentId) ?? null;
  const diff = PAYMENT_FIELDS.flatMap((field) => {
    const to: unknown = changes[field];
    if (to === undefined) return [];
    const from = payment === null ? null : (payment[field] ?? null);
    // An installment's payment keeps its amount whatever the edit says.
    if (field === 'amount' && payment?.installmentNumber !== null && payment !== null) return [];
    return same(from, to) ? [] : [{ field, from, to }];
  });
  return entry('payment_edited', {
    changes: diff,
    amount: payment?.amount ?? null,
    date: payment?.date ?? null,
    installmentNumber: payment?.installmentNumber ?? null,
  });
}

/** What an event of a debt did, measured against the debt as it was before the event. */
export function entryOf(event: DebtEvent, before: DebtDetail | null): DebtHistoryEntryFields {
  switch (event.type) {
    case 'DebtOpened':
      return entry('opened', { amount: event.data.currentAmount, date: event.data.openDate });
    case 'DebtEdited':
      return entry('edited', { changes: diffDebt(before, event.data.changes) });
    case 'PaymentRecorded':
      return entry('payment_recorded', { amount: event.data.amount, date: event.data.date });
    case 'PaymentEdited':
      return paymentEdited(before, event.data.paymentId, event.data.changes);
    case 'PaymentDeleted': {
      const payment = before?.payments.find((p) => p.paymentId === event.data.paymentId);
      return entry('payment_deleted', { amount: payment?.amount ?? null, date: payment?.date ?? null });
    }
    case 'InstallmentMarkedPaid':
      return entry('installment_paid', {
        amount: event.data.amount,
        date: event.data.date,
        installmentNumber: event.data.number,
      });
    case 'InstallmentMarkedUnpaid': {
      const payment = before?.payments.find((p) => p.paymentId === event.data.paymentId);
      return entry('installment_unpaid', {
        amount: payment?.amount ?? null,
        date: payment?.date ?? null,
        installmentNumber: event.data.number,
      });
    }
    case 'DebtPaidOff':
      return entry('paid_off', { date: event.data.paidOffAt });
    case 'DebtReopened':
      return entry('reopened');
    case 'DebtDeleted':
      return entry('deleted');
  }
}

/** The debt's currency after the event (an edit can change it while the debt has no payment). */
export function currencyOf(event: DebtEvent, before: DebtDetail | null): string {
  if (event.type === 'DebtOpened') return event.data.currency;
  if (event.type === 'DebtEdited' && event.data.changes.currency !== undefined) return event.data.changes.currency;
  return before?.currency ?? 'USD';
}

type Recorded<E> = RecordedEvent & E;

/**
 * One document per event of a debt stream, keyed by the event id. Edits, payments and
 * installments are measured against the debts view as it stands before the event, which is
 * how every projection reads another's view, whatever their order (see `staged.ts`).
 */
export const debtHistoryProjection: Projection = {
  name: 'debt-history',
  views: [debtHistoryView],
  reads: [DEBTS_VIEW],
  handles: DEBT_EVENT_TYPES,
  async apply(event, uow: UnitOfWork) {
    const known = event as Recorded<DebtEvent>;
    const userId = known.metadata.userId;
    if (!isNewerThan(known, await uow.get(DEBT_HISTORY_VIEW, userId, known.id))) return;
    const debtId = known.data.debtId;
    const before =
      known.type === 'DebtOpened' ? null : ((await uow.get<DebtDetail>(DEBTS_VIEW, userId, debtId))?.doc ?? null);
    const doc: DebtHistoryDoc = {
      id: known.id,
      debtId,
      revision: known.revision,
      occurredAt: known.metadata.occurredAt,
      currency: currencyOf(known, before),
      ...entryOf(known, before),
    };
    uow.put(DEBT_HISTORY_VIEW, userId, known.id, doc, known.position);
  },
};
