import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storageFailure } from '../http/errors.js';
import type { IdentityUser } from './identity-records.js';
import { IdentityError, PASSWORD_POLICY, type Session } from './identity-rules.js';
import { type IdentityService } from './identity-service.js';

export interface IdentityRoutesOptions {
  readonly service: IdentityService;
  /** The project id the web app's Firebase SDK is configured with (answered with tokens). */
  readonly projectId: string;
}

const TOOLKIT = '/identitytoolkit.googleapis.com';
const BODY_LIMIT = 16 * 1024;

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {};
}

/** The Identity Toolkit's error shape, which the Firebase SDK turns into `auth/…` codes. */
function sendIdentityError(reply: FastifyReply, error: IdentityError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.status).send({
    error: {
      code: error.status,
      message: error.code,
      errors: [{ message: error.code, domain: 'global', reason: 'invalid' }],
    },
  });
}

function providerUserInfo(service: IdentityService, user: IdentityUser) {
  const providers: Record<string, unknown>[] = [];
  if (user.passwordHash !== null && user.email !== null) {
    providers.push({
      providerId: 'password',
      federatedId: user.email,
      rawId: user.email,
      email: user.email,
      ...(user.displayName === null ? {} : { displayName: user.displayName }),
      ...(user.photoUrl === null ? {} : { photoUrl: user.photoUrl }),
    });
  }
  for (const linked of service.providersOf(user)) {
    providers.push({
      providerId: `oidc.${linked.provider}`,
      federatedId: linked.subject,
      rawId: linked.subject,
      ...(linked.email === null ? {} : { email: linked.email }),
      ...(linked.displayName === null ? {} : { displayName: linked.displayName }),
    });
  }
  return providers;
}

/** An account as `accounts:lookup` describes it; never its password hash. */
function accountInfo(service: IdentityService, user: IdentityUser) {
  return {
    localId: user.uid,
    ...(user.email === null ? {} : { email: user.email }),
    emailVerified: user.emailVerified,
    ...(user.displayName === null ? {} : { displayName: user.displayName }),
    ...(user.photoUrl === null ? {} : { photoUrl: user.photoUrl }),
    providerUserInfo: providerUserInfo(service, user),
    ...(user.passwordUpdatedAt === null ? {} : { passwordUpdatedAt: user.passwordUpdatedAt }),
    validSince: String(Math.floor(user.createdAt / 1000)),
    disabled: user.disabled,
    createdAt: String(user.createdAt),
    ...(user.lastLoginAt === null ? {} : { lastLoginAt: String(user.lastLoginAt) }),
  };
}

function tokens(session: Session) {
  return { idToken: session.idToken, refreshToken: session.refreshToken, expiresIn: String(session.expiresIn) };
}

function signedIn(kind: string, session: Session) {
  const { user } = session;
  return {
    kind: `identitytoolkit#${kind}`,
    localId: user.uid,
    ...(user.email === null ? {} : { email: user.email }),
    ...(user.displayName === null ? {} : { displayName: user.displayName }),
    ...tokens(session),
  };
}

/**
 * The part of the Identity Toolkit and Secure Token REST APIs that the web app's Firebase SDK
 * calls, served from the app's own origin (the SDK is pointed here with `connectAuthEmulator`).
 * Not served: changing the email, signing in with a provider's token (`signInWithIdp`; the
 * embedded identity finishes provider sign-ins itself, see oidc-routes.ts) and deleting the
 * account from the browser (`DeleteAccount` erases the data first, then the account).
 */
