import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { navigatorSaysOnline } from './network-slice';

export type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** Fetches what a person opens offline (the app's `warmUp`, loaded on demand). */
export type WarmUp = (dispatch: AnyDispatch) => Promise<void>;

interface Connection {
  readonly saveData?: boolean;
}

/** Whether the person asked their browser to save data (a metered connection): then nothing is fetched ahead. */
export function savesData(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return connection?.saveData === true;
}

let warmedFor: string | null = null;

/**
 * Warms `uid`'s device copy once per session (page load and user), when the browser is online,
 * idle, and not saving data. `load` brings the warm-up's code (and the features' endpoints it
 * asks) only then, so the first page's JavaScript does not grow.
 */
export function scheduleWarmUp(uid: string, dispatch: AnyDispatch, load: () => Promise<WarmUp>): void {
  if (warmedFor === uid || savesData()) return;
  warmedFor = uid;
  const start = () => {
    if (!navigatorSaysOnline()) {
      warmedFor = null;
      return;
    }
    void load()
      .then((warmUp) => warmUp(dispatch))
      .catch(() => undefined);
  };
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window)
    window.requestIdleCallback(start, { timeout: 10_000 });
  else setTimeout(start, 2000);
}

/** Forgets that the session was warmed (sign-out): the next sign-in warms again. */
export function resetWarmUp(): void {
  warmedFor = null;
}
