import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IdTokens } from '@plenty/platform/identity/id-tokens';
import { loadSigningKey } from '@plenty/platform/identity/signing-key';
import { forgedTokens } from '@plenty/platform/testing/forged-tokens';
import { openStandalone, type Standalone } from '@plenty/standalone/app';

/**
 * The embedded identity against an attacker on the network, with its DEFAULT attempt limits:
 * forged and tampered ID tokens, stolen refresh tokens, telling which addresses have an
 * account, guessing passwords and reset codes. Each limit is tested from a client address of
 * its own (`remoteAddress`), so the tests do not count against each other.
 */

const PASSWORD = 'correct-horse-battery';
let standalone: Standalone;
let dataDir: string;
let otherDataDir: string;
/** The identity's clock runs this far ahead of the wall clock (expiry and grace without waiting). */
let clockOffsetMs = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'plenty-identity-security-'));
  otherDataDir = await mkdtemp(join(tmpdir(), 'plenty-identity-other-'));
  standalone = await openStandalone({
    dataDir,
    logLevel: 'silent',
    identityClock: () => Date.now() + clockOffsetMs,
  });
});

afterEach(() => {
  clockOffsetMs = 0;
});

afterAll(async () => {
  await standalone?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(otherDataDir, { recursive: true, force: true });
});

interface Answer {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
  json(): Record<string, unknown> & { error?: { message?: string; code?: unknown } };
}

