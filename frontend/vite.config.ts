import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
const parserDir = dirname(require.resolve('@formatjs/icu-messageformat-parser'));

/**
 * Ships the catalogs in locales/ already parsed, so the browser needs no ICU parser: react-intl
 * formats the parsed messages directly and the parser is swapped for its no-parser build.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'plenty:precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]locales[\\/](en|th|lo)\.json$/.test(id)) return null;
      const catalog = JSON.parse(code) as Record<string, string>;
      const parsed = Object.fromEntries(
        Object.entries(catalog).map(([key, message]) => [key, parse(message, { ignoreTag: false })]),
      );
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}

export default defineConfig({
  plugins: [precompiledMessages(), react()],
  resolve: {
    conditions: ['source', 'module', 'browser', 'development|production'],
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: join(parserDir, 'no-parser.js') }],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/readyz': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' },
  },
});
