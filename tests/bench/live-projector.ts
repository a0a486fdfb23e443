// The live projector on its own: generates a data set (or reuses one), then applies it from zero
// the way the live projector does (batches of `--batch` events, each in one read-store
// transaction), with and without the document cache kept across batches, alternately, and
// prints the events applied per CPU second of each; the views of the two are compared row by row.
// `--compare layout`: the view tables WITHOUT ROWID against rowid tables (PLENTY_READ_TABLE_LAYOUT),
// both with the cache, alternately, instead of the cache off against on. `--compare sparse`: the
// sparse indexes made as indexes of every row (PLENTY_READ_SPARSE_INDEXES=off) against partial ones.
//
//   node --import tsx --conditions=source tests/bench/live-projector.ts [--events N] [--users U]
//        [--batch B] [--pairs P] [--dir DIR (reuse or keep a data dir)] [--edits E] [--compare cache|layout|sparse]
//
// `--edits E`, when the data set is generated: then E TransactionEdited events, each changing the
// amount of one of the added transactions (its text stays, so its FTS row may stay too).
// PLENTY_BENCH_PAGE_SIZE=<bytes>: the read files are made with pages of that size (the read
// store's own otherwise). Each run prints the bytes the process wrote to storage per batch, and
// the pages: the frames each batch added to the read file's write-ahead log (read from its index,
// the -shm file, after every batch), so every page a commit wrote counts once.
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eventIdFor } from '@plenty/contracts/ids';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { DocumentCache } from '@plenty/platform/read-store/sqlite-document-cache';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { metadataOf } from '@plenty/platform/testing/new-event';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import { generateDataSet } from './generate.js';
import { writtenBytes } from './written-bytes.js';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index < 0 ? undefined : process.argv[index + 1];
  return value === undefined ? fallback : Number(value.replaceAll('_', ''));
}
const events = option('events', 20_000);
const users = option('users', 50);
const batch = option('batch', 50);
const pairs = option('pairs', 2);
const dirAt = process.argv.indexOf('--dir');
const keptDir = dirAt < 0 ? undefined : process.argv[dirAt + 1];
const edits = option('edits', 0);
const compareAt = process.argv.indexOf('--compare');
const compared = compareAt >= 0 ? process.argv[compareAt + 1] : undefined;
const compare = compared === 'layout' || compared === 'sparse' ? compared : 'cache';

/** Appends `count` edits of the amount of transactions already added, spread over them in turn. */
async function appendEdits(dataDir: string, count: number): Promise<number> {
  const masterKey = await loadMasterKey({ dataDir });
  const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
  const codec = new EventCodec(keyStore);
  try {
    const added = (await eventStore.readAll({ maxCount: 10_000_000 })).filter((e) => e.type === 'TransactionAdded');
    for (let n = 0; n < count; n += 1) {
      const event = added[(n * 7) % added.length];
      if (event === undefined) break;
      const transactionId = String((event.data as { transactionId: string }).transactionId);
      const commandId = uuidV7();
      const encoded = await codec.encode({
        id: eventIdFor(commandId, 0),
        type: 'TransactionEdited',
        data: { transactionId, changes: { amount: { amount: 100 + n, currency: 'THB' } } },
        metadata: metadataOf(event.metadata.userId, commandId),
      });
      await eventStore.appendToStream(`transaction-${transactionId}`, [encoded], 'any');
    }
    return count;
  } finally {
    await Promise.all([eventStore.close(), keyStore.close()]);
  }
}

/** Applies every event from zero in live batches; answers the CPU and wall seconds and the cache's hits. */
/** An empty file with pages of PLENTY_BENCH_PAGE_SIZE bytes, when set: the read store keeps the size it finds. */
function createWithPageSize(path: string): void {
  const pageSize = Number(process.env['PLENTY_BENCH_PAGE_SIZE']);
  if (!Number.isInteger(pageSize) || pageSize <= 0) return;
  const db = new Database(path);
  try {
    db.pragma(`page_size = ${pageSize}`);
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}

/**
 * The frames in a write-ahead log, read from its index (the -shm file's header, `mxFrame` at
 * byte 16, in the machine's byte order), or null when there is none yet.
 */
function logFrames(readPath: string): number | null {
  let fd: number;
  try {
    fd = openSync(`${readPath}-shm`, 'r');
  } catch {
    return null;
  }
  try {
    const header = Buffer.alloc(20);
    return readSync(fd, header, 0, 20, 0) === 20 ? header.readUInt32LE(16) : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The store, counting the pages each batch writes: the log's frames after it less those before,
 * or all of them when the log started over (after a checkpoint, at the batch's first write).
 */
function countingPages(store: ReadStore, readPath: string): { store: ReadStore; pages: () => number } {
  let pages = 0;
  let last = logFrames(readPath) ?? 0;
  const counted = new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'applyBatch') return Reflect.get(target, property, receiver) as unknown;
      const applyBatch: ReadStore['applyBatch'] = async (name, position, work) => {
        await target.applyBatch(name, position, work);
        const now = logFrames(readPath) ?? 0;
        pages += now >= last ? now - last : now;
        last = now;
      };
      return applyBatch;
    },
  });
  return { store: counted, pages: () => pages };
}

