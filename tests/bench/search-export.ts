import { cpus, loadavg } from 'node:os';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { allProjections } from '@plenty/projections/all';
import { percentile } from './percentile.js';
import { exportFiles, startBenchQueryApi, streamExport, withBenchReadStore } from './read-side.js';
import { CATEGORIES, CURRENCIES, quick, syntheticId } from './synthetic.js';

/**
 * `node --import tsx --conditions=source tests/bench/search-export.ts [--quick] [--runs=N]`: p50/p99 of the transactions
 * list with a search (notes in Thai, Lao and English, some transactions split, some tagged), date
 * ranges, tags and amounts, and of the totals query for one user with 50,000 transactions, and the
 * time and peak RSS growth of streaming a CSV export of 100,000, over HTTP on loopback.
 */
const LIST_USER = 'bench-search';
const EXPORT_USER = 'bench-export';
const listCount = quick ? 10_000 : 50_000;
const exportCount = quick ? 20_000 : 100_000;
/** `--runs=N` times each query N times instead (a loaded machine takes long over 500). */
const runsArgument = process.argv.find((arg) => arg.startsWith('--runs='));
const runs = runsArgument === undefined ? (quick ? 50 : 500) : Number(runsArgument.slice('--runs='.length));
/** Requests per query before timing: the first ones pay for compiling code and warming caches. */
const warmup = quick ? 10 : 50;

const NOTES = [
  'ข้าวมันไก่ ร้านป้า',
  'ເຂົ້າໜຽວ ຕະຫຼາດເຊົ້າ',
  'Coffee with Noy',
  'Grab to office',
  'Rent, "November"',
  'กาแฟเย็นร้านป้าใกล้บ้าน',
  'ຄ່າໄຟຟ້າເດືອນນີ້',
];
const TAGS = [['Trip Luang Prabang'], ['งานแต่ง', 'family'], ['ງານບຸນ']];

function transaction(n: number): TransactionView {
  const day = String((n % 28) + 1).padStart(2, '0');
  const month = String((n % 12) + 1).padStart(2, '0');
  const id = syntheticId(n);
  const currency = CURRENCIES[n % CURRENCIES.length] ?? 'USD';
  const amount = 100 + ((n * 7919) % 500_000);
  const categoryId = n % 5 === 0 ? 'builtin-salary' : (CATEGORIES[n % CATEGORIES.length] ?? 'builtin-food');
  // One expense in eleven is split in two lines (the second one in Utilities); one in four is tagged.
  const splits =
    n % 5 !== 0 && n % 11 === 0
      ? [
          { categoryId, amount: Math.floor(amount / 2), note: 'ของใช้ในบ้าน' },
          { categoryId: 'builtin-utilities', amount: amount - Math.floor(amount / 2), note: null },
        ]
      : null;
  return {
    id,
    type: n % 5 === 0 ? 'income' : 'expense',
    amount: { amount, currency },
    categoryId,
    date: `2026-${month}-${day}`,
    time: n % 2 === 0 ? '12:00' : null,
    note: n % 7 === 0 ? null : `${NOTES[n % NOTES.length] ?? ''} #${n}`,
    receipt: null,
    location: null,
    // The events name no wallet (as before wallets): the default one of the currency.
    walletId: defaultWalletId(LIST_USER, currency),
    splits,
    tags: n % 4 === 0 ? (TAGS[(n / 4) % TAGS.length] ?? []) : [],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    revision: 0,
  };
}

