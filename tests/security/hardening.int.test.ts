import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { NO_IDENTITY_LIMITS } from '@plenty/platform/identity/attempt-limits';
import { installSecurityHeaders } from '@plenty/platform/http/security-headers';
import { openStandalone, type Standalone } from '@plenty/standalone/app';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { httpRoutes } from './route-inventory.js';

const env = useTestStandalone();
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser(env.standalone);
});

/** What an answer must never show: stacks, source paths, driver or library internals. */
const INTERNALS =
  /\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+|node_modules|SQLITE|sqlite3|better-sqlite|Mongo|TypeError|ReferenceError|SyntaxError|zod|"stack"/i;

describe('security: headers', () => {
  it('every route answers with nosniff, a referrer policy, no framing and a CSP; no HSTS over plain HTTP', async () => {
    const failures: string[] = [];
    for (const route of httpRoutes(env.standalone.app)) {
      const [method, path = ''] = route.split(' ');
      // `/:id` is a parameter; the colon of `accounts:signUp` is part of the path.
      const url = path.replace(/\/:[a-zA-Z]+/g, '/0192f0c4-7a1b-7c3d-8e4f-000000000001');
      const answer = await env.standalone.app.inject({
        method: method === 'POST' ? 'POST' : 'GET',
        url,
        headers: { authorization: user.authorization },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      const headers = answer.headers;
      const csp = String(headers['content-security-policy'] ?? '');
      if (headers['x-content-type-options'] !== 'nosniff') failures.push(`${route}: nosniff`);
      if (headers['referrer-policy'] === undefined) failures.push(`${route}: referrer policy`);
      if (headers['x-frame-options'] !== 'DENY' || !csp.includes("frame-ancestors 'none'"))
        failures.push(`${route}: framing allowed (${csp})`);
      if (headers['strict-transport-security'] !== undefined) failures.push(`${route}: HSTS over plain HTTP`);
    }
    expect(failures).toEqual([]);
  });

  it('adds HSTS to answers that came over TLS through a trusted proxy, and only then', async () => {
    for (const trustProxy of [true, false]) {
      const app = Fastify({ trustProxy });
      await installSecurityHeaders(app, { csp: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } });
      app.get('/healthz', async () => ({ status: 'ok' }));
      const overTls = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(overTls.headers['strict-transport-security']).toBe(
        trustProxy ? 'max-age=31536000; includeSubDomains' : undefined,
      );
      await app.close();
    }
  });
});

describe('security: error answers', () => {
  it('say what was wrong in a stable code and message, and nothing of the internals', async () => {
    const auth = { authorization: user.authorization };
    const hostile: {
      name: string;
      method: 'GET' | 'POST';
      url: string;
      headers?: Record<string, string>;
      payload?: string;
    }[] = [
      {
        name: 'malformed JSON',
        method: 'POST',
        url: '/api/commands/AddTransaction',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"commandId": ',
      },
      {
        name: 'JSON that is not an object',
        method: 'POST',
        url: '/api/commands/AddTransaction',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '[1,2,3]',
      },
      {
        name: 'a prototype-polluting body',
        method: 'POST',
        url: '/api/commands/AddCategory',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"commandId":"nope"}',
      },
      {
        name: 'a body over the limit',
        method: 'POST',
        url: '/api/commands/AddTransaction',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ note: 'x'.repeat(200_000) }),
      },
      {
        name: 'deep nesting',
        method: 'POST',
        url: '/api/commands/AddTransaction',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
      },
      {
        name: 'a form body',
        method: 'POST',
        url: '/api/commands/AddTransaction',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      },
      {
        name: 'an unknown command',
        method: 'POST',
        url: '/api/commands/DropTables',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{}',
      },
      {
        name: 'a forged cursor',
        method: 'GET',
        url: '/api/queries/transactions?cursor=%7B%22evil%22%3A1%7D',
        headers: auth,
      },
      {
        name: 'SQL in a filter',
        method: 'GET',
        url: `/api/queries/transactions?category=${encodeURIComponent("x' OR 1=1 --")}`,
        headers: auth,
      },
      {
        name: 'an id that is not a UUID',
        method: 'GET',
        url: '/api/queries/transactions/..%2F..%2Fetc%2Fpasswd',
        headers: auth,
      },
      { name: 'an invalid month', method: 'GET', url: '/api/queries/reports?month=2026-13', headers: auth },
      {
        name: 'a huge limit',
        method: 'GET',
        url: '/api/queries/transactions?limit=99999999999999999999',
        headers: auth,
      },
      {
        name: 'a non-numeric position',
        method: 'GET',
        url: '/api/queries/transactions',
        headers: { ...auth, 'x-min-position': 'drop table' },
      },
      { name: 'an unknown route', method: 'GET', url: '/api/queries/admin', headers: auth },
    ];
    const failures: string[] = [];
    for (const request of hostile) {
      const answer = await env.standalone.app.inject({
        method: request.method,
        url: request.url,
        ...(request.headers === undefined ? {} : { headers: request.headers }),
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      if (answer.statusCode >= 500 || answer.statusCode < 400) failures.push(`${request.name}: ${answer.statusCode}`);
      const body = answer.json() as { error?: { code?: unknown; message?: unknown } };
      if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string')
        failures.push(`${request.name}: no error code and message (${answer.body.slice(0, 200)})`);
      if (INTERNALS.test(answer.body)) failures.push(`${request.name}: leaks ${answer.body.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
    // None of it reached the event store.
    const events = await env.standalone.eventStore.readAll({ after: '0', maxCount: 1000 });
    expect(events.filter((event) => event.metadata.userId === user.uid)).toEqual([]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('security: error answers of the embedded identity', () => {
  it("answer hostile bodies in the Identity Toolkit's shape, which the web app's SDK reads, and nothing of the internals", async () => {
    const toolkit = (verb: string) => `/identitytoolkit.googleapis.com/v1/accounts:${verb}?key=plenty-embedded`;
    const json = { 'content-type': 'application/json' };
    const hostile: { name: string; url: string; headers: Record<string, string>; payload: string }[] = [
      { name: 'malformed JSON', url: toolkit('signUp'), headers: json, payload: '{"email": ' },
      { name: 'JSON that is not an object', url: toolkit('signInWithPassword'), headers: json, payload: '[1,2,3]' },
      {
        name: 'a prototype-polluting body',
        url: toolkit('signUp'),
        headers: json,
        payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"email":"x@example.test"}',
      },
      {
        name: 'a body over the limit',
        url: toolkit('signInWithPassword'),
        headers: json,
        payload: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(200_000) }),
      },
      {
        name: 'deep nesting',
        url: toolkit('lookup'),
        headers: json,
        payload: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
      },
      { name: 'an email that is not one', url: toolkit('signUp'), headers: json, payload: '{"email":{"$ne":null}}' },
      {
        name: 'a password that is not text',
        url: toolkit('signInWithPassword'),
        headers: json,
        payload: '{"email":"a@example.test","password":["x"]}',
      },
      { name: 'an ID token that is not one', url: toolkit('lookup'), headers: json, payload: '{"idToken":"x.y.z"}' },
      {
        name: 'a refresh token that is not one',
        url: '/securetoken.googleapis.com/v1/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=refresh_token&refresh_token=${'%00'.repeat(300)}`,
      },
      {
        name: 'another grant type',
        url: '/securetoken.googleapis.com/v1/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=password&username=a&password=b',
      },
      {
        name: 'an unknown content type',
        url: toolkit('signUp'),
        headers: { 'content-type': 'text/xml' },
        payload: '<a/>',
      },
      {
        name: 'a made-up reset code',
        url: toolkit('resetPassword'),
        headers: json,
        payload: '{"oobCode":"../../etc"}',
      },
    ];
    const failures: string[] = [];
    for (const request of hostile) {
      const answer = await env.standalone.app.inject({ method: 'POST', ...request });
      if (answer.statusCode >= 500 || answer.statusCode < 400) failures.push(`${request.name}: ${answer.statusCode}`);
      const body = answer.json() as { error?: { code?: unknown; message?: unknown } };
      if (body.error?.code !== answer.statusCode || typeof body.error.message !== 'string')
        failures.push(`${request.name}: not the Identity Toolkit's error shape (${answer.body.slice(0, 200)})`);
      if (INTERNALS.test(answer.body)) failures.push(`${request.name}: leaks ${answer.body.slice(0, 300)}`);
      if (answer.headers['cache-control'] !== 'no-store') failures.push(`${request.name}: may be cached`);
    }
    expect(failures).toEqual([]);
    expect(env.standalone.identity.store.userByEmail('x@example.test')).toBeNull();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('security: CSV export', () => {
  it('neutralizes every cell a spreadsheet would run as a formula', async () => {
    const api = new ApiClient(env.standalone.app, user);
    const notes = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=HYPERLINK("x")', '\r=1', 'plain'];
    for (const note of notes) {
      const answer = await api.command('AddTransaction', {
        transactionId: uuidV7(),
        type: 'expense',
        amount: { amount: 100, currency: 'THB' },
        categoryId: 'builtin-food',
        date: '2026-11-02',
        note,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    await api.query('transactions');
    const link = await api.query<{ url: string }>('export/link?locale=en');
    const csv = (await env.standalone.app.inject({ method: 'GET', url: link.body.url })).body;
    const cells = csv.split(/\r\n/).flatMap((line) => line.split(','));
    const runnable = cells.map((cell) => cell.replace(/^"|"$/g, '')).filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(runnable).toEqual([]);
    for (const note of notes.slice(0, 4)) expect(csv).toContain(`'${note}`);
  });
});

describe('security: rate limits', () => {
  let dataDir: string;
  let limited: Standalone;
  let busy: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'plenty-rate-'));
    limited = await openStandalone({
      dataDir,
      identityLimits: NO_IDENTITY_LIMITS,
      logLevel: 'silent',
      commandsPerMinutePerUser: 3,
    });
    [busy, other] = await Promise.all([createTestUser(limited), createTestUser(limited)]);
  });
  afterAll(async () => {
    await limited.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 429 with Retry-After once a user sends too many commands, and changes nothing; others go on', async () => {
    const api = new ApiClient(limited.app, busy);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (await api.command('ChangePreferences', { changes: { currency: i % 2 === 0 ? 'USD' : 'THB' } })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await limited.app.inject({
      method: 'POST',
      url: '/api/commands/ChangePreferences',
      headers: { authorization: busy.authorization },
      payload: { commandId: uuidV7(), changes: { currency: 'LAK' } },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.json() as { error: { code: string } }).error.code).toBe('rate_limited');
    const events = await limited.eventStore.readStream(`profile-${busy.uid}`);
    expect(events).toHaveLength(3);
    expect(
      (await new ApiClient(limited.app, other).command('ChangePreferences', { changes: { currency: 'USD' } })).status,
    ).toBe(200);
  });
});
