import { createHmac, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey, type SigningKey } from '@plenty/platform/identity/signing-key';
import { newUid } from '@plenty/platform/identity/identity-rules';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, identityCall, type TestUser } from '../support/users.js';
import { commandNames, httpRoutes } from './route-inventory.js';

/**
 * Bearer tokens that must not sign anyone in, on every route that needs one. The embedded
 * identity signs its ID tokens with ES256 and a key of the data folder; the verifier accepts
 * only that algorithm and that key, then checks issuer, audience, expiry, issue time and
 * subject, and then the account as it is now (it exists, and the token is of its current
 * session). Each bad token below differs from a genuine one in one thing: those signed with
 * the server's own key prove that the claim check alone refuses them, the others that the
 * signature check does.
 */

const env = useTestStandalone();
let user: TestUser;
let serverKey: SigningKey;

const base64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

function partsOf(token: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [header = '', payload = ''] = token.split('.');
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: decode(header), claims: decode(payload) };
}

/** An ES256 JWT (the signature as r‖s, as JWS has it) over these claims with this key. */
function es256(header: object, claims: object, key: KeyObject): string {
  const input = `${base64url(header)}.${base64url(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** The genuine token's claims re-signed with the server's own key: the control case. */
function resigned(genuine: string, change: (claims: Record<string, unknown>) => Record<string, unknown> = (c) => c) {
  const { header, claims } = partsOf(genuine);
  return es256(header, change({ ...claims }), serverKey.privateKey);
}

/** Tokens made from a genuine one with one thing wrong each. */
function badTokens(genuine: string): Record<string, string | null> {
  const { header, claims } = partsOf(genuine);
  const [genuineHeader = '', , genuineSignature = ''] = genuine.split('.');
  const without = (name: string) =>
    resigned(genuine, (c) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== name)));
  const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const rsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const publicPem = serverKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const hs256Input = `${base64url({ ...header, alg: 'HS256' })}.${base64url(claims)}`;
  const rs256Input = `${base64url({ ...header, alg: 'RS256' })}.${base64url(claims)}`;
  return {
    missing: null,
    'not a JWT': 'Bearer not-a-token',
    'another scheme': `Basic ${Buffer.from('alice:secret').toString('base64')}`,
    'empty bearer': 'Bearer ',
    'payload not JSON': `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(Buffer.from('{"sub":'))}.`,
    // Not signed by the server's key.
    'alg none': `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`,
    'signature stripped': `Bearer ${genuine.split('.').slice(0, 2).join('.')}.`,
    'signed with another key': `Bearer ${es256(header, claims, otherKey)}`,
    'claims changed under the genuine signature': `Bearer ${genuineHeader}.${base64url({ ...claims, sub: newUid(), user_id: 'x' })}.${genuineSignature}`,
    'HS256 keyed with the public key': `Bearer ${hs256Input}.${createHmac('sha256', publicPem).update(hs256Input).digest('base64url')}`,
    'RS256 with a key of its own': `Bearer ${rs256Input}.${sign('sha256', Buffer.from(rs256Input), rsaKey).toString('base64url')}`,
    'random signature': `Bearer ${genuineHeader}.${base64url(claims)}.${base64url(randomBytes(64))}`,
    // Signed by the server's key, with one claim wrong.
    expired: `Bearer ${resigned(genuine, (c) => ({ ...c, iat: now() - 7200, exp: now() - 3600 }))}`,
    'wrong audience': `Bearer ${resigned(genuine, (c) => ({ ...c, aud: 'another-project' }))}`,
    'wrong issuer': `Bearer ${resigned(genuine, (c) => ({ ...c, iss: 'https://securetoken.google.com/plenty' }))}`,
    'no subject': `Bearer ${resigned(genuine, (c) => ({ ...c, sub: '' }))}`,
    'issued in the future': `Bearer ${resigned(genuine, (c) => ({ ...c, iat: now() + 3600, exp: now() + 7200 }))}`,
    'a subject with no account': `Bearer ${resigned(genuine, (c) => ({ ...c, sub: newUid() }))}`,
    'an ended session': `Bearer ${resigned(genuine, (c) => ({ ...c, sv: Number(c['sv']) - 1 }))}`,
    'no session version': `Bearer ${without('sv')}`,
    'no sign-in time': `Bearer ${without('auth_time')}`,
    'no expiry': `Bearer ${without('exp')}`,
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
  user = await createTestUser(env.standalone);
  // The key the running app signs with (it created it in the data folder at start).
  serverKey = await loadSigningKey(join(env.dataDir, 'identity.key'));
});

describe('security: tokens', () => {
  it('the genuine token, and its claims re-signed with the server key, are accepted: the refusals are about the one change', async () => {
    expect(partsOf(user.idToken).header).toMatchObject({ alg: 'ES256', kid: serverKey.kid });
    for (const token of [user.idToken, resigned(user.idToken)]) {
      const response = await env.standalone.app.inject({
        method: 'GET',
        url: '/api/queries/preferences',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('answers 401 to a missing, malformed, expired, forged or foreign token on every route that needs one', async () => {
    const requests = authenticatedRequests(httpRoutes(env.standalone.app));
    expect(requests.length).toBeGreaterThan(30);
    const kinds = Object.entries(badTokens(user.idToken));
    expect(kinds).toHaveLength(22);
    const failures: string[] = [];
    let tried = 0;
    for (const [kind, authorization] of kinds) {
      for (const request of requests) {
        const response = await env.standalone.app.inject({
          method: request.method,
          url: request.url,
          headers: authorization === null ? {} : { authorization },
          ...(request.body === undefined ? {} : { payload: request.body }),
        });
        tried += 1;
        if (response.statusCode !== 401)
          failures.push(`${kind} → ${request.method} ${request.url}: ${response.statusCode}`);
        else {
          const body = response.json() as { error?: { code?: string; message?: string } };
          if (body.error?.code === undefined || /Error:|at .+:\d+|firebase|jwt|jose|ES256/i.test(response.body))
            failures.push(`${kind} → ${request.url}: leaks ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBe(kinds.length * requests.length);
  });

  it("refuses the same tokens where the identity's own endpoints take one, and tells nothing of the account", async () => {
    const failures: string[] = [];
    const tokens = Object.entries(badTokens(user.idToken)).flatMap(([kind, authorization]) =>
      authorization?.startsWith('Bearer ') === true && authorization.length > 'Bearer '.length
        ? [[kind, authorization.slice('Bearer '.length)] as const]
        : [],
    );
    expect(tokens).toHaveLength(19);
    for (const [kind, idToken] of tokens) {
      for (const verb of ['lookup', 'update']) {
        const answer = await identityCall(env.standalone, `accounts:${verb}`, { idToken, displayName: 'forged' });
        const message = (answer.body as { error?: { message?: string } }).error?.message ?? '';
        if (answer.status !== 400 || !/^(INVALID_ID_TOKEN|TOKEN_EXPIRED|USER_NOT_FOUND)$/.test(message))
          failures.push(`${kind} → ${verb}: ${answer.status} ${message}`);
        if (JSON.stringify(answer.body).includes(user.email)) failures.push(`${kind} → ${verb}: tells the address`);
      }
    }
    expect(failures).toEqual([]);
    expect(env.standalone.identity.store.user(user.uid)?.displayName).toBeNull();
  });
});
