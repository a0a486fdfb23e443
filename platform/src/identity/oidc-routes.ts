import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errors.js';
import { AttemptCounter, type AttemptRule } from './attempt-limits.js';
import { IdentityError } from './identity-rules.js';
import { type IdentityService } from './identity-service.js';
import {
  appRedirectPath,
  loginPageReturn,
  newAuthorizationChecks,
  OidcClient,
  signInLocale,
  type AuthorizationChecks,
  type OidcProviderSettings,
  type SignInLocale,
  type SocialSignInFailure,
} from './oidc.js';

export interface OidcRoutesOptions {
  readonly service: IdentityService;
  /** Where users reach the app; the providers send them back to its callback path. */
  readonly appOrigin: string;
  readonly providers: readonly OidcProviderSettings[];
  /** Sign-ins a client address may start; default 60 in 10 minutes. */
  readonly startsPerClient?: AttemptRule;
  readonly now?: () => number;
}

/** How long a started sign-in may take at the provider. */
export const PENDING_SIGN_IN_MS = 10 * 60_000;
const MAX_PENDING_SIGN_INS = 10_000;
const DEFAULT_STARTS_PER_CLIENT: AttemptRule = { limit: 60, windowMs: 10 * 60_000 };
/** Binds a sign-in to the browser that started it (a callback link sent to someone else fails). */
const BROWSER_COOKIE = 'plenty_oidc';
const BROWSER_KEY = /^[A-Za-z0-9_-]{43}$/;
/** The web app's language cookie, for a callback whose sign-in is not known (any more). */
const LOCALE_COOKIE = 'plenty_locale';

interface PendingSignIn {
  readonly provider: string;
  readonly checks: AuthorizationChecks;
  readonly browserKey: string;
  readonly locale: SignInLocale;
  readonly redirect: string | null;
  readonly expiresAt: number;
}

/**
 * Sign-ins on their way through a provider, by their state, in memory: each is taken once, for
 * ten minutes. At most `max` are kept; beyond that the oldest is forgotten first.
 */
export class PendingSignIns {
  private readonly byState = new Map<string, PendingSignIn>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly max = MAX_PENDING_SIGN_INS,
  ) {}

  get size(): number {
    return this.byState.size;
  }

  add(signIn: Omit<PendingSignIn, 'expiresAt'>): void {
    // All live the same time, so the map's order is the order they expire in.
    for (const [state, pending] of this.byState) {
      if (pending.expiresAt > this.now() && this.byState.size < this.max) break;
      this.byState.delete(state);
    }
    this.byState.set(signIn.checks.state, { ...signIn, expiresAt: this.now() + PENDING_SIGN_IN_MS });
  }

  /** The sign-in started with this state, once; null when unknown, taken already or expired. */
  take(state: string): PendingSignIn | null {
    const pending = this.byState.get(state);
    if (pending === undefined) return null;
    this.byState.delete(state);
    return pending.expiresAt > this.now() ? pending : null;
  }
}

function cookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

function sameKey(a: string | null, b: string): boolean {
  return a !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  const query = request.query;
  return typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
}

/**
 * Sign-in with OpenID Connect providers for the embedded identity:
 * `GET /api/identity/oidc/:provider/start?locale=&redirect=` sends the browser to the provider
 * (state, nonce and PKCE verifier stay here); `GET /api/identity/oidc/:provider/callback` takes
 * the provider's answer, checks it, finds or makes the account (IdentityService
 * .startFederatedSignIn) and sends the browser to the login page with a one-time code in the
 * fragment, which the web app exchanges for a session (`accounts:signInWithCustomToken`), or
 * with the reason it failed.
 */
