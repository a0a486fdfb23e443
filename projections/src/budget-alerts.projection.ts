import {
  BUDGET_ALERTS_VIEW,
  CATEGORY_BUDGETS_VIEW,
  MONTHLY_SUMMARY_VIEW,
  PREFERENCES_VIEW,
} from '@plenty/contracts/views/registry';
import { budgetStatus, type BudgetStatus } from '@plenty/contracts/budget-status';
import { addMonths, monthOfDate } from '@plenty/contracts/calendar/date';
import {
  categoryLimitIn,
  firstBudgetMonth,
  rolloverCarried,
  type CategoryBudgetDoc,
} from '@plenty/contracts/category-budgets';
import { localDate } from '@plenty/contracts/calendar/zone';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { CURRENCIES, saturate, totalOf } from '@plenty/contracts/money';
import { convertExact, sumInCurrencyExact } from '@plenty/contracts/rates';
import {
  ALERT_LEVELS,
  MAX_ALERTS_PER_MONTH,
  type AlertLevel,
  type BudgetAlert,
  type BudgetAlertsDoc,
} from '@plenty/contracts/views/budget-alerts';
import type { MonthlySummaryDoc } from '@plenty/contracts/views/monthly-summary';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { budgetsProjection } from './budgets.projection.js';
import { INTEREST_EVENTS } from './monthly-interest.js';
import { monthlySummaryProjection } from './monthly-summary.projection.js';
import { preferencesProjection } from './preferences.projection.js';
import { isNewerThan, type Projection } from './projection.js';
import { staged } from './staged.js';

/** Read by id (`YYYY-MM`) only. */
export const budgetAlertsView: ViewDefinition = { name: BUDGET_ALERTS_VIEW, fields: {}, indexes: [] };

const RANK: Record<BudgetStatus, number> = {
  no_data: 0,
  no_budget: 0,
  on_track: 1,
  approaching: 2,
  critical: 3,
  over: 4,
};

const isAlertLevel = (status: BudgetStatus): status is AlertLevel =>
  (ALERT_LEVELS as readonly string[]).includes(status);

