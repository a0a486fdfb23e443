// Largest Contentful Paint of the dashboard and the login page on a simulated mid-range phone:
// Chromium with its CPU slowed four times and the network of DevTools' and Lighthouse's mobile
// preset, against the built app served by the embedded default.
//
//   WEB_APP_DIR=/tmp/web-<name> npx tsx tests/bench/lcp.ts [--runs 5] [--no-build]
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { createTestUser, type TestUser } from '../support/users.js';
import { buildWebApp, webAppDir } from './bundle.js';
import { startBenchServer, type BenchServer } from './server.js';
import { storedSession } from './stored-session.js';

const CHROMIUM = '/usr/bin/chromium';
/** The flags of the browser journeys (tests/browser/run.mjs). */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** Issue 28's target for the dashboard's Largest Contentful Paint on the simulated phone. */
const LCP_TARGET_MS = 1000;
/** A mid-range phone's CPU against this machine's. */
const CPU_SLOWDOWN = 4;
/**
 * DevTools' "Fast 3G", Lighthouse's mobile preset: 562.5 ms round trip, 1,474.56 kbit/s down
 * and 675 kbit/s up (kbit of 1,024 bits, as Lighthouse counts them).
 */
const NETWORK = { latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675 };
const TRANSACTIONS = 1200;

/** The last largest-contentful-paint entry so far: its time and what it painted. */
const LARGEST_CONTENTFUL_PAINT = `new Promise((done) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    const last = entries[entries.length - 1];
    const element = last?.element;
    const name = element == null ? (window.plentyLargest?.at(-1)?.replace(/^[0-9]+ ms [0-9]+ px² /, '') ?? '?') :
      element.tagName.toLowerCase() + (element.dataset?.testid ? '[' + element.dataset.testid + ']' : '') +
      ' "' + (element.textContent ?? '').trim().slice(0, 40) + '"' +
      (element.closest('#boot-snapshot') !== null ? ' (boot snapshot)' : '');
    done({ time: last?.startTime ?? 0, element: name, entries: entries.length });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

/**
 * Notes when the dashboard's totals enter the page (`window.plentyTotalsShownAt`) and when the
 * banner says they were painted from the device and are being updated (`plentyPaintedAt`).
 */
const TOTALS_SHOWN = `window.plentyBannerStates = [];
// Each largest-contentful-paint entry as it comes (an element taken out of the page is no longer named by its entry).
window.plentyLargest = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const element = entry.element;
    window.plentyLargest.push(Math.round(entry.startTime) + ' ms ' + entry.size + ' px² ' + (element == null ? '?' :
      element.tagName.toLowerCase() + ' "' + (element.textContent ?? '').trim().slice(0, 30) + '"' +
      (element.closest('#boot-snapshot') !== null ? ' (boot snapshot)' : '')));
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });
new MutationObserver((_, observer) => {
  const state = document.querySelector('[data-testid="offline-banner"]')?.dataset.state;
  if (state !== undefined && window.plentyBannerStates.at(-1)?.[0] !== state)
    window.plentyBannerStates.push([state, Math.round(performance.now())]);
  if (window.plentyPaintedAt === undefined && state === 'refreshing-as-of') window.plentyPaintedAt = performance.now();
  if (window.plentyTotalsShownAt === undefined && document.querySelector('[data-testid="total-expense-value"]') !== null)
    window.plentyTotalsShownAt = performance.now();
  // The last dashboard painted at boot (public/boot-snapshot.js): seen once its styles are in, then gone.
  const snapshot = document.getElementById('boot-snapshot');
  if (window.plentySnapshotShownAt === undefined && snapshot !== null && snapshot.style.visibility === '')
    window.plentySnapshotShownAt = performance.now();
  if (window.plentySnapshotShownAt !== undefined && window.plentySnapshotGoneAt === undefined && snapshot === null)
    window.plentySnapshotGoneAt = performance.now();
}).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state', 'style'] });`;

