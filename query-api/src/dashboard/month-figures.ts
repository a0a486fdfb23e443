import {
  basisPointsUsed,
  budgetStatus,
  budgetSummary,
  isBeforeData,
  type BudgetSummary,
} from '@plenty/contracts/budget-status';
import { addMonths, datesOfMonth } from '@plenty/contracts/calendar/date';
import { largestFirst, type Exact } from '@plenty/contracts/figures';
import { CURRENCIES, allocateExact, totalOf, type Currency, type Money } from '@plenty/contracts/money';
import type { PreferencesView } from '@plenty/contracts/preferences';
import { convertExact } from '@plenty/contracts/rates';
import type {
  BudgetPerformance,
  CategoryMonth,
  DayTotals,
  MonthOverview,
  MonthPoint,
  Rule503020,
} from '@plenty/contracts/views/dashboard';
import type { CellsByCurrency, MonthlySummaryDoc, YearlySummaryDoc } from '@plenty/contracts/views/monthly-summary';
import type { CurrencyTotals } from '@plenty/contracts/views/transactions';

/**
 * Figures are computed exactly, as bigint: a month's sums and their conversions with the
 * user's rates can pass 2^53. The routes turn them into numbers once, with `finishFigures`.
 */

/** Sums converted to the display currency, exactly, with the transaction counts by type. */
export interface Converted {
  readonly income: bigint;
  readonly expense: bigint;
  readonly incomeCount: number;
  readonly expenseCount: number;
}

const ZERO: Converted = { income: 0n, expense: 0n, incomeCount: 0, expenseCount: 0 };

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Converts summary cells into one currency with the user's rates: each currency's total is
 * converted once, exactly, then the converted totals are added.
 */
export class Converter {
  constructor(
    readonly currency: Currency,
    private readonly rates: PreferencesView['rates'],
  ) {}

  money(value: Money): bigint {
    return this.exact(BigInt(value.amount), value.currency);
  }

  exact(amount: bigint, from: Currency): bigint {
    return convertExact(amount, from, this.currency, this.rates);
  }

  cells(cells: CellsByCurrency | undefined): Converted {
    if (cells === undefined) return ZERO;
    let income = 0n;
    let expense = 0n;
    let incomeCount = 0;
    let expenseCount = 0;
    for (const currency of CURRENCIES) {
      const cell = cells[currency];
      if (cell === undefined) continue;
      income += this.exact(totalOf(cell.income), currency);
      expense += this.exact(totalOf(cell.expense), currency);
      incomeCount += cell.incomeCount;
      expenseCount += cell.expenseCount;
    }
    return { income, expense, incomeCount, expenseCount };
  }
}

/** The month summaries a request needs, by month; a month without transactions is absent. */
export type Summaries = ReadonlyMap<string, MonthlySummaryDoc>;

/** The year summaries a request needs, by year `YYYY`; a year without transactions is absent. */
export type Years = ReadonlyMap<string, YearlySummaryDoc>;

/** Sums of a month per currency from its year's summary. */
export const monthCells = (years: Years, month: string): CellsByCurrency | undefined =>
  years.get(month.slice(0, 4))?.months[month];

/** The months from `count − 1` months before `month` up to `month`, oldest first. */
export const monthsEndingWith = (month: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => addMonths(month, i - count + 1));

/** The month's sums as recorded, in the order of CURRENCIES. */
export function perCurrency(doc: MonthlySummaryDoc | undefined): Exact<CurrencyTotals>[] {
  if (doc === undefined) return [];
  return CURRENCIES.flatMap((currency) => {
    const cell = doc.currencies[currency];
    return cell === undefined ? [] : [{ currency, income: totalOf(cell.income), expense: totalOf(cell.expense) }];
  });
}

/** Each category of the month, converted. */
export function categoriesOf(doc: MonthlySummaryDoc | undefined, convert: Converter): Map<string, Converted> {
  const result = new Map<string, Converted>();
  for (const [categoryId, cells] of Object.entries(doc?.categories ?? {})) result.set(categoryId, convert.cells(cells));
  return result;
}

/** By expense descending, then income descending, then id. */
export function byCategory(categories: ReadonlyMap<string, Converted>): Exact<CategoryMonth>[] {
  return [...categories]
    .map(([categoryId, c]) => ({
      categoryId,
      income: c.income,
      expense: c.expense,
      count: c.incomeCount + c.expenseCount,
    }))
    .sort(
      (a, b) =>
        largestFirst(a.expense, b.expense) || largestFirst(a.income, b.income) || byId(a.categoryId, b.categoryId),
    );
}

