import Fastify, { type FastifyInstance } from 'fastify';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import { requireAuth } from '@plenty/platform/http/auth-hook';
import { installErrorHandling } from '@plenty/platform/http/errors';

/**
 * For tests of route modules: a server with the routes `register` adds under /api/queries,
 * signed in through the fake verifier and answering errors as the query API does.
 */
export async function routesUnderTest(register: (scope: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandling(app);
  await app.register(
    async (scope) => {
      requireAuth(scope, fakeVerifier);
      register(scope);
    },
    { prefix: '/api/queries' },
  );
  return app;
}

/** `GET /api/queries<url>` as the user `uid`. */
export const getAs = (app: FastifyInstance, url: string, uid = 'alice') =>
  app.inject({ method: 'GET', url: `/api/queries${url}`, headers: { authorization: bearer(uid) } });
