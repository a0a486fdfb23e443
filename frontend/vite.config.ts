import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
const parserDir = dirname(require.resolve('@formatjs/icu-messageformat-parser'));

const LOCALES_DIR = dirname(require.resolve('@plenty/locales/en.json'));
const POLICY_MODULE = 'virtual:plenty-policy-messages/';

/** Messages only the server sends (mail) or only the policy pages show (their long texts). */
const isMail = (key: string) => key.startsWith('mail.');
const isPolicy = (key: string) => key.startsWith('policy.');

const parsed = (catalog: Record<string, string>, keep: (key: string) => boolean) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(catalog)
        .filter(([key]) => keep(key))
        .map(([key, message]) => [key, parse(message, { ignoreTag: false })]),
    ),
  );

/**
 * Ships the catalogs in locales/ already parsed, so the browser needs no ICU parser: react-intl
 * formats the parsed messages directly and the parser is swapped for its no-parser build. Mail
 * messages stay on the server, and the policies' texts come with the policy page
 * (`virtual:plenty-policy-messages/<locale>`), so the first page downloads neither.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'plenty:precompiled-messages',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(POLICY_MODULE) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${POLICY_MODULE}`)) return null;
      const locale = id.slice(POLICY_MODULE.length + 1);
      if (!/^(en|th|lo)$/.test(locale)) throw new Error(`no policy messages for ${locale}`);
      const file = join(LOCALES_DIR, `${locale}.json`);
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      return `export default ${parsed(catalog, isPolicy)};`;
    },
    transform(code, id) {
      if (!/[\\/]locales[\\/](en|th|lo)\.json$/.test(id)) return null;
      const catalog = JSON.parse(code) as Record<string, string>;
      return { code: parsed(catalog, (key) => !isMail(key) && !isPolicy(key)), map: null };
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
