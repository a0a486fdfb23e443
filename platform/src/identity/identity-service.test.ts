import { describe, expect, it } from 'vitest';
import { PASSWORD, MINUTE, refusal, signIn, signUp, useTestIdentities } from '../testing/identity-calls.js';

const given = useTestIdentities();

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
