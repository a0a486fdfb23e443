import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useStandaloneProcesses, type StandaloneProcess } from '../support/standalone-process.js';
import { mailedCode } from '../support/outbox.js';
import { createTestUser, identityCall, signInTestUser } from '../support/users.js';

/**
 * What a copy of the data folder gives away, read byte by byte after a clean stop: no
 * password, in any encoding, in any file (write-ahead logs, mails and the server's own
 * log included); and once an account is deleted, not its address in the identity's files.
 */

const processes = useStandaloneProcesses('identity-forensic');
const dataFolder = () => processes.dataFolder();

function start(dataDir: string): Promise<StandaloneProcess> {
  // Debug logs every request: the log is read too.
  return processes.start(dataDir, { LOG_LEVEL: 'debug' });
}

/** Every file under the folder, with its bytes. */
async function filesUnder(dir: string): Promise<{ name: string; bytes: Buffer }[]> {
  const files: { name: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.push({ name: relative(dir, path), bytes: await readFile(path) });
  }
  return files;
}

/** The part of a base64 text that depends on `secret` alone, at each of the three alignments. */
function base64Forms(secret: Buffer, encoding: 'base64' | 'base64url'): string[] {
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), secret]).toString(encoding);
    return encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + secret.length) * 8) / 6));
  });
}

/** The ways a secret could sit in a file: UTF-8, UTF-16LE, base64, base64url, JSON-escaped. */
function encodings(secret: string): { form: string; bytes: Buffer }[] {
  const utf8 = Buffer.from(secret, 'utf8');
  return [
    { form: 'utf-8', bytes: utf8 },
    { form: 'utf-16le', bytes: Buffer.from(secret, 'utf16le') },
    { form: 'json', bytes: Buffer.from(JSON.stringify(secret).slice(1, -1), 'utf8') },
    ...base64Forms(utf8, 'base64').map((text) => ({ form: 'base64', bytes: Buffer.from(text) })),
    ...base64Forms(utf8, 'base64url').map((text) => ({ form: 'base64url', bytes: Buffer.from(text) })),
  ];
}

function findings(files: { name: string; bytes: Buffer }[], secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const secret of secrets)
    for (const { form, bytes } of encodings(secret))
      for (const file of files) if (file.bytes.includes(bytes)) found.push(`${secret} as ${form} in ${file.name}`);
  return found;
}

async function changePassword(server: StandaloneProcess, idToken: string, password: string): Promise<void> {
  const answer = await identityCall(server.baseUrl, 'accounts:update', { idToken, password, returnSecureToken: true });
  if (answer.status !== 200) throw new Error(`password change failed: ${JSON.stringify(answer.body)}`);
}

async function resetPassword(server: StandaloneProcess, email: string, password: string): Promise<void> {
  const request = await fetch(`${server.baseUrl}/api/commands/RequestPasswordReset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ commandId: randomUUID(), email, locale: 'en' }),
  });
  expect(request.status).toBe(200);
  const oobCode = await mailedCode(server.outboxDir, email, /reset-password\/([^\s/]+)/);
  const answer = await identityCall(server.baseUrl, 'accounts:resetPassword', {
    oobCode: decodeURIComponent(oobCode),
    newPassword: password,
  });
  if (answer.status !== 200) throw new Error(`reset failed: ${JSON.stringify(answer.body)}`);
}

describe('a copy of the data folder', { timeout: 120_000 }, () => {
  it('holds no password in any form after sign-ups, a password change and a reset', async () => {
    const dataDir = await dataFolder();
    const server = await start(dataDir);
    const passwords = {
      noy: `Noy-forensic-${randomUUID()}`,
      somchai: `ສົມໃຈ-ລະຫັດ-${randomUUID()}`,
      changedFrom: `Changed-from-${randomUUID()}`,
      changedTo: `Changed-to-${randomUUID()}`,
      resetFrom: `Reset-from-${randomUUID()}`,
      resetTo: `Reset-to-${randomUUID()}`,
    };
    await createTestUser(server.baseUrl, { password: passwords.noy }, server.outboxDir);
    await createTestUser(server.baseUrl, { password: passwords.somchai, emailVerified: false });
    const changing = await createTestUser(server.baseUrl, { password: passwords.changedFrom, emailVerified: false });
    await changePassword(server, changing.idToken, passwords.changedTo);
    const resetting = await createTestUser(server.baseUrl, { password: passwords.resetFrom, emailVerified: false });
    await resetPassword(server, resetting.email, passwords.resetTo);
    await signInTestUser(server.baseUrl, resetting.email, passwords.resetTo);
    await server.stop();

    const files = await filesUnder(dataDir);
    const names = files.map((file) => file.name);
    expect(names).toEqual(expect.arrayContaining(['identity.db', 'identity.key', 'events.db']));
    expect(names.some((name) => name.startsWith('outbox/'))).toBe(true);
    files.push({ name: 'the server log', bytes: Buffer.from(server.output()) });
    expect(server.output()).toContain('"msg":"incoming request"');
    expect(findings(files, Object.values(passwords))).toEqual([]);

    // The search does find a password in each of the forms it looks for.
    for (const prefix of ['', 'a', 'ab']) {
      const text = `{"x":"${prefix}${passwords.somchai}"}`;
      for (const bytes of [
        Buffer.from(text, 'utf16le'),
        Buffer.from(Buffer.from(text).toString('base64')),
        Buffer.from(Buffer.from(text).toString('base64url')),
      ])
        expect(findings([{ name: 'control', bytes }], [passwords.somchai])).not.toEqual([]);
    }
  });

  it("holds a deleted account's address nowhere in the identity's files, nor in the outbox", async () => {
    const dataDir = await dataFolder();
    const server = await start(dataDir);
    const staying = await createTestUser(server.baseUrl, {}, server.outboxDir);
    const leaving = await createTestUser(
      server.baseUrl,
      { email: `leaving-${randomUUID()}@example.test` },
      server.outboxDir,
    );
    await signInTestUser(server.baseUrl, leaving.email);
    const deletion = await fetch(`${server.baseUrl}/api/commands/DeleteAccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: leaving.authorization },
      body: JSON.stringify({
        commandId: randomUUID(),
        confirmEmail: leaving.email,
        confirmPhrase: 'Delete My Account',
      }),
    });
    expect(deletion.status).toBe(200);
    await server.stop();

    const files = await filesUnder(dataDir);
    const identityFiles = files.filter((file) => file.name.startsWith('identity.') || file.name.startsWith('outbox/'));
    expect(identityFiles.map((file) => file.name)).toContain('identity.db');
    expect(findings(identityFiles, [leaving.email, leaving.uid])).toEqual([]);
    // The other account is still there: the search would have found an address.
    expect(findings(identityFiles, [staying.email]).length).toBeGreaterThan(0);
  });
});
