import { describe, expect, it, vi } from 'vitest';
import type { SavedAnswer } from '../offline/answers';
import { answeredFromDevice, PAINTED_META } from '../offline/network-slice';
import { createBaseQuery, type DeviceCopy, type DevicePaint, type IdTokenSource } from './base-query';
import { queryApi } from './query-api-fixture';

const baseUrl = 'http://plenty.test/api';
const SAVED_AT = '2026-11-26T07:30:00.000Z';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const dashboard: SavedAnswer = {
  key: 'queries/dashboard',
  data: { month: '2026-11' },
  savedAt: SAVED_AT,
  position: '7',
};

/** A device copy in memory; the signed-in user is the state's `uid`. */
function device(saved: SavedAnswer[]): DeviceCopy & { reads: string[] } {
  const answers = new Map(saved.map((answer) => [answer.key, answer]));
  const reads: string[] = [];
  return {
    reads,
    uid: (state) => (state as { uid?: string }).uid ?? null,
    read: (uid, key) => {
      reads.push(`${uid} ${key}`);
      return Promise.resolve(uid === 'u1' ? (answers.get(key) ?? null) : null);
    },
    save: () => Promise.resolve(),
  };
}

function setUp(options: { painting: boolean; copy?: SavedAnswer[] }) {
  const sent: string[] = [];
  const fetchFn = ((input: RequestInfo | URL) => {
    sent.push((input as Request).url);
    return Promise.resolve(json(200, { month: '2026-11', fresh: true }));
  }) as typeof fetch;
  const refreshed: string[] = [];
  const paint: DevicePaint = {
    painting: (state) => (state as { restoring?: boolean }).restoring === true && options.painting,
    refresh: (_api, queryCacheKey) => refreshed.push(queryCacheKey),
  };
  const tokens: IdTokenSource = { idToken: () => Promise.resolve('t') };
  const copy = device(options.copy ?? [dashboard]);
  const baseQuery = createBaseQuery({ baseUrl, tokens, fetchFn, device: copy, paint, browserOnline: () => true });
  const run = async (cacheKey: string, state: unknown = { uid: 'u1', restoring: true }) => {
    const { api, dispatched } = queryApi('query', state);
    const result = await baseQuery('queries/dashboard', { ...api, queryCacheKey: cacheKey }, {});
    return { result, dispatched };
  };
  return { sent, refreshed, run, copy };
}

describe('painting from the device while a saved session is restored', () => {
  it("answers a query's first request with the device copy at once, marked as being refreshed, and then asks the server", async () => {
    vi.useFakeTimers();
    try {
      const { sent, refreshed, run } = setUp({ painting: true });
      const { result, dispatched } = await run('getDashboard(undefined)');
      expect(result.data).toEqual({ month: '2026-11' });
      expect(sent).toEqual([]);
      expect(dispatched).toEqual([answeredFromDevice({ savedAt: SAVED_AT, painted: 'getDashboard(undefined)' })]);
      expect(result.meta).toEqual(PAINTED_META);
      // The refresh is asked for once the painted answer is in the cache, not before.
      expect(refreshed).toEqual([]);
      await vi.runAllTimersAsync();
      expect(refreshed).toEqual(['getDashboard(undefined)']);

      // The refresh itself goes to the server, though the session is still being restored.
      const again = await run('getDashboard(undefined)');
      expect(again.result.data).toEqual({ month: '2026-11', fresh: true });
      expect(sent).toEqual([`${baseUrl}/queries/dashboard`]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the server when the device has no copy of the answer', async () => {
    const { sent, refreshed, run } = setUp({ painting: true, copy: [] });
    const { result } = await run('getDashboard(undefined)');
    expect(result.data).toEqual({ month: '2026-11', fresh: true });
    expect(sent).toHaveLength(1);
    expect(refreshed).toEqual([]);
  });

  it("reads only the signed-in (restored) user's copy, never another's", async () => {
    const { sent, copy, run } = setUp({ painting: true });
    const { result } = await run('getDashboard(undefined)', { uid: 'u2', restoring: true });
    expect(copy.reads.length).toBeGreaterThan(0);
    expect(copy.reads.every((read) => read === 'u2 queries/dashboard')).toBe(true);
    expect(result.data).toEqual({ month: '2026-11', fresh: true });
    expect(sent).toHaveLength(1);
  });

  it('asks the server first once the session is confirmed', async () => {
    const { sent, run } = setUp({ painting: true });
    const { result, dispatched } = await run('getDashboard(undefined)', { uid: 'u1', restoring: false });
    expect(result.data).toEqual({ month: '2026-11', fresh: true });
    expect(sent).toHaveLength(1);
    expect(dispatched).not.toContainEqual(
      answeredFromDevice({ savedAt: SAVED_AT, painted: 'getDashboard(undefined)' }),
    );
  });
});
