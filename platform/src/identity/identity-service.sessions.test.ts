import { describe, expect, it } from 'vitest';
import { IdentityError } from './identity-rules.js';
import { PASSWORD, CLIENT, MINUTE, refusal, signIn, signUp, useTestIdentities } from '../testing/identity-calls.js';

const given = useTestIdentities();

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
