import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useIdentityUnderAttack } from '../support/identity-under-attack.js';
import { TEST_PASSWORD } from '../support/users.js';

/**
 * The embedded identity's DEFAULT attempt limits against guessing passwords and reset codes
 * and signing up in bulk. Each limit is tested from a client address of its own
 * (`remoteAddress`), so the tests do not count against each other.
 */

const attack = useIdentityUnderAttack();
const { clock, identity, signUp } = attack;

describe('security: attempt limits (the defaults)', { timeout: 120_000 }, () => {
  it('after 10 wrong passwords for an address, 429 with Retry-After, and then the right password is refused too', async () => {
    const target = await signUp('10.0.4.1');
    const attempt = (password: string) =>
      identity('accounts:signInWithPassword', { email: target.email, password, returnSecureToken: true }, '10.0.4.2');
    for (let i = 0; i < 10; i += 1) expect((await attempt(`guess-${i}`)).status).toBe(400);
    for (const password of ['guess-10', TEST_PASSWORD]) {
      const limited = await attempt(password);
      expect(limited.status).toBe(429);
      expect(limited.json().error?.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    // From another client address too: the limit is the address's.
    const elsewhere = await identity(
      'accounts:signInWithPassword',
      { email: target.email, password: TEST_PASSWORD, returnSecureToken: true },
      '10.0.4.3',
    );
    expect(elsewhere.status).toBe(429);
    clock.offsetMs = 15 * 60_000;
    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
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
            { email: `guess-${i + j}@example.test`, password: TEST_PASSWORD, returnSecureToken: true },
            client,
          ),
        ),
      );
      expect(batch.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    }
    const limited = await identity(
      'accounts:signInWithPassword',
      { email: target.email, password: TEST_PASSWORD, returnSecureToken: true },
      client,
    );
    expect(limited.status).toBe(429);
    expect(limited.json().error?.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await identity(
      'accounts:signInWithPassword',
      { email: target.email, password: TEST_PASSWORD, returnSecureToken: true },
      '10.0.5.3',
    );
    expect(elsewhere.status).toBe(200);
  });

  it('after 20 sign-ups from one client address, or 5 for one address, 429 with Retry-After', async () => {
    const client = '10.0.6.1';
    for (let i = 0; i < 20; i += 4) await Promise.all([0, 1, 2, 3].map(() => signUp(client)));
    const limited = await identity(
      'accounts:signUp',
      { email: `one-more-${randomUUID()}@example.test`, password: TEST_PASSWORD, returnSecureToken: true },
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
        { email, password: TEST_PASSWORD, returnSecureToken: true },
        `10.0.6.${10 + i}`,
      );
      answers.push(answer.status);
    }
    expect(answers).toEqual([200, 400, 400, 400, 400, 429]);
  });

  it('after 30 reset codes tried from one client address, 429, the right code included', async () => {
    const client = '10.0.7.1';
    const target = await signUp('10.0.7.2');
    const code = attack.standalone.identity.service.passwordResetCode(target.email) ?? '';
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
