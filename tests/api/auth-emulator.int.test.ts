import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '@plenty/standalone/auth-emulator';
import { createTestUser } from '../support/users.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function signIn(host: string, email: string): Promise<string> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse-battery', returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { error?: { message?: string } };
  return response.ok ? 'signed in' : (body.error?.message ?? String(response.status));
}

describe('the embedded identity provider', () => {
  it('keeps its users across a restart, in the state folder under the data dir', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'plenty-auth-state-'));
    dirs.push(stateDir);
    const first = await startAuthEmulator({ projectId: 'demo-plenty', stateDir });
    const user = await createTestUser(first.host);
    expect(await signIn(first.host, user.email)).toBe('signed in');
    await first.stop();

    const second = await startAuthEmulator({ projectId: 'demo-plenty', stateDir });
    try {
      expect(await signIn(second.host, user.email)).toBe('signed in');
      expect(await signIn(second.host, 'nobody@example.test')).toBe('EMAIL_NOT_FOUND');
    } finally {
      await second.stop();
    }
  }, 90_000);

  it('refuses a project that is not a demo project', async () => {
    await expect(startAuthEmulator({ projectId: 'plenty-production', stateDir: tmpdir() })).rejects.toThrow(/demo-/);
  });
});
