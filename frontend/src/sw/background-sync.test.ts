import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_ANSWER_TIMEOUT_MS, syncThroughWindows, type SyncScope, type SyncWindow } from './background-sync';

/** A worker with `count` open windows; `answer` posts a page's message to the worker. */
function fakeScope(count: number) {
  const posted: unknown[][] = Array.from({ length: count }, () => []);
  const windows: SyncWindow[] = posted.map((messages) => ({ postMessage: (message) => messages.push(message) }));
  const listeners = new Set<(data: unknown) => void>();
  const scope: SyncScope = {
    windows: () => Promise.resolve(windows),
    onMessage: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const answer = (data: unknown) => {
    for (const listener of [...listeners]) listener(data);
  };
  return { scope, posted, answer, listening: () => listeners.size };
}

const settled = (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
};

describe('Background Sync through the open pages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks every open window to send and is done when one says it has synced', async () => {
    const { scope, posted, answer, listening } = fakeScope(2);
    const withoutWindow = vi.fn(() => Promise.resolve());
    const isDone = settled(syncThroughWindows(scope, withoutWindow));
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toEqual([[{ type: 'plenty:sync' }], [{ type: 'plenty:sync' }]]);
    answer({ type: 'something-else' });
    await vi.advanceTimersByTimeAsync(0);
    expect(isDone()).toBe(false);
    answer({ type: 'plenty:synced' });
    await vi.advanceTimersByTimeAsync(0);
    expect(isDone()).toBe(true);
    expect(listening()).toBe(0);
    expect(withoutWindow).not.toHaveBeenCalled();
  });

  it('stops waiting for an answer after a minute', async () => {
    const { scope, listening } = fakeScope(1);
    const isDone = settled(syncThroughWindows(scope, () => Promise.resolve()));
    await vi.advanceTimersByTimeAsync(SYNC_ANSWER_TIMEOUT_MS - 1);
    expect(isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isDone()).toBe(true);
    expect(listening()).toBe(0);
  });

  it('sends from the worker itself when no window is open', async () => {
    const { scope } = fakeScope(0);
    const withoutWindow = vi.fn(() => Promise.resolve());
    await syncThroughWindows(scope, withoutWindow);
    expect(withoutWindow).toHaveBeenCalledTimes(1);
  });
});