/** The user's preferences as the unit of work has them. */
export async function preferencesOf(uow: UnitOfWork, userId: string): Promise<PreferencesView> {
  const stored = await uow.get<PreferencesView>(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID);
  return { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
}

/**
 * A month's expenses, each currency's total converted once into the display currency, and the
 * converted budget: exact, however large the sums or extreme the rates.
 */
export function monthSpending(
  summary: MonthlySummaryDoc | null,
  preferences: PreferencesView,
): { spent: bigint; limit: bigint | null } {
  const expenses = CURRENCIES.flatMap((currency) => {
    const cell = summary?.currencies[currency];
    return cell === undefined ? [] : [{ amount: totalOf(cell.expense), currency }];
  });
  const spent = sumInCurrencyExact(expenses, preferences.currency, preferences.rates);
  const budget = preferences.monthlyBudget;
  const limit =
    budget === null
      ? null
      : convertExact(BigInt(budget.amount), budget.currency, preferences.currency, preferences.rates);
  return { spent, limit };
}

/** A category's expenses in a month (its transactions and split lines), converted exactly. */
function categorySpending(summary: MonthlySummaryDoc | null, categoryId: string, preferences: PreferencesView): bigint {
  const cells = summary?.categories[categoryId];
  const expenses = CURRENCIES.flatMap((currency) => {
    const cell = cells?.[currency];
    return cell === undefined ? [] : [{ amount: totalOf(cell.expense), currency }];
  });
  return sumInCurrencyExact(expenses, preferences.currency, preferences.rates);
}

const convertLimit = (limit: { amount: number; currency: string }, preferences: PreferencesView): bigint =>
  convertExact(
    BigInt(limit.amount),
    limit.currency as PreferencesView['currency'],
    preferences.currency,
    preferences.rates,
  );

/**
 * A category's status in a month, as the dashboard shows it: its spending against its limit
 * plus what rollover carried from the months before (each month's summary read once).
 */
async function categoryStatus(
  uow: UnitOfWork,
  userId: string,
  doc: CategoryBudgetDoc,
  month: string,
  summary: MonthlySummaryDoc | null,
  preferences: PreferencesView,
): Promise<{ status: BudgetStatus; spent: bigint; available: bigint }> {
  const spent = categorySpending(summary, doc.categoryId, preferences);
  const { limit } = categoryLimitIn(doc, month);
  if (limit === null) return { status: 'no_budget', spent, available: 0n };
  let carried = 0n;
  const first = doc.rollover ? firstBudgetMonth(doc) : null;
  if (first !== null && first < month) {
    const months: { limit: bigint | null; spent: bigint }[] = [];
    for (let earlier = first; earlier < month; earlier = addMonths(earlier, 1)) {
      const set = categoryLimitIn(doc, earlier).limit;
      const stored = set === null ? null : await uow.get<MonthlySummaryDoc>(MONTHLY_SUMMARY_VIEW, userId, earlier);
      months.push({
        limit: set === null ? null : convertLimit(set, preferences),
        spent: set === null ? 0n : categorySpending(stored?.doc ?? null, doc.categoryId, preferences),
      });
    }
    carried = rolloverCarried(months);
  }
  const available = convertLimit(limit, preferences) + carried;
  return { status: budgetStatus(spent, available), spent, available };
}

/** A month's alerts kept to MAX_ALERTS_PER_MONTH: the oldest category alerts go first, the overall budget's last. */
export function boundedAlerts(alerts: readonly BudgetAlert[]): BudgetAlert[] {
  const kept = [...alerts];
  while (kept.length > MAX_ALERTS_PER_MONTH) {
    const oldestOfCategory = kept.findIndex((alert) => (alert.categoryId ?? null) !== null);
    kept.splice(oldestOfCategory === -1 ? 0 : oldestOfCategory, 1);
  }
  return kept;
}

/** The stored document with the categories' last statuses (only statuses that reached a threshold are kept). */
type StoredAlertsDoc = BudgetAlertsDoc & { categories?: Record<string, BudgetStatus> };

/**
 * The next state of a month's alerts after an evaluation: an alert is appended when the status
 * rises into approaching, critical or over; the new status is always kept, so a month that falls
 * back below a threshold alerts again when it crosses it again.
 */
export function evaluate(
  previous: BudgetAlertsDoc | null,
  month: string,
  status: BudgetStatus,
  alert: Omit<BudgetAlert, 'level'>,
): BudgetAlertsDoc {
  const before = previous?.status ?? 'no_budget';
  const alerts = previous?.alerts ?? [];
  const raised = isAlertLevel(status) && RANK[status] > RANK[before];
  return {
    month,
    status,
    alerts: raised ? [...alerts, { level: status, ...alert }].slice(-MAX_ALERTS_PER_MONTH) : alerts,
  };
}

type Recorded<E> = RecordedEvent & E;

function transactionIdOf(event: RecordedEvent): string | null {
  switch (event.type) {
    case 'TransactionAdded':
    case 'TransactionEdited':
    case 'TransactionDeleted':
      return (event as Recorded<TransactionEvent>).data.transactionId;
    default:
      return null;
  }
}

/** The projections whose views, as an event leaves them, say the month's status. */
const FOLDED = [preferencesProjection, monthlySummaryProjection, budgetsProjection];

/**
 * Spending alerts: after each event that can move a user's budget status (a transaction added,
 * edited or deleted, preferences or rates changed, an installment's interest paid from a wallet
 * or taken back), the status of the month the event happened in,
 * in the user's time zone, is evaluated from the month summary and the preferences as the event
 * leaves them. Those views are read as they were before the event, like every view of another
 * projection, and the event is folded into them here by their own projections' code, on writes
 * that are never committed: the same figures, whatever the order of the projections. Only events
 * are read, never a clock, so a rebuild gives the same documents. A month whose status never
 * reached a threshold has no document.
 */
export const budgetAlertsProjection: Projection = {
  name: 'budget-alerts',
  // 2: spending is converted exactly and never throws, whatever the sums and rates.
  // 3: the interest of installments paid from a wallet counts as spending.
  // 4: category budgets raise alerts of their own (`categoryId`).
  version: 4,
  views: [budgetAlertsView],
  // The views of the folded projections, and those they read in turn (the debts, for wallet-paid interest).
  reads: FOLDED.flatMap((p) => [...p.views.map((view) => view.name), ...(p.reads ?? [])]),
  handles: [
    'TransactionAdded',
    'TransactionEdited',
    'TransactionDeleted',
    'PreferencesChanged',
    'ExchangeRatesSet',
    'CategoryBudgetSet',
    'CategoryRolloverSet',
    'CategoryDeleted',
    ...INTEREST_EVENTS,
  ],
  async apply(event, uow) {
    const userId = event.metadata.userId;
    if (!preferencesProjection.handles.includes(event.type)) {
      // The event leaves the preferences as they are: without a monthly budget the month's status
      // is no_budget whatever it spent, so a month without a document keeps none, and the month's
      // sums need not be folded (most of the cost of an import's rows).
      const preferences = await preferencesOf(uow, userId);
      const categoryAlerts =
        preferences.categoryAlerts && (await uow.findByField(CATEGORY_BUDGETS_VIEW, userId, 'budgeted', 1)).length > 0;
      if (preferences.monthlyBudget === null && !categoryAlerts && !budgetsProjection.handles.includes(event.type)) {
        const month = monthOfDate(localDate(new Date(event.metadata.occurredAt), preferences.timeZone));
        if ((await uow.get(BUDGET_ALERTS_VIEW, userId, month)) === null) return;
      }
    }
    const after = staged(
      uow,
      FOLDED.flatMap((p) => p.views),
    );
    for (const projection of FOLDED) if (projection.handles.includes(event.type)) await projection.apply(event, after);
    const preferences = await preferencesOf(after, userId);
    const month = monthOfDate(localDate(new Date(event.metadata.occurredAt), preferences.timeZone));
    const stored = await uow.get<StoredAlertsDoc>(BUDGET_ALERTS_VIEW, userId, month);
    if (!isNewerThan(event, stored)) return;
    const summary = (await after.get<MonthlySummaryDoc>(MONTHLY_SUMMARY_VIEW, userId, month))?.doc ?? null;
    const { spent, limit } = monthSpending(summary, preferences);
    const status = budgetStatus(spent, limit);
    const base = {
      at: event.metadata.occurredAt,
      eventId: event.id,
      transactionId: transactionIdOf(event),
      currency: preferences.currency,
    };
    const overall: BudgetAlertsDoc | null =
      stored === null && !isAlertLevel(status)
        ? null
        : evaluate(stored?.doc ?? null, month, status, {
            ...base,
            // An alert holds numbers: figures past 2^53 − 1 saturate there (the status is from the exact ones).
            spent: saturate(spent),
            limit: saturate(limit ?? 0n),
          });
    const alerts = [...(overall?.alerts ?? stored?.doc.alerts ?? [])];
    const before = stored?.doc.categories ?? {};
    // With category alerts off, the statuses stay as they were: turning them on again raises no old news.
    const categories: Record<string, BudgetStatus> = preferences.categoryAlerts ? {} : { ...before };
    if (preferences.categoryAlerts) {
      const budgets = await after.findByField<CategoryBudgetDoc>(CATEGORY_BUDGETS_VIEW, userId, 'budgeted', 1);
      for (const { doc } of [...budgets].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
        const category = await categoryStatus(after, userId, doc, month, summary, preferences);
        const previous = before[doc.categoryId] ?? 'no_budget';
        if (isAlertLevel(category.status) && RANK[category.status] > RANK[previous]) {
          alerts.push({
            level: category.status,
            ...base,
            spent: saturate(category.spent),
            limit: saturate(category.available),
            categoryId: doc.categoryId,
          });
        }
        if (isAlertLevel(category.status) || Object.hasOwn(before, doc.categoryId)) {
          categories[doc.categoryId] = category.status;
        }
      }
    }
    if (overall === null && stored === null && Object.keys(categories).length === 0) return;
    const next: StoredAlertsDoc = {
      month,
      status: overall?.status ?? stored?.doc.status ?? status,
      alerts: boundedAlerts(alerts),
      ...(Object.keys(categories).length === 0 ? {} : { categories }),
    };
    uow.put(BUDGET_ALERTS_VIEW, userId, month, next, event.position);
  },
};
