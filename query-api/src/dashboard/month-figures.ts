import { addMonths, budgetStatus, budgetSummary, datesOfMonth, percentUsed } from '@plenty/contracts/budget-status';
import { CURRENCIES, allocate, type Currency, type Money } from '@plenty/contracts/money';
import type { PreferencesView } from '@plenty/contracts/preferences';
import { convertMoney } from '@plenty/contracts/rates';
import type {
  BudgetPerformance,
  BudgetSummaryView,
  CategoryMonth,
  CategoryShare,
  CellsByCurrency,
  DayTotals,
  MonthOverview,
  MonthPoint,
  MonthlySummaryDoc,
  Rule503020,
  YearlySummaryDoc,
} from '@plenty/contracts/views/dashboard';
import type { CurrencyTotals } from '@plenty/contracts/views/transactions';

/** Sums converted to the display currency, with the transaction counts by type. */
export interface Converted {
  readonly income: number;
  readonly expense: number;
  readonly incomeCount: number;
  readonly expenseCount: number;
}

const ZERO: Converted = { income: 0, expense: 0, incomeCount: 0, expenseCount: 0 };

/**
 * Converts summary cells into one currency with the user's rates: each currency's total is
 * converted once, then the converted totals are added.
 */
export class Converter {
  constructor(
    readonly currency: Currency,
    private readonly rates: PreferencesView['rates'],
  ) {}

  money(value: Money): number {
    // Nothing converts to nothing: most cells hold only income or only expense.
    if (value.amount === 0) return 0;
    return convertMoney(value, this.currency, this.rates).amount;
  }

  cells(cells: CellsByCurrency | undefined): Converted {
    if (cells === undefined) return ZERO;
    let income = 0;
    let expense = 0;
    let incomeCount = 0;
    let expenseCount = 0;
    for (const currency of CURRENCIES) {
      const cell = cells[currency];
      if (cell === undefined) continue;
      income += this.money({ amount: cell.income, currency });
      expense += this.money({ amount: cell.expense, currency });
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
export function perCurrency(doc: MonthlySummaryDoc | undefined): CurrencyTotals[] {
  if (doc === undefined) return [];
  return CURRENCIES.flatMap((currency) => {
    const cell = doc.currencies[currency];
    return cell === undefined ? [] : [{ currency, income: cell.income, expense: cell.expense }];
  });
}

/** Each category of the month, converted. */
export function categoriesOf(doc: MonthlySummaryDoc | undefined, convert: Converter): Map<string, Converted> {
  const result = new Map<string, Converted>();
  for (const [categoryId, cells] of Object.entries(doc?.categories ?? {})) result.set(categoryId, convert.cells(cells));
  return result;
}

/** By expense descending, then income descending, then id. */
export function byCategory(categories: ReadonlyMap<string, Converted>): CategoryMonth[] {
  return [...categories]
    .map(([categoryId, c]) => ({
      categoryId,
      income: c.income,
      expense: c.expense,
      count: c.incomeCount + c.expenseCount,
    }))
    .sort(
      (a, b) =>
        b.expense - a.expense ||
        b.income - a.income ||
        (a.categoryId < b.categoryId ? -1 : a.categoryId > b.categoryId ? 1 : 0),
    );
}

export function daily(month: string, doc: MonthlySummaryDoc | undefined, convert: Converter): DayTotals[] {
  return datesOfMonth(month).map((date) => {
    const day = convert.cells(doc?.days[date]);
    return { date, income: day.income, expense: day.expense };
  });
}

export function monthPoints(months: readonly string[], years: Years, convert: Converter): MonthPoint[] {
  return months.map((month) => {
    const totals = convert.cells(monthCells(years, month));
    return { month, income: totals.income, expense: totals.expense };
  });
}

/**
 * One type's categories with their share of the type's total in basis points; the shares
 * add up to exactly 10000 (the remainders go to the largest), or are all 0 when the total is.
 */
export function categoryShares(
  categories: ReadonlyMap<string, Converted>,
  type: 'income' | 'expense',
): CategoryShare[] {
  const rows = [...categories]
    .map(([categoryId, c]) => ({
      categoryId,
      type,
      amount: type === 'income' ? c.income : c.expense,
      count: type === 'income' ? c.incomeCount : c.expenseCount,
    }))
    .filter((row) => row.count > 0)
    .sort((a, b) => b.amount - a.amount || (a.categoryId < b.categoryId ? -1 : a.categoryId > b.categoryId ? 1 : 0));
  const total = rows.reduce((sum, row) => sum + row.amount, 0);
  const shares =
    total === 0
      ? rows.map(() => 0)
      : allocate(
          { amount: 10_000, currency: 'USD' },
          rows.map((row) => row.amount),
        ).map((part) => part.amount);
  return rows.map((row, i) => ({ ...row, share: shares[i] ?? 0 }));
}

/** 50 % needs, 30 % wants, 20 % savings of the month's income, in whole minor units that add up. */
export function rule503020(income: number, currency: Currency): Rule503020 {
  const [needs, wants, savings] = allocate({ amount: income, currency }, [50, 30, 20]).map((part) => part.amount);
  return { income, needs: needs ?? 0, wants: wants ?? 0, savings: savings ?? 0 };
}

/** The monthly budget in the display currency, or null when none is set. */
export const budgetLimit = (preferences: PreferencesView, convert: Converter): number | null =>
  preferences.monthlyBudget === null ? null : convert.money(preferences.monthlyBudget);

export function budgetPerformance(
  months: readonly string[],
  years: Years,
  convert: Converter,
  limit: number | null,
): BudgetPerformance[] {
  return months.map((month) => {
    const spent = convert.cells(monthCells(years, month)).expense;
    return { month, limit, spent, status: budgetStatus(spent, limit), percentUsed: percentUsed(spent, limit) };
  });
}

/** What the dashboard and the reports share. */
export function monthOverview(input: {
  readonly month: string;
  readonly today: string;
  readonly preferences: PreferencesView;
  readonly summary: MonthlySummaryDoc | undefined;
  readonly convert: Converter;
}): MonthOverview & { readonly converted: Converted } {
  const { month, today, preferences, summary, convert } = input;
  const converted = convert.cells(summary?.currencies);
  const limit = budgetLimit(preferences, convert);
  const budget: BudgetSummaryView = {
    ...budgetSummary({ month, today, limit, spent: converted.expense }),
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
