import { builtinModules } from 'node:module';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import plenty from './eslint-rules/index.js';

const SERVICES = ['command-api', 'query-api', 'projector'];
const WORKSPACES = ['locales', 'platform', 'projections', ...SERVICES, 'standalone', 'frontend', 'tests'];

/**
 * Boundaries: which folder may not import which (`plenty/boundaries`, eslint-rules/boundaries.js,
 * resolves relative imports and `@plenty/<workspace>` names to folders). `features/*` is each
 * feature on its own: a feature may not import another one.
 */
const BOUNDARIES = [
  {
    from: 'frontend/src/features/*',
    forbid: ['frontend/src/features/*'],
    reason: 'features do not import each other; move what two features share into lib/ or ui/',
  },
  {
    from: 'frontend/src/lib',
    forbid: ['frontend/src/features', 'frontend/src/app'],
    reason: 'lib/ is below the features and the app shell',
  },
  {
    from: 'frontend/src/ui',
    forbid: ['frontend/src/features', 'frontend/src/app'],
    reason: 'ui/ is below the features and the app shell',
  },
  {
    from: 'frontend',
    forbid: ['platform', 'projections', ...SERVICES, 'standalone', 'tests'],
    reason: 'the web app shares only contracts and locales with the server',
  },
  ...SERVICES.map((service) => ({
    from: service,
    forbid: [...SERVICES.filter((other) => other !== service), 'standalone', 'frontend', 'tests'],
    reason: 'services do not import each other; standalone composes them',
  })),
  {
    from: 'projections',
    forbid: [...SERVICES, 'standalone', 'frontend', 'tests'],
    reason: 'projections are shared by the services and import none of them',
  },
  {
    from: 'platform',
    forbid: [...SERVICES, 'projections', 'standalone', 'frontend', 'tests'],
    reason: 'platform is below every service',
  },
  {
    from: 'contracts',
    forbid: WORKSPACES,
    reason: 'contracts import no other workspace',
  },
];

/**
 * A service's tests may start another service to set up what they check (a projector filling the
 * read model the query API answers from), as standalone does; the service's code may not.
 */
const TEST_BOUNDARIES = BOUNDARIES.map((zone) =>
  SERVICES.includes(zone.from) ? { ...zone, forbid: zone.forbid.filter((folder) => !SERVICES.includes(folder)) } : zone,
);

/** Node's built-in modules, `fs` and `node:fs` alike: code bundled for the browser imports none. */
const NODE_BUILTINS = {
  paths: builtinModules.map((name) => ({ name, message: 'Bundled for the browser: no Node built-ins.' })),
  patterns: [{ regex: '^node:', message: 'Bundled for the browser: no Node built-ins.' }],
};

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', 'tests/browser/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      ecmaVersion: 2023,
      sourceType: 'module',
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts', 'locales/*.test.ts'] } },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { plenty },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
      // Type-aware: a promise is awaited, returned or handled; never dropped by accident.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      'plenty/boundaries': ['error', { zones: BOUNDARIES }],
    },
  },
  {
    files: TEST_FILES,
    rules: { 'plenty/boundaries': ['error', { zones: TEST_BOUNDARIES }] },
  },
  {
    // Plain JavaScript (scripts, journeys, this file) is not part of a TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['contracts/src/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': ['error', NODE_BUILTINS] },
  },
  {
    files: ['frontend/**/*.{ts,tsx}', 'tests/browser/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      // React Compiler checks: the app is not compiled by it, and `refs` reads a ref object passed
      // on as a prop or kept in a hook's result (`inputRef={inputs.password}`) as a read during render.
      'react-hooks/refs': 'off',
      'react-hooks/incompatible-library': 'off',
      'react-hooks/unsupported-syntax': 'error',
    },
  },
  {
    files: ['frontend/src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A scrolling region (role="region" with a name) takes focus so the keyboard can scroll it.
      'jsx-a11y-x/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  {
    // The currencies, languages, types, statuses and the calendar-date rule come from contracts.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: { 'plenty/no-copied-constants': ['error', { atLeast: { CURRENCIES: 3, LOCALES: 2 } }] },
  },
  {
    // The past day of an address, and the activity filters of an address, accept any year (wider
    // than contracts' 1900–2200): a hand-edited link must keep reaching the server, which answers it.
    files: ['frontend/src/ui/as-of/as-of-param.ts', 'frontend/src/features/activity/filters.ts'],
    rules: {
      'plenty/no-copied-constants': ['error', { atLeast: { CURRENCIES: 3, LOCALES: 2 }, datePattern: false }],
    },
  },
);
