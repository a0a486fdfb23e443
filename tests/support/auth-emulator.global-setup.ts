import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '@plenty/standalone/auth-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

/** Starts one Firebase Auth emulator for the whole integration run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stateDir = await mkdtemp(join(tmpdir(), 'plenty-auth-'));
  const emulator = await startAuthEmulator({ projectId: 'demo-plenty', stateDir });
  project.provide('authEmulatorHost', emulator.host);
  return async () => {
    await emulator.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
}
