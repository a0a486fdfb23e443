import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IdentityProviderAdmin } from '@plenty/platform/auth/identity-admin';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import type { EventStore } from '@plenty/platform/event-store/port';
import { outboxMailer, readOutbox } from '@plenty/platform/mail/outbox';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { identityCommands } from './identity.plugin.js';
import { resetPasswordLink } from './password-reset.js';
import { testServer } from '../testing/server.js';

let stores: TestStores;
let outbox: string;
let app: FastifyInstance;
let eventStore: EventStore;
let clock = Date.parse('2026-11-23T10:00:00.000Z');
const marked: string[] = [];
let failMarking = false;
const accounts = new Set(['known@example.test']);
const identity: IdentityProviderAdmin = {
  async markEmailVerified(uid) {
    if (failMarking) throw new Error('identity provider unavailable');
    marked.push(uid);
  },
  async passwordResetCode(email) {
    return accounts.has(email) ? `oob-${email.split('@')[0]}` : null;
  },
};

beforeAll(async () => {
  stores = await openTestStores('identity');
  eventStore = stores.eventStore;
  outbox = join(stores.dir, 'outbox');
  app = await testServer(identityCommands, {
    prefix: '/api/commands',
    eventStore,
    codec: stores.codec,
    verifier: fakeVerifier,
    identity,
    mailer: outboxMailer({ dir: outbox, log: { info: () => undefined }, now: () => new Date(clock) }),
    appOrigin: 'https://plenty.example',
    now: () => new Date(clock),
    limits: { resetPerEmail: { max: 3, windowSeconds: 3600 } },
  });
});

afterAll(async () => {
  await app.close();
  await stores.close();
});

