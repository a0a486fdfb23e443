import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestIdentity, type TestIdentity } from '../testing/identity.js';
import { DEFAULT_IDENTITY_LIMITS, type IdentityLimits } from './attempt-limits.js';
import { IdentityError } from './identity-rules.js';

// The service's rules, not the cost of scrypt (password-hash.test.ts checks the real parameters):
// new hashes here are made with a small N, and checked as any stored hash is, by its own parameters.
vi.mock(import('./password-hash.js'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, hashPassword: (password: string) => original.hashPassword(password, { N: 1024, r: 8, p: 1 }) };
});

const PASSWORD = 'correct-horse-battery';
const CLIENT = '192.0.2.10';
const MINUTE = 60_000;

const opened: TestIdentity[] = [];
afterEach(() => {
  for (const identity of opened.splice(0)) identity.close();
});

function given(limits?: Partial<IdentityLimits>): TestIdentity {
  const identity = openTestIdentity({ limits: { ...DEFAULT_IDENTITY_LIMITS, ...limits } });
  opened.push(identity);
  return identity;
}

/** The refusal a call ends with; fails the test when it succeeds. */
async function refusal(call: Promise<unknown>): Promise<IdentityError> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof IdentityError)) throw new Error(`expected an IdentityError, got ${String(outcome)}`);
  return outcome;
}

const signUp = (identity: TestIdentity, email: string, password = PASSWORD, client = CLIENT) =>
  identity.service.signUp({ email, password }, client);

const signIn = (identity: TestIdentity, email: string, password = PASSWORD, client = CLIENT) =>
  identity.service.signInWithPassword({ email, password }, client);

describe('identity service: sign-up and sign-in', () => {
  it('a new address gets an account, a session the verifier accepts, and signs in again with its password', async () => {
    const identity = given();
    const session = await signUp(identity, ' Noy@Example.test ');
    expect(session).toMatchObject({ isNewUser: true, expiresIn: 3600, user: { email: 'noy@example.test' } });
    expect(session.user.uid).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(await identity.verifier.verify(session.idToken)).toMatchObject({
      uid: session.user.uid,
      email: 'noy@example.test',
      emailVerified: false,
    });

    const again = await signIn(identity, 'noy@example.test');
    expect(again.user.uid).toBe(session.user.uid);
    expect(again.isNewUser).toBe(false);
    expect(again.refreshToken).not.toBe(session.refreshToken);
  });

  it('an address that has an account already, in any case, is refused with EMAIL_EXISTS', async () => {
    const identity = given();
    await signUp(identity, 'noy@example.test');
    expect((await refusal(signUp(identity, 'NOY@example.test', 'another-password'))).code).toBe('EMAIL_EXISTS');
    expect((await signIn(identity, 'noy@example.test')).user.email).toBe('noy@example.test');
  });

  it('a malformed address, a missing or short password are refused before anything is stored', async () => {
    const identity = given();
    expect((await refusal(signUp(identity, 'not-an-address'))).code).toBe('INVALID_EMAIL');
    expect((await refusal(signUp(identity, ''))).code).toBe('MISSING_EMAIL');
    expect((await refusal(signUp(identity, 'a@example.test', ''))).code).toBe('MISSING_PASSWORD');
    expect((await refusal(signUp(identity, 'a@example.test', 'five5'))).code).toMatch(/^WEAK_PASSWORD/);
    expect((await refusal(signUp(identity, 'a@example.test', 'x'.repeat(129)))).code).toBe(
      'PASSWORD_DOES_NOT_MEET_REQUIREMENTS',
    );
    expect(identity.store.userCount()).toBe(0);
  });

  it('an unknown address and a wrong password get the same refusal', async () => {
    const identity = given();
    await signUp(identity, 'noy@example.test');
    const unknown = await refusal(signIn(identity, 'nobody@example.test'));
    const wrong = await refusal(signIn(identity, 'noy@example.test', 'wrong-password'));
    expect(wrong).toEqual(unknown);
    expect({ code: wrong.code, status: wrong.status, retryAfter: wrong.retryAfterSeconds }).toEqual({
      code: 'INVALID_LOGIN_CREDENTIALS',
      status: 400,
      retryAfter: undefined,
    });
  });

  it('a disabled account cannot sign in, and its tokens and sessions stop working', async () => {
    const identity = given();
    const session = await signUp(identity, 'noy@example.test');
    identity.service.setDisabled(session.user.uid, true);
    expect((await refusal(signIn(identity, 'noy@example.test'))).code).toBe('USER_DISABLED');
    await expect(identity.verifier.verify(session.idToken)).rejects.toThrow('auth/user-disabled');
    expect((await refusal(identity.service.refresh(session.refreshToken))).code).toBe('TOKEN_EXPIRED');
  });
});

