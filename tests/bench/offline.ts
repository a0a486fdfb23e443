import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { createTestUser, type TestUser } from '../support/users.js';
import { percentile } from './percentile.js';
import { startBenchServer, waitForProjections } from './server.js';
import { storedSession } from './stored-session.js';
import { quick } from './synthetic.js';

/**
 * `node --import tsx --conditions=source tests/bench/offline.ts [--quick]`: the offline app.
 * - the precached app shell: the files of the built service worker's precache manifest, their
 *   bytes raw and gzip;
 * - time to open offline: a signed-in user whose service worker controls the page, without a
 *   network, reloads the dashboard; navigation start to the first figure on screen, p50/p95;
 * - sync of 100 queued commands: 100 AddTransaction entries written into the user's outbox on
 *   the device (IndexedDB, as the outbox engine keeps them) while offline, then the network back:
 *   time until the outbox is empty and the server lists all 100; commands per second.
 * Builds the web app into a folder of its own (WEB_APP_DIR if set, else a temporary one) and
 * serves it from there. Skips with a reason when /usr/bin/chromium is missing.
 */
const CHROMIUM = '/usr/bin/chromium';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OPENS = quick ? 5 : 10;
const QUEUED = 100;
const FIGURE = '[data-testid="total-expense-value"]';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Runs in the page before anything else: when the dashboard's expense figure first shows a
 * digit, in the page's clock (0 = navigation start).
 */
const FIRST_FIGURE = `
new MutationObserver((_, observer) => {
  const figure = document.querySelector(${JSON.stringify(FIGURE)});
  if (figure === null || !/\\d/.test(figure.textContent ?? '')) return;
  window.plentyFigureAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true, characterData: true });`;

/** The precache manifest workbox-build injected into the built sw.js: the URLs it lists. */
function precachedUrls(swSource: string): string[] {
  const urls = new Set<string>();
  for (const match of swSource.matchAll(/\{\s*"?(?:url|revision)"?\s*:[^{}]*\}/g)) {
    const url = /"?url"?\s*:\s*"([^"]+)"/.exec(match[0])?.[1];
    if (url !== undefined) urls.add(url);
  }
  return [...urls];
}

