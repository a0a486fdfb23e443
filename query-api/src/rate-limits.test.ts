import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer } from '@plenty/platform/auth/fake-verifier';
import { installErrorHandling } from '@plenty/platform/http/errors';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { viewsOf } from '@plenty/projections/apply';
import { allProjections } from '@plenty/projections/all';
import { queryApi, type QueryApiOptions } from './app.js';
import { queryOptionsOver } from './testing/query-options.js';

let app: FastifyInstance | null = null;

async function open(limits: Pick<QueryApiOptions, 'queriesPerMinutePerUser' | 'exportLinksPerMinutePerUser'>) {
  const server = Fastify();
  installErrorHandling(server);
  // Every view the queries read, as the projector sets them up; they stay empty.
  const readStore = await openSqliteReadStore({ path: ':memory:' });
  await readStore.ensureViews(viewsOf(allProjections));
  server.addHook('onClose', () => readStore.close());
  await server.register(queryApi, { ...queryOptionsOver(readStore), ...limits });
  app = server;
  return server;
}

afterEach(async () => {
  await app?.close();
  app = null;
});

const get = (server: FastifyInstance, url: string, uid: string) =>
  server.inject({ method: 'GET', url, headers: { authorization: bearer(uid) } });

describe('per-user limits on queries', () => {
  it('answer 429 rate_limited with Retry-After past the limit, for that user only', async () => {
    const server = await open({ queriesPerMinutePerUser: 3 });
    for (let i = 0; i < 3; i += 1) expect((await get(server, '/api/queries/categories', 'alice')).statusCode).toBe(200);
    const refused = await get(server, '/api/queries/categories', 'alice');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(server, '/api/queries/categories', 'bob')).statusCode).toBe(200);
  });

  it('count export links on their own, with a lower limit', async () => {
    const server = await open({ queriesPerMinutePerUser: 100, exportLinksPerMinutePerUser: 2 });
    for (let i = 0; i < 2; i += 1) {
      expect((await get(server, '/api/queries/export/link?locale=en', 'carol')).statusCode).toBe(200);
    }
    const refused = await get(server, '/api/queries/export/link?locale=en', 'carol');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Other queries of the same user go on.
    expect((await get(server, '/api/queries/categories', 'carol')).statusCode).toBe(200);
  });

  it('are generous by default: 1200 queries a minute, and off with 0', async () => {
    const server = await open({ queriesPerMinutePerUser: 0 });
    for (let i = 0; i < 50; i += 1) expect((await get(server, '/api/queries/categories', 'dave')).statusCode).toBe(200);
  });
});
