import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetWarmUp, scheduleWarmUp, type AnyDispatch, type WarmUp } from './warm-up';

const dispatch = (() => undefined) as unknown as AnyDispatch;

function warmUps() {
  const runs: string[] = [];
  const load = (uid: string) => () =>
    Promise.resolve<WarmUp>(() => {
      runs.push(uid);
      return Promise.resolve();
    });
  return { runs, load };
}

afterEach(() => {
  resetWarmUp();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('warming the device copy after sign-in', () => {
  it('fetches once per session and user, again after signing out', async () => {
    vi.useFakeTimers();
    const { runs, load } = warmUps();
    scheduleWarmUp('u1', dispatch, load('u1'));
    scheduleWarmUp('u1', dispatch, load('u1'));
    await vi.runAllTimersAsync();
    expect(runs).toEqual(['u1']);
    resetWarmUp();
    scheduleWarmUp('u1', dispatch, load('u1'));
    await vi.runAllTimersAsync();
    expect(runs).toEqual(['u1', 'u1']);
  });

  it('fetches nothing ahead when the browser saves data', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true, connection: { saveData: true } });
    const { runs, load } = warmUps();
    scheduleWarmUp('u2', dispatch, load('u2'));
    await vi.runAllTimersAsync();
    expect(runs).toEqual([]);
  });

  it('waits for the network when the browser is offline, and warms at the next sign-in', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: false });
    const { runs, load } = warmUps();
    scheduleWarmUp('u3', dispatch, load('u3'));
    await vi.runAllTimersAsync();
    expect(runs).toEqual([]);
    vi.stubGlobal('navigator', { onLine: true });
    scheduleWarmUp('u3', dispatch, load('u3'));
    await vi.runAllTimersAsync();
    expect(runs).toEqual(['u3']);
  });
});
