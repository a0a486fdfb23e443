import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as CryptoModule from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IdTokens } from '@plenty/platform/identity/id-tokens';
import { loadSigningKey } from '@plenty/platform/identity/signing-key';
import { forgedTokens } from '@plenty/platform/testing/forged-tokens';
import { REFUSED, useIdentityUnderAttack, type Account, type Answer } from '../support/identity-under-attack.js';
import { TEST_PASSWORD } from '../support/users.js';

/** The cost parameter N of each scrypt run in this process: a password check's work, counted. */
const scryptRuns = vi.hoisted((): number[] => []);
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof CryptoModule>();
  const scrypt = ((...args: unknown[]) => {
    const options = args.length === 5 ? (args[3] as CryptoModule.ScryptOptions) : {};
    scryptRuns.push(options.N ?? options.cost ?? 16_384);
    return (actual.scrypt as (...all: unknown[]) => void)(...args);
  }) as typeof actual.scrypt;
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

/**
 * The embedded identity against an attacker on the network, with its DEFAULT attempt limits:
 * forged and tampered ID tokens, stolen refresh tokens, telling which addresses have an
 * account (guessing passwords and reset codes: identity-limits). Each test calls from a
 * client address of its own (`remoteAddress`), so the tests do not count against each other.
 */

const attack = useIdentityUnderAttack();
const { clock, identity, refresh, signUp, apiStatuses } = attack;
let otherDataDir: string;

beforeAll(async () => {
  otherDataDir = await mkdtemp(join(tmpdir(), 'plenty-identity-other-'));
});

afterAll(async () => {
  await rm(otherDataDir, { recursive: true, force: true });
});

describe('security: ID tokens of the embedded identity', () => {
  let account: Account;
  beforeAll(async () => {
    account = await signUp('10.0.1.1');
  });

  it('a genuine token is accepted on a query and a command, so the refusals below are about the token', async () => {
    expect(await apiStatuses(account.idToken)).toEqual({ query: 200, command: 200 });
  });

  it('refuses forged and tampered tokens of every kind on a query and a command, and at the identity API', async () => {
    // Signed with the server's own key too (as if it leaked): wrong kid, audience, issuer.
    const key = await loadSigningKey(join(attack.dataDir, 'identity.key'));
    const accepted: string[] = [];
    for (const [kind, token] of Object.entries(await forgedTokens(account.idToken, key))) {
      const statuses = await apiStatuses(token);
      if (statuses.query !== 401 || statuses.command !== 401) accepted.push(`${kind}: ${JSON.stringify(statuses)}`);
      const lookup = await identity('accounts:lookup', { idToken: token });
      if (lookup.status !== 400) accepted.push(`${kind}: accounts:lookup ${lookup.status}`);
    }
    expect(accepted).toEqual([]);
  });

  it("refuses a token signed with another data folder's key", async () => {
    const otherKey = await loadSigningKey(join(otherDataDir, 'identity.key'));
    const user = attack.standalone.identity.store.user(account.uid);
    if (user === null) throw new Error('the account exists');
    const foreign = await new IdTokens(otherKey, 'plenty').issue({
      user,
      authTime: Math.floor(Date.now() / 1000),
      signInProvider: 'password',
    });
    expect(await apiStatuses(foreign)).toEqual(REFUSED);
  });

  it('refuses a token once it has expired on the identity clock', async () => {
    const { idToken } = await signUp('10.0.1.2');
    clock.offsetMs = 3600_000 + 1000;
    expect(await apiStatuses(idToken)).toEqual(REFUSED);
    clock.offsetMs = 0;
    expect(await apiStatuses(idToken)).toEqual({ query: 200, command: 200 });
  });

  it('refuses the tokens of a session older than a password change', async () => {
    const before = await signUp('10.0.1.3');
    const other = await identity(
      'accounts:signInWithPassword',
      { email: before.email, password: TEST_PASSWORD, returnSecureToken: true },
      '10.0.1.3',
    );
    const changed = await identity('accounts:update', { idToken: before.idToken, password: 'a-new-password-1' });
    expect(changed.status).toBe(200);

    expect(await apiStatuses(before.idToken)).toEqual(REFUSED);
    expect(await apiStatuses(String(other.json()['idToken']))).toEqual(REFUSED);
    expect((await refresh(before.refreshToken)).json().error?.message).toBe('TOKEN_EXPIRED');
    expect(await apiStatuses(String(changed.json()['idToken']))).toEqual({ query: 200, command: 200 });
  });

  it("refuses a deleted user's token, and their address registers anew as another account", async () => {
    const leaving = await signUp('10.0.1.4');
    const deletion = await attack.standalone.app.inject({
      method: 'POST',
      url: '/api/commands/DeleteAccount',
      headers: { authorization: `Bearer ${leaving.idToken}` },
      payload: { commandId: randomUUID(), confirmEmail: leaving.email, confirmPhrase: 'Delete My Account' },
    });
    expect(deletion.statusCode).toBe(200);
    expect(await apiStatuses(leaving.idToken)).toEqual(REFUSED);
    expect((await refresh(leaving.refreshToken)).json().error?.message).toBe('TOKEN_EXPIRED');
    const again = await signUp('10.0.1.4', leaving.email);
    expect(again.uid).not.toBe(leaving.uid);
  });
});