describe('identity service: attempt limits', () => {
  it('after ten wrong passwords for an address even the right one is refused until the window ends, with Retry-After', async () => {
    const identity = given();
    await signUp(identity, 'noy@example.test');
    await signUp(identity, 'somchai@example.test');
    for (let i = 0; i < 10; i += 1) await refusal(signIn(identity, 'noy@example.test', `wrong-${i}`));

    const limited = await refusal(signIn(identity, 'noy@example.test'));
    expect(limited).toMatchObject({ code: 'TOO_MANY_ATTEMPTS_TRY_LATER', status: 429, retryAfterSeconds: 15 * 60 });
    expect((await signIn(identity, 'somchai@example.test')).user.email).toBe('somchai@example.test');
    identity.advance(10 * MINUTE);
    expect((await refusal(signIn(identity, 'noy@example.test'))).retryAfterSeconds).toBe(5 * 60);
    identity.advance(5 * MINUTE);
    expect((await signIn(identity, 'noy@example.test')).user.email).toBe('noy@example.test');
  });

  it('an unknown address is limited the same way as a known one', async () => {
    const identity = given({ signInFailuresPerAddress: { limit: 2, windowMs: 15 * MINUTE } });
    for (let i = 0; i < 2; i += 1) await refusal(signIn(identity, 'nobody@example.test', `wrong-${i}`));
    expect((await refusal(signIn(identity, 'nobody@example.test'))).code).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
  });

  it('a sign-in with the right password forgets the wrong ones before it', async () => {
    const identity = given({ signInFailuresPerAddress: { limit: 3, windowMs: 15 * MINUTE } });
    await signUp(identity, 'noy@example.test');
    for (let i = 0; i < 2; i += 1) await refusal(signIn(identity, 'noy@example.test', `wrong-${i}`));
    await signIn(identity, 'noy@example.test');
    for (let i = 0; i < 2; i += 1) await refusal(signIn(identity, 'noy@example.test', `wrong-${i}`));
    expect((await signIn(identity, 'noy@example.test')).user.email).toBe('noy@example.test');
  });

  it('sign-in attempts are limited per client address, whatever the addresses tried', async () => {
    const identity = given({ signInsPerClient: { limit: 3, windowMs: 15 * MINUTE } });
    await signUp(identity, 'noy@example.test');
    for (let i = 0; i < 3; i += 1) await refusal(signIn(identity, `guess-${i}@example.test`));
    expect(await refusal(signIn(identity, 'noy@example.test'))).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS_TRY_LATER',
      retryAfterSeconds: 15 * 60,
    });
    expect((await signIn(identity, 'noy@example.test', PASSWORD, '198.51.100.7')).user.email).toBe('noy@example.test');
  });

  it('sign-ups are limited per client address and per address', async () => {
    const identity = given({
      signUpsPerClient: { limit: 3, windowMs: 60 * MINUTE },
      signUpsPerAddress: { limit: 2, windowMs: 60 * MINUTE },
    });
    await signUp(identity, 'noy@example.test');
    await refusal(signUp(identity, 'noy@example.test', PASSWORD, '198.51.100.7'));
    expect(await refusal(signUp(identity, 'noy@example.test', PASSWORD, '203.0.113.9'))).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS_TRY_LATER',
      status: 429,
      retryAfterSeconds: 60 * 60,
    });

    await signUp(identity, 'a@example.test');
    await signUp(identity, 'b@example.test');
    expect((await refusal(signUp(identity, 'c@example.test'))).code).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    identity.advance(60 * MINUTE);
    expect((await signUp(identity, 'c@example.test')).user.email).toBe('c@example.test');
  });
});

