import { defineConfig } from 'vitest/config';

const resolve = { conditions: ['source', 'import', 'node', 'default'] };
const exclude = ['**/node_modules/**', '**/dist/**'];

export default defineConfig({
  resolve,
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
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
          testTimeout: 15_000,
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
          testTimeout: 15_000,
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
          fileParallelism: false,
        },
      },
    ],
  },
});