describe('security: refresh tokens', () => {
  it('a refresh token used again after the grace ends its whole family, the newest token included', async () => {
    const stolen = await signUp('10.0.2.1');
    const rotated = await refresh(stolen.refreshToken);
    expect(rotated.status).toBe(200);
    const newest = await refresh(String(rotated.json()['refresh_token']));
    expect(newest.status).toBe(200);
    clock.offsetMs = 31_000;

    const reuse = await refresh(stolen.refreshToken);
    expect({ status: reuse.status, message: reuse.json().error?.message }).toEqual({
      status: 400,
      message: 'TOKEN_EXPIRED',
    });
    const afterRevocation = await refresh(String(newest.json()['refresh_token']));
    expect({ status: afterRevocation.status, message: afterRevocation.json().error?.message }).toEqual({
      status: 400,
      message: 'TOKEN_EXPIRED',
    });
  });

  it('a refresh token used again within the grace answers (two tabs refreshing at once)', async () => {
    const session = await signUp('10.0.2.2');
    expect((await refresh(session.refreshToken)).status).toBe(200);
    clock.offsetMs = 20_000;
    expect((await refresh(session.refreshToken)).status).toBe(200);
  });
});

describe('security: telling which addresses have an account', () => {
  it('an unknown address and a wrong password get byte-identical answers after the same work', async () => {
    const client = '10.0.3.1';
    // Wrong passwords are limited per address (10 in 15 minutes): spread the tries over accounts.
    const accounts = await Promise.all([signUp('10.0.3.2'), signUp('10.0.3.2'), signUp('10.0.3.2')]);
    const tryWrong = (i: number) =>
      identity(
        'accounts:signInWithPassword',
        { email: accounts[i % accounts.length]?.email, password: 'not-the-password', returnSecureToken: true },
        client,
      );
    const tryUnknown = (i: number) =>
      identity(
        'accounts:signInWithPassword',
        { email: `nobody-${i}@example.test`, password: 'not-the-password', returnSecureToken: true },
        client,
      );
    const wrong = await tryWrong(99);
    const unknown = await tryUnknown(99);
    expect(unknown.status).toBe(400);
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect(unknown.json().error?.message).toBe('INVALID_LOGIN_CREDENTIALS');

    // The same work for both (not their times, which a busy machine upsets): one scrypt check
    // of the stored hash's cost, against the account's hash or a decoy's.
    const workOf = async (attempt: () => Promise<Answer>) => {
      const before = scryptRuns.length;
      const answer = await attempt();
      expect(answer.body).toBe(unknown.body);
      return scryptRuns.slice(before);
    };
    for (let i = 0; i < 3; i += 1) {
      expect(await workOf(() => tryWrong(i)), 'a wrong password').toEqual([2 ** 15]);
      expect(await workOf(() => tryUnknown(i)), 'an unknown address').toEqual([2 ** 15]);
    }
  });

  it('createAuthUri tells nothing about an address', async () => {
    const known = await signUp('10.0.3.3');
    const answers = await Promise.all(
      [known.email, 'nobody@example.test'].map((identifier) =>
        identity('accounts:createAuthUri', { identifier, continueUri: 'http://127.0.0.1:8080/' }),
      ),
    );
    expect(answers[0]?.body).toBe(answers[1]?.body);
    expect(answers[0]?.json()).toEqual({
      kind: 'identitytoolkit#CreateAuthUriResponse',
      allProviders: [],
      signinMethods: [],
    });
  });

  it('the password hash appears in no answer', async () => {
    const client = '10.0.3.4';
    const email = `hash-${randomUUID()}@example.test`;
    const answers: Answer[] = [];
    const record = async (answer: Promise<Answer>) => {
      const settled = await answer;
      answers.push(settled);
      return settled.json() as Record<string, string>;
    };
    const signedUp = await record(
      identity('accounts:signUp', { email, password: TEST_PASSWORD, returnSecureToken: true }, client),
    );
    const uid = signedUp['localId'] ?? '';
    const hashes = [attack.standalone.identity.store.user(uid)?.passwordHash ?? ''];
    await record(
      identity('accounts:signInWithPassword', { email, password: TEST_PASSWORD, returnSecureToken: true }, client),
    );
    await record(identity('accounts:lookup', { idToken: signedUp['idToken'] }));
    await record(
      identity('accounts:update', { idToken: signedUp['idToken'], displayName: 'Noy', returnSecureToken: true }),
    );
    const changed = await record(
      identity('accounts:update', {
        idToken: signedUp['idToken'],
        password: 'a-new-password-2',
        returnSecureToken: true,
      }),
    );
    hashes.push(attack.standalone.identity.store.user(uid)?.passwordHash ?? '');
    await record(identity('accounts:lookup', { idToken: changed['idToken'] }));
    await record(refresh(changed['refreshToken'] ?? ''));
    const code = attack.standalone.identity.service.passwordResetCode(email) ?? '';
    await record(identity('accounts:resetPassword', { oobCode: code }, client));
    await record(identity('accounts:resetPassword', { oobCode: code, newPassword: 'a-new-password-3' }, client));
    hashes.push(attack.standalone.identity.store.user(uid)?.passwordHash ?? '');
    await record(identity('accounts:createAuthUri', { identifier: email, continueUri: 'http://127.0.0.1:8080/' }));

    expect(new Set(hashes).size).toBe(3);
    const pieces = hashes.flatMap((hash) => hash.split('$').slice(4));
    expect(pieces.every((piece) => piece.length >= 16)).toBe(true);
    for (const answer of answers) {
      expect(answer.body).not.toMatch(/scrypt|passwordHash|"salt"/i);
      for (const piece of pieces) expect(answer.body).not.toContain(piece);
    }
  });
});
