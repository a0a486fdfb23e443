import 'fake-indexeddb/auto';
import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOfflineListeners } from './listeners';
import { resetWarmUp } from './warm-up';

interface State {
  auth: { status: string; user: { uid: string } | null; restoring: boolean };
}

/** A store holding only `auth`, whose state the test sets, telling its listeners. */
function authStore(initial: State['auth']) {
  let state: State = { auth: initial };
  const listeners = new Set<() => void>();
  return {
    dispatch: ((action: unknown) => action) as unknown as (action: UnknownAction) => never,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(auth: State['auth']) {
      state = { auth };
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => {
  resetWarmUp();
  vi.useRealTimers();
});

describe('the warm-up of the device copy', () => {
  it('waits while a saved session is restored (answers are painted from the device), and runs once it is confirmed', async () => {
    vi.useFakeTimers();
    const warmUp = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve(warmUp));
    const store = authStore({ status: 'signed-in', user: { uid: 'u1' }, restoring: true });
    const stop = startOfflineListeners(store as never, load);
    try {
      await vi.advanceTimersByTimeAsync(15_000);
      expect(load).not.toHaveBeenCalled();

      store.set({ status: 'signed-in', user: { uid: 'u1' }, restoring: false });
      await vi.advanceTimersByTimeAsync(15_000);
      expect(warmUp).toHaveBeenCalledTimes(1);

      // Once per session, however often the store changes.
      store.set({ status: 'signed-in', user: { uid: 'u1' }, restoring: false });
      await vi.advanceTimersByTimeAsync(15_000);
      expect(warmUp).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('runs for a sign-in that is not a restored session', async () => {
    vi.useFakeTimers();
    const warmUp = vi.fn(() => Promise.resolve());
    const store = authStore({ status: 'guest', user: null, restoring: false });
    const stop = startOfflineListeners(store as never, () => Promise.resolve(warmUp));
    try {
      store.set({ status: 'signed-in', user: { uid: 'u2' }, restoring: false });
      await vi.advanceTimersByTimeAsync(15_000);
      expect(warmUp).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});