async function main(): Promise<void> {
  await withBenchReadStore('search', async (readStore) => {
    let position = 0;
    /** Projects TransactionAdded events n = start … end - 1 of a user, as the projector would. */
    const project = async (userId: string, start: number, end: number) => {
      await readStore.applyBatch('bench', String(position + end - start), async (uow) => {
        for (let n = start; n < end; n += 1) {
          position += 1;
          const {
            id,
            createdAt,
            updatedAt,
            revision,
            time,
            note,
            receipt,
            location,
            walletId,
            splits,
            tags,
            ...fields
          } = transaction(n);
          const event: RecordedEvent = {
            id: `${userId}-${n}`,
            type: 'TransactionAdded',
            data: {
              transactionId: id,
              ...fields,
              ...(time === null ? {} : { time }),
              ...(note === null ? {} : { note }),
              ...(splits === null || splits === undefined
                ? {}
                : { splits: splits.map((line) => (line.note === null ? { ...line, note: undefined } : line)) }),
              ...(tags === undefined || tags.length === 0 ? {} : { tags }),
            },
            metadata: { userId, commandId: id, correlationId: id, occurredAt: createdAt, schemaVersion: 1 },
            streamId: `transaction-${id}`,
            revision,
            position: String(position),
            recordedAt: updatedAt,
          };
          void receipt;
          void location;
          void walletId;
          for (const projection of allProjections) {
            if (projection.handles.includes(event.type)) await projection.apply(event, uow);
          }
        }
      });
    };
    for (const [userId, count] of [
      [LIST_USER, listCount],
      [EXPORT_USER, exportCount],
    ] as const) {
      for (let start = 0; start < count; start += 5000) await project(userId, start, Math.min(count, start + 5000));
    }

    let currentUser = LIST_USER;
    const { app, base, headers } = await startBenchQueryApi(
      readStore,
      () => currentUser,
      () => position,
      exportFiles(readStore),
    );

    console.log(`\n## Search and totals, one user with ${listCount} transactions (${runs} runs each)\n`);
    const load = loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    console.log(`load average ${load} on ${cpus().length} cores, ${new Date().toISOString()}`);
    console.log(
      "cpu ms: the process's CPU time per request (server and client), which waiting for a core adds nothing to\n",
    );
    console.log('| query | p50 ms | p99 ms | cpu ms | answer |');
    console.log('|---|---:|---:|---:|---|');
    const firstPage = (await (await fetch(`${base}/api/queries/transactions?limit=50`, { headers })).json()) as {
      nextCursor: string;
    };
    // A cursor 25,000 rows deep, to show pages cost the same at any depth.
    let deep = firstPage.nextCursor;
    for (let i = 0; i < Math.floor(listCount / 2 / 200); i += 1) {
      const page = (await (
        await fetch(`${base}/api/queries/transactions?limit=200&cursor=${encodeURIComponent(deep)}`, { headers })
      ).json()) as { nextCursor: string };
      deep = page.nextCursor;
    }
    const queries = [
      'transactions?limit=50',
      `transactions?limit=50&cursor=${encodeURIComponent(deep)}`,
      'transactions?limit=50&type=expense&sort=highest',
      'transactions?limit=50&categoryId=builtin-transport&sort=oldest',
      'transactions?limit=50&q=coffee',
      `transactions?limit=50&q=${encodeURIComponent('ตลาด')}`,
      `transactions?limit=50&q=${encodeURIComponent('ຕະຫຼາດ')}&type=expense`,
      'transactions?limit=50&q=nothing-matches-this',
      'transactions/totals',
      'transactions/totals?type=expense',
      'transactions/totals?categoryId=builtin-transport',
      'transactions/totals?q=coffee',
      // Search that finds anything: words, Thai words, category names, tags, amounts, dates.
      'transactions?limit=50&q=noy',
      `transactions?limit=50&q=${encodeURIComponent('กาแฟ')}`,
      `transactions?limit=50&q=${encodeURIComponent('กาแฟเย')}`,
      'transactions?limit=50&q=utilities',
      `transactions?limit=50&q=${encodeURIComponent('การเดินทาง')}`,
      `transactions?limit=50&tag=${encodeURIComponent('trip luang prabang')}`,
      `transactions?limit=50&q=${encodeURIComponent('>500')}`,
      'transactions?limit=50&from=2026-03-01&to=2026-03-31',
      `transactions?limit=50&type=expense&from=2026-01-01&to=2026-06-30&q=${encodeURIComponent('coffee >500')}`,
      `transactions?limit=50&sort=highest&from=2026-01-01&to=2026-06-30&q=${encodeURIComponent('ร้าน')}`,
      'transactions?limit=50&categoryId=builtin-utilities',
      'transactions/totals?categoryId=builtin-utilities',
      'transactions/totals?from=2026-03-01&to=2026-03-31',
      `transactions/totals?tag=${encodeURIComponent('trip luang prabang')}`,
    ];
    for (const query of queries) {
      const times: number[] = [];
      let summary = '';
      let cpuStart = process.cpuUsage();
      for (let i = 0; i < warmup + runs; i += 1) {
        if (i === warmup) cpuStart = process.cpuUsage();
        const started = performance.now();
        const response = await fetch(`${base}/api/queries/${query}`, { headers });
        const body = (await response.json()) as { items?: unknown[]; count?: number };
        if (i >= warmup) times.push(performance.now() - started);
        if (!response.ok) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
        summary = body.items !== undefined ? `${body.items.length} items` : `count ${body.count ?? '?'}`;
      }
      const cpuUsed = process.cpuUsage(cpuStart);
      const cpu = (cpuUsed.user + cpuUsed.system) / 1000 / runs;
      times.sort((a, b) => a - b);
      console.log(
        `| \`${query.replace(/cursor=[^&]+/, 'cursor=<25,000 rows in>')}\` | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${cpu.toFixed(1)} | ${summary} |`,
      );
    }

    // Searches read the view as it is: a write just before costs nothing extra.
    const afterWrite: number[] = [];
    for (let i = 0; i < (quick ? 10 : 50); i += 1) {
      await project(LIST_USER, listCount + i, listCount + i + 1);
      const started = performance.now();
      await (await fetch(`${base}/api/queries/transactions?limit=50&q=nothing-matches-this`, { headers })).json();
      afterWrite.push(performance.now() - started);
    }
    afterWrite.sort((a, b) => a - b);
    console.log(
      `| search right after a write | ${percentile(afterWrite, 50).toFixed(1)} | ${percentile(afterWrite, 99).toFixed(1)} | | |`,
    );

    currentUser = EXPORT_USER;
    const link = (await (await fetch(`${base}/api/queries/export/link?locale=th`, { headers })).json()) as {
      url: string;
    };
    global.gc?.();
    const { bytes, lines, seconds, rssGrowth } = await streamExport(`${base}${link.url}`);
    console.log(`\n## CSV export of ${exportCount} transactions\n`);
    console.log('| rows | MB | seconds | peak RSS growth MB |');
    console.log('|---:|---:|---:|---:|');
    console.log(
      `| ${lines - 1} | ${(bytes / 1e6).toFixed(1)} | ${seconds.toFixed(2)} | ${(rssGrowth / 1e6).toFixed(1)} |`,
    );
    await app.close();
  });
}

await main();
