import type { Middleware } from '@reduxjs/toolkit';
import { navigatorSaysOnline } from '../offline/network-slice';
import { isQueryRemoved, isQuerySettled } from '../store/query-actions';
import { cacheEntry, endpointOf } from './cache-entry';
import { selectBehind } from './consistency-slice';

/**
 * The pauses before an entry still behind the last command is asked for again: its request
 * already waited for the views (the server up to 2 s, the base query's own pauses), so the
 * views are far behind; the pause grows, and stays at the last one for as long as it takes.
 */
export const CATCH_UP_AGAIN_MS: readonly number[] = [2_000, 4_000, 8_000, 15_000, 30_000];

export interface CatchUpOptions {
  /** The api's endpoints (read when an entry is asked again, so endpoints injected later count). */
  readonly endpoints: () => object;
  /** The api's `reducerPath`, where its cache entries are in the state. */
  readonly reducerPath: string;
  readonly delaysMs?: readonly number[];
  /** Whether the browser says it is online; offline, the entries are asked again when it is back. */
  readonly browserOnline?: () => boolean;
}

/**
 * Asks again for the entries whose answer is still behind the browser's last command
 * (consistency-slice.ts `behind`): an answer that came while the views were far behind (a busy
 * machine, a device copy answering for a slow server, a command answered while its entry's
 * request was on its way) would otherwise stay on screen, without the change, until something
 * else asked again. Each entry is asked again after a growing pause, as long as it is cached and
 * its answers stay behind; an answer that caught up, an error and an entry leaving the cache
 * stop it.
 */
export function createCatchUp(options: CatchUpOptions): Middleware {
  const delays = options.delaysMs ?? CATCH_UP_AGAIN_MS;
  const browserOnline = options.browserOnline ?? navigatorSaysOnline;
  /** Per entry still behind: how many times it was asked again, and the pause under way. */
  const pending = new Map<string, { asked: number; timer: ReturnType<typeof setTimeout> | null }>();

  const stop = (key: string) => {
    const entry = pending.get(key);
    if (entry?.timer != null) clearTimeout(entry.timer);
    pending.delete(key);
  };

  return (store) => (next) => (action) => {
    const result = next(action);
    if (typeof action !== 'object' || action === null || typeof (action as { type?: unknown }).type !== 'string')
      return result;
    const typed = action as { type: string };
    if (isQueryRemoved(typed)) {
      stop(typed.payload.queryCacheKey);
      return result;
    }
    if (!isQuerySettled(typed) || !typed.type.startsWith(`${options.reducerPath}/`)) return result;
    const key = typed.meta.arg?.queryCacheKey;
    if (typeof key !== 'string' || typed.meta.condition === true) return result;
    if (!selectBehind(store.getState()).includes(key)) {
      stop(key);
      return result;
    }
    const known = pending.get(key) ?? { asked: 0, timer: null };
    if (known.timer !== null) return result;
    const delay = delays[Math.min(known.asked, delays.length - 1)] ?? 0;
    const entry = { asked: known.asked + 1, timer: null as ReturnType<typeof setTimeout> | null };
    entry.timer = setTimeout(() => {
      entry.timer = null;
      const state = store.getState();
      const cached = cacheEntry(state, key, options.reducerPath);
      // Caught up meanwhile, gone from the cache, or another request on its way (its answer
      // decides again); offline, reconnecting asks again (`refetchOnReconnect`).
      if (!selectBehind(state).includes(key) || cached === undefined || cached.status === 'pending') return;
      if (!browserOnline()) return;
      const endpoint = endpointOf(options.endpoints(), cached);
      if (endpoint === undefined) return;
      store.dispatch(
        endpoint.initiate(cached.originalArgs, { subscribe: false, forceRefetch: true }) as Parameters<
          typeof store.dispatch
        >[0],
      );
    }, delay);
    pending.set(key, entry);
    return result;
  };
}