describe('identity service: refresh tokens', () => {
  it('a refresh answers a new ID token and a new refresh token of the same sign-in, which refreshes in turn', async () => {
    const identity = given();
    const session = await signUp(identity, 'noy@example.test');
    identity.advance(50 * MINUTE);
    const next = await identity.service.refresh(session.refreshToken);
    expect(next.refreshToken).not.toBe(session.refreshToken);
    const verified = await identity.verifier.verify(next.idToken);
    expect(verified.authTime).toBe((await identity.verifier.verify(session.idToken)).authTime);
    expect(verified.expiresAt).toBe(Math.floor(identity.now() / 1000) + 3600);
    expect((await identity.service.refresh(next.refreshToken)).user.uid).toBe(session.user.uid);
  });

  it('a refresh token used again within 30 seconds still answers (two tabs refreshing at once)', async () => {
    const identity = given();
    const session = await signUp(identity, 'noy@example.test');
    const first = await identity.service.refresh(session.refreshToken);
    identity.advance(29_000);
    const second = await identity.service.refresh(session.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await identity.service.refresh(first.refreshToken)).user.uid).toBe(session.user.uid);
    expect((await identity.service.refresh(second.refreshToken)).user.uid).toBe(session.user.uid);
  });

  it('a refresh token used again after the grace is TOKEN_EXPIRED and ends its whole family, not other sessions', async () => {
    const identity = given();
    const stolen = await signUp(identity, 'noy@example.test');
    const otherDevice = await signIn(identity, 'noy@example.test');
    const rotated = await identity.service.refresh(stolen.refreshToken);
    const newest = await identity.service.refresh(rotated.refreshToken);
    identity.advance(31_000);

    expect((await refusal(identity.service.refresh(stolen.refreshToken))).code).toBe('TOKEN_EXPIRED');
    expect((await refusal(identity.service.refresh(newest.refreshToken))).code).toBe('TOKEN_EXPIRED');
    expect((await refusal(identity.service.refresh(rotated.refreshToken))).code).toBe('TOKEN_EXPIRED');
    expect((await identity.service.refresh(otherDevice.refreshToken)).user.uid).toBe(stolen.user.uid);
  });

  it('an unknown refresh token is ended (TOKEN_EXPIRED, on which the SDK signs out), as is one unused for 180 days', async () => {
    const identity = given();
    const session = await signUp(identity, 'noy@example.test');
    expect((await refusal(identity.service.refresh('not-a-token'))).code).toBe('TOKEN_EXPIRED');
    expect((await refusal(identity.service.refresh(''))).code).toBe('INVALID_REFRESH_TOKEN');
    identity.advance(181 * 24 * 60 * MINUTE);
    expect((await refusal(identity.service.refresh(session.refreshToken))).code).toBe('TOKEN_EXPIRED');
  });

  it('signing out ends the session of that refresh token only', async () => {
    const identity = given();
    const here = await signUp(identity, 'noy@example.test');
    const there = await signIn(identity, 'noy@example.test');
    const rotated = await identity.service.refresh(here.refreshToken);
    identity.service.signOut(rotated.refreshToken);
    expect((await refusal(identity.service.refresh(rotated.refreshToken))).code).toBe('TOKEN_EXPIRED');
    expect((await identity.service.refresh(there.refreshToken)).user.uid).toBe(here.user.uid);
    identity.service.signOut('unknown-token');
  });
});

