import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const resolve = { conditions: ['source', 'import', 'node', 'default'] };
const exclude = ['**/node_modules/**', '**/dist/**'];
// Waits for a condition (`vi.waitFor`, `expect.poll`, Testing Library) try for 10 s, not 1 s, and
// hooks (a build, a server started) get a minute: bounds for what hangs, not speed checks.
const patientWaits = ['tests/support/patient-waits.setup.ts'];
const expectOptions = { poll: { timeout: 10_000 } };

export default defineConfig({
  resolve,
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    // A worker per core: Vitest's default leaves one core to its own process, which on a 2-core
    // machine runs every file one after another.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve,
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'unit',
          include: ['*/src/**/*.test.ts', 'tests/**/*.test.ts', 'locales/**/*.test.ts', 'eslint-rules/*.test.js'],
          exclude: [...exclude, '**/*.int.test.ts'],
          environment: 'node',
          // A bound for a test that hangs, not a speed check: two cores shared with the browser
          // journeys' builds can make a test that takes 1 s take several.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: patientWaits,
          expect: expectOptions,
        },
      },
      {
        // Component tests (Testing Library): only these files get a DOM, so the rest stay fast.
        resolve,
        test: {
          name: 'dom',
          include: ['frontend/src/**/*.dom.test.tsx'],
          exclude,
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost/' } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: [...patientWaits, 'frontend/src/lib/testing/dom-waits.setup.ts'],
          expect: expectOptions,
        },
      },
      {
        resolve,
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'integration',
          include: ['*/src/**/*.int.test.ts', 'tests/**/*.int.test.ts'],
          exclude,
          environment: 'node',
          globalSetup: ['tests/support/build.global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: patientWaits,
          expect: expectOptions,
        },
      },
    ],
  },
});
