import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { printLargestContentfulPaint } from './lcp.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the app is built and served from: WEB_APP_DIR, as the journeys and the server take it. */
export const webAppDir = resolve(process.env.WEB_APP_DIR ?? join(root, 'frontend/dist'));
const dist = webAppDir;
/** Target from the app-shell issue: the login route's initial JavaScript, gzip. */
const LOGIN_BUDGET_KIB = 150;
/** Target of issue 28: the dashboard route's initial JavaScript, gzip, with the catalog. */
const DASHBOARD_BUDGET_KIB = 300;
/** The modules the router loads for /auth/login and /dashboard (see frontend/src/app/router.tsx). */
const LOGIN_ROUTE_MODULE = 'src/features/auth/routes/login-page.tsx';
const DASHBOARD_ROUTE_MODULE = 'src/features/dashboard/routes/dashboard-page.tsx';
/** The layout of the app's own pages, loaded with the dashboard's module (not with the sign-in pages'). */
const APP_LAYOUT_MODULE = 'src/app/layouts/default-layout.tsx';

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
  readonly isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The chunk's file and every file it imports statically, without repeats. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (chunk === undefined || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The classic scripts the built page loads (`<script src>` without `type="module"`), as files of the build. */
function classicScripts(): string[] {
  const page = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...page.matchAll(/<script(?![^>]*type="module")[^>]*\ssrc="\/([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** Builds the web app into WEB_APP_DIR (frontend/dist by default). */
export function buildWebApp(): void {
  execFileSync('npm', ['run', '--silent', 'build', '-w', 'frontend', '--', '--outDir', dist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'ignore',
  });
}

/** Prints the size of every asset of the built app, and what the login and dashboard routes load first. */
export function printBundleSizes(): void {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  console.log('\n## Web app bundle (gzip -9)\n');
  const assets = readdirSync(join(dist, 'assets')).filter((file) => /\.(js|css)$/.test(file));
  const rows = assets
    .map((file) => ({ file, raw: statSync(join(dist, 'assets', file)).size, gzip: gzipBytes(`assets/${file}`) }))
    .sort((a, b) => b.gzip - a.gzip);
  for (const row of rows) {
    console.log(`${row.file.padEnd(44)} ${kib(row.raw).padStart(11)} raw ${kib(row.gzip).padStart(11)} gzip`);
  }
  const total = (extension: string) =>
    rows.filter((row) => row.file.endsWith(extension)).reduce((sum, row) => sum + row.gzip, 0);
  console.log(`all JavaScript ${kib(total('.js'))} gzip, all CSS ${kib(total('.css'))} gzip`);

  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true) ?? 'index.html';
  const initial = staticClosure(manifest, entry);
  // Every page also runs the page's classic scripts before any module (the theme, the last dashboard painted at boot).
  for (const file of classicScripts()) initial.add(file);
  const size = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
  const chunkOf = (key: string) => manifest[key]?.file ?? '';
  // The guest's messages are each language's catalog chunk; the signed-in app's come with
  // them once someone is signed in (frontend/src/lib/catalog-parts.ts).
  const guestCatalog = (language: string) => chunkOf(`../locales/${language}.json`);
  const appCatalog = (language: string) => chunkOf(`virtual:plenty-app-messages/${language}`);
  const routes = [
    {
      name: 'login',
      modules: [LOGIN_ROUTE_MODULE],
      budget: LOGIN_BUDGET_KIB,
      catalogs: (l: string) => [guestCatalog(l)],
    },
    {
      name: 'dashboard',
      modules: [APP_LAYOUT_MODULE, DASHBOARD_ROUTE_MODULE],
      budget: DASHBOARD_BUDGET_KIB,
      catalogs: (l: string) => [guestCatalog(l), appCatalog(l)],
    },
  ];
  for (const route of routes) {
    const files = new Set(initial);
    for (const module of route.modules) {
      if (manifest[module] === undefined) console.log(`(no chunk for ${module})`);
      for (const file of staticClosure(manifest, module)) files.add(file);
    }
    const base = size(files);
    for (const language of ['en', 'th', 'lo']) {
      const catalogs = route.catalogs(language);
      if (catalogs.includes('')) console.log(`(no catalog chunk for ${route.name} in ${language})`);
      const total = base + size(catalogs.filter((file) => file !== ''));
      const verdict = total / 1024 <= route.budget ? 'within' : 'OVER';
      console.log(
        `${route.name} route initial JavaScript (${language}): ${kib(total)} gzip (${kib(total - base)} of it messages) — ${verdict} the ${route.budget} KiB target`,
      );
    }
  }
  const lazy = (manifest[entry]?.dynamicImports ?? []).map((key) => manifest[key]?.file ?? key);
  console.log(`loaded on demand: ${lazy.map((file) => file.replace('assets/', '')).join(', ')}`);
}

/** Builds the app, prints its bytes and its Largest Contentful Paint on a simulated phone (lcp.ts). */
export async function printFrontendFigures(): Promise<void> {
  buildWebApp();
  printBundleSizes();
  await printLargestContentfulPaint();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await printFrontendFigures();
}