describe('identity service: password change and reset', () => {
  it('a password change ends every other session: older ID tokens and refresh tokens are refused', async () => {
    const identity = given();
    const here = await signUp(identity, 'noy@example.test');
    const there = await signIn(identity, 'noy@example.test');

    const { session } = await identity.service.updateAccount(here.idToken, { password: 'a-new-password' });
    if (session === null) throw new Error('a password change answers a new session');

    await expect(identity.verifier.verify(there.idToken)).rejects.toThrow('auth/id-token-revoked');
    await expect(identity.verifier.verify(here.idToken)).rejects.toThrow('auth/id-token-revoked');
    expect((await refusal(identity.service.refresh(there.refreshToken))).code).toBe('TOKEN_EXPIRED');
    expect((await refusal(identity.service.refresh(here.refreshToken))).code).toBe('TOKEN_EXPIRED');
    expect((await identity.verifier.verify(session.idToken)).uid).toBe(here.user.uid);
    expect((await identity.service.refresh(session.refreshToken)).user.uid).toBe(here.user.uid);
    expect((await refusal(signIn(identity, 'noy@example.test'))).code).toBe('INVALID_LOGIN_CREDENTIALS');
    expect((await signIn(identity, 'noy@example.test', 'a-new-password')).user.uid).toBe(here.user.uid);
  });

  it('a new password by accounts:update follows the same policy as registration, with the same refusals', async () => {
    const identity = given();
    await signUp(identity, 'noy@example.test');
    const outcome = (call: Promise<unknown>) =>
      call.then(
        () => 'accepted',
        (error: unknown) => (error instanceof IdentityError ? error.code : String(error)),
      );
    const candidates = [
      '',
      'five5',
      'six6-6',
      'ກີບ-ບາດ',
      'x'.repeat(128),
      'x'.repeat(129),
      '🔑'.repeat(6),
      '🔑'.repeat(5),
    ];
    let current = PASSWORD;
    const seen = new Set<string>();
    for (const [index, password] of candidates.entries()) {
      const atSignUp = await outcome(signUp(identity, `new-${index}@example.test`, password));
      const { idToken } = await signIn(identity, 'noy@example.test', current);
      const atUpdate = await outcome(identity.service.updateAccount(idToken, { password }));
      expect(atUpdate, JSON.stringify(password)).toBe(atSignUp);
      if (atUpdate === 'accepted') current = password;
      seen.add(atUpdate.split(' ')[0] ?? '');
    }
    // Every kind of outcome was met: accepted, missing, too short, too long.
    expect([...seen].sort()).toEqual([
      'MISSING_PASSWORD',
      'PASSWORD_DOES_NOT_MEET_REQUIREMENTS',
      'WEAK_PASSWORD',
      'accepted',
    ]);
  });

  it('a password change needs a sign-in in the last five minutes, refreshed tokens included', async () => {
    const identity = given();
    const session = await signUp(identity, 'noy@example.test');
    identity.advance(6 * MINUTE);
    const refreshed = await identity.service.refresh(session.refreshToken);
    const refused = await refusal(
      identity.service.updateAccount(refreshed.idToken, { password: 'a-new-password', displayName: 'Noy K.' }),
    );
    expect(refused.code).toBe('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
    expect((await signIn(identity, 'noy@example.test')).user.uid).toBe(session.user.uid);
    // A refused request changes nothing, not even the name sent with it.
    expect(identity.store.user(session.user.uid)?.displayName).toBeNull();
  });

  it('changing the email is not offered', async () => {
    const identity = given();
    const session = await signUp(identity, 'noy@example.test');
    const refused = await refusal(identity.service.updateAccount(session.idToken, { email: 'other@example.test' }));
    expect(refused.code).toBe('OPERATION_NOT_ALLOWED');
  });

  it('a reset code sets a new password once and ends every session', async () => {
    const identity = given();
    const session = await signUp(identity, 'noy@example.test');
    const code = identity.service.passwordResetCode('NOY@example.test');
    if (code === null) throw new Error('a known address gets a reset code');
    expect(identity.service.checkResetCode(code, CLIENT)).toBe('noy@example.test');

    expect(await identity.service.resetPassword(code, 'a-new-password', CLIENT)).toBe('noy@example.test');
    expect((await refusal(identity.service.resetPassword(code, 'a-third-password', CLIENT))).code).toBe(
      'INVALID_OOB_CODE',
    );
    await expect(identity.verifier.verify(session.idToken)).rejects.toThrow('auth/id-token-revoked');
    expect((await refusal(identity.service.refresh(session.refreshToken))).code).toBe('TOKEN_EXPIRED');
    expect((await signIn(identity, 'noy@example.test', 'a-new-password')).user.uid).toBe(session.user.uid);
    expect((await refusal(signIn(identity, 'noy@example.test', 'a-third-password'))).code).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
  });

  it('a reset code expires after an hour and an unknown address gets none', async () => {
    const identity = given();
    await signUp(identity, 'noy@example.test');
    const code = identity.service.passwordResetCode('noy@example.test');
    identity.advance(61 * MINUTE);
    expect((await refusal(identity.service.resetPassword(code, 'a-new-password', CLIENT))).code).toBe(
      'EXPIRED_OOB_CODE',
    );
    expect(identity.service.passwordResetCode('nobody@example.test')).toBeNull();
    expect((await signIn(identity, 'noy@example.test')).user.email).toBe('noy@example.test');
  });

  it('reset codes tried from one client address are limited, right ones included', async () => {
    const identity = given({ resetCodesPerClient: { limit: 3, windowMs: 15 * MINUTE } });
    await signUp(identity, 'noy@example.test');
    const code = identity.service.passwordResetCode('noy@example.test');
    for (let i = 0; i < 3; i += 1) {
      expect((await refusal(identity.service.resetPassword(`guess-${i}`, 'a-new-password', CLIENT))).code).toBe(
        'INVALID_OOB_CODE',
      );
    }
    expect(await refusal(identity.service.resetPassword(code, 'a-new-password', CLIENT))).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS_TRY_LATER',
      status: 429,
      retryAfterSeconds: 15 * 60,
    });
    expect(await identity.service.resetPassword(code, 'a-new-password', '198.51.100.7')).toBe('noy@example.test');
  });
});

