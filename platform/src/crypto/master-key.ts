import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../config.js';
import { writeFileDurably } from '../durable-file.js';

function decode(text: string, source: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/=_-]+$/.test(text.trim())) {
    throw new ConfigError(`${source} must be 32 bytes in base64 (e.g. \`openssl rand -base64 32\`)`);
  }
  return key;
}

/**
 * The master key that wraps every user's data key: from PLENTY_MASTER_KEY when set,
 * otherwise from `<dataDir>/master.key`, created (readable by its owner only) on first use.
 * The file is on disk, whole, before the key is used: every data key is wrapped with it, so a
 * power cut right after the first start must not leave an empty file behind.
 */
export async function loadMasterKey(options: { envValue?: string | undefined; dataDir: string }): Promise<Buffer> {
  if (options.envValue !== undefined && options.envValue !== '') return decode(options.envValue, 'PLENTY_MASTER_KEY');
  const path = join(options.dataDir, 'master.key');
  try {
    return decode(await readFile(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    await writeFileDurably(path, `${key.toString('base64')}\n`, { mode: 0o600, exclusive: true });
    return key;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return decode(await readFile(path, 'utf8'), path);
    throw error;
  }
}
