import { categoriesApi } from '../../ui/category-form/api';
import { upcomingApi } from '../../ui/upcoming/api';
import { dashboardApi } from './api';
import { UPCOMING_DAYS } from './components/upcoming-card';

/** The store, as far as starting queries goes. */
interface Dispatches {
  dispatch(action: unknown): unknown;
}

/** `/dashboard`, `/th/dashboard` or `/lo/dashboard`, with neither a month nor a past day asked for. */
export function isPlainDashboard(pathname: string, search: string): boolean {
  const params = new URLSearchParams(search);
  return /^(?:\/(?:th|lo))?\/dashboard\/?$/.test(pathname) && !params.has('month') && !params.has('asOf');
}

/**
 * Starts the queries of the dashboard's first cards (the month, the week ahead, the categories)
 * with the arguments its page asks them with, before React first renders: on a repeat visit
 * their device copies are read while the app renders, so the page's first render already holds
 * them, and the server is asked as when the page asks (base-query.ts, `DevicePaint`). Held
 * by no one, they stay in the cache for the page to take (`keepUnusedDataFor`).
 */
export function prefetchDashboard(store: Dispatches): void {
  store.dispatch(dashboardApi.endpoints.dashboard.initiate({ month: null, asOf: null }, { subscribe: false }));
  store.dispatch(upcomingApi.endpoints.upcoming.initiate({ days: UPCOMING_DAYS }, { subscribe: false }));
  store.dispatch(categoriesApi.endpoints.categories.initiate(undefined, { subscribe: false }));
}
