import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A data folder on a small file system of its own (tmpfs), so a test can fill it up or turn
 * it read-only under a running server. Mounting needs the privilege to mount; without it the
 * suites that need one are skipped and say why.
 */
export interface SmallDisk {
  readonly path: string;
  resize(megabytes: number): void;
  readOnly(on: boolean): void;
  remove(): void;
}

export function mountSmallDisk(megabytes: number): SmallDisk {
  const path = mkdtempSync(join(tmpdir(), 'plenty-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', path], { stdio: 'pipe' });
  const remount = (options: string) => execFileSync('mount', ['-o', `remount,${options}`, path], { stdio: 'pipe' });
  return {
    path,
    resize: (size) => remount(`size=${size}m`),
    readOnly: (on) => remount(on ? 'ro' : 'rw'),
    remove() {
      try {
        execFileSync('umount', ['-l', path], { stdio: 'pipe' });
      } finally {
        rmSync(path, { recursive: true, force: true });
      }
    },
  };
}

/** Whether this machine lets the tests mount a small disk; the reason when it does not. */
export function smallDisksAvailable(suite: string): boolean {
  try {
    mountSmallDisk(1).remove();
    return true;
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    process.stdout.write(`skipped: ${suite} needs permission to mount a small tmpfs: ${reason}\n`);
    return false;
  }
}
