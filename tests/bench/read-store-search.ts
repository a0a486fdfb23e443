import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FindQuery, ReadStore, SumQuery, TextMatch, ViewDefinition } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { percentile } from './percentile.js';
import { quick } from './synthetic.js';

/**
 * `node --import tsx --conditions=source tests/bench/read-store-search.ts [--quick]`: full-text
 * search in the SQLite read store for a user with 50,000 documents shaped like transactions
 * (a note of a few English, Thai or Lao words, tags, a category and a wallet as id tokens),
 * beside another user with as many: the first page (50, by date) and the sums of searches from
 * common to rare words, with ranges and filters; then the erasure of one user (purge and the
 * FTS index merged into one segment). Prints p50/p99 per query.
 */
const COUNT = quick ? 5_000 : 50_000;
const RUNS = quick ? 20 : 100;

const view: ViewDefinition = {
  name: 'bench_tx',
  fields: { date: 'text', amount: 'integer', categoryId: 'text' },
  indexes: [['date'], ['categoryId', 'date'], ['amount']],
  search: {
    columns: ['note', 'tag', 'ref'],
    values: (doc) => ({
      note: String(doc.note).split(' '),
      tag: doc.tags as string[],
      ref: [String(doc.categoryId), String(doc.walletId)],
    }),
  },
};

const WORDS = [
  'coffee',
  'lunch',
  'dinner',
  'taxi',
  'rent',
  'market',
  'groceries',
  'fuel',
  'phone',
  'gift',
  'ข้าวมันไก่',
  'ร้านป้า',
  'กาแฟ',
  'ตลาด',
  'ค่าเช่า',
  'ເຂົ້າໜຽວ',
  'ຕະຫຼາດ',
  'ກາເຟ',
  'ຄ່າເຊົ່າ',
  'ນ້ຳມັນ',
];
const TAGS = ['trip', 'wedding', 'renovation', 'work', 'family'];
const CATEGORIES = ['food', 'transport', 'housing', 'shopping', 'health', 'bills', 'gifts', 'other'];

/** A deterministic pseudo-random sequence, so every run stores the same documents. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function documentsOf(userId: string, seed: number) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: COUNT }, (_, i) => {
    const words = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(WORDS));
    // One note in a thousand has a rare word.
    if (i % 1000 === 7) words.push(`rareword${i}`);
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 730) * 86_400_000).toISOString().slice(0, 10);
    return {
      id: `${userId}-${String(i).padStart(6, '0')}`,
      date: `${day}T${String(i % 24).padStart(2, '0')}:00`,
      amount: -Math.floor(next() * 500_000),
      note: words.join(' '),
      tags: next() < 0.1 ? [pick(TAGS)] : [],
      categoryId: pick(CATEGORIES),
      walletId: `wallet${Math.floor(next() * 3)}`,
    };
  });
}

async function fill(store: ReadStore, userId: string, seed: number, target = view): Promise<number> {
  const docs = documentsOf(userId, seed);
  const started = performance.now();
  for (let start = 0; start < docs.length; start += 1000) {
    const at = String(Date.now() * 1000 + start);
    await store.applyBatch('bench', at, async (uow) => {
      for (const doc of docs.slice(start, start + 1000)) uow.put(target.name, userId, doc.id, doc, at);
    });
  }
  return performance.now() - started;
}

const anyColumn = (token: string) => [
  { column: 'note', token, prefix: true },
  { column: 'tag', token, prefix: true },
];
const match = (...groups: TextMatch['all'][number][]): TextMatch => ({ all: groups });

/**
 * Wall-clock p50 and p99 of the runs, and the process's CPU time per run (user + system): on a
 * shared machine the wall clock also counts waiting for a core, the CPU time does not.
 */
async function time(runs: number, work: () => Promise<unknown>): Promise<{ p50: number; p99: number; cpu: number }> {
  await work();
  const samples: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  const cpuUsed = process.cpuUsage(cpuStart);
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    cpu: (cpuUsed.user + cpuUsed.system) / 1000 / runs,
  };
}