const send = (name: string, payload: object, authorization?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/commands/${name}`,
    headers: authorization === undefined ? {} : { authorization },
    payload: { commandId: randomUUID(), ...payload },
  });

async function mailsTo(email: string) {
  return (await readOutbox(outbox)).filter((mail) => mail.to === email);
}

async function lastCodeFor(email: string): Promise<string> {
  const mail = (await mailsTo(email)).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`no code mailed to ${email}`);
  return code;
}

describe('verification commands', () => {
  it('mails a code, keeps only its sealed hash, and marks the user verified with it', async () => {
    const user = bearer('ana', { emailVerified: false });
    const sent = await send('SendVerificationCode', { locale: 'lo' }, user);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ streamId: 'verification-ana', revision: 0 });
    const code = await lastCodeFor('ana@example.test');
    expect((await mailsTo('ana@example.test')).at(-1)?.subject).toContain('ລະຫັດຢືນຢັນ');

    const stored = JSON.stringify(await eventStore.readStream('verification-ana'));
    expect(stored).not.toContain('ana@example.test');
    expect(stored).not.toContain(code);

    const verified = await send('VerifyEmail', { code }, user);
    expect(verified.statusCode).toBe(200);
    expect(marked).toContain('ana');
    const again = await send('SendVerificationCode', { locale: 'en' }, user);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'email_already_verified' } });
  });

  it('answers 429 verification_resend_too_early with Retry-After, and sends again after a minute', async () => {
    const user = bearer('ben', { emailVerified: false });
    expect((await send('SendVerificationCode', { locale: 'en' }, user)).statusCode).toBe(200);
    clock += 20_000;
    const early = await send('SendVerificationCode', { locale: 'en' }, user);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(early.json()).toMatchObject({ error: { code: 'verification_resend_too_early' } });
    clock += 40_000;
    expect((await send('SendVerificationCode', { locale: 'en' }, user)).statusCode).toBe(200);
    expect(await mailsTo('ben@example.test')).toHaveLength(2);
  });

  it('counts wrong codes: 422 four times, then 429 even for the right code', async () => {
    const user = bearer('cat', { emailVerified: false });
    await send('SendVerificationCode', { locale: 'en' }, user);
    const code = await lastCodeFor('cat@example.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await send('VerifyEmail', { code: wrong }, user);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ error: { code: 'verification_code_wrong' } });
    }
    const blocked = await send('VerifyEmail', { code }, user);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'verification_attempts_exceeded' } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a retried command as the first attempt ended, recording nothing new', async () => {
    const user = bearer('dan', { emailVerified: false });
    await send('SendVerificationCode', { locale: 'en' }, user);
    const code = await lastCodeFor('dan@example.test');
    const commandId = randomUUID();
    const wrong = { commandId, code: code === '000000' ? '111111' : '000000' };
    expect((await send('VerifyEmail', wrong, user)).statusCode).toBe(422);
    expect((await send('VerifyEmail', wrong, user)).statusCode).toBe(422);
    expect(await eventStore.readStream('verification-dan')).toHaveLength(2);
  });

  it('marks the identity provider again on a retry when marking failed after EmailVerified was recorded', async () => {
    const user = bearer('eve', { emailVerified: false });
    await send('SendVerificationCode', { locale: 'en' }, user);
    const code = await lastCodeFor('eve@example.test');
    failMarking = true;
    const failed = await send('VerifyEmail', { code }, user);
    failMarking = false;
    expect(failed.statusCode).toBe(500);
    expect((await eventStore.readStream('verification-eve')).at(-1)?.type).toBe('EmailVerified');
    expect(marked).not.toContain('eve');

    const retried = await send('VerifyEmail', { code: '999999' }, user);
    expect(retried.statusCode).toBe(200);
    expect(marked).toContain('eve');
  });

  it('answers 422 verification_code_missing before any code and 422 verification_code_expired after 15 minutes', async () => {
    const user = bearer('fay', { emailVerified: false });
    const missing = await send('VerifyEmail', { code: '123456' }, user);
    expect(missing.json()).toMatchObject({ error: { code: 'verification_code_missing' } });
    await send('SendVerificationCode', { locale: 'en' }, user);
    const code = await lastCodeFor('fay@example.test');
    clock += 15 * 60 * 1000;
    const expired = await send('VerifyEmail', { code }, user);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ error: { code: 'verification_code_expired' } });
  });

  it('requires a signed-in user and a well-formed code', async () => {
    expect((await send('SendVerificationCode', { locale: 'en' })).statusCode).toBe(401);
    const bad = await send('VerifyEmail', { code: '12ab56' }, bearer('gus'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { code: 'verification_code_invalid' } } });
  });
});

describe('password reset requests', () => {
  it('answers the same for a known and an unknown address and mails a localized link only to the known one', async () => {
    const known = await send('RequestPasswordReset', { email: 'known@example.test', locale: 'th' });
    const unknown = await send('RequestPasswordReset', { email: 'nobody@example.test', locale: 'th' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ accepted: true });
    expect(unknown.body).toBe(known.body);

    // The mail goes out after the answer: wait for it rather than for a fixed time.
    const mails = await vi.waitFor(
      async () => {
        const sent = await mailsTo('known@example.test');
        expect(sent).toHaveLength(1);
        return sent;
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(mails[0]?.text).toContain('https://plenty.example/th/auth/reset-password/oob-known');
    expect(await mailsTo('nobody@example.test')).toEqual([]);
  });

  it('limits requests per address with 429 rate_limited and Retry-After, for known and unknown alike', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await send('RequestPasswordReset', { email: 'ghost@example.test', locale: 'en' })).statusCode).toBe(200);
    }
    const limited = await send('RequestPasswordReset', { email: 'GHOST@example.test', locale: 'en' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('refuses a body that is not JSON and an invalid address', async () => {
    const text = await app.inject({
      method: 'POST',
      url: '/api/commands/RequestPasswordReset',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.example',
    });
    expect(text.statusCode).toBe(415);
    const invalid = await send('RequestPasswordReset', { email: 'not-an-address', locale: 'en' });
    expect(invalid.json()).toMatchObject({ error: { fields: { email: 'email_invalid' } } });
  });

  it('builds links with the locale prefix (none for English)', () => {
    expect(resetPasswordLink('http://127.0.0.1:8080', 'en', 'a/b')).toBe(
      'http://127.0.0.1:8080/auth/reset-password/a%2Fb',
    );
    expect(resetPasswordLink('http://127.0.0.1:8080', 'lo', 'x')).toBe(
      'http://127.0.0.1:8080/lo/auth/reset-password/x',
    );
  });
});
