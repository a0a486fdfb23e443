import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '@plenty/standalone/auth-emulator';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

/**
 * Brings the build up to date (tests that run the app as a process use it) and starts one
 * Firebase Auth emulator for the whole integration run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-b'], { cwd: root, stdio: 'inherit' });
  const stateDir = await mkdtemp(join(tmpdir(), 'plenty-auth-'));
  const emulator = await startAuthEmulator({ projectId: 'demo-plenty', stateDir });
  project.provide('authEmulatorHost', emulator.host);
  return async () => {
    await emulator.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
}