/** With --trace: what the page loaded and when (ms from navigation start), for the last repeat visit. */
const RESOURCES = `performance.getEntriesByType('resource').map((entry) =>
  Math.round(entry.startTime) + '–' + Math.round(entry.responseEnd) + ' ms ' + entry.initiatorType + ' ' +
  entry.name.replace(location.origin, ''))`;
const trace = process.argv.includes('--trace');

interface Paint {
  readonly time: number;
  readonly element: string;
  /** How many largest-contentful-paint entries the page reported (a later, larger element adds one). */
  readonly entries: number;
}
interface Sample extends Paint {
  /** When the totals entered the page (dashboard only). */
  readonly totals: number;
  /** When the banner said the dashboard was painted from the device (0: it was not). */
  readonly painted: number;
  /** JavaScript bytes the page received over the network (not from the cache or the worker). */
  readonly scriptBytes: number;
  /** When the last dashboard painted at boot showed, and when the app replaced it (0: it did not). */
  readonly snapshotShown: number;
  readonly snapshotGone: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A page whose CPU and network are those of the simulated phone. */
async function phonePage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession; scriptBytes: () => number }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.latencyMs,
    downloadThroughput: (NETWORK.downloadKbps * 1024) / 8,
    uploadThroughput: (NETWORK.uploadKbps * 1024) / 8,
  });
  // Bytes of script that came over the (throttled) network, not from the HTTP cache or the worker.
  let bytes = 0;
  const scripts = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script' && !event.response.fromDiskCache && event.response.fromServiceWorker !== true) {
      scripts.add(event.requestId);
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
  });
  return { page, cdp, scriptBytes: () => bytes };
}

async function paintOf(page: Page): Promise<Paint> {
  return page.evaluate<Paint>(LARGEST_CONTENTFUL_PAINT);
}

