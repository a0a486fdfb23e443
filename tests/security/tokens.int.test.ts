import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { commandNames, httpRoutes } from './route-inventory.js';

/**
 * Bearer tokens that must not sign anyone in, on every route that needs one. The embedded
 * default verifies the Auth emulator's tokens, which are unsigned by design (so it listens on
 * loopback only): what is checked here is everything but the signature — structure, algorithm,
 * audience, issuer, subject and expiry. With a real Firebase project firebase-admin also
 * verifies the RS256 signature against Google's keys.
 */

const env = useTestStandalone();
let user: TestUser;

const base64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

function claimsOf(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const now = () => Math.floor(Date.now() / 1000);

/** Tokens made from a genuine one with one thing wrong each. */
function badTokens(genuine: string): Record<string, string | null> {
  const claims = claimsOf(genuine);
  const unsigned = (payload: Record<string, unknown>, header: object = { alg: 'none', typ: 'JWT' }) =>
    `${base64url(header)}.${base64url(payload)}.`;
  return {
    missing: null,
    'not a JWT': 'Bearer not-a-token',
    'another scheme': `Basic ${Buffer.from('alice:secret').toString('base64')}`,
    'empty bearer': 'Bearer ',
    expired: `Bearer ${unsigned({ ...claims, iat: now() - 7200, exp: now() - 3600 })}`,
    'wrong audience': `Bearer ${unsigned({ ...claims, aud: 'another-project' })}`,
    'wrong issuer': `Bearer ${unsigned({ ...claims, iss: 'https://securetoken.google.com/another-project' })}`,
    'no subject': `Bearer ${unsigned({ ...claims, sub: '' })}`,
    'issued in the future': `Bearer ${unsigned({ ...claims, iat: now() + 3600, exp: now() + 7200 })}`,
    'forged signature': `Bearer ${base64url({ alg: 'RS256', kid: 'forged', typ: 'JWT' })}.${base64url(claims)}.${base64url(randomBytes(256))}`,
    'payload not JSON': `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(Buffer.from('{"sub":'))}.`,
  };
}

/** One request per route that needs a signed-in user, with parameters filled in. */
function authenticatedRequests(routes: readonly string[]): { method: 'GET' | 'POST'; url: string; body?: object }[] {
  const id = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
  const requests: { method: 'GET' | 'POST'; url: string; body?: object }[] = [];
  for (const route of routes) {
    const [method, path = ''] = route.split(' ');
    if (!path.startsWith('/api/queries') && path !== '/api/receipts') continue;
    requests.push({
      method: method === 'POST' ? 'POST' : 'GET',
      url: path.replace(':receiptId', id).replace(':id', id),
    });
  }
  // Every command but the one a guest may send (RequestPasswordReset answers alike for anyone).
  for (const name of commandNames().filter((n) => n !== 'RequestPasswordReset'))
    requests.push({
      method: 'POST',
      url: `/api/commands/${name}`,
      body: { commandId: '0192f0c4-7a1b-7c3d-8e4f-000000000002' },
    });
  return requests;
}

beforeAll(async () => {
  user = await createTestUser(inject('authEmulatorHost'));
});

describe('security: tokens', () => {
  it('the genuine token is accepted, so the refusals below are about the token alone', async () => {
    const response = await env.standalone.app.inject({
      method: 'GET',
      url: '/api/queries/preferences',
      headers: { authorization: user.authorization },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 to a missing, malformed, expired, forged or foreign token on every route that needs one', async () => {
    const requests = authenticatedRequests(httpRoutes(env.standalone.app));
    expect(requests.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const [kind, authorization] of Object.entries(badTokens(user.idToken))) {
      for (const request of requests) {
        const response = await env.standalone.app.inject({
          method: request.method,
          url: request.url,
          headers: authorization === null ? {} : { authorization },
          ...(request.body === undefined ? {} : { payload: request.body }),
        });
        if (response.statusCode !== 401)
          failures.push(`${kind} → ${request.method} ${request.url}: ${response.statusCode}`);
        else {
          const body = response.json() as { error?: { code?: string; message?: string } };
          if (body.error?.code === undefined || /Error:|at .+:\d+|firebase|jwt/i.test(response.body))
            failures.push(`${kind} → ${request.url}: leaks ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