/** A call to the Identity Toolkit or Secure Token API from a client at `client`. */
async function identity(path: string, body: object, client = '127.0.0.1'): Promise<Answer> {
  const url = path.startsWith('/') ? path : `/identitytoolkit.googleapis.com/v1/${path}?key=plenty-embedded`;
  const form = url.startsWith('/securetoken');
  const response = await standalone.app.inject({
    method: 'POST',
    url,
    remoteAddress: client,
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body,
    json: () => response.json(),
  };
}

const refresh = (refreshToken: string) =>
  identity('/securetoken.googleapis.com/v1/token', { grant_type: 'refresh_token', refresh_token: refreshToken });

interface Account {
  readonly uid: string;
  readonly email: string;
  readonly idToken: string;
  readonly refreshToken: string;
}

async function signUp(client: string, email = `user-${randomUUID()}@example.test`): Promise<Account> {
  const answer = await identity('accounts:signUp', { email, password: PASSWORD, returnSecureToken: true }, client);
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.body}`);
  const { localId, idToken, refreshToken } = answer.json() as Record<string, string>;
  await standalone.identity.providerAdmin.markEmailVerified(localId ?? '');
  return { uid: localId ?? '', email, idToken: idToken ?? '', refreshToken: refreshToken ?? '' };
}

/** The status of a query and of a command sent with this bearer token. */
async function apiStatuses(idToken: string): Promise<{ query: number; command: number }> {
  const authorization = `Bearer ${idToken}`;
  const query = await standalone.app.inject({
    method: 'GET',
    url: '/api/queries/preferences',
    headers: { authorization },
  });
  const command = await standalone.app.inject({
    method: 'POST',
    url: '/api/commands/AddTransaction',
    headers: { authorization },
    payload: {
      commandId: randomUUID(),
      transactionId: randomUUID(),
      type: 'expense',
      amount: { amount: 45_000, currency: 'LAK' },
      categoryId: 'builtin-food',
      date: '2026-11-20',
    },
  });
  return { query: query.statusCode, command: command.statusCode };
}

const REFUSED = { query: 401, command: 401 };

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
    const key = await loadSigningKey(join(dataDir, 'identity.key'));
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
    const user = standalone.identity.store.user(account.uid);
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
    clockOffsetMs = 3600_000 + 1000;
    expect(await apiStatuses(idToken)).toEqual(REFUSED);
    clockOffsetMs = 0;
    expect(await apiStatuses(idToken)).toEqual({ query: 200, command: 200 });
  });

  it('refuses the tokens of a session older than a password change', async () => {
    const before = await signUp('10.0.1.3');
    const other = await identity(
      'accounts:signInWithPassword',
      { email: before.email, password: PASSWORD, returnSecureToken: true },
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
    const deletion = await standalone.app.inject({
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
    clockOffsetMs = 31_000;

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
    clockOffsetMs = 20_000;
    expect((await refresh(session.refreshToken)).status).toBe(200);
  });
});

describe('security: telling which addresses have an account', () => {
  it('an unknown address and a wrong password get byte-identical answers, in times alike', async () => {
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

    const timed = async (attempt: () => Promise<Answer>) => {
      const started = performance.now();
      const answer = await attempt();
      const ms = performance.now() - started;
      expect(answer.body).toBe(unknown.body);
      return ms;
    };
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      wrongTimes.push(await timed(() => tryWrong(i)));
      unknownTimes.push(await timed(() => tryUnknown(i)));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const ratio = median(wrongTimes) / median(unknownTimes);
    // A property of the answers, not a target for the machine: both do one scrypt check.
    expect(
      ratio,
      `median ${median(wrongTimes).toFixed(1)} ms vs ${median(unknownTimes).toFixed(1)} ms`,
    ).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
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
      identity('accounts:signUp', { email, password: PASSWORD, returnSecureToken: true }, client),
    );
    const uid = signedUp['localId'] ?? '';
    const hashes = [standalone.identity.store.user(uid)?.passwordHash ?? ''];
    await record(
      identity('accounts:signInWithPassword', { email, password: PASSWORD, returnSecureToken: true }, client),
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
    hashes.push(standalone.identity.store.user(uid)?.passwordHash ?? '');
    await record(identity('accounts:lookup', { idToken: changed['idToken'] }));
    await record(refresh(changed['refreshToken'] ?? ''));
    const code = standalone.identity.service.passwordResetCode(email) ?? '';
    await record(identity('accounts:resetPassword', { oobCode: code }, client));
    await record(identity('accounts:resetPassword', { oobCode: code, newPassword: 'a-new-password-3' }, client));
    hashes.push(standalone.identity.store.user(uid)?.passwordHash ?? '');
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

describe('security: attempt limits (the defaults)', { timeout: 120_000 }, () => {
  it('after 10 wrong passwords for an address, 429 with Retry-After, and then the right password is refused too', async () => {
    const target = await signUp('10.0.4.1');
    const attempt = (password: string) =>
      identity('accounts:signInWithPassword', { email: target.email, password, returnSecureToken: true }, '10.0.4.2');
    for (let i = 0; i < 10; i += 1) expect((await attempt(`guess-${i}`)).status).toBe(400);
    for (const password of ['guess-10', PASSWORD]) {
      const limited = await attempt(password);
      expect(limited.status).toBe(429);
      expect(limited.json().error?.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    // From another client address too: the limit is the address's.
    const elsewhere = await identity(
      'accounts:signInWithPassword',
      { email: target.email, password: PASSWORD, returnSecureToken: true },
      '10.0.4.3',
    );
    expect(elsewhere.status).toBe(429);
    clockOffsetMs = 15 * 60_000;
    expect((await attempt(PASSWORD)).status).toBe(200);
  });

  it('after 100 sign-in attempts from one client address, 429 for any address from it', async () => {
    const client = '10.0.5.1';
    const target = await signUp('10.0.5.2');
    // Four at a time: each is one scrypt check on the thread pool.
    for (let i = 0; i < 100; i += 4) {
      const batch = await Promise.all(
        [0, 1, 2, 3].map((j) =>
          identity(
            'accounts:signInWithPassword',
            { email: `guess-${i + j}@example.test`, password: PASSWORD, returnSecureToken: true },
            client,
          ),
        ),
      );
      expect(batch.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    }
    const limited = await identity(
      'accounts:signInWithPassword',
      { email: target.email, password: PASSWORD, returnSecureToken: true },
      client,
    );
    expect(limited.status).toBe(429);
    expect(limited.json().error?.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await identity(
      'accounts:signInWithPassword',
      { email: target.email, password: PASSWORD, returnSecureToken: true },
      '10.0.5.3',
    );
    expect(elsewhere.status).toBe(200);
  });

  it('after 20 sign-ups from one client address, or 5 for one address, 429 with Retry-After', async () => {
    const client = '10.0.6.1';
    for (let i = 0; i < 20; i += 4) await Promise.all([0, 1, 2, 3].map(() => signUp(client)));
    const limited = await identity(
      'accounts:signUp',
      { email: `one-more-${randomUUID()}@example.test`, password: PASSWORD, returnSecureToken: true },
      client,
    );
    expect(limited.status).toBe(429);
    expect(limited.json().error?.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);

    const email = `taken-${randomUUID()}@example.test`;
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await identity(
        'accounts:signUp',
        { email, password: PASSWORD, returnSecureToken: true },
        `10.0.6.${10 + i}`,
      );
      answers.push(answer.status);
    }
    expect(answers).toEqual([200, 400, 400, 400, 400, 429]);
  });

  it('after 30 reset codes tried from one client address, 429, the right code included', async () => {
    const client = '10.0.7.1';
    const target = await signUp('10.0.7.2');
    const code = standalone.identity.service.passwordResetCode(target.email) ?? '';
    for (let i = 0; i < 30; i += 1) {
      const guess = await identity(
        'accounts:resetPassword',
        { oobCode: `guess-${i}`, newPassword: 'a-new-password' },
        client,
      );
      expect(guess.json().error?.message).toBe('INVALID_OOB_CODE');
    }
    const limited = await identity('accounts:resetPassword', { oobCode: code, newPassword: 'a-new-password' }, client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await identity('accounts:resetPassword', { oobCode: code }, client)).status).toBe(429);
    const elsewhere = await identity(
      'accounts:resetPassword',
      { oobCode: code, newPassword: 'a-new-password' },
      '10.0.7.3',
    );
    expect(elsewhere.json()).toMatchObject({ email: target.email, requestType: 'PASSWORD_RESET' });
  });
});