/** Signs up a user (verified, as a person does) and gives them a year of transactions. */
async function seedUser(server: BenchServer, dataDir: string): Promise<TestUser> {
  const user = await createTestUser(
    server.baseUrl,
    { email: `lcp-${Date.now()}@example.com` },
    join(dataDir, 'outbox'),
  );
  const today = Date.now();
  const add = async (n: number) => {
    const day = new Date(today - (n % 365) * 86_400_000).toISOString().slice(0, 10);
    const response = await fetch(`${server.baseUrl}/api/commands/AddTransaction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: user.authorization },
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
  };
  for (let n = 0; n < TRANSACTIONS; n += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, i) => add(n + i)));
  }
  return user;
}

/** The session the Firebase SDK stores after signing in, put in the page before it loads. */
async function signedInContext(browser: Browser, server: BenchServer, user: TestUser): Promise<BrowserContext> {
  const { key, value } = await storedSession(server.baseUrl, user);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
  // Only the first page of the context finds no session: the app keeps what it stores later.
  await context.addInitScript(
    `if (localStorage.getItem(${JSON.stringify(key)}) === null) localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`,
  );
  await context.addInitScript(TOTALS_SHOWN);
  return context;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/**
 * With --trace: where the main thread's time went from navigation to the totals on screen, by
 * script (self time, CDP `Profiler`) and its busiest functions. Sampled at the throttled speed.
 */
function printProfile(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) return;
    total += micros;
    const script =
      frame.url === '' ? `(${frame.functionName || 'native'})` : (frame.url.split('/').at(-1) ?? frame.url);
    byScript.set(script, (byScript.get(script) ?? 0) + micros);
    const name = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  });
  const top = (map: Map<string, number>, count: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`  profile to the totals: ${(total / 1000).toFixed(0)} ms sampled; self time by script:`);
  for (const [script, micros] of top(byScript, 14))
    console.log(`    ${(micros / 1000).toFixed(0).padStart(6)} ms  ${script}`);
  console.log('  busiest functions:');
  for (const [name, micros] of top(byFunction, 14))
    console.log(`    ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`);
}

/** Opens the dashboard on the phone and waits until its totals show and the network rests. */
async function dashboardVisit(
  context: BrowserContext,
  baseUrl: string,
  profile = false,
  saveSnapshot = false,
): Promise<Sample> {
  const { page, cdp, scriptBytes } = await phonePage(context);
  // With --chrome-trace: the browser's own timeline of the repeat visit (style, layout, paint, compiling), for DevTools.
  const timeline =
    profile && process.argv.includes('--chrome-trace') ? join(tmpdir(), `lcp-repeat-${Date.now()}.trace.json`) : null;
  const browser = context.browser();
  if (timeline !== null && browser !== null)
    await browser.startTracing(page, { path: timeline, categories: process.env.LCP_TRACE_CATEGORIES?.split(',') });
  if (profile && timeline === null) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('total-expense-value').waitFor({ timeout: 120_000 });
  const cpu =
    profile && timeline === null ? ((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile) : null;
  if (timeline !== null && browser !== null) {
    await browser.stopTracing();
    console.log(`  Chrome trace written to ${timeline}`);
  }
  await page.waitForLoadState('networkidle');
  // What the next visit paints at boot is kept once the page is idle after the server's figures.
  if (saveSnapshot)
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(
          'plenty:boot-snapshot',
        ) !== null,
      null,
      {
        timeout: 30_000,
      },
    );
  const paint = await paintOf(page);
  const totals = await page.evaluate<number>('window.plentyTotalsShownAt ?? 0');
  const painted = await page.evaluate<number>('window.plentyPaintedAt ?? 0');
  const snapshotShown = await page.evaluate<number>('window.plentySnapshotShownAt ?? 0');
  const snapshotGone = await page.evaluate<number>('window.plentySnapshotGoneAt ?? 0');
  if (trace) {
    const loaded = await page.evaluate<string[]>(RESOURCES);
    console.log(
      `trace: LCP ${paint.time.toFixed(0)} ms (${paint.entries} entries), boot snapshot ${snapshotShown.toFixed(0)}–${snapshotGone.toFixed(0)} ms, ` +
        `painted from the device ${painted.toFixed(0)} ms, totals ${totals.toFixed(0)} ms`,
    );
    for (const line of loaded) console.log(`  ${line}`);
    console.log(`  banner: ${JSON.stringify(await page.evaluate<unknown>('window.plentyBannerStates'))}`);
    console.log(`  largest contentful paints: ${JSON.stringify(await page.evaluate<unknown>('window.plentyLargest'))}`);
    console.log(
      `  boot snapshot saved: ${await page.evaluate<string>(
        "(() => { const s = JSON.parse(localStorage.getItem('plenty:boot-snapshot') ?? 'null'); return s === null ? 'none' : s.html.length + ' chars, styles ' + s.styles.join(' '); })()",
      )}`,
    );
  }
  if (cpu !== null) {
    printProfile(cpu);
    // The whole profile, for DevTools' Performance panel (or a source map of the build).
    const file = join(tmpdir(), `lcp-repeat-${Date.now()}.cpuprofile`);
    await writeFile(file, JSON.stringify(cpu));
    console.log(`  profile written to ${file}`);
  }
  await page.close();
  return { ...paint, totals, painted, snapshotShown, snapshotGone, scriptBytes: scriptBytes() };
}

/** Waits until the service worker controls the app (it precaches the shell as it installs). */
async function waitForWorker(context: BrowserContext, baseUrl: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/privacy-policy`);
  // Active once installed, which is once the shell is precached; the next page is controlled.
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.close();
}

function report(label: string, samples: readonly Sample[], target: number | null, withTotals: boolean): void {
  const times = samples.map((sample) => sample.time).sort((a, b) => a - b);
  const totals = samples.map((sample) => sample.totals).sort((a, b) => a - b);
  const painted = samples
    .map((sample) => sample.painted)
    .filter((time) => time > 0)
    .sort((a, b) => a - b);
  const median = percentile(times, 50);
  const worst = times.at(-1) ?? 0;
  const verdict =
    target === null
      ? ''
      : ` — ${worst < target ? 'within' : median < target ? 'p50 within, worst OVER' : 'OVER'} the ${target} ms target`;
  const kib = (samples.reduce((sum, sample) => sum + sample.scriptBytes, 0) / samples.length / 1024).toFixed(1);
  console.log(
    `${label.padEnd(34)} LCP p50 ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (${samples.length} runs)` +
      (withTotals ? `; totals shown p50 ${percentile(totals, 50).toFixed(0)} ms` : '') +
      (painted.length > 0
        ? `; painted from the device in ${painted.length} of ${samples.length}, p50 ${percentile(painted, 50).toFixed(0)} ms`
        : '') +
      `; ${kib} KiB of script over the network${verdict}`,
  );
  const shown = samples.filter((sample) => sample.snapshotShown > 0);
  if (shown.length > 0) {
    const at = shown.map((sample) => sample.snapshotShown).sort((a, b) => a - b);
    const gone = shown.map((sample) => sample.snapshotGone).sort((a, b) => a - b);
    console.log(
      `${''.padEnd(34)} last dashboard painted at boot in ${shown.length} of ${samples.length}: shown p50 ` +
        `${percentile(at, 50).toFixed(0)} ms, replaced p50 ${percentile(gone, 50).toFixed(0)} ms`,
    );
  }
  const elements = [...new Set(samples.map((sample) => sample.element))];
  console.log(`${''.padEnd(34)} largest element: ${elements.join(' | ')}`);
}

/**
 * Prints the Largest Contentful Paint of the login page, of the dashboard on a first visit (cold
 * cache, no service worker) and on a repeat visit (HTTP cache and service worker warm), `runs`
 * times each, on the simulated phone. The app must be built in WEB_APP_DIR (buildWebApp).
 */
export async function printLargestContentfulPaint(runs = 5): Promise<void> {
  console.log(
    `\n## Largest Contentful Paint on a simulated phone (CPU ×${CPU_SLOWDOWN} slower; network ${NETWORK.latencyMs} ms latency, ` +
      `${NETWORK.downloadKbps} kbit/s down, ${NETWORK.uploadKbps} kbit/s up; 390 × 844)\n`,
  );
  if (!existsSync(CHROMIUM)) {
    console.log(`skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'plenty-bench-lcp-'));
  process.env.WEB_APP_DIR = webAppDir;
  const server = await startBenchServer({ dataDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const user = await seedUser(server, dataDir);
    const login: Sample[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const { page, scriptBytes } = await phonePage(context);
      await page.goto(`${server.baseUrl}/auth/login`);
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      login.push({
        ...(await paintOf(page)),
        totals: 0,
        painted: 0,
        snapshotShown: 0,
        snapshotGone: 0,
        scriptBytes: scriptBytes(),
      });
      await context.close();
    }
    report('/auth/login, first visit', login, null, false);
    const first: Sample[] = [];
    const repeat: Sample[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await signedInContext(browser, server, user);
      first.push(await dashboardVisit(context, server.baseUrl, false, true));
      await waitForWorker(context, server.baseUrl);
      repeat.push(await dashboardVisit(context, server.baseUrl, trace && run === runs - 1));
      await context.close();
    }
    report('/dashboard, first visit (cold)', first, LCP_TARGET_MS, true);
    report('/dashboard, repeat visit (warm)', repeat, LCP_TARGET_MS, true);
    console.log(`(${TRANSACTIONS} transactions over a year in three currencies; a fresh browser context per run)`);
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt === -1 ? 5 : Number(process.argv[runsAt + 1]);
  if (!process.argv.includes('--no-build')) buildWebApp();
  await printLargestContentfulPaint(runs);
}
