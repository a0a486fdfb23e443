import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@plenty/platform/auth/fake-verifier';
import { installErrorHandling } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { QUARANTINE_ID, quarantineViewName } from '@plenty/projections/quarantine';
import { queryApi } from './app.js';
import { quarantineViews, ROUTE_VIEWS } from './quarantine.js';
import { readViews } from './read-views.js';
import { queryOptionsOver } from './testing/query-options.js';

let app: FastifyInstance;
let readStore: ReadStore;
const routes: string[] = [];

beforeAll(async () => {
  readStore = await openSqliteReadStore({ path: ':memory:' });
  await readStore.ensureViews([...readViews, ...quarantineViews]);
  app = Fastify();
  installErrorHandling(app);
  app.addHook('onRoute', (route) => {
    if (route.method === 'GET' || (Array.isArray(route.method) && route.method.includes('GET'))) routes.push(route.url);
  });
  await app.register(queryApi, queryOptionsOver(readStore));
  await app.ready();
  // Alice's budget alerts stopped at an event the projection could not apply.
  await readStore.applyBatch('test', '7', async (uow) =>
    uow.put(
      quarantineViewName('budget-alerts'),
      'alice',
      QUARANTINE_ID,
      {
        projection: 'budget-alerts',
        views: ['budget_alerts'],
        eventId: '0190c1a2-7b3c-7def-8123-456789abcdef',
        eventType: 'TransactionAdded',
        position: '7',
        failed: 'budget-alerts',
        reason: 'converted amount out of range',
      },
      '7',
    ),
  );
});

afterAll(async () => {
  await app.close();
  await readStore.close();
});

const get = (url: string, uid: string) =>
  app.inject({ method: 'GET', url: `/api/queries${url}`, headers: { authorization: bearer(uid) } });

describe('queries of quarantined views', () => {
  it('name the views of every query route, each one a view some projection writes', () => {
    const served = routes.map((url) => url.replace(/^\/api\/queries/, '')).filter((url) => url !== '');
    expect(served.sort()).toEqual(Object.keys(ROUTE_VIEWS).sort());
    const written = new Set(allProjections.flatMap((p) => p.views.map((v) => v.name)));
    for (const views of Object.values(ROUTE_VIEWS)) for (const view of views) expect(written).toContain(view);
  });

  it('answer 409 view_quarantined to the quarantined user only, for the queries reading those views only', async () => {
    const refused = await get('/budget-alerts?month=2026-11', 'alice');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { code: 'view_quarantined', message: expect.any(String) } });
    expect(refused.body).not.toContain('converted amount');
    // Her other views, and the same view of another user, answer as usual.
    expect((await get('/dashboard?month=2026-11', 'alice')).statusCode).toBe(200);
    expect((await get('/transactions', 'alice')).statusCode).toBe(200);
    expect((await get('/budget-alerts?month=2026-11', 'bob')).statusCode).toBe(200);
  });
});
