import { DEBTS_VIEW, MONTHLY_CONTRIBUTIONS_VIEW } from '@plenty/contracts/views/registry';
import { INTEREST_CATEGORY_ID } from '@plenty/contracts/categories';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import type { Currency } from '@plenty/contracts/money';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import { PAYMENT_CONTRIBUTION_PREFIX, type MonthlyContributionDoc } from '@plenty/contracts/views/monthly-summary';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { isNewerThan } from './projection.js';

/*
 * The interest of an installment paid from a wallet is an expense of `builtin-interest`, in the
 * debt's currency, on the payment's date: a contribution `payment:<paymentId>` of the month
 * summary like a transaction's. The principal, extra payments and payments from no wallet count
 * in no budget. The debt's currency and a row's interest come from the debts view (as it stood
 * before the event), for an edit that gives a payment a wallet it had not.
 */

type Recorded<E> = RecordedEvent & E;
type LiveContribution = Extract<MonthlyContributionDoc, { month: string }>;

/** The month summaries' side of a contribution: added (1) or taken out (−1). */
export interface ContributionSink {
  apply(part: LiveContribution, sign: 1 | -1): Promise<void>;
}

/** The debt events that change what wallet-paid interest adds to the month summaries. */
export const INTEREST_EVENTS = ['InstallmentMarkedPaid', 'InstallmentMarkedUnpaid', 'PaymentEdited', 'DebtDeleted'];

export const paymentContributionId = (paymentId: string): string => `${PAYMENT_CONTRIBUTION_PREFIX}${paymentId}`;

const isLive = (doc: MonthlyContributionDoc | undefined): doc is LiveContribution =>
  doc !== undefined && 'month' in doc;

function interestPart(paymentId: string, date: string, interest: number, currency: Currency): LiveContribution {
  return {
    id: paymentContributionId(paymentId),
    month: monthOfDate(date),
    date,
    type: 'expense',
    categoryId: INTEREST_CATEGORY_ID,
    amount: { amount: interest, currency },
  };
}

/**
 * Replaces the payment's contribution by `next` (null: none), unless the stored one is at or
 * past the event. A contribution taken out leaves a marker, so an event delivered again finds it.
 */
async function setContribution(
  event: RecordedEvent,
  uow: UnitOfWork,
  sink: ContributionSink,
  paymentId: string,
  next: (current: LiveContribution | null) => Promise<LiveContribution | null>,
): Promise<void> {
  const userId = event.metadata.userId;
  const id = paymentContributionId(paymentId);
  const stored = await uow.get<MonthlyContributionDoc>(MONTHLY_CONTRIBUTIONS_VIEW, userId, id);
  if (!isNewerThan(event, stored)) return;
  const current = isLive(stored?.doc) ? stored.doc : null;
  const part = await next(current);
  if (current !== null) await sink.apply(current, -1);
  if (part !== null) {
    await sink.apply(part, 1);
    uow.put(MONTHLY_CONTRIBUTIONS_VIEW, userId, id, part, event.position);
  } else if (current !== null) {
    uow.put(MONTHLY_CONTRIBUTIONS_VIEW, userId, id, { id, deleted: true }, event.position);
  }
}

/** Applies one of INTEREST_EVENTS to the contributions and, through `sink`, to the summaries. */
export async function applyInterestEvent(
  event: Recorded<DebtEvent>,
  uow: UnitOfWork,
  sink: ContributionSink,
): Promise<void> {
  const userId = event.metadata.userId;
  const debt = (await uow.get<DebtDetail>(DEBTS_VIEW, userId, event.data.debtId))?.doc ?? null;
  switch (event.type) {
    case 'InstallmentMarkedPaid': {
      const { paymentId, walletId, interest, date } = event.data;
      return setContribution(event, uow, sink, paymentId, async () =>
        walletId === undefined || interest <= 0 || debt === null
          ? null
          : interestPart(paymentId, date, interest, debt.currency),
      );
    }
    case 'InstallmentMarkedUnpaid':
      return setContribution(event, uow, sink, event.data.paymentId, async () => null);
    case 'PaymentEdited': {
      const { paymentId, changes } = event.data;
      return setContribution(event, uow, sink, paymentId, async (current) => {
        if (changes.walletId === null) return null;
        if (current !== null)
          return changes.date === undefined
            ? current
            : { ...current, date: changes.date, month: monthOfDate(changes.date) };
        // A payment given a wallet it had not: its row's interest, if it is an installment's.
        if (changes.walletId === undefined || debt === null) return null;
        const row = debt.schedule.find((r) => r.paymentId === paymentId && r.status === 'paid');
        const payment = debt.payments.find((p) => p.paymentId === paymentId);
        if (row === undefined || payment === undefined || row.interest <= 0) return null;
        return interestPart(paymentId, changes.date ?? payment.date, row.interest, debt.currency);
      });
    }
    case 'DebtDeleted':
      for (const payment of debt?.payments ?? []) {
        await setContribution(event, uow, sink, payment.paymentId, async () => null);
      }
      return;
    default:
      return;
  }
}
