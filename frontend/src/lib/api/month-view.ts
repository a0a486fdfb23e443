/** Which month a month view (dashboard, reports) shows, and as of which day. */
export interface MonthViewArgs {
  /** `YYYY-MM`; null = the current month in the user's time zone. */
  readonly month: string | null;
  /** `YYYY-MM-DD`: as it was at the end of that day, computed from the user's events; null = now. */
  readonly asOf: string | null;
}

/** The cache tags whose changes make a month view stale (`Recurring`: the bills still to come are in the projection). */
export const MONTH_VIEW_TAGS = ['Transactions', 'Budget', 'Profile', 'Categories', 'Reports', 'Recurring'] as const;

/** The query URL of a month view, e.g. `queries/dashboard?month=2026-05`. */
export function monthViewUrl(path: string, { month, asOf }: MonthViewArgs): string {
  const params = new URLSearchParams();
  if (month !== null) params.set('month', month);
  if (asOf !== null) params.set('asOf', asOf);
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}
