import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { ID_TOKEN_SECONDS } from '@plenty/platform/identity/id-tokens';
import { createTestUser } from '../support/users.js';
import { startBenchServer, type BenchServer } from './server.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = join(root, 'frontend/dist');
const CHROMIUM = '/usr/bin/chromium';
/** Target from the app-shell issue: the login route's initial JavaScript, gzip. */
const LOGIN_BUDGET_KIB = 150;
/** The module the router loads for /auth/login (see frontend/src/app/router.tsx). */
const LOGIN_ROUTE_MODULE = 'src/features/auth/routes/login-page.tsx';

const LARGEST_CONTENTFUL_PAINT = `new Promise((done) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    done(entries[entries.length - 1]?.startTime ?? 0);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

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

/** Builds the web app and prints the size of every asset, and what the login page loads first. */
export function printBundleSizes(): void {
  execFileSync('npm', ['run', '--silent', 'build', '-w', 'frontend'], { cwd: root, stdio: 'ignore' });
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
  const catalogs = Object.keys(manifest).filter((key) => /locales\/(en|th|lo)\.json$/.test(key));
  const loginFiles = new Set([...initial, ...staticClosure(manifest, LOGIN_ROUTE_MODULE)]);
  if (manifest[LOGIN_ROUTE_MODULE] === undefined) console.log(`(no chunk for ${LOGIN_ROUTE_MODULE})`);
  const loginBase = [...loginFiles].reduce((sum, file) => sum + gzipBytes(file), 0);
  for (const catalog of catalogs) {
    const language = /(en|th|lo)\.json$/.exec(catalog)?.[1] ?? '?';
    const withMessages = loginBase + gzipBytes(manifest[catalog]?.file ?? '');
    const verdict = withMessages / 1024 <= LOGIN_BUDGET_KIB ? 'within' : 'OVER';
    console.log(
      `login route initial JavaScript (${language}): ${kib(withMessages)} gzip — ${verdict} the ${LOGIN_BUDGET_KIB} KiB target`,
    );
  }
  const lazy = (manifest[entry]?.dynamicImports ?? []).map((key) => manifest[key]?.file ?? key);
  console.log(`loaded on demand: ${lazy.map((file) => file.replace('assets/', '')).join(', ')}`);
}

/** Largest contentful paint of the login page on localhost, cold cache, in each language. */
export async function printPageLoad(): Promise<void> {
  console.log('\n## Web app page load (localhost, cold cache)\n');
  if (!existsSync(CHROMIUM)) {
    console.log(`skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'plenty-bench-page-'));
  const server = await startBenchServer({ dataDir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const path of ['/auth/login', '/th/auth/login', '/lo/auth/login', '/privacy-policy']) {
      const samples: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
        // Runs in the page (the DOM's PerformanceObserver, not Node's).
        const lcp = await page.evaluate<number>(LARGEST_CONTENTFUL_PAINT);
        samples.push(lcp);
        await context.close();
      }
      samples.sort((a, b) => a - b);
      const median = samples[Math.floor(samples.length / 2)] ?? 0;
      console.log(`${path.padEnd(18)} LCP median ${median.toFixed(0)} ms (best ${samples[0]?.toFixed(0)} ms, 5 runs)`);
    }
    await printDashboardLoad(server, dataDir, browser);
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Records when the dashboard's totals first appear, as `window.plentyTotalsShownAt`. */
const TOTALS_SHOWN = `new MutationObserver((_, observer) => {
  if (document.querySelector('[data-testid="total-expense-value"]') === null) return;
  window.plentyTotalsShownAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;

interface AuthConfig {
  readonly apiKey: string;
  readonly projectId: string;
  readonly identity: string;
}

/** The Auth settings the server puts in the page. */
async function authConfig(baseUrl: string): Promise<AuthConfig> {
  const html = await (await fetch(baseUrl)).text();
  const content = /<meta name="plenty-auth" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as AuthConfig;
}

/**
 * Time from navigation to the dashboard showing its totals, for a signed-in user with a year
 * of transactions in three currencies, on localhost with a cold browser cache.
 */
async function printDashboardLoad(
  server: BenchServer,
  dataDir: string,
  browser: Awaited<ReturnType<typeof chromium.launch>>,
) {
  const config = await authConfig(server.baseUrl);
  const email = `bench-${Date.now()}@example.com`;
  // Signed up and verified as a person does, with the code mailed to the server's outbox.
  const account = await createTestUser(server.baseUrl, { email }, join(dataDir, 'outbox'));
  const today = new Date();
  const count = 1200;
  for (let n = 0; n < count; n += 1) {
    const day = new Date(today.getTime() - (n % 365) * 86_400_000).toISOString().slice(0, 10);
    const response = await fetch(`${server.baseUrl}/api/commands/AddTransaction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: account.authorization },
      body: JSON.stringify({
        commandId: uuidV7(),
        transactionId: uuidV7(),
        type: n % 6 === 0 ? 'income' : 'expense',
        amount: { amount: 1000 + ((n * 7919) % 90_000), currency: ['LAK', 'THB', 'USD'][n % 3] },
        categoryId: n % 6 === 0 ? 'builtin-salary' : ['builtin-food', 'builtin-transport', 'builtin-housing'][n % 3],
        date: day,
      }),
    });
    if (!response.ok) throw new Error(`AddTransaction: ${response.status} ${await response.text()}`);
  }
  const now = Date.now();
  const session = {
    uid: account.uid,
    email,
    emailVerified: true,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: email, email, displayName: null, phoneNumber: null, photoURL: null }],
    stsTokenManager: {
      refreshToken: account.refreshToken,
      accessToken: account.idToken,
      expirationTime: now + ID_TOKEN_SECONDS * 1000,
    },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey: config.apiKey,
    appName: '[DEFAULT]',
  };
  const samples: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // The session the Firebase SDK would have stored after signing in (runs in the page).
    const key = `firebase:authUser:${config.apiKey}:[DEFAULT]`;
    await context.addInitScript(
      `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(session))})`,
    );
    // Notes the moment the totals enter the page, in the page's own clock (from navigation start).
    await context.addInitScript(TOTALS_SHOWN);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('total-expense-value').waitFor({ timeout: 30_000 });
    samples.push(await page.evaluate<number>('window.plentyTotalsShownAt'));
    await context.close();
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] ?? 0;
  console.log(
    `/dashboard        totals shown after ${median.toFixed(0)} ms median (best ${samples[0]?.toFixed(0)} ms, 5 runs, ${count} transactions) — ${median < 1000 ? 'within' : 'OVER'} the 1 s target`,
  );
}

export async function printFrontendFigures(): Promise<void> {
  printBundleSizes();
  await printPageLoad();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await printFrontendFigures();
}
