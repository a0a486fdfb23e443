import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseIdentityAdmin } from '@plenty/command-api/account/firebase-identity';
import { createFirebaseTokenVerifier } from '@plenty/platform/auth/firebase-verifier';
import { firebaseIdentityProviderAdmin } from '@plenty/platform/auth/identity-admin';
import { InvalidTokenError } from '@plenty/platform/auth/port';
import { firebaseUserDirectory } from '@plenty/platform/auth/user-directory';
import { startAuthEmulator, type AuthEmulator } from '../support/auth-emulator.js';

/**
 * The Firebase adapters the distributed deployment signs users in with (a real Firebase
 * project there), against the Firebase Auth emulator: verifying ID tokens, marking an
 * address verified, making password reset codes, looking addresses up and deleting
 * accounts. firebase-admin talks to the emulator because FIREBASE_AUTH_EMULATOR_HOST is set.
 */

const PROJECT_ID = 'demo-plenty';
const PASSWORD = 'correct-horse-battery';
let emulator: AuthEmulator;
let stateDir: string;
const previousEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'plenty-firebase-'));
  // The emulator takes from fifteen seconds to a minute or more to start on a busy machine.
  emulator = await startAuthEmulator({ projectId: PROJECT_ID, stateDir, readyTimeoutMs: 150_000 });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}, 180_000);

afterAll(async () => {
  if (previousEmulatorHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousEmulatorHost;
  await emulator?.stop();
  await rm(stateDir, { recursive: true, force: true });
}, 30_000);

interface Account {
  readonly uid: string;
  readonly email: string;
  readonly idToken: string;
}

/** What the web app's SDK calls, sent to the emulator. */
async function toolkit(verb: string, body: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:${verb}?key=demo-api-key`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signIn(email: string, password = PASSWORD): Promise<Account | string> {
  const answer = await toolkit('signInWithPassword', { email, password, returnSecureToken: true });
  if (answer.status !== 200) return (answer.body['error'] as { message?: string } | undefined)?.message ?? '';
  return { uid: String(answer.body['localId']), email, idToken: String(answer.body['idToken']) };
}

async function signUp(): Promise<Account> {
  const email = `firebase-${randomUUID()}@example.test`;
  const answer = await toolkit('signUp', { email, password: PASSWORD, returnSecureToken: true });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { uid: String(answer.body['localId']), email, idToken: String(answer.body['idToken']) };
}

/** The token with its claims changed (the emulator's tokens are not signed). */
function withClaims(idToken: string, change: Record<string, unknown>): string {
  const [header = '', payload = '', signature = ''] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url'), signature].join('.');
}

describe('the Firebase adapters against the Auth emulator', () => {
  it('verify an ID token: the user, the address, not yet verified, sign-in time and expiry', async () => {
    const account = await signUp();
    const verifier = createFirebaseTokenVerifier({ projectId: PROJECT_ID });
    const now = Date.now() / 1000;
    for (const checkRevoked of [false, true]) {
      const user = await verifier.verify(account.idToken, { checkRevoked });
      expect(user).toMatchObject({ uid: account.uid, email: account.email, emailVerified: false });
      expect(user.expiresAt).toBeGreaterThan(now + 3000);
      expect(Math.abs(user.authTime - now)).toBeLessThan(120);
    }
  });

  it('refuse a token that is not one, is for another project, or has expired, as InvalidTokenError', async () => {
    const account = await signUp();
    const verifier = createFirebaseTokenVerifier({ projectId: PROJECT_ID });
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      'not-a-token',
      withClaims(account.idToken, { aud: 'demo-another' }),
      withClaims(account.idToken, { iss: 'https://securetoken.google.com/demo-another' }),
      withClaims(account.idToken, { iat: now - 7200, exp: now - 3600 }),
      withClaims(account.idToken, { iat: now + 3600, exp: now + 7200 }),
    ];
    for (const token of refused) await expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('mark an address verified: new tokens say so', async () => {
    const account = await signUp();
    await firebaseIdentityProviderAdmin({ projectId: PROJECT_ID }).markEmailVerified(account.uid);
    const again = await signIn(account.email);
    if (typeof again === 'string') throw new Error(again);
    const user = await createFirebaseTokenVerifier({ projectId: PROJECT_ID }).verify(again.idToken);
    expect(user).toMatchObject({ uid: account.uid, emailVerified: true });
  });

  it('make a password reset code for a known address that sets a new password, and none for an unknown one', async () => {
    const account = await signUp();
    const admin = firebaseIdentityProviderAdmin({ projectId: PROJECT_ID });
    expect(await admin.passwordResetCode(`nobody-${randomUUID()}@example.test`)).toBeNull();
    const oobCode = await admin.passwordResetCode(account.email);
    expect(oobCode).toMatch(/^\S+$/);
    const reset = await toolkit('resetPassword', { oobCode, newPassword: 'a-new-battery-staple' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body['email']).toBe(account.email);
    expect(await signIn(account.email)).toBe('INVALID_PASSWORD');
    expect(await signIn(account.email, 'a-new-battery-staple')).toMatchObject({ uid: account.uid });
  });

  it("look a user's address up by uid, and answer null for a uid nobody has", async () => {
    const account = await signUp();
    const directory = firebaseUserDirectory({ projectId: PROJECT_ID });
    expect(await directory.emailOf(account.uid)).toBe(account.email);
    expect(await directory.emailOf('no-such-uid-0000000000000000')).toBeNull();
  });

  it('delete an account, once or twice: it no longer signs in, is not found, and its tokens are revoked', async () => {
    const account = await signUp();
    const other = await signUp();
    const accounts = firebaseIdentityAdmin(PROJECT_ID);
    await accounts.deleteUser(account.uid);
    await accounts.deleteUser(account.uid);
    expect(await signIn(account.email)).toBe('EMAIL_NOT_FOUND');
    expect(await firebaseUserDirectory({ projectId: PROJECT_ID }).emailOf(account.uid)).toBeNull();
    const verifier = createFirebaseTokenVerifier({ projectId: PROJECT_ID });
    await expect(verifier.verify(account.idToken, { checkRevoked: true })).rejects.toBeInstanceOf(InvalidTokenError);
    // Nobody else's account went with it.
    expect(await signIn(other.email)).toMatchObject({ uid: other.uid });
  });
});
