import {
  DEBTS_VIEW,
  DEBT_ITEMS_VIEW,
  DEBT_SUMMARY_VIEW,
  INSTALLMENTS_DUE_VIEW,
} from '@plenty/contracts/views/registry';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import { CURRENCIES, exactTotal, totalOf, type Currency, type ExactTotal } from '@plenty/contracts/money';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import type { ReminderDueDoc } from '@plenty/contracts/views/recurring';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { applyToDebt, DEBT_EVENT_TYPES, listItemOf, opened, type Recorded } from './debt-detail.js';
import { isNewerThan, type Projection } from './projection.js';
import { SYSTEM_USER_ID } from './weekly-report-subscribers.projection.js';
import { systemDocId } from '@plenty/contracts/views/recurring';

export const DEBT_SUMMARY_ID = 'summary';

/** One document per live debt: the answer of `GET /api/queries/debts/:id`, schedule included. */
export const debtsView: ViewDefinition = { name: DEBTS_VIEW, fields: {}, indexes: [] };
/** One document per live debt: its item of `GET /api/queries/debts` (the detail without schedule, payments and totals). */
export const debtItemsView: ViewDefinition = { name: DEBT_ITEMS_VIEW, fields: {}, indexes: [] };
/** One document per user (id `summary`): what the tracker's cards add up. */
export const debtSummaryView: ViewDefinition = { name: DEBT_SUMMARY_VIEW, fields: {}, indexes: [] };

/**
 * Under the system user (id `<userId>:<debtId>`): each active debt's next pending installment,
 * by its month and due date, for the reminder mailer; `userId` finds an erased user's.
 */
export const installmentsDueView: ViewDefinition = {
  name: INSTALLMENTS_DUE_VIEW,
  fields: { dueMonth: 'text', dueDate: 'text', userId: 'text' },
  indexes: [['dueMonth', 'dueDate'], ['userId']],
};

/** What the reminder mailer finds of a debt: its next pending installment while it is active. */
export function installmentDueOf(userId: string, debt: DebtDetail | null): ReminderDueDoc | null {
  const next = debt?.status === 'active' ? debt.nextInstallment : null;
  if (debt === null || next === null) return null;
  return {
    userId,
    item: 'installment',
    itemId: debt.id,
    dueDate: next.dueDate,
    dueMonth: monthOfDate(next.dueDate),
    number: next.number,
  };
}

/** Writes the debt's place on the reminder list when its next pending installment changed. */
function updateInstallmentDue(
  uow: UnitOfWork,
  event: RecordedEvent,
  before: DebtDetail | null,
  after: DebtDetail | null,
): void {
  const userId = event.metadata.userId;
  const was = installmentDueOf(userId, before);
  const is = installmentDueOf(userId, after);
  if (JSON.stringify(was) === JSON.stringify(is)) return;
  const debtId = (after ?? before)?.id;
  if (debtId === undefined) return;
  const id = systemDocId(userId, debtId);
  if (is === null) uow.remove(INSTALLMENTS_DUE_VIEW, SYSTEM_USER_ID, id, event.position);
  else uow.put(INSTALLMENTS_DUE_VIEW, SYSTEM_USER_ID, id, is, event.position);
}

/** Removes an erased user's debts from the reminder list (the user's own documents go with the erasure). */
async function forgetUser(event: RecordedEvent, uow: UnitOfWork): Promise<void> {
  const { userId } = event.metadata;
  for (const stored of await uow.findByField(INSTALLMENTS_DUE_VIEW, SYSTEM_USER_ID, 'userId', userId)) {
    uow.remove(INSTALLMENTS_DUE_VIEW, SYSTEM_USER_ID, stored.id, event.position);
  }
}

/** Outstanding balance of the user's active debts per currency (exact), and how many debts are active and paid off. */
export interface DebtSummaryDoc {
  readonly outstanding: Partial<Record<Currency, ExactTotal>>;
  readonly activeCount: number;
  readonly paidOffCount: number;
  [key: string]: unknown;
}

