import {
  MONTHLY_CONTRIBUTIONS_VIEW,
  MONTHLY_SUMMARY_VIEW,
  PREFERENCES_VIEW,
  TRANSACTIONS_VIEW,
  YEARLY_SUMMARY_VIEW,
} from '@plenty/contracts/views/registry';
import { firstMonthWithData } from '@plenty/contracts/budget-status';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import { isKnownTimeZone, localDate } from '@plenty/contracts/calendar/zone';
import { largestFirst, type Exact } from '@plenty/contracts/figures';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import type { HighSpendingItem } from '@plenty/contracts/views/dashboard';
import {
  PAYMENT_CONTRIBUTION_PREFIX,
  type MonthlyContributionDoc,
  type MonthlySummaryDoc,
  type YearlySummaryDoc,
} from '@plenty/contracts/views/monthly-summary';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { rulesOf, scheduledExpense } from '../recurring/rules.js';
import { Converter, type Summaries, type Years } from './month-figures.js';

/** Where a request stands: the user's preferences, local date, month and currency. */
export interface MonthContext {
  readonly preferences: PreferencesView;
  readonly today: string;
  readonly month: string;
  readonly convert: Converter;
  /** The user's first month with data (`firstMonthWithData`): earlier months have none. */
  readonly firstMonth: string;
}

/** The user's date today; UTC's when the runtime does not know their zone (validated when saved). */
function userLocalDate(now: Date, timeZone: string): string {
  return localDate(now, isKnownTimeZone(timeZone) ? timeZone : 'UTC');
}

export async function monthContext(
  readStore: ReadStore,
  userId: string,
  requested: string | undefined,
  now: Date,
): Promise<MonthContext> {
  const [stored, oldest] = await Promise.all([
    readStore.get<PreferencesView>(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID),
    oldestTransactionDate(readStore, userId),
  ]);
  const preferences: PreferencesView = { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
  const today = userLocalDate(now, preferences.timeZone);
  return {
    preferences,
    today,
    month: requested ?? monthOfDate(today),
    convert: new Converter(preferences.currency, preferences.rates),
    firstMonth: firstMonthWithData(oldest, today),
  };
}

/**
 * The month's recurring expenses still to come (after today, not posted nor skipped) in the
 * display currency, from the user's rules; no read for a month that is over.
 */
export async function readScheduled(readStore: ReadStore, userId: string, context: MonthContext): Promise<bigint> {
  const { month, today, convert } = context;
  if (monthOfDate(today) > month) return 0n;
  return scheduledExpense(await rulesOf(readStore, userId), month, today, (amount, currency) =>
    convert.exact(amount, currency),
  );
}

/** The date of the user's oldest transaction (one row of the date index), null when there is none. */
export async function oldestTransactionDate(readStore: ReadStore, userId: string): Promise<string | null> {
  const page = await readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
    userId,
    sort: [{ field: 'occurredAt', direction: 'asc' }],
    limit: 1,
  });
  return page.items[0]?.doc.date ?? null;
}

/** The month summaries of `months`, each read by id. */
export async function readSummaries(
  readStore: ReadStore,
  userId: string,
  months: readonly string[],
): Promise<Summaries> {
  const found = await Promise.all(
    months.map((month) => readStore.get<MonthlySummaryDoc>(MONTHLY_SUMMARY_VIEW, userId, month)),
  );
  const summaries = new Map<string, MonthlySummaryDoc>();
  for (const stored of found) if (stored !== null) summaries.set(stored.id, stored.doc);
  return summaries;
}

/** The year summaries covering `months`, each read by id. */
export async function readYears(readStore: ReadStore, userId: string, months: readonly string[]): Promise<Years> {
  const ids = [...new Set(months.map((month) => month.slice(0, 4)))];
  const found = await Promise.all(ids.map((id) => readStore.get<YearlySummaryDoc>(YEARLY_SUMMARY_VIEW, userId, id)));
  const years = new Map<string, YearlySummaryDoc>();
  for (const stored of found) if (stored !== null) years.set(stored.id, stored.doc);
  return years;
}

/** The user's newest transactions, from the date index. */
export async function newestTransactions(
  readStore: ReadStore,
  userId: string,
  limit: number,
): Promise<TransactionView[]> {
  const page = await readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
    userId,
    sort: [{ field: 'occurredAt', direction: 'desc' }],
    limit,
  });
  return page.items.map((item) => item.doc);
}

/**
 * The largest `limit` expense contributions of transactions in one currency and month. The
 * interest of wallet-paid installments (`payment:<id>` contributions, see
 * projections/src/monthly-interest.ts) counts in the month's figures but is no transaction,
 * so it is passed over and the next page read until `limit` transactions are found.
 */
async function largestTransactionContributions(
  readStore: ReadStore,
  userId: string,
  month: string,
  currency: Currency,
  limit: number,
): Promise<MonthlyContributionDoc[]> {
  const found: MonthlyContributionDoc[] = [];
  let cursor: string | undefined;
  do {
    const page = await readStore.find<MonthlyContributionDoc>(MONTHLY_CONTRIBUTIONS_VIEW, {
      userId,
      where: { month, type: 'expense', currency },
      sort: [{ field: 'amount', direction: 'desc' }],
      limit,
      ...(cursor === undefined ? {} : { cursor }),
    });
    for (const { doc } of page.items) if (!doc.id.startsWith(PAYMENT_CONTRIBUTION_PREFIX)) found.push(doc);
    cursor = page.nextCursor ?? undefined;
  } while (found.length < limit && cursor !== undefined);
  return found.slice(0, limit);
}

/**
 * The month's largest expenses in the display currency: the largest few of each currency
 * that occurs (from the contributions' month, type, currency and amount index), converted,
 * merged, then read from the transactions view.
 */
export async function largestExpenses(
  readStore: ReadStore,
  userId: string,
  summary: MonthlySummaryDoc | undefined,
  convert: Converter,
  limit: number,
): Promise<Exact<HighSpendingItem>[]> {
  if (summary === undefined) return [];
  const currencies = CURRENCIES.filter((currency) => (summary.currencies[currency]?.expenseCount ?? 0) > 0);
  const pages = await Promise.all(
    currencies.map((currency) => largestTransactionContributions(readStore, userId, summary.id, currency, limit)),
  );
  const candidates = pages
    .flat()
    .flatMap((doc) => ('amount' in doc ? [{ id: doc.id, converted: convert.money(doc.amount) }] : []))
    .sort((a, b) => largestFirst(a.converted, b.converted) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit);
  const views = await Promise.all(
    candidates.map((candidate) => readStore.get<TransactionView>(TRANSACTIONS_VIEW, userId, candidate.id)),
  );
  return candidates.flatMap((candidate, i) => {
    const view = views[i];
    return view === null || view === undefined ? [] : [{ ...view.doc, converted: candidate.converted }];
  });
}