export async function oidcRoutes(app: FastifyInstance, options: OidcRoutesOptions): Promise<void> {
  const { service } = options;
  const now = options.now ?? Date.now;
  const origin = options.appOrigin.replace(/\/+$/, '');
  const secureCookie = origin.startsWith('https:');
  const clients = new Map(
    options.providers.map((settings) => [
      settings.id,
      new OidcClient(settings, `${origin}/api/identity/oidc/${settings.id}/callback`),
    ]),
  );
  const pending = new PendingSignIns(now);
  const starts = new AttemptCounter(options.startsPerClient ?? DEFAULT_STARTS_PER_CLIENT, now);

  const clientOf = (request: FastifyRequest) => {
    const { provider } = request.params as { provider: string };
    return clients.get(provider) ?? null;
  };
  const localeOf = (request: FastifyRequest): SignInLocale => signInLocale(cookie(request, LOCALE_COOKIE)) ?? 'en';
  const backToLogin = (
    reply: FastifyReply,
    locale: SignInLocale,
    outcome: { readonly code: string } | { readonly failure: SocialSignInFailure },
    redirect: string | null,
  ) => reply.redirect(loginPageReturn(locale, outcome, redirect), 302);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  });

  app.get(
    '/api/identity/oidc/:provider/start',
    { schema: { summary: 'Starts a sign-in with an OpenID Connect provider (a redirect to it)' } },
    async (request, reply) => {
      const client = clientOf(request);
      if (client === null) return sendError(reply, 404, 'not_found');
      const query = queryOf(request);
      const locale = signInLocale(query['locale']) ?? localeOf(request);
      // Anything but a page of this app is dropped: the user then lands on the dashboard.
      const redirect = appRedirectPath(query['redirect']);
      if (starts.retryAfter(request.ip) > 0) return backToLogin(reply, locale, { failure: 'too-many' }, redirect);
      starts.record(request.ip);
      const checks = newAuthorizationChecks();
      let authorizationUrl: URL;
      try {
        authorizationUrl = await client.authorizationUrl(checks);
      } catch (error) {
        request.log.warn({ err: error, provider: client.settings.id }, 'the OpenID provider could not be reached');
        return backToLogin(reply, locale, { failure: 'failed' }, redirect);
      }
      const known = cookie(request, BROWSER_COOKIE);
      const browserKey = known !== null && BROWSER_KEY.test(known) ? known : randomBytes(32).toString('base64url');
      pending.add({ provider: client.settings.id, checks, browserKey, locale, redirect });
      reply.header(
        'set-cookie',
        `${BROWSER_COOKIE}=${browserKey}; Path=/api/identity/oidc/; Max-Age=${PENDING_SIGN_IN_MS / 1000}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`,
      );
      return reply.redirect(authorizationUrl.href, 302);
    },
  );

  app.get(
    '/api/identity/oidc/:provider/callback',
    { schema: { summary: 'Where the provider sends the user back; ends in the app with a one-time code' } },
    async (request, reply) => {
      const client = clientOf(request);
      if (client === null) return sendError(reply, 404, 'not_found');
      const query = queryOf(request);
      const signIn = pending.take(typeof query['state'] === 'string' ? query['state'] : '');
      if (signIn === null || signIn.provider !== client.settings.id) {
        return backToLogin(reply, localeOf(request), { failure: 'expired' }, null);
      }
      const fail = (failure: SocialSignInFailure) => backToLogin(reply, signIn.locale, { failure }, signIn.redirect);
      if (query['error'] !== undefined) return fail(query['error'] === 'access_denied' ? 'cancelled' : 'failed');
      if (!sameKey(cookie(request, BROWSER_COOKIE), signIn.browserKey)) return fail('failed');
      let identity;
      try {
        const callbackUrl = new URL(client.redirectUri);
        callbackUrl.search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        identity = await client.finish(callbackUrl, signIn.checks);
      } catch (error) {
        request.log.warn({ err: error, provider: client.settings.id }, 'the OpenID provider refused the sign-in');
        return fail('failed');
      }
      if (identity.email === null) {
        // Plenty needs an address for its mail (verification, reset, reports): without the email scope, no sign-in.
        request.log.warn({ provider: client.settings.id }, 'the OpenID provider named no email address (scope email?)');
        return fail('failed');
      }
      try {
        const code = service.startFederatedSignIn({ provider: client.settings.id, ...identity });
        return backToLogin(reply, signIn.locale, { code }, signIn.redirect);
      } catch (error) {
        // An account has this address, and the provider does not vouch that it belongs to this user.
        if (error instanceof IdentityError && error.code === 'EMAIL_EXISTS') return fail('email-in-use');
        request.log.error({ err: error, provider: client.settings.id }, 'signing in with a provider failed');
        return fail('failed');
      }
    },
  );
}
