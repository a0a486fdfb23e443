import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, installErrorHandling } from './errors.js';
import { useZodRoutes, type ZodRoutesOptions } from './zod-routes.js';

const bodySchema = z.object({ name: z.string().min(1), amount: z.number().int() }).strict();
const itemSchema = z.object({ id: z.string(), amount: z.number().int() });

function server(options: ZodRoutesOptions = {}, answer: unknown = { id: 'a', amount: 5, note: 'kept' }) {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  const typed = useZodRoutes(app, options);
  typed.get(
    '/items/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        querystring: z
          .object({
            limit: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(50).default(10),
            month: z
              .string()
              .regex(/^\d{4}-\d{2}$/, { error: 'date_invalid' })
              .optional(),
          })
          .strict(),
        response: { 200: itemSchema },
      },
    },
    async (request) => {
      // The handler sees the parsed query: a number, with its default.
      const limit: number = request.query.limit;
      if (request.params.id === 'echo') return { id: String(limit), amount: limit };
      return answer as z.infer<typeof itemSchema>;
    },
  );
  typed.post('/items', { schema: { body: bodySchema } }, async (request) => ({ created: request.body.name }));
  return app;
}

describe('routes with zod schemas', () => {
  it('hand the handler the parsed query, defaults and coercion applied', async () => {
    const app = server();
    const response = await app.inject({ method: 'GET', url: '/items/echo?limit=7' });
    expect(response.json()).toEqual({ id: '7', amount: 7 });
    expect((await app.inject({ method: 'GET', url: '/items/echo' })).json()).toEqual({ id: '10', amount: 10 });
  });

  it('answer a bad query with the 400 validation_failed of every other route, one code per field', async () => {
    const app = server();
    const response = await app.inject({ method: 'GET', url: '/items/x?limit=abc&month=2026-1&colour=red' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some fields are not valid.',
        fields: { limit: 'field_invalid', month: 'date_invalid', colour: 'unknown_field' },
      },
    });
  });

  it('name each bad body field with the code fieldErrors gives it', async () => {
    const app = server();
    const payload = { name: '', amount: 1.5 };
    const response = await app.inject({ method: 'POST', url: '/items', payload });
    expect(response.statusCode).toBe(400);
    const refused = bodySchema.safeParse(payload);
    expect(refused.success).toBe(false);
    expect(response.json().error.fields).toEqual(refused.error === undefined ? null : fieldErrors(refused.error));
    expect(Object.keys(response.json().error.fields)).toEqual(['name', 'amount']);
    const unknown = await app.inject({
      method: 'POST',
      url: '/items',
      payload: { name: 'a', amount: 1, isAdmin: true },
    });
    expect(unknown.json().error.fields).toEqual({ isAdmin: 'unknown_field' });
  });

  it('send the answer as the handler returned it, fields beyond the schema included', async () => {
    const response = await server().inject({ method: 'GET', url: '/items/x' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"id":"a","amount":5,"note":"kept"}');
  });

  it('refuse an answer that breaks its schema with a plain 500, naming nothing internal', async () => {
    const response = await server({ answerCheck: 'throw' }, { id: 'a', amount: 'five' }).inject({
      method: 'GET',
      url: '/items/x',
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    expect(response.body).not.toContain('five');
  });

  it('only log an answer that breaks its schema, or not check it at all, when told to', async () => {
    const skipped = await server({ answerCheck: 'skip' }, { id: 'a', amount: 'five' }).inject({
      method: 'GET',
      url: '/items/x',
    });
    expect(skipped.json()).toEqual({ id: 'a', amount: 'five' });
    const response = await server({ answerCheck: 'log' }, { id: 'a', amount: 'five' }).inject({
      method: 'GET',
      url: '/items/x',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'a', amount: 'five' });
  });
});
