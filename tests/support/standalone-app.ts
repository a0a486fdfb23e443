import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { openStandalone, type Standalone } from '@plenty/standalone/app';

export interface TestStandalone {
  /** The embedded default, open from `beforeAll` to `afterAll`. */
  readonly standalone: Standalone;
  readonly dataDir: string;
}

/**
 * For an integration test file: the embedded default on a fresh data folder, signing users in
 * with the run's Auth emulator, opened before the file's tests and removed after them.
 */
export function useTestStandalone(): TestStandalone {
  const env: { standalone?: Standalone; dataDir?: string } = {};
  beforeAll(async () => {
    env.dataDir = await mkdtemp(join(tmpdir(), 'plenty-api-'));
    env.standalone = await openStandalone({
      dataDir: env.dataDir,
      projectId: 'demo-plenty',
      authEmulatorHost: inject('authEmulatorHost'),
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await env.standalone?.close();
    if (env.dataDir !== undefined) await rm(env.dataDir, { recursive: true, force: true });
  });
  return {
    get standalone() {
      if (env.standalone === undefined) throw new Error('the standalone app opens in beforeAll');
      return env.standalone;
    },
    get dataDir() {
      if (env.dataDir === undefined) throw new Error('the data folder is made in beforeAll');
      return env.dataDir;
    },
  };
}
