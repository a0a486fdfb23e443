#!/usr/bin/env node
// `npm run test:browser`: builds and starts the embedded default as `npm start` does, on a free
// port with a fresh data folder, then drives Debian's Chromium through every journey.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startJourneyOidcProvider } from './support/oidc.mjs';
import { knowServer } from './support/mail.mjs';
import { freePort, spawnStandalone, waitUntilReady } from './support/standalone.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/** Journeys that take two minutes or more, longest first (as printed after each journey's name). */
const LONGEST_FIRST = [
  'phone-layout',
  'accessibility-en',
  'accessibility-th',
  'accessibility-lo',
  'settings-screenshots',
  'screenshots',
  'dashboard-screenshots',
  'offline-first-visit',
  'auth-first-minutes',
  'auth-screenshots',
  'preferences',
];
const root = resolve(here, '../..');
const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  console.error(`Browser journeys need Debian's Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  process.exit(1);
}

// Screenshots of every page, for people to look at (git-ignored).
const screenshotDir = join(here, 'artifacts');
mkdirSync(screenshotDir, { recursive: true });
// The server (tsc -b builds only what changed) and always the web app as it is now, even when
// only index.html or the build config changed. Journeys that run a server of their own start
// this same build (support/server.mjs).
execFileSync(join(root, 'node_modules/.bin/tsc'), ['-b', 'standalone'], { cwd: root, stdio: 'inherit' });
// WEB_APP_DIR builds the web app into a folder of its own (and the servers serve it from there),
// so two runs from one working copy do not write over each other's build.
const webAppDir = process.env.WEB_APP_DIR === undefined ? undefined : resolve(process.env.WEB_APP_DIR);
if (webAppDir !== undefined) process.env.WEB_APP_DIR = webAppDir;
execFileSync(
  'npm',
  [
    'run',
    '--silent',
    'build',
    '-w',
    'frontend',
    ...(webAppDir === undefined ? [] : ['--', '--outDir', webAppDir, '--emptyOutDir']),
  ],
  { cwd: root, stdio: 'inherit' },
);
// Made once the build went through, so a failed build leaves no folder behind.
const dataDir = mkdtempSync(join(tmpdir(), 'plenty-browser-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// Social sign-in goes to a local OpenID provider, which the server is told about.
const { env: oidcEnv } = await startJourneyOidcProvider(baseUrl);
// Many journeys sign in and up from this one machine; the login limits have a journey of their own.
const server = spawnStandalone({ port, dataDir, env: oidcEnv, detached: true });
const app = server.child;

let browser;
let passed = 0;
let failed = 0;
const flaky = [];
try {
  await waitUntilReady(server, baseUrl, { timeout: 180_000, interval: 500 });
  knowServer(baseUrl, dataDir);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const only = process.argv.slice(2);
  const journeys = readdirSync(join(here, 'journeys'))
    .filter((f) => f.endsWith('.journey.mjs'))
    .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
    .sort();
  const describe = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));
  const runJourney = async (file) => {
    const name = file.replace('.journey.mjs', '');
    let journey;
    try {
      journey = await import(pathToFileURL(join(here, 'journeys', file)).href);
    } catch (error) {
      failed += 1;
      console.log(`✗ ${name}: ${describe(error)}`);
      return;
    }
    // A journey that fails is run once more from the start (each signs up its own user); one
    // that passes only then is reported as flaky with its first failure, so it gets mended.
    let firstFailure;
    const started = performance.now();
    const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        await journey.default({ browser, baseUrl, screenshotDir, dataDir });
        passed += 1;
        if (firstFailure === undefined) console.log(`✓ ${name} (${took()})`);
        else {
          flaky.push(name);
          console.log(
            `✓ ${name} (${took()}; flaky: passed on its second run; the first failed with ${describe(firstFailure)})`,
          );
        }
        break;
      } catch (error) {
        if (attempt === 1) {
          firstFailure = error;
          console.log(`… ${name} failed; running it once more`);
        } else {
          failed += 1;
          console.log(`✗ ${name}: ${describe(error)}\n  (its first run failed with ${describe(firstFailure)})`);
        }
      }
    }
  };
  // Journeys run two at a time against the one server, each in browser contexts of its own and
  // with users of its own; JOURNEYS_AT_ONCE=1 runs them one after another.
  const atOnce = Math.max(1, Number.parseInt(process.env.JOURNEYS_AT_ONCE ?? '2', 10) || 1);
  // The longest journeys start first, so that the slots finish together rather than one running
  // a long journey alone at the end (the order of the rest stays alphabetical).
  const rank = (file) => {
    const at = LONGEST_FIRST.indexOf(file.replace('.journey.mjs', ''));
    return at === -1 ? LONGEST_FIRST.length : at;
  };
  const queue = [...journeys].sort((a, b) => rank(a) - rank(b));
  await Promise.all(
    Array.from({ length: Math.min(atOnce, queue.length) }, async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) await runJourney(file);
    }),
  );
} catch (error) {
  failed += 1;
  console.log(`✗ setup: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser?.close();
  try {
    process.kill(-app.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => (app.exitCode !== null ? r() : app.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `${passed} passed, ${failed} failed${flaky.length === 0 ? '' : `, ${flaky.length} flaky (${flaky.join(', ')})`}`,
);
process.exit(failed === 0 ? 0 : 1);
