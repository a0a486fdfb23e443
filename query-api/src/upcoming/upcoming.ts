import { addDays } from '@plenty/contracts/calendar/date';
import { isOverdue } from '@plenty/contracts/debt-schedule';
import { finishFigures } from '@plenty/contracts/figures';
import type { Currency } from '@plenty/contracts/money';
import type { PreferencesView } from '@plenty/contracts/preferences';
import { sumInCurrencyExact } from '@plenty/contracts/rates';
import { versionAt } from '@plenty/contracts/recurring-schedule';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import type { RecurringRuleDoc, Upcoming, UpcomingItem } from '@plenty/contracts/views/recurring';
import { currentVersion, occurrenceView, unhandledAfter, waitingDates } from '../recurring/rules.js';

/** What a debt is read for here. */
export type DebtDue = Pick<DebtDetail, 'id' | 'name' | 'status' | 'currency' | 'schedule'>;

/** Longest look ahead (`days`): what may be posted ahead (MAX_DAYS_AHEAD). */
const MAX_AHEAD = 62;

/**
 * Whether to remind of something dated `date` on `today`: from `daysBefore` days before its
 * date to the date itself, never once it has passed.
 */
export const inReminderWindow = (date: string, today: string, daysBefore: number): boolean =>
  date >= today && today >= addDays(date, -daysBefore);

const byDate = (a: UpcomingItem, b: UpcomingItem): number => {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const idA = a.kind === 'recurring' ? a.ruleId : a.debtId;
  const idB = b.kind === 'recurring' ? b.ruleId : b.debtId;
  if (a.kind !== b.kind) return a.kind === 'installment' ? -1 : 1;
  if (idA !== idB) return idA < idB ? -1 : 1;
  return a.kind === 'installment' && b.kind === 'installment' ? a.number - b.number : 0;
};

/** The items of one rule: what waits for the user (≤ today) and the occurrences of an active rule to `through`. */
function ruleItems(
  userId: string,
  doc: RecurringRuleDoc,
  today: string,
  through: string,
  daysBefore: number,
): UpcomingItem[] {
  if (doc.status === 'ended' || doc.nextDue === null || doc.nextDue > through) return [];
  const dated: { date: string; state: 'due' | 'held' | 'scheduled' }[] = [];
  const waiting = waitingDates(doc, today);
  if (waiting !== null) for (const date of waiting.dates) dated.push({ date, state: waiting.state });
  if (doc.status === 'active') {
    for (const date of unhandledAfter(doc, today, through, MAX_AHEAD)) dated.push({ date, state: 'scheduled' });
  }
  return dated.flatMap(({ date, state }) => {
    const view = occurrenceView(userId, doc, date, state);
    const rule = (versionAt(doc.versions, date) ?? currentVersion(doc)).rule;
    if (view === null) return [];
    return [
      {
        kind: 'recurring' as const,
        ruleId: doc.id,
        date,
        type: view.type,
        amount: view.amount,
        categoryId: view.categoryId,
        walletId: view.walletId,
        note: view.note,
        mode: rule.mode,
        state,
        heldReason: state === 'held' ? doc.heldReason : null,
        edited: view.edited,
        overdue: date < today,
        remind: rule.remind && inReminderWindow(date, today, daysBefore),
      },
    ];
  });
}

/** The pending installments of an active debt due up to `through`, overdue ones however old. */
function installmentItems(debt: DebtDue, today: string, through: string, daysBefore: number): UpcomingItem[] {
  if (debt.status !== 'active') return [];
  return debt.schedule
    .filter((row) => row.status === 'pending' && row.dueDate <= through)
    .map((row) => ({
      kind: 'installment' as const,
      debtId: debt.id,
      name: debt.name,
      number: row.number,
      date: row.dueDate,
      amount: { amount: row.amount, currency: debt.currency },
      overdue: isOverdue(row, today),
      remind: inReminderWindow(row.dueDate, today, daysBefore),
    }));
}

/** Whether an item waits for the user: a rule's due or held occurrence, an installment due today or before. */
const isWaiting = (item: UpcomingItem, today: string): boolean =>
  item.kind === 'recurring' ? item.state === 'due' || item.state === 'held' : item.date <= today;

/**
 * What is coming up for the user on `today` over the next `days` days: the occurrences that
 * wait for them and those of active rules to come, and the pending installments of active
 * debts; totals in the display currency, each currency's sum converted once.
 */
export function upcomingOf(input: {
  readonly userId: string;
  readonly today: string;
  readonly days: number;
  readonly preferences: Pick<PreferencesView, 'currency' | 'rates' | 'reminderDaysBefore'>;
  readonly rules: readonly RecurringRuleDoc[];
  readonly debts: readonly DebtDue[];
}): Upcoming {
  const { userId, today, preferences } = input;
  const through = addDays(today, input.days);
  const daysBefore = preferences.reminderDaysBefore;
  const items = [
    ...input.rules.flatMap((doc) => ruleItems(userId, doc, today, through, daysBefore)),
    ...input.debts.flatMap((debt) => installmentItems(debt, today, through, daysBefore)),
  ].sort(byDate);
  const income: { amount: number; currency: Currency }[] = [];
  const expense: { amount: number; currency: Currency }[] = [];
  for (const item of items) {
    if (item.kind === 'recurring' && item.type === 'income') income.push(item.amount);
    else expense.push(item.amount);
  }
  const totals = {
    income: sumInCurrencyExact(income, preferences.currency, preferences.rates),
    expense: sumInCurrencyExact(expense, preferences.currency, preferences.rates),
  };
  const { value, outOfRange } = finishFigures<Omit<Upcoming['totals'], 'outOfRange'>>(totals);
  return {
    today,
    through,
    displayCurrency: preferences.currency,
    items,
    totals: { ...value, outOfRange },
    waitingCount: items.filter((item) => isWaiting(item, today)).length,
  };
}
