import { describe, expect, it } from 'vitest';
import type { SavedAnswer } from '../offline/answers';
import { answeredFromDevice, answeredFromServer, serverUnreachable, type NetworkState } from '../offline/network-slice';
import { TokenUnreachableError } from '../offline/token-unreachable';
import { createBaseQuery, type DeviceCopy, type IdTokenSource } from './base-query';
import { queryApi } from './query-api-fixture';

const baseUrl = 'http://plenty.test/api';
const SAVED_AT = '2026-11-26T07:30:00.000Z';
const NOW = new Date('2026-11-27T09:00:00.000Z');

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

type Answer = Response | 'network' | 'hang';

/** A server answering in turn; `network` fails as fetch does offline; `hang` never answers (until aborted). */
function server(answers: Answer[]) {
  const sent: string[] = [];
  const aborted: string[] = [];
  const fetchFn = (input: RequestInfo | URL) => {
    const request = input as Request;
    sent.push(request.url);
    const answer = answers.shift();
    if (answer === undefined) return Promise.reject(new Error('no more answers'));
    if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (answer === 'hang')
      return new Promise<Response>((_, reject) => {
        const abort = () => {
          aborted.push(request.url);
          reject(new DOMException('aborted', 'AbortError'));
        };
        // Given up before it left (a busy machine), or while under way.
        if (request.signal.aborted) abort();
        else request.signal.addEventListener('abort', abort);
      });
    return Promise.resolve(answer);
  };
  return { sent, aborted, fetchFn: fetchFn as typeof fetch };
}

/** A device copy in memory for user `u1`. */
function device(saved: SavedAnswer[] = [], options: { readonly neverWrites?: boolean } = {}) {
  const answers = new Map(saved.map((answer) => [answer.key, answer]));
  const writes: SavedAnswer[] = [];
  const copy: DeviceCopy = {
    uid: (state) => ((state as { uid?: string }).uid === undefined ? null : 'u1'),
    read: (_uid, key) => Promise.resolve(answers.get(key) ?? null),
    save: (_uid, answer) => {
      writes.push(answer);
      return options.neverWrites === true ? new Promise(() => undefined) : Promise.resolve();
    },
  };
  return { copy, writes };
}

const token: IdTokenSource = { idToken: () => Promise.resolve('t') };

interface Ask {
  readonly fetchFn: typeof fetch;
  readonly device: DeviceCopy;
  readonly online?: () => boolean;
  readonly network?: NetworkState;
  readonly minPosition?: string | null;
  readonly tokens?: IdTokenSource;
  readonly deviceWaitMs?: number;
  readonly type?: 'query' | 'mutation';
}

async function ask(url: string, options: Ask) {
  const { api, dispatched } = queryApi(options.type ?? 'query', {
    uid: 'u1',
    network: options.network ?? { online: true, shownAsOf: null, browserOnline: true, refreshing: [] },
    consistency: { minPosition: options.minPosition ?? null },
  });
  const baseQuery = createBaseQuery({
    baseUrl,
    tokens: options.tokens ?? token,
    fetchFn: options.fetchFn,
    device: options.device,
    browserOnline: options.online ?? (() => true),
    deviceWaitMs: options.deviceWaitMs ?? 10_000,
    catchUpDelaysMs: [1, 1, 1],
    now: () => NOW,
  });
  const result = await baseQuery(url, api, {});
  return { result, dispatched };
}

const dashboard: SavedAnswer = {
  key: 'queries/dashboard',
  data: { month: '2026-11' },
  savedAt: SAVED_AT,
  position: '7',
};

