import { describe, expect, it } from 'vitest';
import { runLoad, seedUsers } from '../bench/load-model.js';
import { startStandaloneProcess } from '../support/standalone-process.js';
import { createTestUser } from '../support/users.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The bounded version of the load bench (tests/bench/load.ts): 40 people at once for a few
 * seconds against the built server. It asserts what must hold at any speed — every request
 * answered without an error, every write acknowledged — and leaves the timing to the bench.
 */
describe('many users at once', () => {
  // Signing 40 people up costs 40 password hashes (scrypt) on the server before the load starts.
  it('are all answered, with no error on any route, reads and writes mixed', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'plenty-load-'));
    const server = await startStandaloneProcess({ dataDir });
    try {
      const people = await Promise.all(
        Array.from({ length: 40 }, () => createTestUser(server.baseUrl, {}, server.outboxDir)),
      );
      await seedUsers(server.baseUrl, people);
      const result = await runLoad(server.baseUrl, people, { seconds: 4, thinkMs: 100 });
      expect(result.errors, JSON.stringify(result.routes.filter((r) => r.errors > 0))).toBe(0);
      expect(result.requests).toBeGreaterThan(200);
      expect(result.acknowledgedWrites).toBeGreaterThan(10);
      for (const route of result.routes) expect(route.count, route.route).toBeGreaterThan(0);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
