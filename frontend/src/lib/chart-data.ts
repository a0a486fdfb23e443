/** Most points a chart draws: a year of days. Longer series are merged into buckets first. */
export const MAX_CHART_POINTS = 365;

/**
 * At most `max` points, each merging consecutive points in order (equal buckets, the last may be
 * smaller); a series that already fits is returned as it is.
 */
export function downsample<T>(points: readonly T[], merge: (bucket: readonly T[]) => T, max = MAX_CHART_POINTS): T[] {
  if (max < 1) throw new RangeError('a chart needs at least one point');
  if (points.length <= max) return [...points];
  const size = Math.ceil(points.length / max);
  const merged: T[] = [];
  for (let start = 0; start < points.length; start += size) merged.push(merge(points.slice(start, start + size)));
  return merged;
}

export interface FlowPoint {
  /** The first month or day of the point (`YYYY-MM` or `YYYY-MM-DD`). */
  readonly key: string;
  readonly income: number;
  readonly expense: number;
}

/** Income and expense summed over a bucket, named by its first point. */
export function mergeFlows(bucket: readonly FlowPoint[]): FlowPoint {
  return {
    key: bucket[0]?.key ?? '',
    income: bucket.reduce((sum, point) => sum + point.income, 0),
    expense: bucket.reduce((sum, point) => sum + point.expense, 0),
  };
}

export interface Slice {
  /** A category id, or null for the slice that gathers the smaller categories. */
  readonly categoryId: string | null;
  readonly amount: number;
}

/**
 * The largest `max − 1` categories and one slice for the rest, so a donut stays readable; with
 * `max` or fewer categories, every one. Categories with nothing are left out.
 */
export function topSlices(
  items: readonly { readonly categoryId: string; readonly amount: number }[],
  max = 6,
): Slice[] {
  const positive = items.filter((item) => item.amount > 0).sort((a, b) => b.amount - a.amount);
  if (positive.length <= max) return positive.map(({ categoryId, amount }) => ({ categoryId, amount }));
  const kept = positive.slice(0, max - 1).map(({ categoryId, amount }): Slice => ({ categoryId, amount }));
  const rest = positive.slice(max - 1).reduce((sum, item) => sum + item.amount, 0);
  return [...kept, { categoryId: null, amount: rest }];
}

export interface SpendingPoint {
  readonly date: string;
  /** Expenses from the first of the month up to this day; null for days still to come. */
  readonly spent: number | null;
  /** Where spending would stand on this day at an even pace to the budget; null without a budget. */
  readonly pace: number | null;
}

/**
 * Spending accumulated day by day through the month, stopping after `today` in the current
 * month, beside the even pace that ends exactly at the budget.
 */
export function cumulativeSpending(
  daily: readonly { readonly date: string; readonly expense: number }[],
  today: string,
  limit: number | null,
): SpendingPoint[] {
  let running = 0;
  const days = daily.length;
  return daily.map((day, index) => {
    running += day.expense;
    return {
      date: day.date,
      spent: day.date > today ? null : running,
      pace: limit === null ? null : Math.round((limit * (index + 1)) / days),
    };
  });
}
