import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { NO_IDENTITY_LIMITS } from '@plenty/platform/identity/attempt-limits';
import { openStandalone, type Standalone, type StandaloneOptions } from '@plenty/standalone/app';

export interface TestStandalone {
  /** The embedded default, open from `beforeAll` to `afterAll`. */
  readonly standalone: Standalone;
  readonly dataDir: string;
}

/**
 * For an integration test file: the embedded default on a fresh data folder, with its own
 * identity (no attempt limits, since tests create many users from one address), opened
 * before the file's tests and removed after them. `options` adds to or replaces the defaults.
 */
export function useTestStandalone(options: Partial<Omit<StandaloneOptions, 'dataDir'>> = {}): TestStandalone {
  const env: { standalone?: Standalone; dataDir?: string } = {};
  beforeAll(async () => {
    env.dataDir = await mkdtemp(join(tmpdir(), 'plenty-api-'));
    env.standalone = await openStandalone({
      dataDir: env.dataDir,
      identityLimits: NO_IDENTITY_LIMITS,
      logLevel: 'silent',
      ...options,
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
