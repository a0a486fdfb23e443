// Rebuild speed on its own: generates a data set (or reuses one), rebuilds the read models
// from zero, prints events/s and the peak resident set, and checks the rebuilt views against
// a reference replay that applies the same events one batch at a time.
//
//   node --import tsx --conditions=source tests/bench/rebuild.ts [--events N] [--users U]
//        [--dir DIR (reuse or keep a data dir)] [--runs R] [--check | --no-check] [--no-build]
//   PLENTY_BULK_WRITER=main writes each flush on the replay's thread instead of the writer thread.
//   For measuring other settings: PLENTY_REPLAY_FLUSH_EVENTS (events per flush),
//   PLENTY_REPLAY_HEAP_GROWING_PERCENT (0: V8's own heap growth), PLENTY_BULK_WRITER_CACHE_KIB and
//   PLENTY_BULK_WRITER_YOUNG_MIB (0: V8's own); PLENTY_BULK_WRITER_PROFILE=<dir> writes a CPU profile of the writer thread there.
//   PLENTY_BENCH_PAGE_SIZE=<bytes> makes the rebuilt file with pages of that size (the read store's own otherwise).
//   Each run also prints the rebuilt file's size, its largest tables and the bytes the process wrote.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { comparePositions, START } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { eventApplier, viewsOf } from '@plenty/projections/apply';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import { generateDataSet } from './generate.js';
import { writtenBytes } from './written-bytes.js';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index < 0 ? undefined : process.argv[index + 1];
  return value === undefined ? fallback : Number(value.replaceAll('_', ''));
}
function textOption(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index < 0 ? undefined : process.argv[index + 1];
}

const events = option('events', 1_000_000);
const users = option('users', 1000);
const runs = option('runs', 1);
const keptDir = textOption('dir');
// The reference replay runs at the old speed: by default only for data sets up to 200,000 events.
const check = process.argv.includes('--check') || (!process.argv.includes('--no-check') && events <= 200_000);

/**
 * CPU seconds of the main thread alone (Linux: its task's utime + stime, in ticks of 1/100 s), or
 * null elsewhere: with the writes and the decryption in threads, the main thread is the
 * replay's critical path on two cores, whatever else shares them.
 */
function mainThreadCpuSeconds(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds of every thread of the process (Linux), by thread id; empty elsewhere. */
function threadCpuSeconds(): Map<string, number> {
  const seconds = new Map<string, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        seconds.set(tid, (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        // The thread ended meanwhile.
      }
    }
  } catch {
    // Not Linux.
  }
  return seconds;
}

/**
 * The CPU seconds of the threads other than the main one while `work` runs, busiest first: the
 * read store's writer thread, the decryption thread, Node's own. Sampled every 100 ms (a thread
 * that ends is counted up to its last sample), so a thread's figure may be short by 0.1 s.
 */
async function otherThreadsCpu<T>(
  work: () => Promise<T>,
): Promise<{ result: T; threads: number[]; memory: MemorySample | null }> {
  const before = threadCpuSeconds();
  const last = new Map<string, number>();
  let memory: MemorySample | null = null;
  const sample = () => {
    for (const [tid, seconds] of threadCpuSeconds()) if (tid !== String(process.pid)) last.set(tid, seconds);
    const now = process.memoryUsage();
    if (memory === null || now.rss > memory.rss) memory = now;
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    const threads = [...last].map(([tid, seconds]) => seconds - (before.get(tid) ?? 0)).sort((a, b) => b - a);
    return { result, threads, memory };
  } finally {
    clearInterval(timer);
  }
}

/** An empty file with pages of this size: the read store keeps the size it finds. */
function createWithPageSize(path: string, pageSize: number): void {
  const db = new Database(path);
  try {
    db.pragma(`page_size = ${pageSize}`);
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}

/** The rebuilt file's page size, pages, and its five largest tables and indexes (SQLite's dbstat). */
function fileSummary(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    const pages = Number(db.pragma('page_count', { simple: true }));
    let largest = '';
    try {
      largest = db
        .prepare<[], { name: string; bytes: number }>(
          'SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 5',
        )
        .all()
        .map((row) => `${row.name} ${mib(row.bytes)}`)
        .join(', ');
    } catch {
      largest = '(no dbstat)';
    }
    return `${mib(pageSize * pages)} MiB in ${pages} pages of ${pageSize} B; largest (MiB): ${largest}`;
  } finally {
    db.close();
  }
}

