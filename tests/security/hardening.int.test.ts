import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { installSecurityHeaders } from '@plenty/platform/http/security-headers';
import { openStandalone, type Standalone } from '@plenty/standalone/app';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { httpRoutes } from './route-inventory.js';

const env = useTestStandalone();
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser(inject('authEmulatorHost'));
});

/** What an answer must never show: stacks, source paths, driver or library internals. */
const INTERNALS =
  /\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+|node_modules|SQLITE|sqlite3|better-sqlite|Mongo|TypeError|ReferenceError|SyntaxError|zod|"stack"/i;

describe('security: headers', () => {
  it('every route answers with nosniff, a referrer policy, no framing and a CSP; no HSTS over plain HTTP', async () => {
    const failures: string[] = [];
    for (const route of httpRoutes(env.standalone.app)) {
      const [method, path = ''] = route.split(' ');
      const url = path.replace(/:[a-zA-Z]+/g, '0192f0c4-7a1b-7c3d-8e4f-000000000001');
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

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'plenty-rate-'));
    limited = await openStandalone({
      dataDir,
      projectId: 'demo-plenty',
      authEmulatorHost: inject('authEmulatorHost'),
      logLevel: 'silent',
      commandsPerMinutePerUser: 3,
    });
  });
  afterAll(async () => {
    await limited.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 429 with Retry-After once a user sends too many commands, and changes nothing; others go on', async () => {
    const other = await createTestUser(inject('authEmulatorHost'));
    const api = new ApiClient(limited.app, user);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (await api.command('ChangePreferences', { changes: { currency: i % 2 === 0 ? 'USD' : 'THB' } })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await limited.app.inject({
      method: 'POST',
      url: '/api/commands/ChangePreferences',
      headers: { authorization: user.authorization },
      payload: { commandId: uuidV7(), changes: { currency: 'LAK' } },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.json() as { error: { code: string } }).error.code).toBe('rate_limited');
    const events = await limited.eventStore.readStream(`profile-${user.uid}`);
    expect(events).toHaveLength(3);
    expect(
      (await new ApiClient(limited.app, other).command('ChangePreferences', { changes: { currency: 'USD' } })).status,
    ).toBe(200);
  });
});
