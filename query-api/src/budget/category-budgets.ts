import { addMonths } from '@plenty/contracts/calendar/date';
import { basisPointsUsed, budgetStatus } from '@plenty/contracts/budget-status';
import {
  categoryLimitIn,
  firstBudgetMonth,
  rolloverCarried,
  type CategoryBudgetDoc,
  type CategoryBudgetLine,
  type CategoryBudgetsSummary,
} from '@plenty/contracts/category-budgets';
import { largestFirst, type Exact } from '@plenty/contracts/figures';
import type { MonthlySummaryDoc } from '@plenty/contracts/views/monthly-summary';
import { CATEGORY_BUDGETS_VIEW, MONTHLY_SUMMARY_VIEW } from '@plenty/contracts/views/registry';
import type { ReadStore, StoredDocument } from '@plenty/platform/read-store/port';
import { findAll } from '../read-all.js';
import type { Converter, Summaries } from '../dashboard/month-figures.js';

const PAGE = 500;
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every category budget document of the user (one per category with a setting). */
export async function readCategoryBudgetDocs(readStore: ReadStore, userId: string): Promise<CategoryBudgetDoc[]> {
  const found = await findAll<CategoryBudgetDoc>(readStore, CATEGORY_BUDGETS_VIEW, { userId, sort: [], limit: PAGE });
  return found.map(({ doc }) => doc);
}

/**
 * The month summaries from `from` to `to` (both included), with the position each was last
 * written at, from pages of the user's summaries in id (month) order: one read per page of
 * months, never one per month. (The summaries have no indexed field to bound; a user has one per
 * month with transactions.)
 */
export async function readSummaryRecordsBetween(
  readStore: ReadStore,
  userId: string,
  from: string,
  to: string,
): Promise<Map<string, StoredDocument<MonthlySummaryDoc>>> {
  const summaries = new Map<string, StoredDocument<MonthlySummaryDoc>>();
  if (from > to) return summaries;
  let cursor: string | undefined;
  for (;;) {
    const page = await readStore.find<MonthlySummaryDoc>(MONTHLY_SUMMARY_VIEW, {
      userId,
      sort: [],
      limit: PAGE,
      ...(cursor === undefined ? {} : { cursor }),
    });
    let past = false;
    for (const record of page.items) {
      if (record.id > to) past = true;
      else if (record.id >= from) summaries.set(record.id, record);
    }
    cursor = page.nextCursor ?? undefined;
    if (past || cursor === undefined) return summaries;
  }
}

/** The month summaries from `from` to `to` (both included), see readSummaryRecordsBetween. */
export async function readSummariesBetween(
  readStore: ReadStore,
  userId: string,
  from: string,
  to: string,
): Promise<Map<string, MonthlySummaryDoc>> {
  const records = await readSummaryRecordsBetween(readStore, userId, from, to);
  return new Map([...records].map(([id, record]) => [id, record.doc]));
}

/** What a category's transactions and split lines spent in a month, in the display currency. */
export const categorySpent = (summary: MonthlySummaryDoc | undefined, categoryId: string, convert: Converter): bigint =>
  convert.cells(summary?.categories[categoryId]).expense;

/** The months from `from` to `to`, both included (empty when `from` is after `to`). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** The first month a rollover chain into `month` could start in, over every category with rollover on. */
export function rolloverStart(docs: readonly CategoryBudgetDoc[], month: string): string | null {
  const starts = docs
    .filter((doc) => doc.rollover)
    .map((doc) => firstBudgetMonth(doc))
    .filter((start): start is string => start !== null && start < month);
  return starts.length === 0 ? null : starts.reduce((a, b) => (a < b ? a : b));
}

