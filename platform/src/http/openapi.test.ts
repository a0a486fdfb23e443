import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentedRoutes, installOpenApi, OPENAPI_PATH, openApiDocument, type OpenApiDocument } from './openapi.js';
import { useZodRoutes } from './zod-routes.js';

async function server(docsPage = false) {
  const app = Fastify({ logger: false });
  await installOpenApi(app, { title: 'Test API', description: 'Routes of a test.', docsPage });
  await app.register(
    async (api) => {
      const typed = useZodRoutes(api);
      typed.get(
        '/goals/:id',
        {
          schema: {
            params: z.object({ id: z.string() }),
            querystring: z.object({ limit: z.coerce.number().int().default(10) }).strict(),
            response: { 200: z.object({ id: z.string(), saved: z.number().int() }) },
          },
        },
        async (request) => ({ id: request.params.id, saved: 1 }),
      );
    },
    { prefix: '/api/queries' },
  );
  app.post('/identitytoolkit.googleapis.com/v1/accounts::signUp', async () => ({}));
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/assets/app.js', async () => 'web app file');
  await app.ready();
  return app;
}

describe('the OpenAPI document', () => {
  it('lists the API, identity and health routes from their schemas, and not the web app', async () => {
    const app = await server();
    const response = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const document = response.json() as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(documentedRoutes(document)).toEqual([
      'GET /api/openapi.json',
      'GET /api/queries/goals/:id',
      'GET /healthz',
      'POST /identitytoolkit.googleapis.com/v1/accounts:signUp',
    ]);
    const goal = document.paths?.['/api/queries/goals/{id}']?.get;
    expect(goal?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
        expect.objectContaining({ name: 'limit', in: 'query' }),
      ]),
    );
    expect(goal?.responses?.['200']).toMatchObject({
      content: {
        'application/json': {
          schema: { type: 'object', properties: { id: { type: 'string' }, saved: { type: 'integer' } } },
        },
      },
    });
    expect(openApiDocument(app)).toEqual(document);
    await app.close();
  });

  it('is shown as a page only when asked for (development)', async () => {
    const plain = await server(false);
    expect((await plain.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    await plain.close();
    const dev = await server(true);
    const page = await dev.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('GET /api/queries/goals/{id}');
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!127)/);
    expect(documentedRoutes(openApiDocument(dev))).not.toContain('GET /api/docs');
    await dev.close();
  });
});
