import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { installSecurityHeaders } from '@plenty/platform/http/security-headers';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { httpRoutes } from './route-inventory.js';

/** Security headers on every route, and a CSV export no spreadsheet runs (error answers: error-answers). */

const env = useTestStandalone();
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser(env.standalone);
});

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
