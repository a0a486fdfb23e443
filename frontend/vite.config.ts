import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { defineConfig, minify, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { isSignedInMessage } from './src/lib/catalog-parts.js';
import { HASHED_FILE, shellManifest } from './src/sw/precache.js';
import { MANIFEST_LOCALES, manifestMessages, manifestPath, webManifest } from './src/sw/web-manifest.js';

const require = createRequire(import.meta.url);
const parserDir = dirname(require.resolve('@formatjs/icu-messageformat-parser'));

const LOCALES_DIR = dirname(require.resolve('@plenty/locales/en.json'));

/**
 * Messages only the server sends (mail), only the web app manifests hold (`pwa.manifest.*`) or
 * only the policy pages show (their long texts).
 */
const isMail = (key: string) => key.startsWith('mail.') || key.startsWith('pwa.manifest.');
const isPolicy = (key: string) => key.startsWith('policy.');
/** The debt pages' texts; their toasts stay in the main catalog, as the app's toaster shows them. */
const isDebtPage = (key: string) => key.startsWith('debts.') && !key.startsWith('debts.toast.');

/** Messages that ship with the pages that show them: `virtual:plenty-<name>-messages/<locale>`. */
const PAGES_OWN_MESSAGES: Record<string, (key: string) => boolean> = {
  'virtual:plenty-policy-messages/': isPolicy,
  'virtual:plenty-debts-messages/': isDebtPage,
  'virtual:plenty-activity-messages/': (key) => key.startsWith('activity.') && !key.startsWith('activity.toast.'),
  'virtual:plenty-asof-messages/': (key) => key.startsWith('asof.'),
  'virtual:plenty-reports-messages/': (key) => key.startsWith('reports.'),
};
const isPagesOwn = (key: string) => Object.values(PAGES_OWN_MESSAGES).some((belongs) => belongs(key));
/**
 * …and the signed-in app's messages that no page above holds (src/lib/catalog-parts.ts),
 * downloaded once someone is signed in, so a guest's first page gets only its own.
 */
const PAGE_MESSAGES: Record<string, (key: string) => boolean> = {
  ...PAGES_OWN_MESSAGES,
  'virtual:plenty-app-messages/': (key) => isSignedInMessage(key) && !isPagesOwn(key) && !isMail(key),
};
const isPageMessage = (key: string) => Object.values(PAGE_MESSAGES).some((belongs) => belongs(key));
const pageModule = (id: string) => Object.keys(PAGE_MESSAGES).find((prefix) => id.startsWith(prefix));

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
 * messages stay on the server, and the texts of the policy, debt and activity pages come with
 * those pages (`virtual:plenty-<name>-messages/<locale>`, see `PAGE_MESSAGES`), so the first
 * page downloads none of them.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'plenty:precompiled-messages',
    enforce: 'pre',
    resolveId(id) {
      return pageModule(id) === undefined ? null : `\0${id}`;
    },
    load(id) {
      const prefix = id.startsWith('\0') ? pageModule(id.slice(1)) : undefined;
      if (prefix === undefined) return null;
      const locale = id.slice(prefix.length + 1);
      if (!/^(en|th|lo)$/.test(locale)) throw new Error(`no page messages for ${locale}`);
      const file = join(LOCALES_DIR, `${locale}.json`);
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      return `export default ${parsed(catalog, PAGE_MESSAGES[prefix] ?? (() => false))};`;
    },
    transform(code, id) {
      if (!/[\\/]locales[\\/](en|th|lo)\.json$/.test(id)) return null;
      const catalog = JSON.parse(code) as Record<string, string>;
      return { code: parsed(catalog, (key) => !isMail(key) && !isPageMessage(key)), map: null };
    },
  };
}

const readCatalog = (locale: string) =>
  JSON.parse(readFileSync(join(LOCALES_DIR, `${locale}.json`), 'utf8')) as Record<string, string>;

/**
 * The web app manifest of each language, `/manifest.<locale>.webmanifest`, written from
 * locales/ at build (and answered by the dev server): installing from a Thai page starts the
 * app on the Thai dashboard. index.html links the English one; the app switches the link.
 */
