import type { DebtEvent } from '@plenty/contracts/events/debt';
import { WALLET_SOURCES_VIEW } from '@plenty/contracts/views/registry';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { isNewerThan } from './projection.js';
import {
  NO_LINKS,
  WalletLedger,
  putSource,
  sortKeyOf,
  sourceOf,
  type DebtFacts,
  type PaymentFacts,
  type SourceDoc,
  type WalletMovementDoc,
} from './wallet-ledger.js';

/*
 * Debts as wallet movements: the borrowed money into the wallet the debt names (`borrow:<debtId>`,
 * +initialAmount on the open date; an edit can move it to another wallet or to none) and each payment made from a wallet (`pay:<paymentId>`, the
 * whole amount out, with its principal and interest; an extra payment is all principal). A
 * payment's figures are kept even without a wallet, so an edit that gives it one can move it.
 */

type Recorded<E> = RecordedEvent & E;

/** The debt events the wallets projection applies (paid off and reopened move no money). */
export const WALLET_DEBT_EVENTS = [
  'DebtOpened',
  'DebtEdited',
  'PaymentRecorded',
  'PaymentEdited',
  'PaymentDeleted',
  'InstallmentMarkedPaid',
  'InstallmentMarkedUnpaid',
  'DebtDeleted',
] as const;

const borrowId = (debtId: string) => `borrow:${debtId}`;
const payId = (paymentId: string) => `pay:${paymentId}`;

function borrowed(debtId: string, debt: DebtFacts, walletId: string): WalletMovementDoc {
  return {
    ...NO_LINKS,
    id: borrowId(debtId),
    walletId,
    kind: 'debt_borrowed',
    date: debt.openDate,
    time: null,
    sortKey: sortKeyOf(debt.openDate, null, debtId),
    amount: debt.initialAmount,
    currency: debt.currency,
    debtId,
  };
}

function paid(debtId: string, paymentId: string, debt: DebtFacts, payment: PaymentFacts, walletId: string) {
  const movement: WalletMovementDoc = {
    ...NO_LINKS,
    id: payId(paymentId),
    walletId,
    kind: 'debt_payment',
    date: payment.date,
    time: null,
    sortKey: sortKeyOf(payment.date, null, paymentId),
    amount: -payment.amount,
    currency: debt.currency,
    debtId,
    paymentId,
    note: payment.note,
    principal: payment.principal,
    interest: payment.interest,
  };
  return movement;
}

const debtSource = (debtId: string, debt: DebtFacts, live: boolean): SourceDoc => ({
  id: borrowId(debtId),
  live,
  debtId,
  categoryId: null,
  payment: null,
  debt,
});

const paymentSource = (debtId: string, paymentId: string, payment: PaymentFacts, live: boolean): SourceDoc => ({
  id: payId(paymentId),
  live,
  debtId,
  categoryId: null,
  payment,
  debt: null,
});

/** A new payment's figures from the event that records it. */
function newPayment(event: Recorded<DebtEvent>): PaymentFacts | null {
  if (event.type === 'PaymentRecorded') {
    const { amount, date, notes, walletId } = event.data;
    const note = notes ?? null;
    return { installment: null, amount, principal: amount, interest: 0, date, note, walletId: walletId ?? null };
  }
  if (event.type === 'InstallmentMarkedPaid') {
    const { number, amount, principal, interest, date, notes, walletId } = event.data;
    return { installment: number, amount, principal, interest, date, note: notes ?? null, walletId: walletId ?? null };
  }
  return null;
}

export async function applyDebtEvent(event: Recorded<DebtEvent>, uow: UnitOfWork): Promise<void> {
  const { debtId } = event.data;
  const ledger = new WalletLedger(event, uow);
  const debt = await sourceOf(event, uow, borrowId(debtId));
  const facts = debt.source?.live === true ? debt.source.debt : null;
  switch (event.type) {
    case 'DebtOpened': {
      if (!debt.fresh || debt.source?.live === true) return;
      const { currency, walletId, initialAmount, openDate } = event.data;
      const opened: DebtFacts = { currency, walletId: walletId ?? null, initialAmount, openDate };
      if (opened.walletId !== null) await ledger.add(borrowed(debtId, opened, opened.walletId));
      putSource(event, uow, debtSource(debtId, opened, true));
      break;
    }
    case 'DebtEdited': {
      const { currency, initialAmount, openDate, walletId } = event.data.changes;
      if (!debt.fresh || facts === null) return;
      if ([currency, initialAmount, openDate, walletId].every((change) => change === undefined)) return;
      const edited: DebtFacts = {
        ...facts,
        currency: currency ?? facts.currency,
        initialAmount: initialAmount ?? facts.initialAmount,
        openDate: openDate ?? facts.openDate,
        walletId: walletId === undefined ? facts.walletId : walletId,
      };
      // Out of the wallet it was in (if any), into the one it is in now (if any), on the open date.
      await ledger.take(borrowId(debtId));
      if (edited.walletId !== null) await ledger.add(borrowed(debtId, edited, edited.walletId));
      putSource(event, uow, debtSource(debtId, edited, true));
      break;
    }
    case 'DebtDeleted': {
      if (!debt.fresh || facts === null) return;
      const userId = event.metadata.userId;
      const sources = await uow.findByField<SourceDoc>(WALLET_SOURCES_VIEW, userId, 'debtId', debtId);
      for (const stored of sources) {
        if (!isNewerThan(event, stored)) continue;
        await ledger.take(stored.id);
        putSource(event, uow, { ...stored.doc, live: false });
      }
      break;
    }
    case 'PaymentRecorded':
    case 'InstallmentMarkedPaid': {
      const { paymentId } = event.data;
      const { fresh } = await sourceOf(event, uow, payId(paymentId));
      const payment = newPayment(event);
      if (!fresh || payment === null) return;
      await ledger.take(payId(paymentId));
      if (payment.walletId !== null && facts !== null) {
        await ledger.add(paid(debtId, paymentId, facts, payment, payment.walletId));
      }
      putSource(event, uow, paymentSource(debtId, paymentId, payment, true));
      break;
    }
    case 'PaymentEdited': {
      const { paymentId, changes } = event.data;
      const { source, fresh } = await sourceOf(event, uow, payId(paymentId));
      const before = source?.live === true ? source.payment : null;
      if (!fresh || before === null) return;
      // An installment's amount never changes; an extra payment is all principal.
      const amount = before.installment === null ? (changes.amount ?? before.amount) : before.amount;
      const payment: PaymentFacts = {
        ...before,
        amount,
        principal: before.installment === null ? amount : before.principal,
        date: changes.date ?? before.date,
        note: changes.notes === undefined ? before.note : changes.notes,
        walletId: changes.walletId === undefined ? before.walletId : changes.walletId,
      };
      await ledger.take(payId(paymentId));
      if (payment.walletId !== null && facts !== null) {
        await ledger.add(paid(debtId, paymentId, facts, payment, payment.walletId));
      }
      putSource(event, uow, paymentSource(debtId, paymentId, payment, true));
      break;
    }
    case 'PaymentDeleted':
    case 'InstallmentMarkedUnpaid': {
      const { paymentId } = event.data;
      const { source, fresh } = await sourceOf(event, uow, payId(paymentId));
      if (!fresh || source?.live !== true || source.payment === null) return;
      await ledger.take(payId(paymentId));
      putSource(event, uow, paymentSource(debtId, paymentId, source.payment, false));
      break;
    }
    default:
      return;
  }
  ledger.write();
}
