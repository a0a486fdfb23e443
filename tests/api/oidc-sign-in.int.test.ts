import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_IDENTITY_LIMITS } from '@plenty/platform/identity/attempt-limits';
import { openStandalone, type Standalone } from '@plenty/standalone/app';
import { freePort } from '@plenty/standalone/free-port';
import { Browser, redirectTarget } from '../support/cookie-browser.js';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js';

/**
 * Sign-in with an OpenID Connect provider, end to end over HTTP: the embedded default on a real
 * port, a local provider, and a client that keeps cookies and follows redirects one by one as a
 * browser does.
 */

const CLIENT = { clientId: 'plenty-test', clientSecret: 'plenty-test-secret' };
const TOOLKIT = '/identitytoolkit.googleapis.com/v1/accounts';

let standalone: Standalone;
let dataDir: string;
let appOrigin: string;
let provider: TestOidcProvider;
let userinfoProvider: TestOidcProvider;
let lateProvider: TestOidcProvider | undefined;
let unreachablePort: number;

beforeAll(async () => {
  const port = await freePort();
  appOrigin = `http://127.0.0.1:${port}`;
  const callback = (id: string) => `${appOrigin}/api/identity/oidc/${id}/callback`;
  provider = await startOidcProvider({ ...CLIENT, redirectUris: [callback('local')] });
  userinfoProvider = await startOidcProvider({
    ...CLIENT,
    redirectUris: [callback('lean')],
    claimsInIdToken: false,
  });
  unreachablePort = await freePort();
  const unreachable = `http://127.0.0.1:${unreachablePort}`;
  const settings = (id: string, issuer: string) => ({
    id,
    label: `${id} ID`,
    issuer,
    ...CLIENT,
    scopes: 'openid email profile',
  });
  dataDir = await mkdtemp(join(tmpdir(), 'plenty-oidc-'));
  standalone = await openStandalone({
    dataDir,
    appOrigin,
    logLevel: 'silent',
    identityLimits: NO_IDENTITY_LIMITS,
    oidcProviders: [
      settings('local', provider.issuer),
      settings('lean', userinfoProvider.issuer),
      settings('down', unreachable),
    ],
  });
  await standalone.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await standalone?.close();
  await provider?.close();
  await userinfoProvider?.close();
  await lateProvider?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

interface Ending {
  /** The login page's path, e.g. /th/auth/login. */
  readonly path: string;
  /** The fragment's parameters: `social` (the code) or `social-error`, and `redirect`. */
  readonly fragment: URLSearchParams;
}

function ending(url: string): Ending {
  const parsed = new URL(url);
  return { path: parsed.pathname, fragment: new URLSearchParams(parsed.hash.slice(1)) };
}

function startUrl(providerId: string, query: Record<string, string> = {}): string {
  return `${appOrigin}/api/identity/oidc/${providerId}/start?${new URLSearchParams(query).toString()}`;
}

/** Up to the provider's answer to the app: the callback URL, not yet opened. */
async function signInAtProvider(
  browser: Browser,
  email: string,
  options: { providerId?: string; query?: Record<string, string> } = {},
): Promise<string> {
  const start = await browser.get(startUrl(options.providerId ?? 'local', options.query ?? {}));
  expect(start.status).toBe(302);
  const loginPage = await browser.follow(start.headers.get('location') ?? '');
  const loginHtml = await loginPage.response.text();
  expect(loginHtml).toContain('Sign in to the test provider');
  const consentPage = await browser.submit(loginPage.url, loginHtml, { email });
  const answer =
    redirectTarget(consentPage.url, consentPage.response) === null
      ? await browser.submit(consentPage.url, await consentPage.response.text())
      : consentPage;
  const callback = answer.response.headers.get('location');
  if (callback === null || !callback.startsWith(`${appOrigin}/api/identity/oidc/`)) {
    throw new Error(`the provider did not send the browser back: ${answer.response.status} ${answer.url}`);
  }
  return callback;
}

async function openCallback(browser: Browser, callback: string): Promise<Ending> {
  const response = await browser.get(callback);
  expect(response.status).toBe(302);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return ending(new URL(response.headers.get('location') ?? '', appOrigin).href);
}

async function signInWithProvider(email: string, query: Record<string, string> = {}, providerId = 'local') {
  const browser = new Browser(appOrigin);
  return openCallback(browser, await signInAtProvider(browser, email, { query, providerId }));
}

async function toolkit(verb: string, body: Record<string, unknown>) {
  const response = await fetch(`${appOrigin}${TOOLKIT}:${verb}?key=plenty-embedded`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What the web app does with the code: `signInWithCustomToken`, then reads the account. */
async function exchange(code: string) {
  const session = await toolkit('signInWithCustomToken', { token: code, returnSecureToken: true });
  expect(session.status).toBe(200);
  const idToken = String(session.body['idToken']);
  const lookup = await toolkit('lookup', { idToken });
  const [account] = lookup.body['users'] as {
    localId: string;
    email?: string;
    emailVerified: boolean;
    displayName?: string;
    providerUserInfo: { providerId: string; rawId: string }[];
  }[];
  if (account === undefined) throw new Error('no account');
  return { idToken, account };
}

const address = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

describe('signing in with an OpenID Connect provider', () => {
  it('makes a verified account, lands on the login page in the language it started in, and the API accepts it', async () => {
    const email = address('noy');
    const end = await signInWithProvider(email, { locale: 'th', redirect: '/dashboard/transactions?type=income' });
    expect(end.path).toBe('/th/auth/login');
    expect(end.fragment.get('redirect')).toBe('/dashboard/transactions?type=income');
    const code = end.fragment.get('social') ?? '';
    expect(code).not.toBe('');

    const { idToken, account } = await exchange(code);
    expect(account).toMatchObject({ email, emailVerified: true, displayName: email.split('@')[0] });
    expect(account.providerUserInfo).toEqual([
      expect.objectContaining({ providerId: 'oidc.local', rawId: provider.subjectOf(email) }),
    ]);
    const preferences = await fetch(`${appOrigin}/api/queries/preferences`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(preferences.status).toBe(200);

    // The code is good for one session only.
    const again = await toolkit('signInWithCustomToken', { token: code, returnSecureToken: true });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { message: 'INVALID_CUSTOM_TOKEN' } });
  });

  it('signs the same person in to the same account the next time', async () => {
    const email = address('somchai');
    const first = await exchange((await signInWithProvider(email)).fragment.get('social') ?? '');
    const second = await exchange((await signInWithProvider(email)).fragment.get('social') ?? '');
    expect(second.account.localId).toBe(first.account.localId);
  });

  it('links to the password account with the same address when the provider vouches for it', async () => {
    const email = address('bounmy');
    const signUp = await toolkit('signUp', { email, password: 'correct horse 1', returnSecureToken: true });
    expect(signUp.status).toBe(200);
    const { account } = await exchange((await signInWithProvider(email)).fragment.get('social') ?? '');
    expect(account.localId).toBe(signUp.body['localId']);
    expect(account.emailVerified).toBe(true);
    expect(account.providerUserInfo.map((info) => info.providerId).sort()).toEqual(['oidc.local', 'password']);
  });

  it('refuses an address of another account that the provider does not vouch for', async () => {
    const email = address('keo');
    expect((await toolkit('signUp', { email, password: 'correct horse 1', returnSecureToken: true })).status).toBe(200);
    provider.setAccount({ email, emailVerified: false });
    const end = await signInWithProvider(email, { locale: 'lo', redirect: '/dashboard' });
    expect(end.path).toBe('/lo/auth/login');
    expect(end.fragment.get('social-error')).toBe('email-in-use');
    expect(end.fragment.get('redirect')).toBe('/dashboard');
    expect(end.fragment.has('social')).toBe(false);
  });

  it('asks a provider that keeps the address out of its ID tokens at its userinfo endpoint', async () => {
    const email = address('lean');
    const end = await signInWithProvider(email, {}, 'lean');
    const { account } = await exchange(end.fragment.get('social') ?? '');
    expect(account).toMatchObject({ email, emailVerified: true });
    expect(account.providerUserInfo[0]?.providerId).toBe('oidc.lean');
  });

  it('ends in an error for a tampered state, a replayed answer and an answer opened in another browser', async () => {
    const browser = new Browser(appOrigin);
    const callback = await signInAtProvider(browser, address('replay'), { query: { locale: 'th' } });
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state') ?? ''}x`);
    expect((await openCallback(browser, tampered.href)).fragment.get('social-error')).toBe('expired');

    const first = await openCallback(browser, callback);
    expect(first.path).toBe('/th/auth/login');
    expect(first.fragment.has('social')).toBe(true);
    const replayed = await openCallback(browser, callback);
    expect(replayed.fragment.get('social-error')).toBe('expired');
    expect(replayed.fragment.has('social')).toBe(false);

    const victim = new Browser(appOrigin);
    const attacker = new Browser(appOrigin);
    const planted = await signInAtProvider(attacker, address('attacker'));
    expect((await openCallback(victim, planted)).fragment.get('social-error')).toBe('failed');
  });

  it('ends in an error when the user cancels at the provider', async () => {
    const browser = new Browser(appOrigin);
    const start = await browser.get(startUrl('local', { locale: 'lo', redirect: '/dashboard/reports' }));
    const loginPage = await browser.follow(start.headers.get('location') ?? '');
    const cancel = /href="([^"]*\/abort)"/.exec(await loginPage.response.text())?.[1] ?? '';
    const answer = await browser.follow(new URL(cancel, loginPage.url).href);
    const callback = answer.response.headers.get('location') ?? '';
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const end = await openCallback(browser, callback);
    expect(end).toEqual(ending(`${appOrigin}/lo/auth/login#social-error=cancelled&redirect=%2Fdashboard%2Freports`));
  });

  it('keeps only redirects to pages of the app', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/dashboard', '/api/queries/dashboard']) {
      const end = await signInWithProvider(address('redirect'), { redirect });
      expect(end.fragment.has('social')).toBe(true);
      expect(end.fragment.has('redirect')).toBe(false);
    }
  });

  it('answers 404 for a provider that is not configured', async () => {
    const start = await fetch(startUrl('myspace'), { redirect: 'manual' });
    expect(start.status).toBe(404);
    expect(await start.json()).toMatchObject({ error: { code: 'not_found' } });
    const callback = await fetch(`${appOrigin}/api/identity/oidc/myspace/callback?code=x&state=y`, {
      redirect: 'manual',
    });
    expect(callback.status).toBe(404);
  });

  it('refuses a provider that names no address: Plenty mails its users', async () => {
    const email = address('nameless');
    provider.setAccount({ email, withoutEmail: true });
    expect((await signInWithProvider(email)).fragment.get('social-error')).toBe('failed');
  });

  it('says social sign-in failed while the provider cannot be reached, and asks it again later', async () => {
    const start = await new Browser(appOrigin).get(startUrl('down', { locale: 'th' }));
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/th/auth/login#social-error=failed');
    expect((await fetch(`${appOrigin}/healthz`)).status).toBe(200);

    lateProvider = await startOidcProvider({
      ...CLIENT,
      redirectUris: [`${appOrigin}/api/identity/oidc/down/callback`],
      port: unreachablePort,
    });
    const end = await signInWithProvider(address('late'), {}, 'down');
    expect(end.fragment.has('social')).toBe(true);
  });
});