function webManifests(): Plugin {
  const manifestOf = (locale: (typeof MANIFEST_LOCALES)[number]) =>
    `${JSON.stringify(webManifest(locale, manifestMessages(readCatalog(locale), locale)), null, 2)}\n`;
  return {
    name: 'plenty:web-manifests',
    generateBundle() {
      for (const locale of MANIFEST_LOCALES) {
        this.emitFile({ type: 'asset', fileName: manifestPath(locale).slice(1), source: manifestOf(locale) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const locale = MANIFEST_LOCALES.find((candidate) => request.url === manifestPath(candidate));
        if (locale === undefined) return next();
        response.setHeader('content-type', 'application/manifest+json');
        response.end(manifestOf(locale));
      });
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The classic scripts of `public/` every page runs before any module (the theme, the last
 * dashboard painted at boot): copied as they are written, with their comments, so the build
 * minifies them in place.
 */
const CLASSIC_SCRIPTS = ['theme.js', 'boot-snapshot.js'];

/**
 * Writes each script and style sheet of `assets/`, and the classic scripts (minified first), also
 * compressed, `<file>.br` (Brotli 10: 2 % bigger than 11 at less than half its CPU) and
 * `<file>.gz` (gzip -9), which the server sends to a browser that accepts them (@fastify/static's
 * `preCompressed`): a phone on a slow network downloads a quarter of the bytes, and the server
 * compresses nothing while it answers. Runs on Node's thread pool, both cores at once. Before
 * the service worker's precache list is made (its revisions are of the minified files).
 */
function precompressedAssets(): Plugin {
  return {
    name: 'plenty:precompressed-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        CLASSIC_SCRIPTS.map(async (file) => {
          const source = await readFile(join(dir, file), 'utf8');
          const minified = await minify(file, source, { compress: true, mangle: true });
          if (minified.errors.length > 0) throw new Error(`${file}: ${minified.errors[0]?.message ?? 'not minified'}`);
          await writeFile(join(dir, file), minified.code);
        }),
      );
      const files = [
        ...Object.keys(bundle).filter((file) => /^assets\/[^/]+\.(?:js|css)$/.test(file)),
        ...CLASSIC_SCRIPTS,
      ];
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(join(dir, file));
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(join(dir, `${file}.br`), br), writeFile(join(dir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

/**
 * The service worker (`src/sw/sw.ts` → `/sw.js`), built by vite-plugin-pwa with Workbox's
 * injectManifest: the precache list is what `src/sw/precache.ts` keeps of the build's files.
 * The manifests are the app's own (`webManifests`), so the plugin writes none and registers
 * nothing (main.tsx registers the worker with workbox-window).
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['**/*'],
      globIgnores: ['**/*.map', '**/*.br', '**/*.gz', '.vite/**', 'sw.js'],
      dontCacheBustURLsMatching: HASHED_FILE,
      // The largest chunk (the charts) is about 400 kB; a chunk ten times that is a mistake to see.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [(entries) => ({ manifest: shellManifest(entries), warnings: [] })],
      sourcemap: false,
      // A classic worker script (what `register('/sw.js')` loads), one file, no module syntax.
      rollupFormat: 'iife',
    },
  });

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};
const SOURCE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'src');
const DASHBOARD_PAGE = join(SOURCE_DIR, 'features/dashboard/routes/dashboard-page.tsx');
/** The dashboard below its first cards, loaded once they are painted (dashboard-page.tsx). */
const DASHBOARD_MORE = join(SOURCE_DIR, 'features/dashboard/routes/dashboard-more.tsx');
/** The pages a guest opens (the router's lazy pages of these folders). */
const GUEST_PAGES = ['features/auth/', 'features/home/', 'features/policy/'].map((path) => join(SOURCE_DIR, path));
/** The layout of the app's own pages, a guest's home page included (loaded with its first page, router.tsx). */
const APP_LAYOUT = join(SOURCE_DIR, 'app/layouts/default-layout.tsx');

/** Every module `roots` import, statically, directly or not (the roots included). */
function staticGraph(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * The dashboard, where every signed-in visit starts, imports some 70 modules beyond the first
 * page's, which Rolldown would split into as many small chunks by who else imports them. A phone
 * on a slow network pays a round trip for each six of them (a browser opens at most six
 * connections to a server), so they come as one chunk, `dashboard`, which the page's own chunk
 * imports; the pages opened after it find most of what they need there already. What the first
 * page, the app's layout or a guest's pages import stays out of it, so the login page and a
 * guest's home page never download it. The
 * modules only the cards below the dashboard's first ones import (`dashboard-more.tsx`, loaded
 * once those are painted) are a second chunk, `dashboard-more`, out of the first paint's way.
 */
function dashboardChunk() {
  let sets: { elsewhere: Set<string>; dashboard: Set<string>; more: Set<string> } | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    if (sets === null) {
      const pages = graph.getModuleInfo(join(SOURCE_DIR, 'app/router.tsx'))?.dynamicallyImportedIds ?? [];
      const guestPages = pages.filter((page) => GUEST_PAGES.some((folder) => page.startsWith(folder)));
      if (guestPages.length === 0) throw new Error('the router names no guest page: see dashboardChunk');
      sets = {
        elsewhere: staticGraph(graph, [join(SOURCE_DIR, 'main.tsx'), APP_LAYOUT, ...guestPages]),
        dashboard: staticGraph(graph, [DASHBOARD_PAGE]),
        more: staticGraph(graph, [DASHBOARD_MORE]),
      };
    }
    if (id === DASHBOARD_PAGE || sets.elsewhere.has(id)) return null;
    if (sets.dashboard.has(id)) return 'dashboard';
    // What only the cards below the first ones need comes as one chunk too, after the first paint.
    return sets.more.has(id) ? 'dashboard-more' : null;
  };
}

export default defineConfig({
  plugins: [precompiledMessages(), react(), webManifests(), precompressedAssets(), serviceWorker()],
  resolve: {
    conditions: ['source', 'module', 'browser', 'development|production'],
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: join(parserDir, 'no-parser.js') }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Rolldown reports which plugins took most of a build that ran long. On a busy machine that is
    // always Vite's own (import analysis, CSS), nothing this project can act on, and the first
    // `npm start` of a newcomer should not print it as if something were wrong.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // Only the modules named (not what they import: the first page's stay where they are).
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: dashboardChunk() }] } },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/readyz': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' },
  },
});