describe('the base query with a device copy', () => {
  it('answers offline from the device at once, without asking the network', async () => {
    const { sent, fetchFn } = server([]);
    const { result, dispatched } = await ask('queries/dashboard', {
      fetchFn,
      device: device([dashboard]).copy,
      online: () => false,
    });
    expect(sent).toEqual([]);
    expect(result.data).toEqual({ month: '2026-11' });
    expect(dispatched).toEqual([answeredFromDevice({ savedAt: SAVED_AT })]);
  });

  it('fails offline with a network error when the device has no copy', async () => {
    const { sent, fetchFn } = server([]);
    const { result, dispatched } = await ask('queries/goals', { fetchFn, device: device().copy, online: () => false });
    expect(sent).toEqual([]);
    expect(result.error).toMatchObject({ status: 'network', code: 'network' });
    expect(dispatched).toEqual([serverUnreachable()]);
  });

  it('answers from the device when the server cannot be reached', async () => {
    const { sent, fetchFn } = server(['network']);
    const { result, dispatched } = await ask('queries/dashboard', { fetchFn, device: device([dashboard]).copy });
    expect(sent).toHaveLength(1);
    expect(result.data).toEqual({ month: '2026-11' });
    expect(dispatched).toEqual([answeredFromDevice({ savedAt: SAVED_AT })]);
  });

  it('keeps the server answer on the device, with the time and position, and says the screen is current', async () => {
    const { fetchFn } = server([json(200, { items: ['rent'] }, { 'x-position': '12' })]);
    const { copy, writes } = device();
    const { result, dispatched } = await ask('queries/debts?b=2&a=1', {
      fetchFn,
      device: copy,
      network: { online: false, shownAsOf: SAVED_AT, browserOnline: true, refreshing: [] },
    });
    expect(result.data).toEqual({ items: ['rent'] });
    expect(writes).toEqual([
      { key: 'queries/debts?a=1&b=2', data: { items: ['rent'] }, savedAt: NOW.toISOString(), position: '12' },
    ]);
    expect(dispatched).toEqual([answeredFromServer()]);
  });

  it('does not wait for the device write before answering', async () => {
    const { fetchFn } = server([json(200, { items: [] })]);
    const { copy, writes } = device([], { neverWrites: true });
    const { result } = await ask('queries/goals', { fetchFn, device: copy });
    expect(result.data).toEqual({ items: [] });
    expect(writes).toHaveLength(1);
  });

  it('keeps no copy of an error, nor of a command', async () => {
    const { fetchFn } = server([json(404, { error: { code: 'not_found', message: 'x' } }), json(200, { ok: 1 })]);
    const { copy, writes } = device();
    const missing = await ask('queries/debts/d1', { fetchFn, device: copy });
    expect(missing.result.error).toMatchObject({ status: 404 });
    await ask('commands/AddTransaction', { fetchFn, device: copy, type: 'mutation' });
    expect(writes).toEqual([]);
  });

  it('stops waiting for a weak signal and shows the device copy', async () => {
    // (That the request is then aborted is not seen here: Node's Request follows the signal it
    // was made with through a weak reference, which a garbage collection may drop.)
    const { sent, fetchFn } = server(['hang']);
    const { result, dispatched } = await ask('queries/dashboard', {
      fetchFn,
      device: device([dashboard]).copy,
      deviceWaitMs: 50,
    });
    expect(result.data).toEqual({ month: '2026-11' });
    expect(sent.length).toBeLessThanOrEqual(1);
    expect(dispatched).toEqual([answeredFromDevice({ savedAt: SAVED_AT })]);
  });

  it('waits for a slow server as long as it takes when the device has no copy', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchFn = (() =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      })) as unknown as typeof fetch;
    const pending = ask('queries/goals', { fetchFn, device: device().copy, deviceWaitMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer(json(200, { items: ['car'] }));
    const { result } = await pending;
    expect(result.data).toEqual({ items: ['car'] });
  });

  it('treats a token that cannot be refreshed offline as a network error, never as a sign-out', async () => {
    const { sent, fetchFn } = server([]);
    let rejected = 0;
    const tokens: IdTokenSource = {
      idToken: () => Promise.reject(new TokenUnreachableError({ code: 'auth/network-request-failed' })),
      rejected: () => {
        rejected += 1;
        return Promise.resolve();
      },
    };
    const withCopy = await ask('queries/dashboard', { fetchFn, device: device([dashboard]).copy, tokens });
    expect(withCopy.result.data).toEqual({ month: '2026-11' });
    const without = await ask('queries/goals', { fetchFn, device: device().copy, tokens });
    expect(without.result.error).toMatchObject({ status: 'network', code: 'network', messageId: 'error.network' });
    expect(sent).toEqual([]);
    expect(rejected).toBe(0);
  });

  it('does not keep asking for the views to catch up once the browser is offline', async () => {
    const behind = () => json(200, { month: '2026-11' }, { 'x-position': '3' });
    const { sent, fetchFn } = server([behind(), behind(), behind(), behind()]);
    let online = true;
    const pending = ask('queries/dashboard', {
      fetchFn,
      device: device().copy,
      minPosition: '9',
      online: () => {
        const now = online;
        online = false;
        return now;
      },
    });
    const { result } = await pending;
    expect(result.data).toEqual({ month: '2026-11' });
    expect(sent).toHaveLength(1);
  });
});
