import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with N = 2^15, r = 8, p = 1 (32 MiB and about 130 ms of CPU a hash on the
 * reference machine; see docs/ARCHITECTURE.md › Identity). The parameters are stored with each
 * hash, so they can be raised later without touching existing ones.
 */
export const SCRYPT_PARAMETERS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem above 128·N·r, which is exactly the 32 MiB default for these parameters.
    scryptCallback(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error === null ? resolve(key) : reject(error)),
    );
  });
}

/** `scrypt$<N>$<r>$<p>$<salt>$<hash>`, salt and hash in base64url. Runs on libuv's thread pool. */
export async function hashPassword(
  password: string,
  parameters: { N: number; r: number; p: number } = SCRYPT_PARAMETERS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, parameters);
  return [
    'scrypt',
    parameters.N,
    parameters.r,
    parameters.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

const STORED = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/;

/** Compares in constant time; a stored value that is not a hash of ours never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (match === null) return false;
  const [, n, r, p, salt, hash] = match;
  const expected = Buffer.from(hash ?? '', 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await scrypt(password, Buffer.from(salt ?? '', 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | null = null;

/**
 * Spends the time of one password check on an address that has no account (or no password),
 * so a wrong password and an unknown address take as long as each other.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy password that matches nothing');
  await verifyPassword(password, await decoy);
  return false;
}
