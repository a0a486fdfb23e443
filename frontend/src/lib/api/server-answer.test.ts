import { describe, expect, it } from 'vitest';
import type { NetworkState } from '../offline/network-slice';
import { selectIsPainted } from './server-answer';

const network = (refreshing: string[]): NetworkState => ({
  online: true,
  shownAsOf: refreshing.length > 0 ? '2026-11-27T07:00:00.000Z' : null,
  browserOnline: true,
  refreshing,
});

/** Two cache entries: the goals (filled by request r-goals) and the dashboard (r-dash). */
const queries = {
  'goals(undefined)': { requestId: 'r-goals' },
  'dashboard({"month":"2026-11"})': { requestId: 'r-dash' },
};

describe('whether a query’s answer is the painted device copy', () => {
  it('is while its own cache entry waits for the server', () => {
    const state = { network: network(['goals(undefined)']), api: { queries } };
    expect(selectIsPainted(state, { requestId: 'r-goals' })).toBe(true);
  });

  it('is not because another entry is still painted', () => {
    const state = { network: network(['dashboard({"month":"2026-11"})']), api: { queries } };
    expect(selectIsPainted(state, { requestId: 'r-goals' })).toBe(false);
  });

  it('is while the refresh of its entry is on its way (the entry holds the new request)', () => {
    const state = {
      network: network(['goals(undefined)']),
      api: { queries: { ...queries, 'goals(undefined)': { requestId: 'r-refresh' } } },
    };
    expect(selectIsPainted(state, { requestId: 'r-refresh' })).toBe(true);
  });

  it('is not once the server answered (the entry left the list), nor for a query not asked', () => {
    const state = { network: network([]), api: { queries } };
    expect(selectIsPainted(state, { requestId: 'r-goals' })).toBe(false);
    expect(selectIsPainted({ network: network(['goals(undefined)']), api: { queries } }, {})).toBe(false);
  });
});
