import { describe, expect, it } from 'vitest';
import { createBaseQuery, positionBefore, type IdTokenSource } from './base-query';
import { commandApplied } from './consistency-slice';
import { queryApi } from './query-api-fixture';

interface Sent {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
}

function server(answers: Response[]) {
  const sent: Sent[] = [];
  const fetchFn = async (input: RequestInfo | URL) => {
    const request = input as Request;
    sent.push({ url: request.url, method: request.method, headers: request.headers });
    const answer = answers.shift();
    if (answer === undefined) throw new Error('no more answers');
    return answer;
  };
  return { sent, fetchFn: fetchFn as typeof fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function tokens(...issued: (string | null)[]): IdTokenSource & { refreshes: number; rejections: number } {
  const source = {
    refreshes: 0,
    rejections: 0,
    async rejected() {
      source.rejections += 1;
    },
    async idToken(forceRefresh: boolean) {
      if (forceRefresh) source.refreshes += 1;
      return (forceRefresh ? issued[1] : issued[0]) ?? null;
    },
  };
  return source;
}

const baseUrl = 'http://plenty.test/api';

interface AskOptions {
  /** The ID tokens the request is sent with; one token `t` unless given. */
  readonly source?: IdTokenSource;
  readonly type?: 'query' | 'mutation';
  /** The store's state, e.g. the position of the last command. */
  readonly state?: unknown;
  readonly catchUpDelaysMs?: readonly number[];
}

/** Sends one request through a base query whose server is `fetchFn`, as a query unless told. */
function ask(
  fetchFn: typeof fetch,
  args: Parameters<ReturnType<typeof createBaseQuery>>[0],
  { source = tokens('t'), type = 'query', state = {}, catchUpDelaysMs }: AskOptions = {},
) {
  return createBaseQuery({ baseUrl, tokens: source, fetchFn, catchUpDelaysMs })(args, queryApi(type, state).api, {});
}

describe('the API base query', () => {
  it('sends the signed-in user ID token as a bearer token', async () => {
    const { sent, fetchFn } = server([json(200, { items: [] })]);
    const baseQuery = createBaseQuery({ baseUrl, tokens: tokens('token-1'), fetchFn });
    const result = await baseQuery('queries/transactions', queryApi('query').api, {});
    expect(result.data).toEqual({ items: [] });
    expect(sent[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('sends no authorization header for a guest', async () => {
    const { sent, fetchFn } = server([json(200, {})]);
    await ask(fetchFn, 'queries/x', { source: tokens(null) });
    expect(sent[0]?.headers.has('authorization')).toBe(false);
  });

  it('refreshes the token and tries once more after a 401', async () => {
    const { sent, fetchFn } = server([json(401, { error: { code: 'unauthenticated', message: 'x' } }), json(200, {})]);
    const source = tokens('expired', 'fresh');
    const result = await ask(fetchFn, 'queries/x', { source });
    expect(result.error).toBeUndefined();
    expect(source.refreshes).toBe(1);
    expect(source.rejections).toBe(0);
    expect(sent.map((request) => request.headers.get('authorization'))).toEqual(['Bearer expired', 'Bearer fresh']);
  });

  it('gives up after the second 401 with the unauthenticated message and signs the user out', async () => {
    const unauthorized = () => json(401, { error: { code: 'unauthenticated', message: 'x' } });
    const { sent, fetchFn } = server([unauthorized(), unauthorized()]);
    const source = tokens('a', 'b');
    const result = await ask(fetchFn, 'queries/x', { source });
    expect(sent).toHaveLength(2);
    expect(source.rejections).toBe(1);
    expect(result.error).toMatchObject({ status: 401, code: 'unauthenticated', messageId: 'error.unauthenticated' });
  });

  it('asks for a new token and tries once more when a token from before verifying is refused (403)', async () => {
    const notVerified = () => json(403, { error: { code: 'email_not_verified', message: 'x' } });
    const { sent, fetchFn } = server([notVerified(), json(200, { month: '2026-11' })]);
    const source = tokens('before-verifying', 'after-verifying');
    const result = await ask(fetchFn, 'queries/dashboard', { source });
    expect(result.data).toEqual({ month: '2026-11' });
    expect(sent.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer before-verifying',
      'Bearer after-verifying',
    ]);
    expect(source.rejections).toBe(0);
  });

  it('keeps the 403 of an address still not verified, without signing out, and other 403s as they are', async () => {
    const notVerified = () => json(403, { error: { code: 'email_not_verified', message: 'x' } });
    const twice = server([notVerified(), notVerified()]);
    const source = tokens('a', 'b');
    const refused = await ask(twice.fetchFn, 'queries/x', { source });
    expect(twice.sent).toHaveLength(2);
    expect(source.rejections).toBe(0);
    expect(refused.error).toMatchObject({ status: 403, code: 'email_not_verified' });

    const recent = server([json(403, { error: { code: 'requires_recent_login', message: 'x' } })]);
    const other = tokens('a', 'b');
    const result = await ask(recent.fetchFn, 'commands/DeleteAccount', { source: other, type: 'mutation' });
    expect(recent.sent).toHaveLength(1);
    expect(other.refreshes).toBe(0);
    expect(result.error).toMatchObject({ status: 403, code: 'requires_recent_login' });
  });

  it('remembers the position a command answers with', async () => {
    const { fetchFn } = server([json(200, { streamId: 's', revision: 0, position: '42' })]);
    const { api, dispatched } = queryApi('mutation');
    await createBaseQuery({ baseUrl, tokens: tokens('t'), fetchFn })(
      { url: 'commands/AddTransaction', method: 'POST', body: {} },
      api,
      {},
    );
    expect(dispatched).toContainEqual(commandApplied('42'));
  });

  it('asks queries to wait for the last command with X-Min-Position', async () => {
    const { sent, fetchFn } = server([json(200, {}, { 'x-position': '42' })]);
    const { api } = queryApi('query', { consistency: { minPosition: '42' } });
    await createBaseQuery({ baseUrl, tokens: tokens('t'), fetchFn })('queries/transactions', api, {});
    expect(sent[0]?.headers.get('x-min-position')).toBe('42');
  });

  it('asks again when the answer is still behind the last command, until it catches up', async () => {
    const { sent, fetchFn } = server([
      json(200, { items: ['old'] }, { 'x-position': '40' }),
      json(200, { items: ['old'] }, { 'x-position': '41' }),
      json(200, { items: ['new'] }, { 'x-position': '43' }),
    ]);
    const { api } = queryApi('query', { consistency: { minPosition: '42' } });
    const result = await createBaseQuery({ baseUrl, tokens: tokens('t'), fetchFn, catchUpDelaysMs: [0, 0, 0] })(
      'queries/transactions',
      api,
      {},
    );
    expect(result.data).toEqual({ items: ['new'] });
    expect(sent).toHaveLength(3);
  });

  it('shows the last answer it got when the views stay behind after every pause', async () => {
    const { sent, fetchFn } = server([
      json(200, { items: ['a'] }, { 'x-position': '7/7' }),
      json(200, { items: ['b'] }, { 'x-position': '7/7' }),
      json(200, { items: ['c'] }, { 'x-position': '7/7' }),
    ]);
    const { api } = queryApi('query', { consistency: { minPosition: '9/9' } });
    const result = await createBaseQuery({ baseUrl, tokens: tokens('t'), fetchFn, catchUpDelaysMs: [0, 0] })(
      'queries/transactions',
      api,
      {},
    );
    expect(result.data).toEqual({ items: ['c'] });
    expect(sent).toHaveLength(3);
  });

  it('does not ask again for an error, for an answer that caught up, or after being cancelled', async () => {
    const failing = server([json(500, { error: { code: 'internal', message: 'x' } }, { 'x-position': '1' })]);
    const behindState = { consistency: { minPosition: '5' } };
    await ask(failing.fetchFn, 'queries/x', { state: behindState, catchUpDelaysMs: [0] });
    expect(failing.sent).toHaveLength(1);

    const ahead = server([json(200, {}, { 'x-position': '12' })]);
    await ask(ahead.fetchFn, 'queries/x', { state: behindState, catchUpDelaysMs: [0] });
    expect(ahead.sent).toHaveLength(1);

    const cancelled = server([json(200, {}, { 'x-position': '1' })]);
    const { api } = queryApi('query', behindState);
    const controller = new AbortController();
    controller.abort();
    await createBaseQuery({ baseUrl, tokens: tokens('t'), fetchFn: cancelled.fetchFn, catchUpDelaysMs: [0] })(
      'queries/x',
      { ...api, signal: controller.signal },
      {},
    );
    expect(cancelled.sent).toHaveLength(1);
  });

  it('orders positions numerically, and commit/prepare pairs part by part', () => {
    expect(positionBefore('9', '10')).toBe(true);
    expect(positionBefore('10', '9')).toBe(false);
    expect(positionBefore('42', '42')).toBe(false);
    expect(positionBefore('12345678901234567890', '12345678901234567891')).toBe(true);
    expect(positionBefore('5/3', '5/4')).toBe(true);
    expect(positionBefore('6/0', '5/9')).toBe(false);
  });

  it('sends no X-Min-Position before any command', async () => {
    const { sent, fetchFn } = server([json(200, {})]);
    const { api } = queryApi('query', { consistency: { minPosition: null } });
    await createBaseQuery({ baseUrl, tokens: tokens('t'), fetchFn })('queries/transactions', api, {});
    expect(sent[0]?.headers.has('x-min-position')).toBe(false);
  });

  it('maps server error codes and field errors to message ids', async () => {
    const body = { error: { code: 'validation_failed', message: 'x', fields: { amount: 'amount_required' } } };
    const { fetchFn } = server([json(400, body)]);
    const result = await ask(
      fetchFn,
      { url: 'commands/AddTransaction', method: 'POST', body: {} },
      { type: 'mutation' },
    );
    expect(result.error).toEqual({
      status: 400,
      code: 'validation_failed',
      messageId: 'error.validation_failed',
      fields: { amount: 'amount_required' },
    });
  });

  it('explains a network failure and an unknown code', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const offline = await ask(failing, 'queries/x', { source: tokens(null) });
    expect(offline.error).toMatchObject({ status: 'network', messageId: 'error.network' });
    const { fetchFn } = server([json(422, { error: { code: 'something_new', message: 'x' } })]);
    const unknown = await ask(fetchFn, 'queries/x', { source: tokens(null) });
    expect(unknown.error).toMatchObject({ status: 422, code: 'validation_failed' });
  });
});