function putDebt(uow: UnitOfWork, event: RecordedEvent, debt: DebtDetail): void {
  uow.put(DEBTS_VIEW, event.metadata.userId, debt.id, debt, event.position);
  uow.put(DEBT_ITEMS_VIEW, event.metadata.userId, debt.id, listItemOf(debt), event.position);
}

/** What one debt adds to its user's summary. */
function contribution(
  debt: DebtDetail | null,
): { currency: Currency; owed: number; active: number; paidOff: number } | null {
  if (debt === null) return null;
  const active = debt.status === 'active';
  return {
    currency: debt.currency,
    owed: active ? debt.progress.outstanding : 0,
    active: active ? 1 : 0,
    paidOff: active ? 0 : 1,
  };
}

async function updateSummary(
  uow: UnitOfWork,
  event: RecordedEvent,
  before: DebtDetail | null,
  after: DebtDetail | null,
): Promise<void> {
  const userId = event.metadata.userId;
  const stored = await uow.get<DebtSummaryDoc>(DEBT_SUMMARY_VIEW, userId, DEBT_SUMMARY_ID);
  const summary: DebtSummaryDoc = stored?.doc ?? { outstanding: {}, activeCount: 0, paidOffCount: 0 };
  const outstanding: Partial<Record<Currency, bigint>> = Object.fromEntries(
    Object.entries(summary.outstanding).map(([currency, total]) => [currency, totalOf(total)]),
  );
  let { activeCount, paidOffCount } = summary;
  for (const [sign, part] of [
    [-1, contribution(before)],
    [1, contribution(after)],
  ] as const) {
    if (part === null) continue;
    outstanding[part.currency] = (outstanding[part.currency] ?? 0n) + BigInt(sign * part.owed);
    activeCount += sign * part.active;
    paidOffCount += sign * part.paidOff;
  }
  const kept = Object.fromEntries(
    CURRENCIES.filter((c) => (outstanding[c] ?? 0n) !== 0n).map((c) => [c, exactTotal(outstanding[c] ?? 0n)]),
  );
  uow.put(DEBT_SUMMARY_VIEW, userId, DEBT_SUMMARY_ID, { outstanding: kept, activeCount, paidOffCount }, event.position);
}

/** The user's debts with their schedules, payments and progress, the tracker's summary, and the installments to remind of. */
export const debtsProjection: Projection = {
  name: 'debts',
  // 2: totals and the per-currency outstanding sums are exact.
  // 3: rows paid in any order; items carry `paidNumbers` (overdue rows on the tracker).
  // 4: active debts' next pending installments under the system user (`installments_due`).
  // 5: a debt carries the wallet its borrowed money went into (`walletId`), which an edit can change.
  version: 5,
  views: [debtsView, debtItemsView, debtSummaryView, installmentsDueView],
  handles: [...DEBT_EVENT_TYPES, 'AccountErased'],
  async apply(event, uow) {
    if (event.type === 'AccountErased') return forgetUser(event, uow);
    const known = event as Recorded<DebtEvent>;
    const { userId, occurredAt } = known.metadata;
    const debtId = known.data.debtId;
    const stored = await uow.get<DebtDetail>(DEBTS_VIEW, userId, debtId);
    if (!isNewerThan(known, stored)) return;
    const before = stored?.doc ?? null;
    if (known.type === 'DebtOpened') {
      if (before !== null) return;
      const debt = opened(known);
      putDebt(uow, known, debt);
      updateInstallmentDue(uow, known, null, debt);
      return updateSummary(uow, known, null, debt);
    }
    if (before === null) return;
    if (known.type === 'DebtDeleted') {
      uow.remove(DEBTS_VIEW, userId, debtId, known.position);
      uow.remove(DEBT_ITEMS_VIEW, userId, debtId, known.position);
      updateInstallmentDue(uow, known, before, null);
      return updateSummary(uow, known, before, null);
    }
    const after = applyToDebt(before, known, occurredAt);
    putDebt(uow, known, after);
    updateInstallmentDue(uow, known, before, after);
    return updateSummary(uow, known, before, after);
  },
};
