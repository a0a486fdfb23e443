// The projector alone on an import's events: replays a data folder kept by
// `tests/bench/import.ts --keep DIR` (one user's imported rows) into a fresh read store the way
// the live projector applies them (batches of 500, each in one read-store transaction), up to the
// import's undo, and prints the CPU time of the whole and of each projection (time inside its
// `apply`), and how it grows along the rows.
//
//   node --import tsx --conditions=source tests/bench/import-projector.ts --dir DIR [--batch 500] [--cache off] [--read-ahead off]
//
// `--cache off`: the read store without the document cache the live projector keeps (on by
// default); `--read-ahead off`: the batch's ids not handed to the unit of work (`readAhead`), which
// the live projector does. On Linux it also prints the bytes the process read and wrote (its
// `/proc/self/io`: SQLite's pages read and the write-ahead log and checkpoints written).
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { START } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { readAheadGroups } from '@plenty/platform/read-store/read-ahead';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { eventApplier, viewsOf } from '@plenty/projections/apply';
import { allProjections } from '@plenty/projections/all';
import type { Projection } from '@plenty/projections/projection';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index < 0 ? undefined : process.argv[index + 1];
}
const dataDir = option('dir');
if (dataDir === undefined) throw new Error('--dir DIR: a data folder kept by tests/bench/import.ts --keep DIR');
const batchSize = Number(option('batch') ?? 500);
const documentCache = option('cache') !== 'off';
const readAhead = option('read-ahead') !== 'off';

/** The bytes this process has read and written through system calls so far (Linux), or null. */
function ioBytes(): { read: number; written: number } | null {
  if (!existsSync('/proc/self/io')) return null;
  const io = readFileSync('/proc/self/io', 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
  return { read: field('rchar'), written: field('wchar') };
}

const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function main(): Promise<void> {
  const masterKey = await loadMasterKey({ dataDir: dataDir as string });
  const keyStore = await openSqliteKeyStore({ path: join(dataDir as string, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(dataDir as string, 'events.db') });
  const readDir = await mkdtemp(join(tmpdir(), 'plenty-import-projector-'));
  const readStore = await openSqliteReadStore({ path: join(readDir, 'read.db'), documentCache });
  const codec = new EventCodec(keyStore);
  // Each projection's apply timed (wall time of a synchronous-heavy section: close to its CPU time).
  const spent = new Map<string, number>();
  const timed: Projection[] = allProjections.map((projection) => ({
    ...projection,
    apply: async (event, uow) => {
      const started = performance.now();
      try {
        await projection.apply(event, uow);
      } finally {
        spent.set(projection.name, (spent.get(projection.name) ?? 0) + performance.now() - started);
      }
    },
  }));
  try {
    await readStore.ensureViews(viewsOf(timed));
    const applyEvent = eventApplier(codec, timed);
    let position = START;
    let applied = 0;
    const ioStart = ioBytes();
    const cpuStart = process.cpuUsage();
    const wallStart = performance.now();
    let cpuMark = process.cpuUsage();
    let rowsMark = 0;
    console.log('| events | CPU ms per 1,000 events (this stretch) |');
    console.log('|---:|---:|');
    outer: for (;;) {
      const batch = await eventStore.readAll({ after: position, maxCount: batchSize });
      const last = batch.at(-1);
      if (last === undefined) break;
      const undo = batch.findIndex((event) => event.type === 'ImportUndoStarted');
      const events = undo < 0 ? batch : batch.slice(0, undo);
      if (events.length > 0) {
        const end = events.at(-1)?.position ?? last.position;
        await readStore.applyBatch('projector', end, async (uow) => {
          if (readAhead) uow.readAhead?.(readAheadGroups(events));
          for (const event of events) await applyEvent(event, uow);
        });
        applied += events.length;
      }
      if (undo >= 0) break outer;
      position = last.position;
      if (applied - rowsMark >= 5000) {
        console.log(`| ${applied} | ${((cpuMs(cpuMark) / (applied - rowsMark)) * 1000).toFixed(0)} |`);
        cpuMark = process.cpuUsage();
        rowsMark = applied;
      }
    }
    const cpu = cpuMs(cpuStart);
    const wall = performance.now() - wallStart;
    const ioEnd = ioBytes();
    console.log(
      `\n${applied} events: CPU ${(cpu / 1000).toFixed(2)} s (${(cpu / applied).toFixed(3)} ms an event), wall ${(wall / 1000).toFixed(2)} s\n`,
    );
    if (ioStart !== null && ioEnd !== null) {
      const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
      console.log(
        `read ${mib(ioEnd.read - ioStart.read)} MiB, wrote ${mib(ioEnd.written - ioStart.written)} MiB (the process's system calls)\n`,
      );
    }
    console.log('| projection | ms in apply | ms an event |');
    console.log('|---|---:|---:|');
    for (const [name, ms] of [...spent].sort((a, b) => b[1] - a[1]))
      console.log(`| ${name} | ${ms.toFixed(0)} | ${(ms / applied).toFixed(3)} |`);
  } finally {
    await Promise.all([readStore.close(), eventStore.close(), keyStore.close()]);
    await rm(readDir, { recursive: true, force: true });
  }
}

await main();