const dir = await mkdtemp(join(tmpdir(), 'plenty-bench-search-'));
const probe = process.env.SEARCH_BENCH_PROBE;
try {
  const store = await openSqliteReadStore({ path: join(dir, 'read.db') });
  await store.ensureViews([view]);
  const filled = await fill(store, 'alice', 1);
  await fill(store, 'bob', 2);
  if (probe !== undefined) {
    await store.close();
    await copyFile(join(dir, 'read.db'), probe);
    process.exit(0);
  }
  console.log(
    `read-store search bench, ${new Date().toISOString()}, Node ${process.version}, ${COUNT} documents a user, 2 users, ` +
      `load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
  );
  console.log(`store ${COUNT} documents with their FTS rows (batches of 1000): ${filled.toFixed(0)} ms`);
  const { search: _, ...unsearched } = view;
  const plain = { ...unsearched, name: 'bench_plain' };
  await store.ensureViews([plain]);
  console.log(`the same without search: ${(await fill(store, 'carol', 1, plain)).toFixed(0)} ms`);
  const byDate = [{ field: 'date', direction: 'desc' as const }];
  const finds: [string, Omit<FindQuery, 'userId' | 'sort' | 'limit'>][] = [
    ['common word prefix "co" (note or tag)', { match: match(anyColumn('co')) }],
    ['one Thai word "ข้าว"', { match: match(anyColumn('ข้าว')) }],
    ['one Lao word prefix "ຕະ"', { match: match(anyColumn('ຕະ')) }],
    ['rare word "rareword7"', { match: match(anyColumn('rareword7')) }],
    ['two words (AND) "lunch" "taxi"', { match: match(anyColumn('lunch'), anyColumn('taxi')) }],
    [
      'category by id or word "food"',
      { match: match([...anyColumn('food'), { column: 'ref', token: 'food', prefix: false }]) },
    ],
    [
      'word "coffee" in one month',
      { match: match(anyColumn('coffee')), ranges: { date: { gte: '2025-03-01', lt: '2025-04-01' } } },
    ],
    [
      'word "coffee", amount under -400000',
      { match: match(anyColumn('coffee')), ranges: { amount: { lt: -400_000 } } },
    ],
    ['word "gift" in category "gifts"', { match: match(anyColumn('gift')), where: { categoryId: 'gifts' } }],
    ['no word: one month (range only)', { ranges: { date: { gte: '2025-03-01', lt: '2025-04-01' } } }],
  ];
  console.log('first page (50, by date desc)                 p50 ms   p99 ms   cpu ms   found');
  for (const [name, query] of finds) {
    const full: FindQuery = { userId: 'alice', sort: byDate, limit: 50, ...query };
    const { p50, p99, cpu } = await time(RUNS, () => store.find(view.name, full));
    const page = await store.find(view.name, full);
    const second =
      page.nextCursor === null
        ? null
        : await time(RUNS, () => store.find(view.name, { ...full, cursor: page.nextCursor ?? '' }));
    console.log(
      `${name.padEnd(46)} ${p50.toFixed(2).padStart(7)} ${p99.toFixed(2).padStart(8)} ${cpu.toFixed(2).padStart(8)}   ${page.items.length}${page.nextCursor === null ? '' : '+'}` +
        (second === null ? '' : `   (2nd page p99 ${second.p99.toFixed(2)}, cpu ${second.cpu.toFixed(2)})`),
    );
  }
  const sums: [string, Omit<SumQuery, 'userId' | 'field' | 'groupBy'>][] = [
    ['sum: common word prefix "co"', { match: match(anyColumn('co')) }],
    ['sum: rare word', { match: match(anyColumn('rareword7')) }],
    [
      'sum: word "coffee" in one month',
      { match: match(anyColumn('coffee')), ranges: { date: { gte: '2025-03-01', lt: '2025-04-01' } } },
    ],
  ];
  for (const [name, query] of sums) {
    const { p50, p99, cpu } = await time(RUNS, () =>
      store.sum(view.name, { userId: 'alice', groupBy: ['categoryId'], field: 'amount', ...query }),
    );
    console.log(
      `${name.padEnd(46)} ${p50.toFixed(2).padStart(7)} ${p99.toFixed(2).padStart(8)} ${cpu.toFixed(2).padStart(8)}`,
    );
  }
  const started = performance.now();
  await store.applyBatch('bench', String(Date.now() * 1000 + 999_999), async (uow) => uow.purgeUser('bob'));
  console.log(
    `erase a user with ${COUNT} documents (purge, FTS optimize, log emptied): ${(performance.now() - started).toFixed(0)} ms`,
  );
  await store.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
