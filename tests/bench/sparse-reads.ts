// The reads the sparse indexes serve, at scale: one user's 50,000 transactions over five years,
// a tenth of them posted by 12 recurring rules and 2,000 added by 4 imports, the rest entered by
// hand. The same documents are written into a read file whose sparse indexes hold every row
// (PLENTY_READ_SPARSE_INDEXES=off) and into one where they are partial, alternately; then each
// query is timed on both (CPU per query of this process, p50 / p99) and their answers compared.
// The queries are the transaction list's and totals' with a rule or an import (`ruleId`,
// `importId`, newest first, a later page, with dates and a type) and the split contributions.
//
//   node --import tsx --conditions=source tests/bench/sparse-reads.ts [--runs N] [--transactions N]
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { encodeCursor } from '@plenty/platform/read-store/keys';
import type { FindQuery, ReadStore, SumQuery } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { transactionsView } from '@plenty/projections/transactions.projection';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index < 0 ? undefined : process.argv[index + 1];
  return value === undefined ? fallback : Number(value.replaceAll('_', ''));
}
const runs = option('runs', 200);
const count = option('transactions', 50_000);
const USER = 'bench-user';
const RULES = 12;
const IMPORTS = 4;
const IMPORTED = 2_000;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Transaction `n`: dated over five years, every tenth posted by a rule, the last 2,000 imported. */
function transaction(n: number): TransactionView {
  const day = Math.floor((n * 5 * 365) / count);
  const date = new Date(Date.UTC(2021, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  const imported = n >= count - IMPORTED;
  return {
    id: `t-${pad(n, 6)}`,
    type: n % 7 === 0 ? 'income' : 'expense',
    amount: { amount: 1_000 + ((n * 7_919) % 500_000), currency: n % 5 === 0 ? 'LAK' : 'THB' },
    categoryId: `c-${n % 20}`,
    date,
    time: null,
    note: `note ${n % 300}`,
    receipt: null,
    location: null,
    walletId: `w-${n % 4}`,
    recurrence: n % 10 === 0 ? { ruleId: `r-${n % (10 * RULES)}`, date } : null,
    import: imported ? { batchId: `i-${n % IMPORTS}`, row: n } : null,
    splits: null,
    tags: [],
    createdAt: `${date}T00:00:00.000Z`,
    updatedAt: `${date}T00:00:00.000Z`,
    revision: 0,
  };
}

async function fill(store: ReadStore): Promise<void> {
  await store.ensureViews([transactionsView]);
  for (let start = 0; start < count; start += 5_000) {
    const at = String(start + 1);
    await store.applyBatch('bench', at, async (uow) => {
      for (let n = start; n < Math.min(count, start + 5_000); n += 1) {
        const doc = transaction(n);
        uow.put(transactionsView.name, USER, doc.id, doc, at);
      }
    });
  }
}

type Query = { readonly name: string; readonly run: (store: ReadStore) => Promise<unknown> };

const NEWEST: FindQuery['sort'] = [{ field: 'occurredAt', direction: 'desc' }];
const find = (query: Omit<FindQuery, 'userId'>) => async (store: ReadStore) => {
  const page = await store.find(transactionsView.name, { userId: USER, ...query });
  return [page.items.map((item) => item.id), page.nextCursor];
};
const sum = (query: Omit<SumQuery, 'userId'>) => async (store: ReadStore) =>
  (await store.sum(transactionsView.name, { userId: USER, ...query })).map((g) => ({ ...g, sum: String(g.sum) }));

const QUERIES: readonly Query[] = [
  { name: 'a rule’s transactions, newest 50', run: find({ where: { ruleId: 'r-10' }, sort: NEWEST, limit: 50 }) },
  {
    name: 'a rule’s transactions, the page after 2023',
    run: find({ where: { ruleId: 'r-10' }, sort: NEWEST, limit: 50, cursor: encodeCursor(['2023-01-01T00:00', '~']) }),
  },
  { name: 'a rule’s totals', run: sum({ where: { ruleId: 'r-10' }, groupBy: ['type', 'currency'], field: 'amount' }) },
  { name: 'an import’s transactions, newest 50', run: find({ where: { importId: 'i-1' }, sort: NEWEST, limit: 50 }) },
  {
    name: 'an import’s expenses since 2025-06',
    run: find({
      where: { importId: 'i-1', type: 'expense' },
      ranges: { occurredAt: { gte: '2025-06-01' } },
      sort: NEWEST,
      limit: 50,
    }),
  },
  {
    name: 'an import’s totals',
    run: sum({ where: { importId: 'i-1' }, groupBy: ['type', 'currency'], field: 'amount' }),
  },
  { name: 'the list, newest 50 (no rule or import)', run: find({ sort: NEWEST, limit: 50 }) },
];

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'plenty-bench-sparse-reads-'));
  const stores = new Map<string, ReadStore>();
  try {
    for (const kind of ['full', 'sparse'] as const) {
      if (kind === 'full') process.env['PLENTY_READ_SPARSE_INDEXES'] = 'off';
      else delete process.env['PLENTY_READ_SPARSE_INDEXES'];
      const store = await openSqliteReadStore({ path: join(dir, `${kind}.db`) });
      await fill(store);
      stores.set(kind, store);
    }
    console.log(
      `${count} transactions of one user, ${runs} runs of each query on each file alternately, load ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}\n`,
    );
    console.log('| query | full p50 ms | full p99 ms | sparse p50 ms | sparse p99 ms | answers |');
    console.log('|---|---:|---:|---:|---:|---|');
    let differ = 0;
    for (const query of QUERIES) {
      const times = new Map<string, number[]>([
        ['full', []],
        ['sparse', []],
      ]);
      const answers = new Map<string, string>();
      for (let run = 0; run < runs; run += 1) {
        for (const [kind, store] of stores) {
          const before = process.cpuUsage();
          const answer = await query.run(store);
          const used = process.cpuUsage(before);
          times.get(kind)?.push((used.user + used.system) / 1000);
          if (run === 0) answers.set(kind, JSON.stringify(answer));
        }
      }
      const same = answers.get('full') === answers.get('sparse');
      if (!same) differ += 1;
      const cells = ['full', 'sparse'].flatMap((kind) => {
        const sorted = [...(times.get(kind) ?? [])].sort((a, b) => a - b);
        return [percentile(sorted, 50).toFixed(2), percentile(sorted, 99).toFixed(2)];
      });
      console.log(`| ${query.name} | ${cells.join(' | ')} | ${same ? 'equal' : 'DIFFER'} |`);
    }
    console.log(
      `\nload ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    if (differ > 0) process.exitCode = 1;
  } finally {
    for (const store of stores.values()) await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
