import { expect } from 'vitest';
import type { TestStandalone } from '../support/standalone-app.js';
import { identityCall, TEST_PASSWORD, type TestUser } from '../support/users.js';

export const TOOLKIT = '/identitytoolkit.googleapis.com/v1/accounts';

/** Calls the embedded identity of `env` as the web app's SDK does; `path` is a verb or a full path. */
export function identityCaller(env: TestStandalone) {
  return async (path: string, body: object | string): Promise<{ status: number; body: Record<string, unknown> }> => {
    const answer = await identityCall(env.standalone, path.startsWith('/') ? path : `accounts:${path}`, body);
    return { status: answer.status, body: (answer.body ?? {}) as Record<string, unknown> };
  };
}

/** The message of an Identity Toolkit refusal (`EMAIL_EXISTS` …). */
const refusal = (answer: { body: Record<string, unknown> }) => (answer.body['error'] as { message?: string })?.message;
/** The subject of an ID token (the signature is the server's business, checked elsewhere). */
const subjectOf = (idToken: unknown) =>
  (JSON.parse(Buffer.from(String(idToken).split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;

/**
 * The embedded identity's routes are a guest's by nature (signing up, signing in) or act on the
 * account of the token or code they are given. The rule for them: a token, refresh token or
 * code of one user never acts on another. Each case is Mallory, signed in afresh, naming Alice
 * every way the request lets her; Alice's account is compared before and after all of them.
 */
export type IdentityCase = (mallory: TestUser) => Promise<void>;

/** Each identity route's case against Alice; `identity` calls the file's embedded identity. */
export function identityCases(env: TestStandalone, users: { readonly alice: TestUser }): Record<string, IdentityCase> {
  const identity = identityCaller(env);
  return {
    [`POST ${TOOLKIT}:signUp`]: async () => {
      for (const email of [users.alice.email, `  ${users.alice.email.toUpperCase()} `]) {
        const answer = await identity('signUp', { email, password: 'mallory-password', returnSecureToken: true });
        expect(answer.status).toBe(400);
        expect(refusal(answer)).toBe('EMAIL_EXISTS');
        expect(answer.body['idToken']).toBeUndefined();
      }
    },
    [`POST ${TOOLKIT}:signInWithPassword`]: async (mallory) => {
      const wrong = await identity('signInWithPassword', {
        email: users.alice.email,
        password: 'mallory-password',
        returnSecureToken: true,
      });
      expect(wrong.status).toBe(400);
      expect(refusal(wrong)).toBe('INVALID_LOGIN_CREDENTIALS');
      // Her own address and password with Alice's uid beside them sign Mallory in, as herself.
      const own = await identity('signInWithPassword', {
        email: mallory.email,
        password: TEST_PASSWORD,
        localId: users.alice.uid,
        returnSecureToken: true,
      });
      expect(own.status).toBe(200);
      expect(own.body['localId']).toBe(mallory.uid);
      expect(subjectOf(own.body['idToken'])).toBe(mallory.uid);
    },
    [`POST ${TOOLKIT}:signInWithCustomToken`]: async (mallory) => {
      for (const token of [mallory.refreshToken, mallory.idToken, users.alice.uid]) {
        const answer = await identity('signInWithCustomToken', { token, returnSecureToken: true });
        expect(answer.status).toBe(400);
        expect(refusal(answer)).toBe('INVALID_CUSTOM_TOKEN');
      }
    },
    [`POST ${TOOLKIT}:lookup`]: async (mallory) => {
      const answer = await identity('lookup', {
        idToken: mallory.idToken,
        localId: [users.alice.uid],
        email: [users.alice.email],
      });
      expect(answer.status).toBe(200);
      expect(answer.body['users']).toMatchObject([{ localId: mallory.uid, email: mallory.email }]);
      expect(JSON.stringify(answer.body)).not.toContain(users.alice.uid);
      expect(JSON.stringify(answer.body)).not.toContain(users.alice.email);
    },
    [`POST ${TOOLKIT}:update`]: async (mallory) => {
      const answer = await identity('update', {
        idToken: mallory.idToken,
        localId: users.alice.uid,
        displayName: 'Mallory was here',
        returnSecureToken: true,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ localId: mallory.uid, displayName: 'Mallory was here' });
      expect(env.standalone.identity.store.user(mallory.uid)?.displayName).toBe('Mallory was here');
      const email = await identity('update', { idToken: mallory.idToken, email: users.alice.email });
      expect(refusal(email)).toBe('OPERATION_NOT_ALLOWED');
    },
    [`POST ${TOOLKIT}:resetPassword`]: async (mallory) => {
      for (const oobCode of [mallory.refreshToken, mallory.idToken]) {
        const answer = await identity('resetPassword', {
          oobCode,
          newPassword: 'mallory-password',
          email: users.alice.email,
        });
        expect(answer.status).toBe(400);
        expect(refusal(answer)).toBe('INVALID_OOB_CODE');
      }
      // Her own reset code, with Alice's address and uid beside it, resets her own password only.
      const oobCode = await env.standalone.identity.providerAdmin.passwordResetCode(mallory.email);
      const own = await identity('resetPassword', {
        oobCode,
        newPassword: TEST_PASSWORD,
        email: users.alice.email,
        localId: users.alice.uid,
      });
      expect(own.status).toBe(200);
      expect(own.body['email']).toBe(mallory.email);
    },
    [`POST ${TOOLKIT}:createAuthUri`]: async () => {
      // Which methods an address signs in with is not told: it would tell who has an account.
      const answer = await identity('createAuthUri', {
        identifier: users.alice.email,
        continueUri: 'http://127.0.0.1/',
      });
      expect(answer.status).toBe(200);
      expect(answer.body['signinMethods']).toEqual([]);
      expect(answer.body['registered']).toBeUndefined();
    },
    // Not served: the account is deleted by DeleteAccount, which erases the data first.
    ...Object.fromEntries(
      ['delete', 'sendOobCode', 'signInWithIdp', 'signInWithEmailLink', 'signInWithPhoneNumber'].map((verb) => [
        `POST ${TOOLKIT}:${verb}`,
        async (mallory: TestUser) => {
          const answer = await identity(verb, {
            idToken: mallory.idToken,
            localId: users.alice.uid,
            email: users.alice.email,
            requestType: 'PASSWORD_RESET',
            returnSecureToken: true,
          });
          expect(answer.status).toBe(400);
          expect(refusal(answer)).toBe('OPERATION_NOT_ALLOWED');
        },
      ]),
    ),
    'GET /identitytoolkit.googleapis.com/v2/passwordPolicy': async () => {
      const answer = await env.standalone.app.inject({
        method: 'GET',
        url: '/identitytoolkit.googleapis.com/v2/passwordPolicy',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(users.alice.uid);
    },
    'POST /securetoken.googleapis.com/v1/token': async (mallory) => {
      const answer = await identity(
        '/securetoken.googleapis.com/v1/token',
        new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: mallory.refreshToken,
          user_id: users.alice.uid,
        }).toString(),
      );
      expect(answer.status).toBe(200);
      expect(answer.body['user_id']).toBe(mallory.uid);
      expect(subjectOf(answer.body['id_token'])).toBe(mallory.uid);
      const withIdToken = await identity(
        '/securetoken.googleapis.com/v1/token',
        new URLSearchParams({ grant_type: 'refresh_token', refresh_token: mallory.idToken }).toString(),
      );
      expect(withIdToken.status).toBe(400);
    },
    'POST /api/identity/sign-out': async (mallory) => {
      const answer = await identity('/api/identity/sign-out', {
        refreshToken: mallory.refreshToken,
        uid: users.alice.uid,
      });
      expect(answer.status).toBe(204);
      // Her session ended, and only hers (Alice's refresh token is tried after every case).
      const ended = await identity(
        '/securetoken.googleapis.com/v1/token',
        new URLSearchParams({ grant_type: 'refresh_token', refresh_token: mallory.refreshToken }).toString(),
      );
      expect(ended.status).toBe(400);
    },
  };
}
