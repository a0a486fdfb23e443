import { basisPointsUsed, budgetStatus, isBeforeData } from '@plenty/contracts/budget-status';
import { addDays, daysBetween, daysInMonthOf, dayOfMonth, monthOfDate } from '@plenty/contracts/calendar/date';
import { INTEREST_CATEGORY_ID } from '@plenty/contracts/categories';
import { finishFigures, largestFirst, type Exact } from '@plenty/contracts/figures';
import { CURRENCIES, totalOf, type Currency } from '@plenty/contracts/money';
import { categoryParts } from '@plenty/contracts/splits';
import type {
  BudgetPerformance,
  DayTotals,
  HighSpendingItem,
  Insight,
  MonthPoint,
  RangeReport,
} from '@plenty/contracts/views/dashboard';
import {
  PAYMENT_CONTRIBUTION_PREFIX,
  type CellsByCurrency,
  type MonthlyContributionDoc,
  type MonthlySummaryDoc,
} from '@plenty/contracts/views/monthly-summary';
import { MONTHLY_CONTRIBUTIONS_VIEW, MONTHLY_SUMMARY_VIEW, TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import type { ReadStore, StoredDocument } from '@plenty/platform/read-store/port';
import { findAll } from '../read-all.js';
import { monthsBetween, readSummaryRecordsBetween } from '../budget/category-budgets.js';
import { budgetLimit, categoryShares, type Converted, type Converter } from '../dashboard/month-figures.js';
import { incomeInsights, topCategoryInsight, type TopExpense } from '../dashboard/insights.js';
import { monthContext, type MonthContext } from '../dashboard/month-reader.js';

/** A range of at most this many days lists each of its days. */
export const DAILY_MAX_DAYS = 92;
/** Months of budget performance at most, the range's last. */
export const RANGE_PERFORMANCE_MONTHS = 24;
/** Largest expenses listed. */
export const RANGE_HIGH_SPENDING = 10;
/**
 * Times the range is read before its partial months are counted from their days alone (see
 * `rangeReportOf`): each read after the first follows a projector commit that moved a month.
 */
export const RANGE_READ_ATTEMPTS = 3;
const PAGE = 500;

interface Cell {
  income: bigint;
  expense: bigint;
  incomeCount: number;
  expenseCount: number;
}

/** Sums per currency, exact, as the range adds them up before converting each total once. */
class Sums {
  readonly cells = new Map<Currency, Cell>();

  add(currency: Currency, type: 'income' | 'expense', amount: bigint, count: number): void {
    const cell = this.cells.get(currency) ?? { income: 0n, expense: 0n, incomeCount: 0, expenseCount: 0 };
    if (type === 'income') {
      cell.income += amount;
      cell.incomeCount += count;
    } else {
      cell.expense += amount;
      cell.expenseCount += count;
    }
    if (cell.incomeCount === 0 && cell.expenseCount === 0) this.cells.delete(currency);
    else this.cells.set(currency, cell);
  }

  /** Adds what `other` holds. */
  addSums(other: Sums): void {
    for (const [currency, cell] of other.cells) {
      this.add(currency, 'income', cell.income, cell.incomeCount);
      this.add(currency, 'expense', cell.expense, cell.expenseCount);
    }
  }

  /** Takes out what `other` holds. */
  subtract(other: Sums): void {
    for (const [currency, cell] of other.cells) {
      this.add(currency, 'income', -cell.income, -cell.incomeCount);
      this.add(currency, 'expense', -cell.expense, -cell.expenseCount);
    }
  }

  addCells(cells: CellsByCurrency | undefined): void {
    for (const currency of CURRENCIES) {
      const cell = cells?.[currency];
      if (cell === undefined) continue;
      this.add(currency, 'income', totalOf(cell.income), cell.incomeCount);
      this.add(currency, 'expense', totalOf(cell.expense), cell.expenseCount);
    }
  }

  convert(convert: Converter): Converted {
    let income = 0n;
    let expense = 0n;
    let incomeCount = 0;
    let expenseCount = 0;
    for (const [currency, cell] of this.cells) {
      income += convert.exact(cell.income, currency);
      expense += convert.exact(cell.expense, currency);
      incomeCount += cell.incomeCount;
      expenseCount += cell.expenseCount;
    }
    return { income, expense, incomeCount, expenseCount };
  }
}

const sumsOf = <K>(map: Map<K, Sums>, key: K): Sums => {
  const found = map.get(key);
  if (found !== undefined) return found;
  const created = new Sums();
  map.set(key, created);
  return created;
};

/** What the range adds up to before conversion. */
interface RangeSums {
  readonly total: Sums;
  readonly categories: Map<string, Sums>;
  readonly days: Map<string, Sums>;
  readonly months: Map<string, Sums>;
  count: number;
}

/** The transactions with a local date from `from` to `to` (both included), from the date index. */
async function transactionsBetween(
  readStore: ReadStore,
  userId: string,
  from: string,
  to: string,
): Promise<TransactionView[]> {
  const found = await findAll<TransactionView>(readStore, TRANSACTIONS_VIEW, {
    userId,
    ranges: { occurredAt: { gte: from, lt: addDays(to, 1) } },
    sort: [{ field: 'occurredAt', direction: 'asc' }],
    limit: PAGE,
  });
  return found.map(({ doc }) => doc);
}

/** The interest of wallet-paid installments (no transaction, but an expense of the month) from `from` to `to`. */
async function interestBetween(
  readStore: ReadStore,
  userId: string,
  from: string,
  to: string,
): Promise<Extract<MonthlyContributionDoc, { month: string }>[]> {
  const found: Extract<MonthlyContributionDoc, { month: string }>[] = [];
  const contributions = await findAll<MonthlyContributionDoc>(readStore, MONTHLY_CONTRIBUTIONS_VIEW, {
    userId,
    where: { categoryId: INTEREST_CATEGORY_ID, month: monthOfDate(from) },
    sort: [],
    limit: PAGE,
  });
  for (const { doc } of contributions) {
    if (!('month' in doc) || !doc.id.startsWith(PAYMENT_CONTRIBUTION_PREFIX)) continue;
    if (doc.date >= from && doc.date <= to) found.push(doc);
  }
  return found;
}

/**
 * Adds the days `from`..`to` of one month, counted one transaction (and split line) at a time.
 * The interest of installments is read only when the month's summary has some in its category
 * (`summary`): without it the month has none, and the contributions are not searched.
 */
async function addPartialMonth(
  sums: RangeSums,
  readStore: ReadStore,
  userId: string,
  summary: MonthlySummaryDoc,
  from: string,
  to: string,
): Promise<void> {
  const month = monthOfDate(from);
  const [transactions, interest] = await Promise.all([
    transactionsBetween(readStore, userId, from, to),
    summary.categories[INTEREST_CATEGORY_ID] === undefined ? [] : interestBetween(readStore, userId, from, to),
  ]);
  const add = (date: string, type: 'income' | 'expense', currency: Currency, amount: bigint) => {
    sums.total.add(currency, type, amount, 1);
    sumsOf(sums.months, month).add(currency, type, amount, 1);
    sumsOf(sums.days, date).add(currency, type, amount, 1);
    sums.count += 1;
  };
  for (const transaction of transactions) {
    const { type, date, amount } = transaction;
    add(date, type, amount.currency, BigInt(amount.amount));
    // Once in each category it has lines in, with their sum, as the month summaries count it.
    const inCategories = new Map<string, bigint>();
    for (const part of categoryParts(transaction)) {
      inCategories.set(part.categoryId, (inCategories.get(part.categoryId) ?? 0n) + BigInt(part.amount));
    }
    for (const [categoryId, sum] of inCategories)
      sumsOf(sums.categories, categoryId).add(amount.currency, type, sum, 1);
  }
  for (const part of interest) {
    add(part.date, 'expense', part.amount.currency, BigInt(part.amount.amount));
    sumsOf(sums.categories, part.categoryId).add(part.amount.currency, 'expense', BigInt(part.amount.amount), 1);
  }
}

/** Adds a whole month from its summary. */
function addWholeMonth(sums: RangeSums, month: string, summary: MonthlySummaryDoc | undefined): void {
  if (summary === undefined) return;
  sums.total.addCells(summary.currencies);
  sumsOf(sums.months, month).addCells(summary.currencies);
  for (const [categoryId, cells] of Object.entries(summary.categories))
    sumsOf(sums.categories, categoryId).addCells(cells);
  for (const [date, cells] of Object.entries(summary.days)) sumsOf(sums.days, date).addCells(cells);
  sums.count += summary.count;
}

/**
 * Adds the days `from`..`to` of a month as its summary less the month's other days, counted one
 * transaction at a time: the summary is the sum of every transaction and interest payment of
 * the month (the monthly summary projection), so this is what adding the days themselves gives,
 * and for a range ending today the other days hold only what is dated ahead.
 */
async function addMonthLessOtherDays(
  sums: RangeSums,
  readStore: ReadStore,
  userId: string,
  summary: MonthlySummaryDoc,
  from: string,
  to: string,
): Promise<void> {
  const month = monthOfDate(from);
  const first = dayOfMonth(month, 1);
  const last = dayOfMonth(month, daysInMonthOf(month));
  const other: RangeSums = { total: new Sums(), categories: new Map(), days: new Map(), months: new Map(), count: 0 };
  if (from > first) await addPartialMonth(other, readStore, userId, summary, first, addDays(from, -1));
  if (to < last) await addPartialMonth(other, readStore, userId, summary, addDays(to, 1), last);
  const whole = new Sums();
  whole.addCells(summary.currencies);
  whole.subtract(other.total);
  sums.total.addSums(whole);
  sumsOf(sums.months, month).addSums(whole);
  for (const [categoryId, cells] of Object.entries(summary.categories)) {
    const inCategory = new Sums();
    inCategory.addCells(cells);
    const taken = other.categories.get(categoryId);
    if (taken !== undefined) inCategory.subtract(taken);
    if (inCategory.cells.size > 0) sumsOf(sums.categories, categoryId).addSums(inCategory);
  }
  for (const [date, cells] of Object.entries(summary.days)) {
    if (date >= from && date <= to) sumsOf(sums.days, date).addCells(cells);
  }
  sums.count += summary.count - other.count;
}

/**
 * The range's largest expenses in the display currency: the largest few of each currency that
 * occurs, from the amount index within the range's dates, converted and merged.
 */
async function largestExpensesBetween(
  readStore: ReadStore,
  userId: string,
  range: { readonly from: string; readonly to: string },
  currencies: readonly Currency[],
  convert: Converter,
): Promise<Exact<HighSpendingItem>[]> {
  const pages = await Promise.all(
    currencies.map((currency) =>
      readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
        userId,
        where: { type: 'expense', currency },
        ranges: { occurredAt: { gte: range.from, lt: addDays(range.to, 1) } },
        sort: [{ field: 'amount', direction: 'desc' }],
        limit: RANGE_HIGH_SPENDING,
      }),
    ),
  );
  return pages
    .flatMap((page) => page.items.map(({ doc }) => ({ ...doc, converted: convert.money(doc.amount) })))
    .sort((a, b) => largestFirst(a.converted, b.converted) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, RANGE_HIGH_SPENDING);
}

