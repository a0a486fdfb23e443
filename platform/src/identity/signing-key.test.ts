import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { loadSigningKey } from './signing-key.js';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function dataFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'plenty-signing-key-'));
  folders.push(folder);
  return folder;
}

/** What a refused start says: a ConfigError on one line that names the file and what to do. */
async function refusal(path: string): Promise<ConfigError> {
  const outcome = await loadSigningKey(path).then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${String(outcome)}`);
  return outcome;
}

describe('the signing key', () => {
  it('is created on first start, readable by its owner only, and the same key at every start after', async () => {
    const path = join(await dataFolder(), 'identity.key');
    const created = await loadSigningKey(path);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+-----END PRIVATE KEY-----\n$/);
    expect(created.privateKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');

    const again = await loadSigningKey(path);
    expect(again.kid).toBe(created.kid);
    expect(again.publicKey.export({ type: 'spki', format: 'der' })).toEqual(
      created.publicKey.export({ type: 'spki', format: 'der' }),
    );
  });

  it('is named by a digest of its public key, so two folders have two names', async () => {
    const [one, two] = await Promise.all([
      loadSigningKey(join(await dataFolder(), 'identity.key')),
      loadSigningKey(join(await dataFolder(), 'identity.key')),
    ]);
    expect(one.kid).toMatch(/^[\w-]{16}$/);
    expect(one.kid).not.toBe(two.kid);
  });

  it('is created once when two starts race for it, and leaves no temporary file behind', async () => {
    const folder = await dataFolder();
    const keys = await Promise.all(Array.from({ length: 4 }, () => loadSigningKey(join(folder, 'identity.key'))));
    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    expect(await readdir(folder)).toEqual(['identity.key']);
  });

  it('makes the data folder when it is missing', async () => {
    const path = join(await dataFolder(), 'new', 'folder', 'identity.key');
    await loadSigningKey(path);
    expect((await stat(path)).isFile()).toBe(true);
  });

  it('that is damaged stops the start with one line naming the file, and is left as it was', async () => {
    const folder = await dataFolder();
    const valid = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const damaged: Record<string, string> = {
      'not a key at all': 'hello',
      empty: '',
      'cut short': valid.slice(0, valid.length / 2),
      'a public key': generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .publicKey.export({ type: 'spki', format: 'pem' })
        .toString(),
    };
    for (const [kind, content] of Object.entries(damaged)) {
      const path = join(folder, `${kind}.key`);
      await writeFile(path, content, { mode: 0o600 });
      const error = await refusal(path);
      expect(error.message, kind).toBe(
        `${path} is not a private key in PEM. Restore it from the backup it was kept with.`,
      );
      expect(await readFile(path, 'utf8'), kind).toBe(content);
    }
  });

  it('of another kind than P-256 is refused the same way', async () => {
    const folder = await dataFolder();
    const keys = {
      rsa: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
      'P-384': generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey,
      ed25519: generateKeyPairSync('ed25519').privateKey,
    };
    for (const [kind, key] of Object.entries(keys)) {
      const path = join(folder, `${kind}.key`);
      await writeFile(path, key.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
      expect((await refusal(path)).message, kind).toBe(
        `${path} is not a P-256 key for ES256. Restore it from the backup it was kept with.`,
      );
    }
  });
});
