import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, fakeVerifier } from '../auth/fake-verifier.js';
import { currentUser, requireAuth, requireRecentSignIn } from './auth-hook.js';
import { installErrorHandling } from './errors.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  installErrorHandling(app);
  await app.register(async (scope) => {
    requireAuth(scope, fakeVerifier, {
      allowUnverifiedEmail: (request) => (request.params as { name?: string }).name === 'VerifyEmail',
    });
    scope.post<{ Params: { name: string } }>('/:name', async (request) => ({ uid: currentUser(request).uid }));
  });
  await app.register(async (scope) => {
    scope.post('/sensitive', async (request) => ({ uid: (await requireRecentSignIn(request, fakeVerifier)).uid }));
  });
});

afterAll(() => app.close());

const post = (url: string, authorization?: string) =>
  app.inject({ method: 'POST', url, headers: authorization === undefined ? {} : { authorization } });

describe('auth hook', () => {
  it('lets a verified user through and refuses a missing token with 401', async () => {
    expect((await post('/AddTransaction', bearer('alice'))).json()).toEqual({ uid: 'alice' });
    const missing = await post('/AddTransaction');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('refuses a user whose email is not verified with 403 email_not_verified, except where allowed', async () => {
    const refused = await post('/AddTransaction', bearer('bob', { emailVerified: false }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'email_not_verified' } });
    expect((await post('/VerifyEmail', bearer('bob', { emailVerified: false }))).json()).toEqual({ uid: 'bob' });
  });
});

describe('requireRecentSignIn', () => {
  it('accepts a sign-in within five minutes, verified email or not', async () => {
    const answer = await post('/sensitive', bearer('carol', { signedInSecondsAgo: 290, emailVerified: false }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ uid: 'carol' });
  });

  it('answers 403 requires_recent_login for an older sign-in', async () => {
    const answer = await post('/sensitive', bearer('carol', { signedInSecondsAgo: 301 }));
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ error: { code: 'requires_recent_login' } });
  });

  it('answers 401 for a revoked session even when the sign-in is recent', async () => {
    const answer = await post('/sensitive', bearer('carol', { revoked: true }));
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    expect((await post('/sensitive')).statusCode).toBe(401);
  });

  it('honours a custom maximum age', async () => {
    const request = { headers: { authorization: bearer('dan', { signedInSecondsAgo: 100 }) } };
    await expect(requireRecentSignIn(request as never, fakeVerifier, 60)).rejects.toMatchObject({
      code: 'requires_recent_login',
    });
  });
});
