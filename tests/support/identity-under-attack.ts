import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openStandalone, type Standalone } from '@plenty/standalone/app';
import { expenseBody } from './transaction-body.js';
import { TEST_PASSWORD } from './users.js';

/** An answer of the embedded identity, its body as text and as JSON. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
  json(): Record<string, unknown> & { error?: { message?: string; code?: unknown } };
}

export interface Account {
  readonly uid: string;
  readonly email: string;
  readonly idToken: string;
  readonly refreshToken: string;
}

/** How the API answers a token the identity refuses, on a query and on a command. */
export const REFUSED = { query: 401, command: 401 };

export interface IdentityUnderAttack {
  readonly standalone: Standalone;
  readonly dataDir: string;
  /** The identity's clock runs this far ahead of the wall clock; back to 0 after each test. */
  readonly clock: { offsetMs: number };
  /** A call to the Identity Toolkit (`accounts:<verb>`) or Secure Token API from a client at `client`. */
  identity(path: string, body: object, client?: string): Promise<Answer>;
  refresh(refreshToken: string): Promise<Answer>;
  /** A new account with the test password and a verified address, signed up from `client`. */
  signUp(client: string, email?: string): Promise<Account>;
  /** The status of a query and of a command sent with this bearer token. */
  apiStatuses(idToken: string): Promise<{ query: number; command: number }>;
}

/**
 * For a test file on the embedded identity against an attacker on the network: an app with
 * the DEFAULT attempt limits (each test counts them from client addresses of its own) and an
 * identity clock a test may set ahead, to reach expiry and grace without waiting.
 */
export function useIdentityUnderAttack(): IdentityUnderAttack {
  const clock = { offsetMs: 0 };
  const opened: { standalone?: Standalone; dataDir?: string } = {};
  beforeAll(async () => {
    opened.dataDir = await mkdtemp(join(tmpdir(), 'plenty-identity-security-'));
    opened.standalone = await openStandalone({
      dataDir: opened.dataDir,
      logLevel: 'silent',
      identityClock: () => Date.now() + clock.offsetMs,
    });
  });
  afterEach(() => {
    clock.offsetMs = 0;
  });
  afterAll(async () => {
    await opened.standalone?.close();
    if (opened.dataDir !== undefined) await rm(opened.dataDir, { recursive: true, force: true });
  });
  const app = (): Standalone => {
    if (opened.standalone === undefined) throw new Error('the standalone app opens in beforeAll');
    return opened.standalone;
  };

  const identity = async (path: string, body: object, client = '127.0.0.1'): Promise<Answer> => {
    const url = path.startsWith('/') ? path : `/identitytoolkit.googleapis.com/v1/${path}?key=plenty-embedded`;
    const form = url.startsWith('/securetoken');
    const response = await app().app.inject({
      method: 'POST',
      url,
      remoteAddress: client,
      headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
      payload: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body,
      json: () => response.json(),
    };
  };

  return {
    get standalone() {
      return app();
    },
    get dataDir() {
      if (opened.dataDir === undefined) throw new Error('the data folder is made in beforeAll');
      return opened.dataDir;
    },
    clock,
    identity,
    refresh: (refreshToken) =>
      identity('/securetoken.googleapis.com/v1/token', { grant_type: 'refresh_token', refresh_token: refreshToken }),
    async signUp(client, email = `user-${randomUUID()}@example.test`) {
      const answer = await identity(
        'accounts:signUp',
        { email, password: TEST_PASSWORD, returnSecureToken: true },
        client,
      );
      if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.body}`);
      const { localId, idToken, refreshToken } = answer.json() as Record<string, string>;
      await app().identity.providerAdmin.markEmailVerified(localId ?? '');
      return { uid: localId ?? '', email, idToken: idToken ?? '', refreshToken: refreshToken ?? '' };
    },
    async apiStatuses(idToken) {
      const authorization = `Bearer ${idToken}`;
      const query = await app().app.inject({
        method: 'GET',
        url: '/api/queries/preferences',
        headers: { authorization },
      });
      const command = await app().app.inject({
        method: 'POST',
        url: '/api/commands/AddTransaction',
        headers: { authorization },
        payload: { commandId: randomUUID(), ...expenseBody({ amount: { amount: 45_000, currency: 'LAK' } }) },
      });
      return { query: query.statusCode, command: command.statusCode };
    },
  };
}
