import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { forgedTokens } from '../testing/forged-tokens.js';
import { openTestIdentity, TEST_AUDIENCE, testSigningKey, type TestIdentity } from '../testing/identity.js';
import { IdTokens } from './id-tokens.js';
import type { IdentityUser } from './identity-records.js';

const opened: TestIdentity[] = [];
afterEach(() => {
  for (const identity of opened.splice(0)) identity.close();
});

function given(): TestIdentity {
  const identity = openTestIdentity();
  opened.push(identity);
  return identity;
}

const START = Date.UTC(2026, 10, 26, 8, 0, 0) / 1000;

function account(identity: TestIdentity, changes: Partial<IdentityUser> = {}): IdentityUser {
  const user: IdentityUser = {
    uid: 'u5K6KTL85HfKgqNsh3r59GTpWrB',
    email: 'noy@example.test',
    emailVerified: true,
    displayName: 'Noy',
    photoUrl: null,
    passwordHash: null,
    createdAt: identity.now(),
    lastLoginAt: identity.now(),
    passwordUpdatedAt: null,
    sessionVersion: 1,
    disabled: false,
    ...changes,
  };
  identity.store.insertUser(user);
  return user;
}

const issue = (identity: TestIdentity, user: IdentityUser) =>
  identity.tokens.issue({ user, authTime: Math.floor(identity.now() / 1000) - 60, signInProvider: 'password' });

describe('ID tokens', () => {
  it('are ES256 JWTs naming their key, in the shape the Firebase SDK reads, valid one hour', async () => {
    const identity = given();
    const token = await issue(identity, account(identity));
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: identity.key.kid, typ: 'JWT' });
    expect(decodeJwt(token)).toEqual({
      iss: 'plenty-identity',
      aud: TEST_AUDIENCE,
      sub: 'u5K6KTL85HfKgqNsh3r59GTpWrB',
      user_id: 'u5K6KTL85HfKgqNsh3r59GTpWrB',
      iat: START,
      exp: START + 3600,
      auth_time: START - 60,
      sv: 1,
      email: 'noy@example.test',
      email_verified: true,
      name: 'Noy',
      firebase: { identities: { email: ['noy@example.test'] }, sign_in_provider: 'password' },
    });
  });

  it('carry nothing of the password, not even its hash', async () => {
    const identity = given();
    const hash = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';
    const token = await issue(identity, account(identity, { passwordHash: hash }));
    const decoded = Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8');
    expect(decoded).not.toContain('scrypt');
    expect(decoded).not.toContain('c2FsdHNhbHRzYWx0c2FsdA');
  });

  it('are accepted until they expire, and not a second after', async () => {
    const identity = given();
    const token = await issue(identity, account(identity));
    identity.advance(3599_000);
    expect((await identity.tokens.check(token)).sub).toBe('u5K6KTL85HfKgqNsh3r59GTpWrB');
    identity.advance(1_000);
    await expect(identity.tokens.check(token)).rejects.toThrow('auth/id-token-expired');
  });

  it('issued in the future (another clock, a forger) are refused', async () => {
    const identity = given();
    const user = account(identity);
    identity.advance(3600_000);
    const early = await issue(identity, user);
    identity.advance(-3600_000);
    await expect(identity.tokens.check(early)).rejects.toThrow('auth/invalid-id-token');
  });

  it('forged or tampered in any way are refused', async () => {
    const identity = given();
    const genuine = await issue(identity, account(identity));
    const accepted: string[] = [];
    for (const [kind, token] of Object.entries(await forgedTokens(genuine, identity.key))) {
      const outcome = await identity.tokens.check(token).then(
        () => 'accepted',
        (error: unknown) => (error instanceof Error ? error.name : 'other'),
      );
      if (outcome !== 'InvalidTokenError') accepted.push(`${kind}: ${outcome}`);
    }
    expect(accepted).toEqual([]);
  });

  it("of another data folder's key, for the same audience, are refused", async () => {
    const identity = given();
    const user = account(identity);
    const elsewhere = new IdTokens(testSigningKey(), TEST_AUDIENCE, () => Math.floor(identity.now() / 1000));
    const token = await elsewhere.issue({
      user,
      authTime: Math.floor(identity.now() / 1000),
      signInProvider: 'password',
    });
    await expect(identity.tokens.check(token)).rejects.toThrow('auth/invalid-id-token');
  });
});

describe('the embedded token verifier', () => {
  it('answers the account as it is now: an address verified after the token was issued is verified', async () => {
    const identity = given();
    const user = account(identity, { emailVerified: false });
    const token = await issue(identity, user);
    expect(await identity.verifier.verify(token)).toEqual({
      uid: user.uid,
      email: 'noy@example.test',
      emailVerified: false,
      expiresAt: START + 3600,
      authTime: START - 60,
    });
    identity.store.markEmailVerified(user.uid);
    expect((await identity.verifier.verify(token)).emailVerified).toBe(true);
  });

  it('refuses the token of an account deleted, disabled, or whose password changed after it was issued', async () => {
    const identity = given();
    const deleted = account(identity, { uid: 'deleted', email: 'deleted@example.test' });
    const disabled = account(identity, { uid: 'disabled', email: 'disabled@example.test' });
    const changed = account(identity, { uid: 'changed', email: 'changed@example.test' });
    const [deletedToken, disabledToken, changedToken] = await Promise.all(
      [deleted, disabled, changed].map((user) => issue(identity, user)),
    );
    for (const token of [deletedToken, disabledToken, changedToken]) await identity.verifier.verify(token ?? '');

    identity.store.deleteUser(deleted.uid);
    identity.store.setDisabled(disabled.uid, true);
    identity.store.setPassword(changed.uid, 'scrypt$1024$8$1$c2FsdA$aGFzaA', identity.now());

    await expect(identity.verifier.verify(deletedToken ?? '')).rejects.toThrow('auth/user-not-found');
    await expect(identity.verifier.verify(disabledToken ?? '')).rejects.toThrow('auth/user-disabled');
    await expect(identity.verifier.verify(changedToken ?? '')).rejects.toThrow('auth/id-token-revoked');
    const current = identity.store.user(changed.uid);
    if (current === null) throw new Error('the account is there');
    expect((await identity.verifier.verify(await issue(identity, current))).uid).toBe(changed.uid);
  });

  it('refuses a token whose signature it remembers once the token has expired', async () => {
    const identity = given();
    const token = await issue(identity, account(identity));
    await identity.verifier.verify(token);
    identity.advance(3600_000);
    await expect(identity.verifier.verify(token)).rejects.toThrow('auth/id-token-expired');
  });

  it('refuses forged tokens even after the genuine one was verified', async () => {
    const identity = given();
    const genuine = await issue(identity, account(identity));
    await identity.verifier.verify(genuine);
    const accepted: string[] = [];
    for (const [kind, token] of Object.entries(await forgedTokens(genuine, identity.key))) {
      if (
        await identity.verifier.verify(token).then(
          () => true,
          () => false,
        )
      )
        accepted.push(kind);
    }
    expect(accepted).toEqual([]);
  });
});