/** The process's memory when its resident set was highest among the samples (main thread's heap; the others' only in `rss`). */
type MemorySample = NodeJS.MemoryUsage;

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** The process's peak resident set so far (the replay never yields to a timer that could sample it). */
const peakRssMiB = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);

async function open(dataDir: string, readPath: string) {
  const masterKey = await loadMasterKey({ dataDir });
  const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
  const readStore = await openSqliteReadStore({ path: readPath });
  const close = () => Promise.all([readStore.close(), eventStore.close(), keyStore.close()]);
  return { codec: new EventCodec(keyStore), eventStore, readStore, close };
}

/**
 * `projector.rebuild()`, as `npm run rebuild` runs it: `ms` is the replay it reports, `totalMs`
 * the whole call (dropping the old views, the replay, the indexes built at the end, the file made durable).
 */
async function rebuild(dataDir: string, readPath: string): Promise<{ events: number; ms: number; totalMs: number }> {
  const { codec, eventStore, readStore, close } = await open(dataDir, readPath);
  try {
    const projector = createProjector({ eventStore, readStore, codec, projections: allProjections });
    const started = performance.now();
    const result = await projector.rebuild();
    return { ...result, totalMs: performance.now() - started };
  } finally {
    await close();
  }
}

/** The reference: every batch of 500 events applied and committed on its own, as the live projector does. */
async function referenceReplay(dataDir: string, readPath: string): Promise<number> {
  const { codec, eventStore, readStore, close } = await open(dataDir, readPath);
  const started = performance.now();
  try {
    await readStore.bulkMode?.(true);
    await readStore.ensureViews(viewsOf(allProjections));
    const applyEvent = eventApplier(codec, allProjections);
    const head = await eventStore.headPosition();
    let position = START;
    while (comparePositions(position, head) < 0) {
      const batch = await eventStore.readAll({ after: position, maxCount: 500 });
      const last = batch.at(-1);
      if (last === undefined) break;
      await readStore.applyBatch('projector', last.position, async (uow) => {
        for (const event of batch) await applyEvent(event, uow);
      });
      position = last.position;
    }
    await readStore.bulkMode?.(false);
  } finally {
    await close();
  }
  return performance.now() - started;
}

