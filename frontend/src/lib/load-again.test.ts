import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAgain } from './load-again';

afterEach(() => {
  vi.useRealTimers();
});

/** A download that fails `failures` times, then gives `value`; counts its tries. */
function flaky<M>(failures: number, value: M) {
  let tries = 0;
  return {
    load: () => {
      tries += 1;
      return tries <= failures
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(value);
    },
    tries: () => tries,
  };
}

const neverOnline = () => () => undefined;

describe('loadAgain', () => {
  it('gives the module at once when the download works', async () => {
    const chunk = flaky(0, 'module');
    expect(await loadAgain(chunk.load, { onOnline: neverOnline })).toBe('module');
    expect(chunk.tries()).toBe(1);
  });

  it('tries again after pauses that grow, and never gives the failure to the page', async () => {
    vi.useFakeTimers();
    const chunk = flaky(3, 'module');
    let loaded: string | null = null;
    void loadAgain(chunk.load, { delaysMs: [100, 200], onOnline: neverOnline }).then((module) => (loaded = module));
    await vi.advanceTimersByTimeAsync(0);
    expect(chunk.tries()).toBe(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(chunk.tries()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(chunk.tries()).toBe(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(chunk.tries()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(chunk.tries()).toBe(3);
    expect(loaded).toBeNull();
    // The last pause repeats.
    await vi.advanceTimersByTimeAsync(200);
    expect(chunk.tries()).toBe(4);
    expect(loaded).toBe('module');
  });

  it('tries again as soon as the browser is back online, without waiting out the pause', async () => {
    vi.useFakeTimers();
    const listeners = new Set<() => void>();
    const onOnline = (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    const chunk = flaky(1, 'module');
    const loading = loadAgain(chunk.load, { delaysMs: [60_000], onOnline });
    await vi.advanceTimersByTimeAsync(0);
    expect(chunk.tries()).toBe(1);
    expect(listeners.size).toBe(1);
    for (const listener of [...listeners]) listener();
    expect(await loading).toBe('module');
    expect(chunk.tries()).toBe(2);
    expect(listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