export async function identityRoutes(app: FastifyInstance, options: IdentityRoutesOptions): Promise<void> {
  const { service, projectId } = options;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof IdentityError) return sendIdentityError(reply, error);
    const storage = storageFailure(error);
    if (storage !== null) return sendIdentityError(reply, new IdentityError('INTERNAL_ERROR', storage.status));
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return sendIdentityError(
        reply,
        new IdentityError(status === 413 ? 'REQUEST_TOO_LARGE' : 'INVALID_REQUEST', status),
      );
    }
    request.log.error({ err: error }, 'identity request failed');
    return sendIdentityError(reply, new IdentityError('INTERNAL_ERROR', 500));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Firebase's own request and answer shapes, so no zod schema: the summary is for the OpenAPI document.
  const post = (
    path: string,
    summary: string,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) => app.post(path, { bodyLimit: BODY_LIMIT, schema: { summary } }, handler);
  // `::` is a literal colon in a Fastify path.
  const accounts = (verb: string) => `${TOOLKIT}/v1/accounts::${verb}`;

  post(accounts('signUp'), 'A new account with address and password, and a session', async (request) => {
    const body = bodyOf(request);
    return signedIn('SignupNewUserResponse', await service.signUp(body, request.ip));
  });
  post(accounts('signInWithPassword'), 'A session for an address and password', async (request) => {
    const session = await service.signInWithPassword(bodyOf(request), request.ip);
    return { ...signedIn('VerifyPasswordResponse', session), registered: true };
  });
  post(accounts('signInWithCustomToken'), 'A session for the one-time code of a provider sign-in', async (request) => {
    const session = await service.signInWithCode(bodyOf(request)['token'], request.ip);
    return { kind: 'identitytoolkit#VerifyCustomTokenResponse', ...tokens(session), isNewUser: session.isNewUser };
  });
  post(accounts('lookup'), 'The account of an ID token (never its password hash)', async (request) => {
    const { user } = await service.userOf(bodyOf(request)['idToken']);
    return { kind: 'identitytoolkit#GetAccountInfoResponse', users: [accountInfo(service, user)] };
  });
  post(
    accounts('update'),
    'Display name and photo; the password (a recent sign-in; ends every other session)',
    async (request) => {
      const body = bodyOf(request);
      const { user, session } = await service.updateAccount(body['idToken'], body);
      const {
        localId,
        email,
        displayName,
        photoUrl,
        providerUserInfo: providers,
        emailVerified,
      } = accountInfo(service, user);
      return {
        kind: 'identitytoolkit#SetAccountInfoResponse',
        localId,
        email,
        displayName,
        photoUrl,
        providerUserInfo: providers,
        emailVerified,
        ...(session === null ? {} : tokens(session)),
      };
    },
  );
  post(accounts('resetPassword'), 'Checks a reset code, or sets the new password with it, once', async (request) => {
    const body = bodyOf(request);
    const email =
      body['newPassword'] === undefined
        ? service.checkResetCode(body['oobCode'], request.ip)
        : await service.resetPassword(body['oobCode'], body['newPassword'], request.ip);
    return { kind: 'identitytoolkit#ResetPasswordResponse', email, requestType: 'PASSWORD_RESET' };
  });
  // Which sign-in methods an address uses is not told (it would tell who has an account).
  post(accounts('createAuthUri'), 'No providers and no sign-in methods, for every address', async () => ({
    kind: 'identitytoolkit#CreateAuthUriResponse',
    allProviders: [],
    signinMethods: [],
  }));
  for (const verb of ['delete', 'sendOobCode', 'signInWithIdp', 'signInWithEmailLink', 'signInWithPhoneNumber']) {
    post(accounts(verb), 'Not offered: answers OPERATION_NOT_ALLOWED', async () => {
      throw new IdentityError('OPERATION_NOT_ALLOWED');
    });
  }
  app.get(
    `${TOOLKIT}/v2/passwordPolicy`,
    { schema: { summary: 'The password policy: 6 to 128 characters' } },
    async () => ({
      customStrengthOptions: {
        minPasswordLength: PASSWORD_POLICY.minLength,
        maxPasswordLength: PASSWORD_POLICY.maxLength,
      },
      enforcementState: 'ENFORCE',
      forceUpgradeOnSignin: false,
      schemaVersion: 1,
      allowedNonAlphanumericCharacters: [...'^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- '],
    }),
  );
  post(
    '/securetoken.googleapis.com/v1/token',
    '`grant_type=refresh_token`: a new ID token and a new refresh token',
    async (request) => {
      const body = bodyOf(request);
      if (body['grant_type'] !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE');
      const session = await service.refresh(body['refresh_token']);
      return {
        access_token: session.idToken,
        expires_in: String(session.expiresIn),
        token_type: 'Bearer',
        refresh_token: session.refreshToken,
        id_token: session.idToken,
        user_id: session.user.uid,
        project_id: projectId,
      };
    },
  );
  /** Sign-out: the web app sends its refresh token, whose session then ends here too. */
  post('/api/identity/sign-out', 'Ends the session of the refresh token sent', async (request, reply) => {
    const body = bodyOf(request);
    service.signOut(body['refreshToken'] ?? body['refresh_token']);
    return reply.code(204).send();
  });
}