/** Rows of every view table and search key table that are not the same in both files (documents, positions, indexed columns, keys). */
function differences(a: string, b: string): { table: string; rows: number; only: number }[] {
  const db = new Database(a, { readonly: true });
  try {
    db.prepare('ATTACH DATABASE ? AS other').run(b);
    const tables = (name: string) =>
      db
        .prepare<[], { name: string }>(
          `SELECT name FROM ${name}.sqlite_master WHERE type = 'table' AND (name LIKE 'view_%' OR name LIKE 'ftk_%')`,
        )
        .all()
        .map((row) => row.name)
        .sort();
    const mine = tables('main');
    const theirs = tables('other');
    if (mine.join() !== theirs.join()) throw new Error(`different views: ${mine.join()} / ${theirs.join()}`);
    return mine.map((table) => {
      const count = (sql: string) => db.prepare<[], { n: number }>(sql).get()?.n ?? 0;
      const rows = count(`SELECT count(*) AS n FROM main.${table}`);
      // A search key's rowid depends on the order keys were added: every other column is compared.
      const columns = table.startsWith('ftk_')
        ? db
            .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}') WHERE name <> 'rid'`)
            .all()
            .map((row) => row.name)
            .join(', ')
        : '*';
      const only =
        count(
          `SELECT count(*) AS n FROM (SELECT ${columns} FROM main.${table} EXCEPT SELECT ${columns} FROM other.${table})`,
        ) +
        count(
          `SELECT count(*) AS n FROM (SELECT ${columns} FROM other.${table} EXCEPT SELECT ${columns} FROM main.${table})`,
        );
      return { table, rows, only };
    });
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  // The replay decrypts in a thread that runs the compiled platform code.
  // (--no-build when it is built already: the build of every package takes minutes on a busy machine.)
  if (!process.argv.includes('--no-build')) {
    execFileSync(join(import.meta.dirname, '../../node_modules/.bin/tsc'), ['-b'], { stdio: 'inherit' });
  }
  const dataDir = keptDir ?? (await mkdtemp(join(tmpdir(), 'plenty-bench-rebuild-')));
  try {
    if (!existsSync(join(dataDir, 'events.db'))) {
      const started = performance.now();
      const perUser = Math.ceil(events / users);
      const written = await generateDataSet(dataDir, users, perUser, (done) => {
        if (done % 100_000 === 0) process.stderr.write(`  generated ${done}\n`);
      });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `generated ${written} events (${users} users) in ${seconds.toFixed(1)} s (${Math.round(written / seconds)} events/s)`,
      );
    }
    // CPU seconds too: on a shared machine the wall clock also counts other processes' turns.
    console.log(
      '| run | events | seconds | events/s | with indexes: seconds | events/s | CPU s | events per CPU s | main thread CPU s | events per main-thread CPU s | peak RSS MiB (process) |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const rebuilt = join(dataDir, 'rebuilt.db');
    for (let run = 1; run <= runs; run += 1) {
      // With its journal and write-ahead files: a run stopped halfway leaves them, and a new file beside them is misread.
      for (const suffix of ['', '-journal', '-wal', '-shm']) await rm(`${rebuilt}${suffix}`, { force: true });
      const pageSize = Number(process.env['PLENTY_BENCH_PAGE_SIZE']);
      if (Number.isInteger(pageSize) && pageSize > 0) createWithPageSize(rebuilt, pageSize);
      const writtenBefore = writtenBytes();
      const cpuBefore = process.cpuUsage();
      const mainBefore = mainThreadCpuSeconds();
      const { result, threads, memory } = await otherThreadsCpu(() => rebuild(dataDir, rebuilt));
      const cpu = process.cpuUsage(cpuBefore);
      const mainAfter = mainThreadCpuSeconds();
      const mainSeconds = mainBefore === null || mainAfter === null ? null : mainAfter - mainBefore;
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      const rate = Math.round(result.events / (result.ms / 1000));
      console.log(
        `other threads' CPU s, busiest first: ${threads
          .filter((seconds) => seconds >= 0.05)
          .map((seconds) => seconds.toFixed(2))
          .join(', ')}`,
      );
      const writtenAfter = writtenBytes();
      console.log(
        `rebuilt file: ${fileSummary(rebuilt)}; written by the process: ${writtenBefore === null || writtenAfter === null ? '–' : mib(writtenAfter - writtenBefore)} MiB`,
      );
      if (memory !== null) {
        const { rss, heapTotal, heapUsed, external, arrayBuffers } = memory;
        console.log(
          `at the highest sampled RSS (${mib(rss)} MiB): main thread's heap ${mib(heapUsed)} used of ${mib(heapTotal)} MiB, external ${mib(external)} MiB (array buffers ${mib(arrayBuffers)} MiB); the rest (${mib(rss - heapTotal - external)} MiB) is the other threads' heaps, SQLite's page caches, code and stacks`,
        );
      }
      console.log(
        `| ${run} | ${result.events} | ${(result.ms / 1000).toFixed(2)} | ${rate} | ${(result.totalMs / 1000).toFixed(2)} | ${Math.round(result.events / (result.totalMs / 1000))} | ${cpuSeconds.toFixed(2)} | ${Math.round(result.events / cpuSeconds)} | ${mainSeconds?.toFixed(2) ?? '–'} | ${mainSeconds === null ? '–' : Math.round(result.events / mainSeconds)} | ${peakRssMiB()} |`,
      );
    }
    if (check) {
      const reference = join(dataDir, 'reference.db');
      if (keptDir !== undefined && existsSync(reference)) console.log(`\nreference replay kept from an earlier run`);
      else {
        await rm(reference, { force: true });
        const ms = await referenceReplay(dataDir, reference);
        console.log(`\nreference replay (batches of 500): ${(ms / 1000).toFixed(1)} s`);
      }
      const diff = differences(rebuilt, reference);
      const bad = diff.filter((d) => d.only > 0);
      for (const d of diff) console.log(`  ${d.table}: ${d.rows} rows${d.only > 0 ? `, ${d.only} DIFFER` : ''}`);
      if (bad.length > 0) {
        console.log('CONSISTENCY CHECK FAILED');
        process.exitCode = 1;
      } else console.log('consistency check: every view row equal to the reference replay');
    }
  } finally {
    if (keptDir === undefined) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
