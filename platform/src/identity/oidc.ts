import * as client from 'openid-client';
import { matchAppRoute } from '@plenty/contracts/app-routes';
import { isLoopbackHost } from '../config.js';

/** One OpenID Connect provider the operator configured (`PLENTY_OIDC_<ID>_*`). */
export interface OidcProviderSettings {
  /** Lower-case letters and digits; names the routes and the linked identity (`oidc.<id>`). */
  readonly id: string;
  /** The button's text: "Continue with <label>". */
  readonly label: string;
  /** The issuer identifier; its `/.well-known/openid-configuration` is read on first use. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Space-separated, `openid email profile` unless configured. */
  readonly scopes: string;
}

/** Who the provider says signed in. */
export interface ProviderIdentity {
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly displayName: string | null;
}

/** What the callback checks the provider's answer against (kept on the server since the start). */
export interface AuthorizationChecks {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** Plain http is allowed for an issuer on this machine only (a test provider). */
export function issuerAllowsHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
}

const DISCOVERY_TIMEOUT_SECONDS = 10;

function text(value: unknown, max = 256): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
}

/**
 * The identity in an ID token's (or the userinfo answer's) claims. `email_verified` counts
 * only when the provider says so plainly (some send the string "true").
 */
export function identityFromClaims(claims: Record<string, unknown>): ProviderIdentity {
  const subject = text(claims['sub'], 255);
  if (subject === null) throw new Error('the provider named no subject');
  const email = text(claims['email'], 254);
  const verified = claims['email_verified'];
  const given = [text(claims['given_name']), text(claims['family_name'])].filter((part) => part !== null);
  return {
    subject,
    email,
    emailVerified: email !== null && (verified === true || verified === 'true'),
    displayName: text(claims['name']) ?? (given.length > 0 ? given.join(' ') : null),
  };
}

/**
 * One provider's OpenID Connect client (authorization code flow with PKCE, state and nonce).
 * The provider's metadata is discovered on first use, not at start, so a provider that cannot
 * be reached does not stop Plenty from starting; a failed discovery is tried again next time.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    readonly settings: OidcProviderSettings,
    /** `<APP_ORIGIN>/api/identity/oidc/<id>/callback`, as registered with the provider. */
    readonly redirectUri: string,
  ) {}

  private discovered(): Promise<client.Configuration> {
    if (this.configuration === null) {
      const issuer = new URL(this.settings.issuer);
      const found = client.discovery(
        issuer,
        this.settings.clientId,
        undefined,
        client.ClientSecretBasic(this.settings.clientSecret),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          ...(issuerAllowsHttp(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        },
      );
      this.configuration = found;
      found.catch(() => {
        if (this.configuration === found) this.configuration = null;
      });
    }
    return this.configuration;
  }

  /** Where to send the browser to sign in; the code challenge is derived from the checks' verifier. */
  async authorizationUrl(checks: AuthorizationChecks): Promise<URL> {
    const configuration = await this.discovered();
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * Exchanges the code of the provider's answer (`callbackUrl`, with its query) for tokens,
   * checks the ID token (signature, issuer, audience, nonce) and reads who signed in. A provider
   * that leaves the address out of its ID tokens is asked at its userinfo endpoint.
   */
  async finish(callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderIdentity> {
    const configuration = await this.discovered();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (claims === undefined) throw new Error('the provider sent no ID token');
    if (claims.email === undefined && configuration.serverMetadata().userinfo_endpoint !== undefined) {
      const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      return identityFromClaims({ ...userInfo, sub: claims.sub });
    }
    return identityFromClaims(claims);
  }
}

/** Fresh random values for one sign-in. */
export function newAuthorizationChecks(): AuthorizationChecks {
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
}

export const SIGN_IN_LOCALES = ['en', 'th', 'lo'] as const;
export type SignInLocale = (typeof SIGN_IN_LOCALES)[number];

export function signInLocale(value: unknown): SignInLocale | null {
  return (SIGN_IN_LOCALES as readonly unknown[]).includes(value) ? (value as SignInLocale) : null;
}

const MAX_REDIRECT_LENGTH = 2048;

/**
 * The page to open after signing in, when `value` is a page of this app (a path without the
 * language prefix, with its query); null for anything else, another origin above all.
 */
export function appRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_REDIRECT_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://plenty.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname.startsWith('/api/') || matchAppRoute(url.pathname) === null) return null;
  return `${url.pathname}${url.search}`;
}

/** Why a sign-in with a provider ended without a session, as the login page reads it. */
export type SocialSignInFailure = 'cancelled' | 'expired' | 'email-in-use' | 'too-many' | 'failed';

const LOCALE_PREFIX: Record<SignInLocale, string> = { en: '', th: '/th', lo: '/lo' };

/**
 * The login page in the user's language, told in its fragment (never sent to a server) how the
 * sign-in ended: a one-time code to exchange for a session, or why there is none.
 */
export function loginPageReturn(
  locale: SignInLocale,
  outcome: { readonly code: string } | { readonly failure: SocialSignInFailure },
  redirect: string | null,
): string {
  const fragment = new URLSearchParams();
  if ('code' in outcome) fragment.set('social', outcome.code);
  else fragment.set('social-error', outcome.failure);
  if (redirect !== null) fragment.set('redirect', redirect);
  return `${LOCALE_PREFIX[locale]}/auth/login#${fragment.toString()}`;
}
