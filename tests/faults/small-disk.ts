import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

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

/**
 * A data folder on an ext4 file system of its own (a loop device), that can fail under a
 * running server the way a failing disk does: the kernel remounts it read-only in the middle
 * of things (`errors=remount-ro`, triggered through ext4's `trigger_fs_error`), and every
 * write after that fails with EROFS, also to files already open. `mend()` unmounts it,
 * repairs it with fsck and mounts it writable again, as an operator would.
 */
export interface FailingDisk {
  readonly path: string;
  fail(): void;
  mend(): void;
  remove(): void;
}

export function mountFailingDisk(megabytes: number): FailingDisk {
  const image = join(mkdtempSync(join(tmpdir(), 'plenty-image-')), 'disk.img');
  const path = mkdtempSync(join(tmpdir(), 'plenty-disk-'));
  const run = (command: string, ...args: string[]) => execFileSync(command, args, { stdio: 'pipe' }).toString().trim();
  run('truncate', '-s', `${megabytes}M`, image);
  run('mkfs.ext4', '-q', '-F', image);
  const device = run('losetup', '-f', '--show', image);
  const mount = () => run('mount', '-o', 'errors=remount-ro', device, path);
  let mounted = false;
  try {
    mount();
    mounted = true;
    run('chmod', '0700', path);
  } catch (error) {
    run('losetup', '-d', device);
    throw error;
  }
  const name = device.split('/').at(-1) ?? device;
  return {
    path,
    fail: () => writeFileSync(`/sys/fs/ext4/${name}/trigger_fs_error`, '1'),
    mend() {
      if (mounted) run('umount', path);
      mounted = false;
      try {
        run('fsck.ext4', '-f', '-y', device);
      } catch {
        // fsck exits 1 when it repaired something: the file system is fine now
      }
      mount();
      mounted = true;
    },
    remove() {
      try {
        if (mounted) execFileSync('umount', ['-l', path], { stdio: 'pipe' });
      } finally {
        execFileSync('losetup', ['-d', device], { stdio: 'pipe' });
        rmSync(path, { recursive: true, force: true });
        rmSync(dirname(image), { recursive: true, force: true });
      }
    },
  };
}

/** Whether this machine lets the tests make a failing disk; the reason when it does not. */
export function failingDisksAvailable(suite: string): boolean {
  try {
    const disk = mountFailingDisk(8);
    try {
      if (!existsSync(`/sys/fs/ext4`)) throw new Error('the kernel has no /sys/fs/ext4');
    } finally {
      disk.remove();
    }
    return true;
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    process.stdout.write(`skipped: ${suite} needs a loop device and ext4 (root): ${reason}\n`);
    return false;
  }
}