async function replay(dataDir: string, readPath: string, cached: boolean) {
  createWithPageSize(readPath);
  const masterKey = await loadMasterKey({ dataDir });
  const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
  const cache = cached ? new DocumentCache() : null;
  const readStore = await openSqliteReadStore({ path: readPath, documentCache: cache ?? false });
  const counting = countingPages(readStore, readPath);
  try {
    const projector = createProjector({
      eventStore,
      readStore: counting.store,
      codec: new EventCodec(keyStore),
      projections: allProjections,
      batchSize: batch,
    });
    const writtenBefore = writtenBytes();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await projector.catchUp();
    const cpu = process.cpuUsage(cpuBefore);
    const writtenAfter = writtenBytes();
    const status = projector.status();
    const applied = status.reduce((n, s) => Math.max(n, s.applied ?? 0), 0);
    return {
      pagesPerBatch: counting.pages() / Math.max(1, Math.ceil(applied / batch)),
      written: writtenBefore === null || writtenAfter === null ? null : writtenAfter - writtenBefore,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      seconds: (performance.now() - started) / 1000,
      applied: status.reduce((n, s) => Math.max(n, s.applied ?? 0), 0),
      hits: cache === null ? null : cache.hits / Math.max(1, cache.hits + cache.misses),
    };
  } finally {
    await Promise.all([readStore.close(), eventStore.close(), keyStore.close()]);
  }
}

/** Rows of every view table not the same in both files. */
function differing(a: string, b: string): number {
  const db = new Database(a, { readonly: true });
  try {
    db.prepare('ATTACH DATABASE ? AS other').run(b);
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'view_%'")
      .all()
      .map((row) => row.name);
    let rows = 0;
    for (const table of tables) {
      const count = (sql: string) => db.prepare<[], { n: number }>(sql).get()?.n ?? 0;
      rows +=
        count(`SELECT count(*) AS n FROM (SELECT * FROM main.${table} EXCEPT SELECT * FROM other.${table})`) +
        count(`SELECT count(*) AS n FROM (SELECT * FROM other.${table} EXCEPT SELECT * FROM main.${table})`);
    }
    return rows;
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const dataDir = keptDir ?? (await mkdtemp(join(tmpdir(), 'plenty-bench-live-projector-')));
  try {
    if (!existsSync(join(dataDir, 'events.db'))) {
      const written = await generateDataSet(dataDir, users, Math.ceil(events / users));
      console.log(`generated ${written} events (${users} users)`);
      if (edits > 0) console.log(`then ${await appendEdits(dataDir, edits)} edits of an amount`);
    }
    console.log(`batches of ${batch}`);
    const variants =
      compare === 'layout'
        ? [
            { name: 'without-rowid', file: 'live-without-rowid.db', cached: true, layout: 'without-rowid' },
            { name: 'rowid', file: 'live-rowid.db', cached: true, layout: 'rowid' },
          ]
        : compare === 'sparse'
          ? [
              { name: 'full', file: 'live-full.db', cached: true, layout: undefined, sparse: 'off' },
              { name: 'sparse', file: 'live-sparse.db', cached: true, layout: undefined, sparse: undefined },
            ]
          : [
              { name: 'off', file: 'live.db', cached: false, layout: undefined },
              { name: 'on', file: 'live-cached.db', cached: true, layout: undefined },
            ];
    console.log(
      `| run | ${compare} | events | CPU s | events per CPU s | wall s | cache hits | KiB written per batch | pages per batch |`,
    );
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
    for (let pair = 1; pair <= pairs; pair += 1) {
      for (const variant of variants) {
        const path = join(dataDir, variant.file);
        for (const file of [path, `${path}-wal`, `${path}-shm`]) await rm(file, { force: true });
        if (variant.layout === undefined) delete process.env['PLENTY_READ_TABLE_LAYOUT'];
        else process.env['PLENTY_READ_TABLE_LAYOUT'] = variant.layout;
        const sparse = 'sparse' in variant ? variant.sparse : undefined;
        if (sparse === undefined) delete process.env['PLENTY_READ_SPARSE_INDEXES'];
        else process.env['PLENTY_READ_SPARSE_INDEXES'] = sparse;
        const r = await replay(dataDir, path, variant.cached);
        console.log(
          `| ${pair} | ${variant.name} | ${r.applied} | ${r.cpuSeconds.toFixed(2)} | ${Math.round(r.applied / r.cpuSeconds)} | ${r.seconds.toFixed(2)} | ${r.hits === null ? '–' : `${(100 * r.hits).toFixed(1)} %`} | ${r.written === null ? '–' : (r.written / 1024 / Math.ceil(r.applied / batch)).toFixed(0)} | ${r.pagesPerBatch.toFixed(0)} |`,
        );
      }
    }
    const [first, second] = variants;
    const differ = differing(join(dataDir, first?.file ?? ''), join(dataDir, second?.file ?? ''));
    console.log(
      differ === 0
        ? `views ${second?.name}: every row equal to those ${first?.name}`
        : `${differ} rows DIFFER between ${first?.name} and ${second?.name}`,
    );
    if (differ > 0) process.exitCode = 1;
  } finally {
    if (keptDir === undefined) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
