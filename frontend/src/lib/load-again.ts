import { lazy, type ComponentType } from 'react';

/** The pauses between tries of a download that failed; the last one repeats. */
export const LOAD_AGAIN_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface LoadAgainOptions {
  readonly delaysMs?: readonly number[];
  /** Calls `listener` when the browser says it is back online; returns how to stop listening. */
  readonly onOnline?: (listener: () => void) => () => void;
}

function windowOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}

/** Waits `ms`, or less when the browser comes back online meanwhile. */
function pause(ms: number, onOnline: NonNullable<LoadAgainOptions['onOnline']>): Promise<void> {
  return new Promise((resume) => {
    let stop = () => undefined as void;
    const timer = setTimeout(() => {
      stop();
      resume();
    }, ms);
    stop = onOnline(() => {
      clearTimeout(timer);
      stop();
      resume();
    });
  });
}

/**
 * `load()` (a chunk of the app), tried again until it succeeds: after a pause that grows, or as
 * soon as the browser is back online. A chunk that could not be downloaded (the server restarting,
 * a weak signal, a phone offline before the service worker had cached it) is then fetched again
 * later instead of failing the page that asked for it; browsers do not keep a failed dynamic
 * import's error, so the same import can be tried again.
 */
export async function loadAgain<M>(load: () => Promise<M>, options: LoadAgainOptions = {}): Promise<M> {
  const delays = options.delaysMs ?? LOAD_AGAIN_DELAYS_MS;
  const onOnline = options.onOnline ?? windowOnline;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch {
      await pause(delays[Math.min(attempt, delays.length - 1)] ?? 0, onOnline);
    }
  }
}

/**
 * `React.lazy` for a part of a page that can wait (a status in the header, a chart): while its
 * chunk cannot be downloaded, the nearest Suspense fallback stays, and the part appears once
 * the chunk comes, rather than the page giving way to its error screen.
 */
export function lazyLoadedAgain<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ReturnType<typeof lazy<ComponentType<P>>> {
  return lazy(() => loadAgain(load));
}
