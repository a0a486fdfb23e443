import { describe, expect, it } from 'vitest';
import type { TestIdentity } from '../testing/identity.js';
import type { FederatedSignIn } from './identity-rules.js';
import { CLIENT, MINUTE, refusal, signIn, signUp, useTestIdentities } from '../testing/identity-calls.js';

const given = useTestIdentities();

/** Signs in with the one-time code a provider's account gets. */
const federatedSignIn = (identity: TestIdentity, account: FederatedSignIn) =>
  identity.service.signInWithCode(identity.service.startFederatedSignIn(account), CLIENT);

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
    const first = await federatedSignIn(identity, google('g-1', 'noy@gmail.test'));
    const second = await federatedSignIn(identity, google('g-1', 'noy@another.test'));
    expect(second.user.uid).toBe(first.user.uid);
    expect(second.isNewUser).toBe(false);
  });

  it('a provider that vouches for the address of an existing account is linked to it and verifies it', async () => {
    const identity = given();
    const password = await signUp(identity, 'noy@example.test');
    const session = await federatedSignIn(identity, google('g-1', 'NOY@example.test'));
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
    const session = await federatedSignIn(identity, google('g-2', null));
    expect(session.user).toMatchObject({ email: null, emailVerified: false });
    expect(await identity.verifier.verify(session.idToken)).toMatchObject({ email: null, emailVerified: false });
  });
});

describe('identity service: account deletion', () => {
  it('removes the account with its sessions, codes and linked providers; the address can register anew', async () => {
    const identity = given();
    const session = await signUp(identity, 'noy@example.test');
    const linked = await federatedSignIn(identity, google('g-1', 'noy@example.test'));
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
