import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { createTestUser } from '../support/users.js';
import { percentile } from './percentile.js';
import { startBenchServer, waitForProjections } from './server.js';
import { storedSession } from './stored-session.js';
import { quick } from './synthetic.js';

/**
 * `node --import tsx --conditions=source tests/bench/list-browser.ts [--quick]`: a user with
 * 50,000 transactions (5,000 with --quick) opens the transaction list in Chromium; prints the time
 * from navigation to the first rows, the frame times while the list is scrolled to its end
 * (requestAnimationFrame deltas: p50, p95, max) and the layout shift score (CLS, PerformanceObserver);
 * `--shifts` lists every shift with the elements that moved.
 * Skips with a reason when /usr/bin/chromium is missing.
 */
const CHROMIUM = '/usr/bin/chromium';
const COUNT = quick ? 5_000 : 50_000;
const PARALLEL = 32;
const NOTES = ['ข้าวมันไก่ ร้านป้า', 'ເຂົ້າໜຽວ ຕະຫຼາດເຊົ້າ', 'Coffee with Noy', 'Grab to office'];
const CATEGORIES = ['builtin-food', 'builtin-transport', 'builtin-shopping', 'builtin-utilities'];

/**
 * Runs in the page before anything else: layout shifts and first rows in the page's own clock.
 * Every shift is kept with what moved (node, rectangles before and after), so a run can say
 * where a score comes from; shifts just after input do not count (Chrome leaves them out too).
 */
const OBSERVE = `
window.plentyShifts = [];
const describe = (node) => {
  if (!(node instanceof Element)) return node === null ? 'gone' : node.nodeName;
  const id = node.getAttribute('data-testid') ?? node.getAttribute('data-row-id');
  const cls = typeof node.className === 'string' ? node.className.split(' ')[0] : '';
  return node.tagName.toLowerCase() + (id ? '[' + id + ']' : '') + (cls ? '.' + cls : '');
};
const rect = (r) => Math.round(r.y) + '+' + Math.round(r.height);
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    window.plentyShifts.push({
      at: entry.startTime,
      value: entry.value,
      input: entry.hadRecentInput,
      sources: (entry.sources ?? []).map((s) => describe(s.node) + ' ' + rect(s.previousRect) + '→' + rect(s.currentRect)),
    });
}).observe({ type: 'layout-shift', buffered: true });
new MutationObserver((_, observer) => {
  if (document.querySelector('[data-row-id]') === null) return;
  window.plentyRowsAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;

interface Shift {
  readonly at: number;
  readonly value: number;
  readonly input: boolean;
  readonly sources: readonly string[];
}

/**
 * CLS as Chrome reports it: shifts without recent input grouped in session windows (a gap under
 * 1 s, a window at most 5 s long), the largest window's sum. Also answers the plain sum of all.
 */
function layoutShiftScore(shifts: readonly Shift[]): { cls: number; sum: number } {
  let cls = 0;
  let sum = 0;
  let window = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.input) continue;
    sum += shift.value;
    if (shift.at - last < 1000 && shift.at - first < 5000) window += shift.value;
    else {
      window = shift.value;
      first = shift.at;
    }
    last = shift.at;
    cls = Math.max(cls, window);
  }
  return { cls, sum };
}

/** Scrolls the page to the end of the list 600 px a frame (a fast fling), and answers the frame times (ms). */
const SCROLL = `new Promise((done) => {
  const deltas = [];
  let last = performance.now();
  let steps = 0;
  const step = (now) => {
    deltas.push(now - last);
    last = now;
    window.scrollBy(0, 600);
    steps += 1;
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    const finished = document.querySelector('[data-testid="transactions-end"]') !== null;
    if ((atEnd && finished) || steps > 40000) done(deltas.slice(1));
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

async function seed(baseUrl: string, authorization: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < COUNT; n = next++) {
      const month = String((n % 12) + 1).padStart(2, '0');
      const day = String((n % 28) + 1).padStart(2, '0');
      const response = await fetch(`${baseUrl}/api/commands/AddTransaction`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({
          commandId: uuidV7(),
          transactionId: uuidV7(),
          type: 'expense',
          amount: { amount: 100 + ((n * 7919) % 500_000), currency: 'THB' },
          categoryId: CATEGORIES[n % CATEGORIES.length],
          date: `2025-${month}-${day}`,
          note: `${NOTES[n % NOTES.length] ?? ''} ${n}`,
          ...(n % 4 === 0 ? { tags: ['Trip'] } : {}),
        }),
      });
      if (!response.ok) throw new Error(`AddTransaction: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

async function main(): Promise<void> {
  console.log(`\n## Transaction list in the browser (${COUNT.toLocaleString('en')} transactions)\n`);
  if (!existsSync(CHROMIUM)) {
    console.log(`skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'plenty-bench-list-'));
  const server = await startBenchServer({ dataDir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const email = `bench-list-${Date.now()}@example.com`;
    const account = await createTestUser(server.baseUrl, { email }, join(dataDir, 'outbox'));
    const started = Date.now();
    await seed(server.baseUrl, account.authorization);
    await waitForProjections(server.baseUrl);
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const { key, value } = await storedSession(server.baseUrl, account);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await context.addInitScript(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`);
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/dashboard/transactions`);
    await page.locator('[data-row-id]').first().waitFor({ timeout: 60_000 });
    const firstRows = await page.evaluate<number>('window.plentyRowsAt');
    // The whole list: pages of 200 are read as the scroll nears their end.
    const deltas = (await page.evaluate<number[]>(SCROLL, { timeout: 0 })).sort((a, b) => a - b);
    const shifts = await page.evaluate<Shift[]>('window.plentyShifts');
    const score = layoutShiftScore(shifts);
    const rowsInPage = await page.locator('[data-row-id]').count();
    console.log(`first rows after ${firstRows.toFixed(0)} ms (navigation start to the first row in the page)`);
    console.log(
      `scrolling to the end (${deltas.length} frames): frame p50 ${percentile(deltas, 50).toFixed(1)} ms, p95 ${percentile(deltas, 95).toFixed(1)} ms, max ${(deltas.at(-1) ?? 0).toFixed(1)} ms`,
    );
    console.log(
      `layout shift: CLS ${score.cls.toFixed(4)} (largest session window), sum of all ${score.sum.toFixed(4)} in ${shifts.length} shifts; rows in the page at the end: ${rowsInPage}`,
    );
    // --shifts: every shift with what moved (y+height before → after, CSS px).
    if (process.argv.includes('--shifts'))
      for (const shift of shifts)
        console.log(
          `  ${shift.at.toFixed(0)} ms ${shift.value.toFixed(4)}${shift.input ? ' (input)' : ''}: ${shift.sources.join('; ')}`,
        );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