export function daily(month: string, doc: MonthlySummaryDoc | undefined, convert: Converter): Exact<DayTotals>[] {
  return datesOfMonth(month).map((date) => {
    const day = convert.cells(doc?.days[date]);
    return { date, income: day.income, expense: day.expense };
  });
}

export function monthPoints(months: readonly string[], years: Years, convert: Converter): Exact<MonthPoint>[] {
  return months.map((month) => {
    const totals = convert.cells(monthCells(years, month));
    return { month, income: totals.income, expense: totals.expense };
  });
}

/** One type's category before its share is known. */
interface CategoryPart {
  readonly categoryId: string;
  readonly type: 'income' | 'expense';
  readonly amount: bigint;
  readonly count: number;
}

/**
 * One type's categories with their share of the type's total in basis points; the shares
 * add up to exactly 10000 (the remainders go to the largest), or are all 0 when the total is.
 */
export function categoryShares(
  categories: ReadonlyMap<string, Converted>,
  type: 'income' | 'expense',
): (CategoryPart & { readonly share: number })[] {
  const rows: CategoryPart[] = [...categories]
    .map(([categoryId, c]) => ({
      categoryId,
      type,
      amount: type === 'income' ? c.income : c.expense,
      count: type === 'income' ? c.incomeCount : c.expenseCount,
    }))
    .filter((row) => row.count > 0)
    .sort((a, b) => largestFirst(a.amount, b.amount) || byId(a.categoryId, b.categoryId));
  // A negative converted figure cannot happen for positive amounts; it would count as nothing.
  const weights = rows.map((row) => (row.amount > 0n ? row.amount : 0n));
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  const shares = total === 0n ? rows.map(() => 0n) : allocateExact(10_000n, weights);
  return rows.map((row, i) => ({ ...row, share: Number(shares[i] ?? 0n) }));
}

/** 50 % needs, 30 % wants, 20 % savings of the month's income, in whole minor units that add up. */
export function rule503020(income: bigint): Exact<Rule503020> {
  const [needs = 0n, wants = 0n, savings = 0n] = allocateExact(income, [50n, 30n, 20n]);
  return { income, needs, wants, savings };
}

/** The monthly budget in the display currency, or null when none is set. */
export const budgetLimit = (preferences: PreferencesView, convert: Converter): bigint | null =>
  preferences.monthlyBudget === null ? null : convert.money(preferences.monthlyBudget);

/** Each month's spending against the budget; a month before `firstMonth` has `no_data`. */
export function budgetPerformance(
  months: readonly string[],
  years: Years,
  convert: Converter,
  limit: bigint | null,
  firstMonth: string | null = null,
): Exact<BudgetPerformance>[] {
  return months.map((month) => {
    const spent = convert.cells(monthCells(years, month)).expense;
    if (isBeforeData(month, firstMonth)) return { month, limit, spent, status: 'no_data', percentUsed: null };
    return { month, limit, spent, status: budgetStatus(spent, limit), percentUsed: basisPointsUsed(spent, limit) };
  });
}

/** What the dashboard and the reports share, before `outOfRange` is known, with the figures they build on. */
export interface Overview extends Exact<Omit<MonthOverview, 'outOfRange'>> {
  readonly converted: Converted;
  readonly budget: BudgetSummary & { readonly limitOriginal: Money | null };
}

/** What the dashboard and the reports share. */
export function monthOverview(input: {
  readonly month: string;
  readonly today: string;
  readonly preferences: PreferencesView;
  readonly summary: MonthlySummaryDoc | undefined;
  readonly convert: Converter;
  /** The user's first month with data; an earlier month's budget has `no_data`. */
  readonly firstMonth?: string | null;
  /** Recurring expenses still to come in the month (after today), in the display currency. */
  readonly scheduled?: bigint;
}): Overview {
  const { month, today, preferences, summary, convert } = input;
  const converted = convert.cells(summary?.currencies);
  const limit = budgetLimit(preferences, convert);
  const budget = {
    ...budgetSummary({
      month,
      today,
      limit,
      spent: converted.expense,
      firstMonth: input.firstMonth ?? null,
      scheduled: input.scheduled ?? 0n,
    }),
    limitOriginal: preferences.monthlyBudget,
  };
  return {
    month,
    today,
    currency: convert.currency,
    ratesDate: preferences.ratesDate,
    totals: { income: converted.income, expense: converted.expense, balance: converted.income - converted.expense },
    perCurrency: perCurrency(summary),
    count: summary?.count ?? 0,
    budget,
    converted,
  };
}
