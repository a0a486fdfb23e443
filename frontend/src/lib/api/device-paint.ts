import { restoringSession } from '../auth/auth-slice';
import { paintRefreshed } from '../offline/network-slice';
import type { DevicePaint } from './base-query';
import { cacheEntry, endpointOf } from './cache-entry';

/** How often, and how many times at most, a refresh looks whether the painted answer is in the cache yet. */
const REFRESH_POLL_MS = 25;
const REFRESH_POLLS = 400;

function stillRefreshing(state: unknown, queryCacheKey: string): boolean {
  const refreshing = (state as { network?: { refreshing?: readonly string[] } } | null)?.network?.refreshing;
  return refreshing?.includes(queryCacheKey) === true;
}

/**
 * Repeat visits paint each query's device copy first, then ask the server (base-query.ts,
 * DevicePaint), for the api whose `endpoints` are given. The painted entry counts as being
 * updated until a later request for it settles (network-slice.ts); a request already on its way
 * when the answer is painted does that itself.
 */
export function createDevicePaint(endpoints: () => object): DevicePaint {
  return {
    painting: restoringSession,
    refresh({ dispatch, getState }, queryCacheKey) {
      const attempt = (pollsLeft: number) => {
        if (!stillRefreshing(getState(), queryCacheKey)) return;
        const entry = cacheEntry(getState(), queryCacheKey);
        // The painted answer is not in the cache yet, or another request for it is on its way.
        if (entry?.status === 'pending' && pollsLeft > 0) {
          setTimeout(() => attempt(pollsLeft - 1), REFRESH_POLL_MS);
          return;
        }
        const endpoint = endpointOf(endpoints(), entry);
        if (entry === undefined || endpoint === undefined) {
          dispatch(paintRefreshed(queryCacheKey));
          return;
        }
        try {
          const asked = dispatch(
            endpoint.initiate(entry.originalArgs, { subscribe: false, forceRefetch: true }) as Parameters<
              typeof dispatch
            >[0],
          ) as unknown;
          // Settled without a request (another was still on its way): told as no longer updated.
          void Promise.resolve(asked)
            .catch(() => undefined)
            .finally(() => {
              if (
                stillRefreshing(getState(), queryCacheKey) &&
                cacheEntry(getState(), queryCacheKey)?.status !== 'pending'
              )
                dispatch(paintRefreshed(queryCacheKey));
            });
        } catch {
          dispatch(paintRefreshed(queryCacheKey));
        }
      };
      attempt(REFRESH_POLLS);
    },
  };
}
