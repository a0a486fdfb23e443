import { randomBytes } from 'node:crypto';
import { link, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Makes a folder's entries (a file created, renamed or removed in it) survive a power cut.
 * File systems that cannot sync a folder are left as they are.
 */
export async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    return;
  } finally {
    await handle?.close();
  }
}

/** Makes a file's bytes survive a power cut (its name in the folder: `syncFolder`). */
export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes a whole file so that after a crash or a power cut it is either there with all of its
 * bytes or not there at all: written to a temporary file beside it, synced, then put in place
 * and the folder synced. `exclusive` refuses (EEXIST) when the file exists already, also
 * when another process made it at the same moment; otherwise the file is replaced.
 */
export async function writeFileDurably(
  path: string,
  data: string | Buffer,
  options: { readonly mode?: number; readonly exclusive?: boolean } = {},
): Promise<void> {
  const folder = dirname(path);
  const temporary = join(folder, `.${randomBytes(8).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', options.mode ?? 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // link() fails when the name is taken: an exclusive create that never shows half a file.
    if (options.exclusive === true) await link(temporary, path);
    else await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
  await syncFolder(folder);
}