function printPrecache(webAppDir: string): void {
  console.log('\n### Precached app shell (the service worker’s manifest)\n');
  const swPath = join(webAppDir, 'sw.js');
  if (!existsSync(swPath)) {
    console.log(`skipped: the build has no service worker (${swPath})`);
    return;
  }
  const urls = precachedUrls(readFileSync(swPath, 'utf8'));
  const rows = urls
    .map((url) => {
      // `/` is the app shell's page, precached under the URL it is asked for.
      const path = (url.split(/[?#]/)[0] ?? url).replace(/^\//, '');
      const file = join(webAppDir, path === '' || path.endsWith('/') ? `${path}index.html` : path);
      const bytes = readFileSync(file);
      return { url, raw: statSync(file).size, gzip: gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (key: 'raw' | 'gzip') => rows.reduce((total, row) => total + row[key], 0);
  const kinds = new Map<string, { files: number; raw: number; gzip: number }>();
  for (const row of rows) {
    const kind = row.url.endsWith('/') ? 'html' : (/\.([a-z0-9]+)$/i.exec(row.url)?.[1] ?? 'other');
    const seen = kinds.get(kind) ?? { files: 0, raw: 0, gzip: 0 };
    kinds.set(kind, { files: seen.files + 1, raw: seen.raw + row.raw, gzip: seen.gzip + row.gzip });
  }
  console.log('| kind | files | raw | gzip -9 |');
  console.log('|---|---:|---:|---:|');
  for (const [kind, k] of [...kinds].sort((a, b) => b[1].gzip - a[1].gzip))
    console.log(`| ${kind} | ${k.files} | ${kib(k.raw)} | ${kib(k.gzip)} |`);
  console.log(`| **all** | **${rows.length}** | **${kib(sum('raw'))}** | **${kib(sum('gzip'))}** |`);
  console.log(
    `largest: ${rows
      .slice(0, 5)
      .map((row) => `${row.url} ${kib(row.gzip)}`)
      .join(', ')}`,
  );
}

/**
 * In-page code (a string: this package has no DOM types). The user's database as the app made
 * it (at the app's version), with `work(db)`'s answer.
 */
const withUserDb = (uid: string, work: string) => `(async () => {
  const db = await new Promise((done, fail) => {
    const req = indexedDB.open(${JSON.stringify(`plenty-user-${uid}`)});
    req.onsuccess = () => done(req.result);
    req.onerror = () => fail(req.error);
  });
  try {
    return await (${work})(db);
  } finally {
    db.close();
  }
})()`;

/** Waits until the app's service worker is active and controls the page (a reload if it does not claim it). */
async function waitForControl(page: Page): Promise<void> {
  const state = await page.evaluate<string>(`(async () => {
    if (!('serviceWorker' in navigator)) return 'unsupported';
    const ready = await Promise.race([
      navigator.serviceWorker.ready.then(() => true),
      new Promise((done) => setTimeout(() => done(false), 60000)),
    ]);
    if (!ready) return 'not-registered';
    return navigator.serviceWorker.controller === null ? 'active' : 'controlling';
  })()`);
  if (state === 'unsupported' || state === 'not-registered') throw new Error(`no service worker: ${state}`);
  if (state === 'active') await page.reload();
  await page.waitForFunction('navigator.serviceWorker.controller !== null', null, { timeout: 60_000 });
}

interface QueuedCommand {
  readonly name: 'AddTransaction';
  readonly body: Record<string, unknown>;
}

/**
 * Writes entries into the user's outbox as the engine keeps them (waiting, no attempts, no
 * rejection, `seq` from the store), then tells the pages on the outbox channel.
 */
async function writeOutbox(page: Page, uid: string, commands: readonly QueuedCommand[]): Promise<void> {
  const name = JSON.stringify(`plenty-user-${uid}`);
  // The app makes the database when a signed-in page opens.
  await page.waitForFunction(`indexedDB.databases().then((all) => all.some((db) => db.name === ${name}))`, null, {
    timeout: 30_000,
  });
  await page.evaluate(
    withUserDb(
      uid,
      `async (db) => {
        const tx = db.transaction('outbox', 'readwrite');
        const queuedAt = new Date().toISOString();
        for (const command of ${JSON.stringify(commands)})
          tx.objectStore('outbox').add({ ...command, queuedAt, state: 'waiting', attempts: 0, rejection: null });
        await new Promise((done, fail) => {
          tx.oncomplete = () => done();
          tx.onabort = () => fail(tx.error);
        });
        const channel = new BroadcastChannel('plenty-outbox');
        channel.postMessage({ type: 'outbox-changed', uid: ${JSON.stringify(uid)} });
        channel.close();
      }`,
    ),
  );
}

/** How many entries the user's outbox holds on the device. */
function outboxSize(page: Page, uid: string): Promise<number> {
  return page.evaluate<number>(
    withUserDb(
      uid,
      `(db) => new Promise((done, fail) => {
        const req = db.transaction('outbox', 'readonly').objectStore('outbox').count();
        req.onsuccess = () => done(req.result);
        req.onerror = () => fail(req.error);
      })`,
    ),
  );
}

async function addTransaction(baseUrl: string, user: TestUser, amount: number, note: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/commands/AddTransaction`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: user.authorization },
    body: JSON.stringify({
      commandId: uuidV7(),
      transactionId: uuidV7(),
      type: 'expense',
      amount: { amount, currency: 'LAK' },
      categoryId: 'builtin-food',
      date: new Date().toISOString().slice(0, 10),
      note,
    }),
  });
  if (!response.ok) throw new Error(`AddTransaction: ${response.status} ${await response.text()}`);
}

/** How many transactions the server lists for the user (the list read page by page). */
async function serverCount(baseUrl: string, user: TestUser): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const query: string = `limit=200${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const response = await fetch(`${baseUrl}/api/queries/transactions?${query}`, {
      headers: { authorization: user.authorization },
    });
    if (!response.ok) throw new Error(`transactions: ${response.status}`);
    const page = (await response.json()) as { items: unknown[]; nextCursor: string | null };
    count += page.items.length;
    cursor = page.nextCursor;
  } while (cursor !== null);
  return count;
}

async function openSignedIn(context: BrowserContext, baseUrl: string, user: TestUser): Promise<Page> {
  const { key, value } = await storedSession(baseUrl, user);
  // Once per tab, as a sign-in leaves it; later loads keep what the app itself stored.
  await context.addInitScript(
    `if (sessionStorage.getItem('bench-signed-in') === null) { localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)}); sessionStorage.setItem('bench-signed-in', '1'); }`,
  );
  await context.addInitScript(FIRST_FIGURE);
  return context.newPage();
}

async function main(): Promise<void> {
  console.log('\n## Offline app (service worker, device copy, outbox)\n');
  if (!existsSync(CHROMIUM)) {
    console.log(`skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  const ownBuild = process.env.WEB_APP_DIR === undefined;
  const webAppDir = ownBuild
    ? await mkdtemp(join(tmpdir(), 'plenty-bench-offline-web-'))
    : resolve(process.env.WEB_APP_DIR ?? '');
  execFileSync('npm', ['run', '--silent', 'build', '-w', 'frontend', '--', '--outDir', webAppDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'ignore',
  });
  process.env.WEB_APP_DIR = webAppDir;
  printPrecache(webAppDir);

  const dataDir = await mkdtemp(join(tmpdir(), 'plenty-bench-offline-'));
  const server = await startBenchServer({ dataDir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const { baseUrl } = server;
    const email = `bench-offline-${Date.now()}@example.com`;
    const user = await createTestUser(baseUrl, { email }, join(dataDir, 'outbox'));
    for (const [n, note] of ['Feu', 'Khao piak sen', 'Coffee'].entries())
      await addTransaction(baseUrl, user, 25_000 + n, note);
    await waitForProjections(baseUrl);
    const seeded = await serverCount(baseUrl, user);

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
      serviceWorkers: 'allow',
    });
    const page = await openSignedIn(context, baseUrl, user);
    await page.goto(`${baseUrl}/dashboard`);
    await waitForControl(page);
    await page.locator(FIGURE).filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });
    // What the user saw online, so the device holds it.
    await page.goto(`${baseUrl}/dashboard/transactions`);
    await page.locator('[data-row-id]').first().waitFor({ timeout: 60_000 });
    await page.goto(`${baseUrl}/dashboard`);
    await page.locator(FIGURE).filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });

    console.log(`\n### Time to open (dashboard reload, navigation start → first figure; ${OPENS} runs each)\n`);
    /** Reloads the dashboard OPENS times; answers navigation start → first figure of each, ms. */
    const reloads = async (): Promise<number[]> => {
      const times: number[] = [];
      for (let run = 0; run < OPENS; run += 1) {
        await page.reload();
        await page.locator(FIGURE).filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });
        await page.waitForFunction('typeof window.plentyFigureAt === "number"');
        times.push(await page.evaluate<number>('window.plentyFigureAt'));
      }
      return times;
    };
    const describe = (times: readonly number[]) => {
      const sorted = [...times].sort((x, y) => x - y);
      return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms (runs: ${times.map((ms) => ms.toFixed(0)).join(', ')})`;
    };
    // Online first, as a yardstick: the worker serves the shell, the figures come from the server.
    console.log(`online:  ${describe(await reloads())}`);
    await context.setOffline(true);
    console.log(`offline: ${describe(await reloads())}`);

    console.log(`\n### Sync of ${QUEUED} queued AddTransaction commands\n`);
    const today = new Date().toISOString().slice(0, 10);
    const commands: QueuedCommand[] = Array.from({ length: QUEUED }, (_, n) => ({
      name: 'AddTransaction',
      body: {
        commandId: uuidV7(),
        transactionId: uuidV7(),
        type: 'expense',
        amount: { amount: 1_000 + n, currency: 'LAK' },
        categoryId: n % 2 === 0 ? 'builtin-food' : 'builtin-transport',
        date: today,
        note: `Queued offline ${n}`,
      },
    }));
    await writeOutbox(page, user.uid, commands);
    const queued = await outboxSize(page, user.uid);
    if (queued !== QUEUED) throw new Error(`the outbox holds ${queued}, not ${QUEUED}, before the network returns`);
    // Each AddTransaction the page sends: when it left and when its answer came (or it failed),
    // so the time splits into the server's answers and the page's own work between them.
    const sends: { start: number; end: number | null; ok: boolean }[] = [];
    const open = new Map<unknown, (typeof sends)[number]>();
    const isSend = (url: string) => url.endsWith('/api/commands/AddTransaction');
    let queries = 0;
    const queryPaths = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/queries/')) {
        queries += 1;
        queryPaths.set(url.pathname, (queryPaths.get(url.pathname) ?? 0) + 1);
      }
      if (!isSend(request.url())) return;
      const send = { start: performance.now(), end: null, ok: false };
      sends.push(send);
      open.set(request, send);
    });
    const finished = (ok: boolean) => (request: { url(): string }) => {
      const send = open.get(request);
      if (send === undefined) return;
      send.end = performance.now();
      send.ok = ok;
      open.delete(request);
    };
    page.on('requestfinished', finished(true));
    page.on('requestfailed', finished(false));
    const started = performance.now();
    await context.setOffline(false);
    // The header's status says so once the outbox is sent (the app's own mirror of it).
    await page.locator('[data-testid="sync-status"][data-state="synced"]').waitFor({ timeout: 600_000 });
    const emptied = performance.now() - started;
    const queriesWhileSyncing = queries;
    const readMost = [...queryPaths]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([path, count]) => `${path} ×${count}`)
      .join(', ');
    const left = await outboxSize(page, user.uid);
    if (left !== 0) throw new Error(`the status says all synced, but the outbox holds ${left}`);
    let listed = 0;
    for (;;) {
      if ((await serverCount(baseUrl, user)) === seeded + QUEUED) {
        listed = performance.now() - started;
        break;
      }
      if (performance.now() - started > 300_000) throw new Error(`the server does not list ${QUEUED} more`);
      await new Promise((done) => setTimeout(done, 50));
    }
    await waitForProjections(baseUrl);
    const total = await serverCount(baseUrl, user);
    console.log(
      `outbox empty after ${(emptied / 1000).toFixed(2)} s (${(QUEUED / (emptied / 1000)).toFixed(1)} commands/s); the server lists all ${QUEUED} after ${(listed / 1000).toFixed(2)} s (${(QUEUED / (listed / 1000)).toFixed(1)} commands/s); transactions on the server: ${total} (${seeded} before, none twice)`,
    );
    if (total !== seeded + QUEUED) throw new Error(`the server lists ${total}, not ${seeded + QUEUED}`);
    const answered = sends.filter((send) => send.end !== null);
    const answers = answered.map((send) => (send.end ?? 0) - send.start).sort((x, y) => x - y);
    const gaps = sends
      .slice(1)
      .map((send, n) => send.start - (sends[n]?.end ?? send.start))
      .sort((x, y) => x - y);
    const inRequests = answers.reduce((sum, ms) => sum + ms, 0);
    console.log(
      `${sends.length} requests (${sends.filter((send) => !send.ok).length} failed); each answer p50 ${percentile(answers, 50).toFixed(0)} ms, p95 ${percentile(answers, 95).toFixed(0)} ms; between an answer and the next request p50 ${percentile(gaps, 50).toFixed(0)} ms, p95 ${percentile(gaps, 95).toFixed(0)} ms; ${((100 * inRequests) / emptied).toFixed(0)} % of the time waiting for answers; ${queriesWhileSyncing} queries read by the page meanwhile`,
    );
    console.log(`queries read most while syncing: ${readMost}`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (ownBuild) await rm(webAppDir, { recursive: true, force: true });
  }
}

await main();
