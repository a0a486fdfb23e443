import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ProviderAccount } from 'oidc-provider';

/** Someone who can sign in at the test provider, by their address. */
export interface TestProviderAccount {
  readonly email: string;
  /** Leave the address out of the claims (a provider asked without the email scope). */
  readonly withoutEmail?: boolean;
  /** Whether the provider vouches for the address (default true). */
  readonly emailVerified?: boolean;
  readonly name?: string;
}

export interface TestOidcProviderOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
  /** Put the address and name in the ID token, as Google does (default), or only at userinfo. */
  readonly claimsInIdToken?: boolean;
  /** Listen on this port (default: a free one). */
  readonly port?: number;
}

export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>`, also its issuer identifier. */
  readonly issuer: string;
  /** Sets how an address signs in; any other address signs in verified, named after its local part. */
  setAccount(account: TestProviderAccount): void;
  /** The subject the provider gives an address (stable across sign-ins). */
  subjectOf(email: string): string;
  close(): Promise<void>;
}

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem}label,input,button{display:block;width:100%;margin:.5rem 0}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return new URLSearchParams(text);
}

/**
 * A local OpenID Connect provider (oidc-provider) on 127.0.0.1 and a free port, with one
 * confidential client and a minimal sign-in: a page that takes an address (any address signs in)
 * and a consent page; both can be cancelled, which answers the client with `access_denied`.
 */
export async function startOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestProviderAccount>();
  const subjectOf = (email: string) =>
    createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24);
  const accountIds = new Map<string, string>();
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [...options.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['plenty-test-provider-cookies'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.claimsInIdToken === false,
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_context: unknown, accountId: string): Promise<ProviderAccount | undefined> {
      const email = accountIds.get(accountId);
      if (email === undefined) return undefined;
      const account = accounts.get(email) ?? { email };
      return {
        accountId,
        async claims() {
          const name = account.name ?? account.email.split('@')[0];
          if (account.withoutEmail === true) return { sub: accountId, name };
          return { sub: accountId, email: account.email, email_verified: account.emailVerified ?? true, name };
        },
      };
    },
  });
  const providerCallback = provider.callback();

  const interaction = async (request: IncomingMessage, response: ServerResponse, path: string[]) => {
    const [uid, action] = path;
    const send = (html: string) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(html);
    };
    if (action === 'abort') {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error('another interaction');
    const cancel = `<p><a href="/interaction/${escapeHtml(details.uid)}/abort">Cancel</a></p>`;
    if (request.method === 'GET') {
      if (details.prompt.name === 'login') {
        send(
          page(
            'Sign in to the test provider',
            `<form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label for="email">Email</label><input id="email" name="email" type="email" required autofocus>
<button type="submit">Sign in</button></form>${cancel}`,
          ),
        );
      } else {
        send(
          page(
            'Share your address with the app?',
            `<form method="post" action="/interaction/${escapeHtml(details.uid)}"><button type="submit">Allow</button></form>${cancel}`,
          ),
        );
      }
      return;
    }
    const body = await formBody(request);
    if (details.prompt.name === 'login') {
      const email = (body.get('email') ?? '').trim().toLowerCase();
      if (email === '') throw new Error('no address');
      const accountId = subjectOf(email);
      accountIds.set(accountId, email);
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId;
    const clientId = details.params['client_id'];
    if (accountId === undefined || typeof clientId !== 'string') throw new Error('no session');
    const grant =
      (details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId)) ??
      new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope !== undefined) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims !== undefined) grant.addOIDCClaims(missing.missingOIDCClaims);
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  };

  handle = (request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname.split('/').filter((part) => part !== '');
    if (path[0] !== 'interaction') {
      providerCallback(request, response);
      return;
    }
    interaction(request, response, path.slice(1)).catch((error: unknown) => {
      response.statusCode = 400;
      response.end(error instanceof Error ? error.message : 'bad request');
    });
  };

  return {
    issuer,
    setAccount(account) {
      accounts.set(account.email.trim().toLowerCase(), account);
    },
    subjectOf,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