/** savings_rate or no_income, and top_category, over the range; `[no_data]` when none applies. */
function rangeInsights(totals: Converted, topExpense: TopExpense | undefined): Exact<Insight>[] {
  const insights = [...incomeInsights(totals), ...topCategoryInsight(topExpense)];
  return insights.length === 0 ? [{ kind: 'no_data' }] : insights;
}

/** Days of the range, both ends included. */
export const rangeDays = (from: string, to: string): number => daysBetween(from, to) + 1;

/**
 * Whether the summaries of `months` are as `read` holds them: none written since (same
 * position), none added or removed. One document each, not the range's summaries again.
 */
async function unmoved(
  readStore: ReadStore,
  userId: string,
  months: readonly string[],
  read: ReadonlyMap<string, StoredDocument<MonthlySummaryDoc>>,
): Promise<boolean> {
  const now = await Promise.all(months.map((month) => readStore.get(MONTHLY_SUMMARY_VIEW, userId, month)));
  return months.every((month, i) => (now[i]?.position ?? null) === (read.get(month)?.position ?? null));
}

/**
 * Adds up the range: whole months from their summaries, a partial month from its days, or
 * (`fewest`, when fewer) as its summary less its other days.
 */
async function sumRange(
  readStore: ReadStore,
  userId: string,
  range: { readonly from: string; readonly to: string },
  summaries: ReadonlyMap<string, StoredDocument<MonthlySummaryDoc>>,
  partialMonths: 'fewest' | 'own-days',
): Promise<RangeSums> {
  const { from, to } = range;
  const sums: RangeSums = { total: new Sums(), categories: new Map(), days: new Map(), months: new Map(), count: 0 };
  for (const month of monthsBetween(monthOfDate(from), monthOfDate(to))) {
    const first = dayOfMonth(month, 1);
    const last = dayOfMonth(month, daysInMonthOf(month));
    const start = from > first ? from : first;
    const end = to < last ? to : last;
    const summary = summaries.get(month)?.doc;
    if (start === first && end === last) addWholeMonth(sums, month, summary);
    else {
      if (summary === undefined) continue;
      // The fewer days are read: those of the range, or the month's others.
      if (partialMonths === 'fewest' && rangeDays(start, end) * 2 > daysInMonthOf(month)) {
        await addMonthLessOtherDays(sums, readStore, userId, summary, start, end);
      } else {
        await addPartialMonth(sums, readStore, userId, summary, start, end);
      }
    }
  }
  return sums;
}

