import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigError } from '../config.js';
import { writeFileDurably } from '../durable-file.js';

export interface SigningKey {
  /** Names the key in each token's header. */
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

function fromPem(pem: string, path: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new ConfigError(`${path} is not a private key in PEM. Restore it from the backup it was kept with.`);
  }
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new ConfigError(`${path} is not a P-256 key for ES256. Restore it from the backup it was kept with.`);
  }
  const publicKey = createPublicKey(privateKey);
  const kid = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64url')
    .slice(0, 16);
  return { kid, privateKey, publicKey };
}

/**
 * The key that signs ID tokens (ES256, P-256): read from `path`, or created there on first
 * start, readable by its owner only and on disk whole before any token is signed with it.
 * Losing it signs everyone out once; it holds no data, so it is backed up with master.key.
 */
export async function loadSigningKey(path: string): Promise<SigningKey> {
  try {
    return fromPem(await readFile(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(path), { recursive: true });
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    await writeFileDurably(path, pem, { mode: 0o600, exclusive: true });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fromPem(await readFile(path, 'utf8'), path);
  }
  return fromPem(pem, path);
}