/** What rollover brings a category into `month`, in the display currency at the current rates. */
export function carriedInto(doc: CategoryBudgetDoc, month: string, summaries: Summaries, convert: Converter): bigint {
  const first = doc.rollover ? firstBudgetMonth(doc) : null;
  if (first === null || first >= month) return 0n;
  return rolloverCarried(
    monthsBetween(first, addMonths(month, -1)).map((earlier) => {
      const set = categoryLimitIn(doc, earlier).limit;
      return {
        limit: set === null ? null : convert.money(set),
        spent: categorySpent(summaries.get(earlier), doc.categoryId, convert),
      };
    }),
  );
}

/** A budgeted category's month, exactly; null when the category has no limit that month. */
export function categoryBudgetLine(
  doc: CategoryBudgetDoc,
  month: string,
  summaries: Summaries,
  convert: Converter,
): Exact<CategoryBudgetLine> | null {
  const { limit: limitOriginal, repeat } = categoryLimitIn(doc, month);
  if (limitOriginal === null || repeat === null) return null;
  const limit = convert.money(limitOriginal);
  const carried = carriedInto(doc, month, summaries, convert);
  const available = limit + carried;
  const spent = categorySpent(summaries.get(month), doc.categoryId, convert);
  return {
    categoryId: doc.categoryId,
    limit,
    limitOriginal,
    repeat,
    rollover: doc.rollover,
    carried,
    available,
    spent,
    remaining: available - spent,
    percentUsed: basisPointsUsed(spent, available),
    status: budgetStatus(spent, available),
  };
}

/**
 * The month's category budgets: each category with a limit that month, its rollover, spending
 * and status, and the month's spending in categories without a limit. `summaries` holds the
 * month's summary and, for rollover, those of the months before it back to `rolloverStart`.
 */
export function categoryBudgetsSummary(input: {
  readonly month: string;
  readonly docs: readonly CategoryBudgetDoc[];
  readonly summaries: Summaries;
  readonly convert: Converter;
}): Exact<CategoryBudgetsSummary> {
  const { month, docs, summaries, convert } = input;
  const summary = summaries.get(month);
  const lines = docs.flatMap((doc) => categoryBudgetLine(doc, month, summaries, convert) ?? []);
  const items = lines.sort(
    (a, b) =>
      largestFirst(BigInt(a.percentUsed ?? -1), BigInt(b.percentUsed ?? -1)) || byId(a.categoryId, b.categoryId),
  );
  const budgeted = new Set(items.map((item) => item.categoryId));
  const spentBudgeted = items.reduce((sum, item) => sum + BigInt(item.spent), 0n);
  const expense = convert.cells(summary?.currencies).expense;
  const unbudgetedCategories = Object.keys(summary?.categories ?? {})
    .filter((categoryId) => !budgeted.has(categoryId))
    .map((categoryId) => ({ categoryId, spent: categorySpent(summary, categoryId, convert) }))
    .filter((row) => row.spent > 0n)
    .sort((a, b) => largestFirst(a.spent, b.spent) || byId(a.categoryId, b.categoryId));
  // The whole month counts each transaction once, the categories count its parts: the same
  // sum, but each is converted from its own totals, so rounding can leave a unit or two below 0.
  const unbudgeted = expense - spentBudgeted;
  return {
    items,
    budgeted: items.reduce((sum, item) => sum + BigInt(item.available), 0n),
    spentBudgeted,
    unbudgeted: unbudgeted > 0n ? unbudgeted : 0n,
    unbudgetedCategories,
  };
}

/**
 * The category budgets of `month`, read from the store: the documents, and the earlier months
 * rollover needs in one paged read; `known` are summaries the caller already holds.
 */
export async function readCategoryBudgets(
  readStore: ReadStore,
  userId: string,
  month: string,
  convert: Converter,
  known: Summaries,
): Promise<Exact<CategoryBudgetsSummary>> {
  const docs = await readCategoryBudgetDocs(readStore, userId);
  const start = rolloverStart(docs, month);
  const earlier =
    start === null ? new Map<string, MonthlySummaryDoc>() : await readSummariesBetween(readStore, userId, start, month);
  const summaries = new Map([...earlier, ...known]);
  return categoryBudgetsSummary({ month, docs, summaries, convert });
}