/**
 * The reports of a range of local dates: whole months from their summaries, the days of a
 * partial month at either end from its transactions (split lines by their categories), so the
 * cost depends on the edges, not the length.
 *
 * The summaries and the transactions are separate reads, and the projector may commit between
 * them (on MongoDB, and on SQLite where it writes from a thread of its own): a month's summary
 * from before a commit less its other days from after it is a wrong total. A projector batch
 * changes a month's transactions and its summary in one transaction, so when the summary of
 * no partial month moved from before the first read to after the last one, what was read is
 * one state; otherwise the range is read again (`RANGE_READ_ATTEMPTS` times at most, then its
 * partial months are counted from their own days only, with no summary to mix them with).
 */
export async function rangeReportOf(
  readStore: ReadStore,
  userId: string,
  range: { readonly from: string; readonly to: string },
  now: Date,
): Promise<RangeReport> {
  const { from, to } = range;
  const months = monthsBetween(monthOfDate(from), monthOfDate(to));
  // Only a partial month reads anything beside the summaries, which are one read of their own.
  // A commit that changes a partial month's transactions also writes its summary, so only the
  // partial months' summaries are looked at again; one that changes whole months alone leaves
  // what was read of the partial months as it was, so the answer is still one state.
  const partialMonths = [
    ...new Set([
      ...(from === dayOfMonth(monthOfDate(from), 1) ? [] : [monthOfDate(from)]),
      ...(to === dayOfMonth(monthOfDate(to), daysInMonthOf(monthOfDate(to))) ? [] : [monthOfDate(to)]),
    ]),
  ];
  let records = await readSummaryRecordsBetween(readStore, userId, monthOfDate(from), monthOfDate(to));
  let sums: RangeSums;
  let highSpending: Exact<HighSpendingItem>[];
  let context: MonthContext;
  for (let attempt = 1; ; attempt += 1) {
    // Read again with the rest: a commit can change the first month with data, or the rates.
    context = await monthContext(readStore, userId, undefined, now);
    const { convert } = context;
    sums = await sumRange(readStore, userId, range, records, attempt > RANGE_READ_ATTEMPTS ? 'own-days' : 'fewest');
    const spentIn = sums.total.cells;
    const currencies = CURRENCIES.filter((currency) => (spentIn.get(currency)?.expenseCount ?? 0) > 0);
    highSpending = await largestExpensesBetween(readStore, userId, range, currencies, convert);
    if (partialMonths.length === 0 || attempt > RANGE_READ_ATTEMPTS) break;
    if (await unmoved(readStore, userId, partialMonths, records)) break;
    records = await readSummaryRecordsBetween(readStore, userId, monthOfDate(from), monthOfDate(to));
  }
  const summaries = new Map([...records].map(([month, record]) => [month, record.doc] as const));
  const { convert, preferences } = context;

  const totals = sums.total.convert(convert);
  const categories = new Map([...sums.categories].map(([id, s]) => [id, s.convert(convert)] as const));
  const expenseShares = categoryShares(categories, 'expense');

  const daily: Exact<DayTotals>[] = [];
  if (rangeDays(from, to) <= DAILY_MAX_DAYS) {
    for (let date = from; date <= to; date = addDays(date, 1)) {
      const day = sums.days.get(date)?.convert(convert);
      daily.push({ date, income: day?.income ?? 0n, expense: day?.expense ?? 0n });
    }
  }
  const monthPoints: Exact<MonthPoint>[] = months.map((month) => {
    const point = sums.months.get(month)?.convert(convert);
    return { month, income: point?.income ?? 0n, expense: point?.expense ?? 0n };
  });
  // A month's budget is for the whole month: its performance counts the month's spending.
  const limit = budgetLimit(preferences, convert);
  const budgetPerformance: Exact<BudgetPerformance>[] = months.slice(-RANGE_PERFORMANCE_MONTHS).map((month) => {
    const spent = convert.cells(summaries.get(month)?.currencies).expense;
    if (isBeforeData(month, context.firstMonth)) return { month, limit, spent, status: 'no_data', percentUsed: null };
    return { month, limit, spent, status: budgetStatus(spent, limit), percentUsed: basisPointsUsed(spent, limit) };
  });

  const { value, outOfRange } = finishFigures<Omit<RangeReport, 'outOfRange'>>({
    from,
    to,
    today: context.today,
    currency: convert.currency,
    ratesDate: preferences.ratesDate,
    totals: { income: totals.income, expense: totals.expense, balance: totals.income - totals.expense },
    perCurrency: CURRENCIES.flatMap((currency) => {
      const cell = sums.total.cells.get(currency);
      return cell === undefined ? [] : [{ currency, income: cell.income, expense: cell.expense }];
    }),
    count: sums.count,
    netIncome: totals.income - totals.expense,
    categoryBreakdown: { expense: expenseShares, income: categoryShares(categories, 'income') },
    highSpending,
    daily,
    months: monthPoints,
    budgetPerformance,
    insights: rangeInsights(totals, expenseShares[0]),
  });
  return { ...value, outOfRange };
}
