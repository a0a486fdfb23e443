import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useStandaloneProcesses, type StandaloneProcess } from '../support/standalone-process.js';
import { createTestUser, identityCall, signInTestUser, TEST_PASSWORD } from '../support/users.js';

/**
 * The embedded identity killed like a power cut (SIGKILL) right after it answered: what it
 * answered holds after the restart. And sessions outlive restarts, clean or not: an ID token
 * keeps working until it expires and a refresh token keeps refreshing.
 */

const processes = useStandaloneProcesses('identity-kill');
const dataFolder = () => processes.dataFolder();

/** A server on the folder, stopped after the test unless the test ended it itself. */
function start(dataDir: string): Promise<StandaloneProcess> {
  return processes.start(dataDir);
}

/** Sends a request and kills the server the moment its whole answer has arrived. */
async function answeredThenKilled(
  server: StandaloneProcess,
  path: string,
  init: { body: string; headers: Record<string, string> },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', ...init });
  const text = await response.text();
  await server.kill();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

const signInStatus = async (server: StandaloneProcess, email: string, password: string) =>
  (await identityCall(server.baseUrl, 'accounts:signInWithPassword', { email, password, returnSecureToken: true }))
    .status;

const preferences = (server: StandaloneProcess, idToken: string) =>
  fetch(`${server.baseUrl}/api/queries/preferences`, { headers: { authorization: `Bearer ${idToken}` } });

const refresh = async (server: StandaloneProcess, refreshToken: string) => {
  const answer = await identityCall(
    server.baseUrl,
    '/securetoken.googleapis.com/v1/token?key=plenty-embedded',
    new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  );
  return { status: answer.status, body: answer.body as Record<string, string> };
};

const json = { 'content-type': 'application/json' };

describe('the embedded identity killed right after it answered', { timeout: 120_000 }, () => {
  it('keeps an account whose sign-up was answered', async () => {
    const dataDir = await dataFolder();
    const email = `kill-${randomUUID()}@example.test`;
    const signedUp = await answeredThenKilled(
      await start(dataDir),
      '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=plenty-embedded',
      { headers: json, body: JSON.stringify({ email, password: TEST_PASSWORD, returnSecureToken: true }) },
    );
    expect(signedUp.status).toBe(200);

    const server = await start(dataDir);
    expect((await signInTestUser(server.baseUrl, email)).uid).toBe(signedUp.body['localId']);
  });

  it('keeps a password change that was answered: the new password signs in, the old one does not', async () => {
    const dataDir = await dataFolder();
    let server = await start(dataDir);
    const user = await createTestUser(server.baseUrl, { emailVerified: false });
    const changed = await answeredThenKilled(
      server,
      '/identitytoolkit.googleapis.com/v1/accounts:update?key=plenty-embedded',
      {
        headers: json,
        body: JSON.stringify({ idToken: user.idToken, password: 'a-new-password', returnSecureToken: true }),
      },
    );
    expect(changed.status).toBe(200);

    server = await start(dataDir);
    expect(await signInStatus(server, user.email, TEST_PASSWORD)).toBe(400);
    expect((await signInTestUser(server.baseUrl, user.email, 'a-new-password')).uid).toBe(user.uid);
    expect((await preferences(server, user.idToken)).status).toBe(401);
    expect((await refresh(server, user.refreshToken)).body).toMatchObject({ error: { message: 'TOKEN_EXPIRED' } });
  });

  it('keeps an account deletion that was answered: the account cannot sign in and its address registers anew', async () => {
    const dataDir = await dataFolder();
    let server = await start(dataDir);
    const user = await createTestUser(server.baseUrl, {}, server.outboxDir);
    const deleted = await answeredThenKilled(server, '/api/commands/DeleteAccount', {
      headers: { ...json, authorization: user.authorization },
      body: JSON.stringify({
        commandId: randomUUID(),
        confirmEmail: user.email,
        confirmPhrase: 'Delete My Account',
        reason: 'not_useful',
      }),
    });
    expect(deleted.status).toBe(200);

    server = await start(dataDir);
    expect(await signInStatus(server, user.email, TEST_PASSWORD)).toBe(400);
    expect((await preferences(server, user.idToken)).status).toBe(401);
    expect((await refresh(server, user.refreshToken)).body).toMatchObject({ error: { message: 'TOKEN_EXPIRED' } });
    const anew = await createTestUser(server.baseUrl, { email: user.email, emailVerified: false });
    expect(anew.uid).not.toBe(user.uid);
  });
});

describe('sessions across restarts', { timeout: 120_000 }, () => {
  it('an ID token issued before a restart, killed or clean, keeps working, and its refresh token keeps refreshing', async () => {
    const dataDir = await dataFolder();
    let server = await start(dataDir);
    const user = await createTestUser(server.baseUrl, {}, server.outboxDir);
    expect((await preferences(server, user.idToken)).status).toBe(200);
    let refreshToken = user.refreshToken;

    for (const restart of ['kill', 'stop'] as const) {
      await server[restart]();
      server = await start(dataDir);
      expect((await preferences(server, user.idToken)).status, `after ${restart}`).toBe(200);
      const refreshed = await refresh(server, refreshToken);
      expect(refreshed.status, `after ${restart}`).toBe(200);
      expect(refreshed.body['user_id']).toBe(user.uid);
      expect((await preferences(server, refreshed.body['id_token'] ?? '')).status, `after ${restart}`).toBe(200);
      refreshToken = refreshed.body['refresh_token'] ?? '';
    }
  });
});
