import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firebaseAuth } from '@plenty/platform/auth/firebase-admin';
import { readOutbox } from '@plenty/platform/mail/outbox';
import { openStandalone, type Standalone } from '@plenty/standalone/app';
import { ApiClient } from '../support/api-client.js';
import { createTestUser, signInTestUser, type TestUser } from '../support/users.js';

let standalone: Standalone;
let dataDir: string;
const emulatorHost = () => inject('authEmulatorHost');
const outbox = () => join(dataDir, 'outbox');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'plenty-identity-'));
  standalone = await openStandalone({
    dataDir,
    projectId: 'demo-plenty',
    authEmulatorHost: emulatorHost(),
    logLevel: 'silent',
    appOrigin: 'http://127.0.0.1:8080',
  });
});

afterAll(async () => {
  await standalone?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function waitForMail(to: string, count = 1): Promise<{ subject: string; text: string }[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await readOutbox(outbox())).filter((mail) => mail.to === to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

async function unverifiedUser(): Promise<{ user: TestUser; api: ApiClient }> {
  const user = await createTestUser(emulatorHost(), { emailVerified: false });
  return { user, api: new ApiClient(standalone.app, user) };
}

describe('email verification with the Auth emulator', () => {
  it('mails a code that verifies the Firebase user; a fresh token then reads data', async () => {
    const { user, api } = await unverifiedUser();
    const refused = await api.query('categories');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'email_not_verified' } });
    const addRefused = await api.command('AddCategory', {
      categoryId: randomUUID(),
      name: 'Pets',
      type: 'expense',
      icon: 'paw',
      color: '#123456',
    });
    expect(addRefused.status).toBe(403);

    expect((await api.command('SendVerificationCode', { locale: 'th' })).status).toBe(200);
    const [mail] = await waitForMail(user.email);
    expect(mail?.subject).toContain('รหัสยืนยัน');
    const verified = await api.command('VerifyEmail', { code: codeIn(mail?.text ?? '') });
    expect(verified.status).toBe(200);
    expect(verified.body.streamId).toBe(`verification-${user.uid}`);
    expect((await firebaseAuth('demo-plenty').getUser(user.uid)).emailVerified).toBe(true);

    const fresh = new ApiClient(standalone.app, await signInTestUser(emulatorHost(), user.email));
    expect((await fresh.query('categories')).status).toBe(200);
    const again = await fresh.command('SendVerificationCode', { locale: 'en' });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('email_already_verified');
  });

  it('refuses wrong codes with 422, then 429 after five, and a resend within a minute with Retry-After', async () => {
    const { user, api } = await unverifiedUser();
    expect((await api.command('SendVerificationCode', { locale: 'en' })).status).toBe(200);
    const early = await standalone.app.inject({
      method: 'POST',
      url: '/api/commands/SendVerificationCode',
      headers: { authorization: user.authorization },
      payload: { commandId: randomUUID(), locale: 'en' },
    });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ error: { code: 'verification_resend_too_early' } });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(50);

    const [mail] = await waitForMail(user.email);
    const code = codeIn(mail?.text ?? '');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await api.command('VerifyEmail', { code: wrong });
      expect(answer.status).toBe(422);
      expect(answer.body.error?.code).toBe('verification_code_wrong');
    }
    const blocked = await api.command('VerifyEmail', { code });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error?.code).toBe('verification_attempts_exceeded');
    expect((await firebaseAuth('demo-plenty').getUser(user.uid)).emailVerified).toBe(false);
  });
});

describe('password reset requests with the Auth emulator', () => {
  it('answers alike for a known and an unknown address and mails a working link only for the known one', async () => {
    const known = await createTestUser(emulatorHost());
    const unknownEmail = `nobody-${randomUUID()}@example.test`;
    const guest = new ApiClient(standalone.app, null);
    const forUnknown = await guest.command('RequestPasswordReset', { email: unknownEmail, locale: 'en' });
    const forKnown = await guest.command('RequestPasswordReset', { email: known.email, locale: 'lo' });
    expect(forUnknown).toEqual({ status: 200, body: { accepted: true } });
    expect(forKnown).toEqual({ status: 200, body: { accepted: true } });

    // Requests are handled in order, so the unknown one is done once the known one's mail is out.
    const [mail] = await waitForMail(known.email);
    expect((await readOutbox(outbox())).filter((m) => m.to === unknownEmail)).toEqual([]);
    const link = /http:\/\/127\.0\.0\.1:8080\/lo\/auth\/reset-password\/([^\s]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();

    const reset = await fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oobCode: decodeURIComponent(link?.[1] ?? ''), newPassword: 'a-new-battery-staple' }),
      },
    );
    expect(reset.status).toBe(200);
  });

  it('limits requests per address with 429 rate_limited and Retry-After', async () => {
    const email = `flood-${randomUUID()}@example.test`;
    const request = () =>
      standalone.app.inject({
        method: 'POST',
        url: '/api/commands/RequestPasswordReset',
        payload: { commandId: randomUUID(), email, locale: 'en' },
      });
    for (let i = 0; i < 5; i += 1) expect((await request()).statusCode).toBe(200);
    const limited = await request();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff, a referrer policy and no HSTS over plain HTTP', async () => {
    for (const url of ['/', '/th/dashboard', '/api/queries/categories', '/healthz']) {
      const answer = await standalone.app.inject({ method: 'GET', url });
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://apis.google.com");
      expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
      expect(csp).toContain(`connect-src 'self' http://${emulatorHost()}`);
      expect(csp).toContain(`frame-src 'self' http://${emulatorHost()}`);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps the page free of inline scripts: the theme script is a file of its own', async () => {
    // The source of the page the app is built from; the browser journeys load the built app
    // under this CSP and fail on any violation.
    const frontend = fileURLToPath(new URL('../../frontend/', import.meta.url));
    const html = await readFile(join(frontend, 'index.html'), 'utf8');
    expect(html).toContain('<script src="/theme.js"></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(await readFile(join(frontend, 'public/theme.js'), 'utf8')).toContain('data-theme');
  });
});