describe('identity service: sign-in with a provider', () => {
  const google = (subject: string, email: string | null, emailVerified = true) => ({
    provider: 'google',
    subject,
    email,
    emailVerified,
    displayName: 'Noy',
  });

  it('a new subject gets a new account, and its one-time code signs in once, within two minutes', async () => {
    const identity = given();
    const code = identity.service.startFederatedSignIn(google('g-1', 'Noy@Gmail.test'));
    const session = await identity.service.signInWithCode(code, CLIENT);
    expect(session.user).toMatchObject({ email: 'noy@gmail.test', emailVerified: true, passwordHash: null });
    expect(session.isNewUser).toBe(true);
    expect((await refusal(identity.service.signInWithCode(code, CLIENT))).code).toBe('INVALID_CUSTOM_TOKEN');

    const late = identity.service.startFederatedSignIn(google('g-1', 'noy@gmail.test'));
    identity.advance(2 * MINUTE + 1);
    expect((await refusal(identity.service.signInWithCode(late, CLIENT))).code).toBe('INVALID_CUSTOM_TOKEN');
  });

  it('the same subject signs in to the same account, whatever address it gives later', async () => {
    const identity = given();
    const first = await identity.service.signInWithCode(
      identity.service.startFederatedSignIn(google('g-1', 'noy@gmail.test')),
      CLIENT,
    );
    const second = await identity.service.signInWithCode(
      identity.service.startFederatedSignIn(google('g-1', 'noy@another.test')),
      CLIENT,
    );
    expect(second.user.uid).toBe(first.user.uid);
    expect(second.isNewUser).toBe(false);
  });

  it('a provider that vouches for the address of an existing account is linked to it and verifies it', async () => {
    const identity = given();
    const password = await signUp(identity, 'noy@example.test');
    const session = await identity.service.signInWithCode(
      identity.service.startFederatedSignIn(google('g-1', 'NOY@example.test')),
      CLIENT,
    );
    expect(session.user.uid).toBe(password.user.uid);
    expect(identity.store.user(password.user.uid)?.emailVerified).toBe(true);
    expect(identity.service.providersOf(session.user)).toMatchObject([{ provider: 'google', subject: 'g-1' }]);
    expect((await signIn(identity, 'noy@example.test')).user.uid).toBe(password.user.uid);
  });

  it('a provider that does not vouch for the address of an existing account cannot take it over', async () => {
    const identity = given();
    await signUp(identity, 'noy@example.test');
    expect(() => identity.service.startFederatedSignIn(google('g-1', 'noy@example.test', false))).toThrow(
      expect.objectContaining({ code: 'EMAIL_EXISTS' }),
    );
    expect(identity.store.federated('google', 'g-1')).toBeNull();
  });

  it('a subject without an address gets an account without one', async () => {
    const identity = given();
    const session = await identity.service.signInWithCode(
      identity.service.startFederatedSignIn(google('g-2', null)),
      CLIENT,
    );
    expect(session.user).toMatchObject({ email: null, emailVerified: false });
    expect(await identity.verifier.verify(session.idToken)).toMatchObject({ email: null, emailVerified: false });
  });
});

describe('identity service: account deletion', () => {
  it('removes the account with its sessions, codes and linked providers; the address can register anew', async () => {
    const identity = given();
    const session = await signUp(identity, 'noy@example.test');
    const linked = await identity.service.signInWithCode(
      identity.service.startFederatedSignIn(google('g-1', 'noy@example.test')),
      CLIENT,
    );
    const code = identity.service.passwordResetCode('noy@example.test');

    identity.service.deleteUser(session.user.uid);

    await expect(identity.verifier.verify(session.idToken)).rejects.toThrow('auth/user-not-found');
    await expect(identity.verifier.verify(linked.idToken)).rejects.toThrow('auth/user-not-found');
    expect((await refusal(identity.service.refresh(session.refreshToken))).code).toBe('TOKEN_EXPIRED');
    expect((await refusal(identity.service.resetPassword(code, 'a-new-password', CLIENT))).code).toBe(
      'INVALID_OOB_CODE',
    );
    expect((await refusal(signIn(identity, 'noy@example.test'))).code).toBe('INVALID_LOGIN_CREDENTIALS');
    expect(identity.store.federated('google', 'g-1')).toBeNull();
    const anew = await signUp(identity, 'noy@example.test');
    expect(anew.user.uid).not.toBe(session.user.uid);
  });

  function google(subject: string, email: string) {
    return { provider: 'google', subject, email, emailVerified: true, displayName: null };
  }
});
