import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '@plenty/platform/mail/outbox';
import { ApiClient } from '../support/api-client.js';
import { mailsTo } from '../support/outbox.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, identityCall, signInTestUser, TEST_PASSWORD, type TestUser } from '../support/users.js';

const env = useTestStandalone({ appOrigin: 'http://127.0.0.1:8080' });
const outbox = () => join(env.dataDir, 'outbox');

const waitForMail = (to: string, count = 1) => mailsTo(outbox(), to, count, 20_000);

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

async function unverifiedUser(): Promise<{ user: TestUser; api: ApiClient }> {
  const user = await createTestUser(env.standalone, { emailVerified: false });
  return { user, api: new ApiClient(env.standalone.app, user) };
}

function tokenClaims(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('email verification with the embedded identity', () => {
  it('mails a code that verifies the account; the same token then reads data, and new tokens say so', async () => {
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
    expect(env.standalone.identity.store.user(user.uid)?.emailVerified).toBe(true);
    expect(tokenClaims(user.idToken)['email_verified']).toBe(false);
    // The verifier reads the verified state from the account, not from the token: the first
    // dashboard right after verifying loads with the token minted before it.
    expect((await api.query('categories')).status).toBe(200);
    const dashboard = await api.query('dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toMatchObject({ count: 0 });

    const signedIn = await signInTestUser(env.standalone, user.email);
    expect(tokenClaims(signedIn.idToken)['email_verified']).toBe(true);
    const fresh = new ApiClient(env.standalone.app, signedIn);
    expect((await fresh.query('categories')).status).toBe(200);
    const again = await fresh.command('SendVerificationCode', { locale: 'en' });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('email_already_verified');
  });

  it('refuses wrong codes with 422, then 429 after five, and a resend within a minute with Retry-After', async () => {
    const { user, api } = await unverifiedUser();
    expect((await api.command('SendVerificationCode', { locale: 'en' })).status).toBe(200);
    const early = await env.standalone.app.inject({
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
    expect(env.standalone.identity.store.user(user.uid)?.emailVerified).toBe(false);
  });
});

async function resetLinkCode(email: string, locale: 'en' | 'th' | 'lo'): Promise<string> {
  const guest = new ApiClient(env.standalone.app, null);
  expect(await guest.command('RequestPasswordReset', { email, locale })).toEqual({
    status: 200,
    body: { accepted: true },
  });
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const pattern = new RegExp(`http://127\\.0\\.0\\.1:8080${prefix}/auth/reset-password/([^\\s]+)`);
  const mails = await waitForMail(email);
  const link = pattern.exec(mails.at(-1)?.text ?? '');
  expect(link).not.toBeNull();
  return decodeURIComponent(link?.[1] ?? '');
}

const resetPassword = (body: object) => identityCall(env.standalone, 'accounts:resetPassword', body);

describe('password reset with the embedded identity', () => {
  it('answers alike for a known and an unknown address and mails a link only for the known one', async () => {
    const known = await createTestUser(env.standalone);
    const unknownEmail = `nobody-${randomUUID()}@example.test`;
    const guest = new ApiClient(env.standalone.app, null);
    const forUnknown = await guest.command('RequestPasswordReset', { email: unknownEmail, locale: 'en' });
    const forKnown = await guest.command('RequestPasswordReset', { email: known.email, locale: 'lo' });
    expect(forUnknown).toEqual({ status: 200, body: { accepted: true } });
    expect(forKnown).toEqual({ status: 200, body: { accepted: true } });

    // Requests are handled in order, so the unknown one is done once the known one's mail is out.
    const [mail] = await waitForMail(known.email);
    expect((await readOutbox(outbox())).filter((m) => m.to === unknownEmail)).toEqual([]);
    expect(mail?.text).toMatch(/http:\/\/127\.0\.0\.1:8080\/lo\/auth\/reset-password\/[\w-]+/);
  });

  it('sets the new password once with the mailed code and ends every session of the account', async () => {
    const user = await createTestUser(env.standalone);
    const other = await signInTestUser(env.standalone, user.email);
    const api = new ApiClient(env.standalone.app, user);
    expect((await api.query('categories')).status).toBe(200);
    const oobCode = await resetLinkCode(user.email, 'en');

    // The reset page first asks which address the code is for.
    const checked = await resetPassword({ oobCode });
    expect(checked).toMatchObject({ status: 200, body: { email: user.email, requestType: 'PASSWORD_RESET' } });

    const newPassword = 'a-new-battery-staple';
    const reset = await resetPassword({ oobCode, newPassword });
    expect(reset).toMatchObject({ status: 200, body: { email: user.email, requestType: 'PASSWORD_RESET' } });
    const twice = await resetPassword({ oobCode, newPassword: 'yet-another-staple' });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ error: { message: 'INVALID_OOB_CODE' } });

    // ID tokens from before the change are refused at once, refresh tokens no longer work.
    for (const session of [user, other]) {
      expect((await new ApiClient(env.standalone.app, session).query('categories')).status).toBe(401);
      const refreshed = await identityCall(
        env.standalone,
        '/securetoken.googleapis.com/v1/token',
        `grant_type=refresh_token&refresh_token=${session.refreshToken}`,
      );
      expect(refreshed.status).toBe(400);
    }
    const withOld = await identityCall(env.standalone, 'accounts:signInWithPassword', {
      email: user.email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    });
    expect(withOld.status).toBe(400);
    expect(withOld.body).toMatchObject({ error: { message: 'INVALID_LOGIN_CREDENTIALS' } });
    const signedIn = await signInTestUser(env.standalone, user.email, newPassword);
    expect(signedIn.uid).toBe(user.uid);
    expect((await new ApiClient(env.standalone.app, signedIn).query('categories')).status).toBe(200);
  });

  it('refuses a made-up code, a code of another kind and a weak new password', async () => {
    const user = await createTestUser(env.standalone);
    expect((await resetPassword({ oobCode: 'made-up', newPassword: 'long-enough' })).body).toMatchObject({
      error: { message: 'INVALID_OOB_CODE' },
    });
    expect((await resetPassword({ oobCode: user.refreshToken, newPassword: 'long-enough' })).status).toBe(400);
    const oobCode = await resetLinkCode(user.email, 'th');
    const weak = await resetPassword({ oobCode, newPassword: 'abc' });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(weak.body)).toContain('WEAK_PASSWORD');
    // The weak try did not use the code up; the old password still works until it is used.
    await signInTestUser(env.standalone, user.email);
    expect((await resetPassword({ oobCode, newPassword: 'long-enough' })).status).toBe(200);
  });

  it('limits requests per address with 429 rate_limited and Retry-After', async () => {
    const email = `flood-${randomUUID()}@example.test`;
    const request = () =>
      env.standalone.app.inject({
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
      const answer = await env.standalone.app.inject({ method: 'GET', url });
      const csp = String(answer.headers['content-security-policy']);
      // Sign-in is served from the app's own origin: no other script, call or frame origin.
      expect(csp).toContain("script-src 'self';");
      expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("frame-src 'self';");
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
