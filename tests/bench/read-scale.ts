import { cpus, loadavg, totalmem } from 'node:os';
import { addMonths, daysInMonth, monthOfDate } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { buildLoanSchedule } from '@plenty/contracts/loan-schedule';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { PREFERENCES_VIEW } from '@plenty/contracts/views/registry';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore, UnitOfWork } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { quarantineView } from '@plenty/projections/quarantine';
import { allProjections } from '@plenty/projections/all';
import { percentile } from './percentile.js';
import { exportFiles, startBenchQueryApi, streamExport, withBenchReadStore } from './read-side.js';
import { CATEGORIES, quick, syntheticId } from './synthetic.js';

/**
 * `node --import tsx --conditions=source tests/bench/read-scale.ts [--quick] [--runs=N]`: every page's
 * queries, in the order the web app sends them (frontend/src), for one user with 50,000
 * transactions over five years (split lines, tags, four wallets and transfers between them, custom
 * categories, category budgets), 20 debts with their schedules and payments and 10 goals with
 * contributions, beside another user with as many transactions; p50/p99 wall time and CPU time per
 * query and per page, over HTTP on loopback; then the CSV export streamed (time, peak RSS growth).
 * The read models are seeded through the projections, deterministically.
 */
const USER = 'bench-scale';
const OTHER = 'bench-scale-other';
const count = quick ? 10_000 : 50_000;
const runsArgument = process.argv.find((arg) => arg.startsWith('--runs='));
const runs = runsArgument === undefined ? (quick ? 30 : 200) : Number(runsArgument.slice('--runs='.length));
/**
 * `--store=<file>`: the read store in this file, kept afterwards; seeded only when it has no
 * checkpoint yet, so runs before and after a change read the very same data.
 */
const storePath = process.argv.find((arg) => arg.startsWith('--store='))?.slice('--store='.length);
/** `--only=<text>`: only the pages whose name contains it (`export` alone: only the export). */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const exportRunsArgument = process.argv.find((arg) => arg.startsWith('--export-runs='));
/** `--export-runs=N`: the export streamed N times, one after the other (default 1). */
const exportRuns = exportRunsArgument === undefined ? 1 : Number(exportRunsArgument.slice('--export-runs='.length));
/** Requests per query before timing: the first ones pay for compiling code and warming caches. */
const warmup = quick ? 5 : 20;
/** Five years of months ending with the current one. */
const MONTHS = 60;
const DEBTS = 20;
const GOALS = 10;
/** One transfer between wallets for this many transactions. */
const TRANSFER_EVERY = 40;

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

/** An id of kind `kind` (one hex digit) and number n, UUID v7 shaped. */
const idOf = (kind: number, n: number) =>
  `0190c7a4-000${kind.toString(16)}-7000-8000-${n.toString(16).padStart(12, '0')}`;
const CUSTOM_CATEGORIES = [0, 1, 2].map((n) => idOf(1, n));
const WALLETS = {
  cash: (userId: string) => defaultWalletId(userId, 'LAK'),
  bank: idOf(2, 0),
  eWallet: idOf(2, 1),
  card: idOf(2, 2),
} as const;

/** Makes RecordedEvents of one user with increasing positions. */
class Events {
  position = 0;
  constructor(private readonly recordedAt = '2026-11-01T00:00:00.000Z') {}

  event(userId: string, type: string, streamId: string, data: Record<string, unknown>): RecordedEvent {
    this.position += 1;
    const id = idOf(15, this.position);
    return {
      id,
      type,
      data,
      metadata: { userId, commandId: id, correlationId: id, occurredAt: this.recordedAt, schemaVersion: 1 },
      streamId,
      revision: 0,
      position: String(this.position),
      recordedAt: this.recordedAt,
    };
  }
}

const dayOf = (month: string, n: number) =>
  `${month}-${String((n % daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))) + 1).padStart(2, '0')}`;

/** The wallets, categories and category budgets a user starts with. */
function profileEvents(events: Events, userId: string, firstMonth: string): RecordedEvent[] {
  const profile = `profile-${userId}`;
  const opening = `${firstMonth}-01`;
  const wallet = (walletId: string, name: string, kind: string, currency: string) =>
    events.event(userId, 'WalletOpened', profile, {
      walletId,
      name,
      kind,
      currency,
      openingBalance: 10_000_000,
      openingDate: opening,
      icon: 'wallet',
      color: '#336699',
      excludeFromTotals: false,
    });
  return [
    wallet(WALLETS.bank, 'BCEL', 'bank', 'THB'),
    wallet(WALLETS.eWallet, 'TrueMoney', 'e_wallet', 'THB'),
    wallet(WALLETS.card, 'Visa', 'credit_card', 'USD'),
    ...CUSTOM_CATEGORIES.map((categoryId, n) =>
      events.event(userId, 'CategoryAdded', profile, {
        categoryId,
        name: ['ตลาด', 'ເດີນທາງ', 'Pets'][n] ?? 'Other',
        type: 'expense',
        icon: 'tag',
        color: '#aa3366',
      }),
    ),
    ...[...CATEGORIES, ...CUSTOM_CATEGORIES].map((categoryId, n) =>
      events.event(userId, 'CategoryBudgetSet', profile, {
        categoryId,
        month: firstMonth,
        limit: { amount: 2_000_000 + n * 100_000, currency: 'THB' },
        repeat: true,
      }),
    ),
    // A limit changed halfway, as people do.
    events.event(userId, 'CategoryBudgetSet', profile, {
      categoryId: 'builtin-food',
      month: addMonths(firstMonth, MONTHS / 2),
      limit: { amount: 3_000_000, currency: 'THB' },
      repeat: true,
    }),
  ];
}

/** The n-th transaction of a user (and every TRANSFER_EVERY-th, a transfer), spread evenly over the months. */
function transactionEvents(events: Events, userId: string, n: number, firstMonth: string): RecordedEvent[] {
  const month = addMonths(firstMonth, Math.floor((n * MONTHS) / count));
  const date = dayOf(month, n);
  const transactionId = syntheticId(n);
  // Cash in kip, the bank and e-wallet in baht, the card in dollars.
  const wallet = n % 4;
  const currency = wallet === 0 ? 'LAK' : wallet === 3 ? 'USD' : 'THB';
  const walletId =
    wallet === 0 ? WALLETS.cash(userId) : wallet === 1 ? WALLETS.bank : wallet === 2 ? WALLETS.eWallet : WALLETS.card;
  const income = n % 5 === 0;
  const amount = 100 + ((n * 7919) % 500_000);
  const categoryId = income
    ? 'builtin-salary'
    : n % 13 === 0
      ? (CUSTOM_CATEGORIES[n % CUSTOM_CATEGORIES.length] ?? 'builtin-food')
      : (CATEGORIES[n % CATEGORIES.length] ?? 'builtin-food');
  const split = !income && n % 11 === 0;
  const tags = n % 4 === 0 ? TAGS[(n / 4) % TAGS.length] : undefined;
  const note = n % 7 === 0 ? undefined : `${NOTES[n % NOTES.length] ?? ''} #${n}`;
  const added = events.event(userId, 'TransactionAdded', `transaction-${transactionId}`, {
    transactionId,
    type: income ? 'income' : 'expense',
    amount: { amount, currency },
    categoryId,
    date,
    ...(n % 2 === 0 ? { time: '12:00' } : {}),
    ...(note === undefined ? {} : { note }),
    // The cash wallet is the default one of kip: its transactions name no wallet, as before wallets.
    ...(wallet === 0 ? {} : { walletId }),
    ...(split
      ? {
          splits: [
            { categoryId, amount: Math.floor(amount / 2), note: 'ของใช้ในบ้าน' },
            { categoryId: 'builtin-utilities', amount: amount - Math.floor(amount / 2) },
          ],
        }
      : {}),
    ...(tags === undefined ? {} : { tags }),
  });
  if (n % TRANSFER_EVERY !== 0) return [added];
  const transferId = idOf(3, n);
  const toCard = n % (TRANSFER_EVERY * 2) === 0;
  return [
    added,
    events.event(userId, 'TransferRecorded', `transfer-${transferId}`, {
      transferId,
      fromWalletId: WALLETS.bank,
      toWalletId: toCard ? WALLETS.card : WALLETS.eWallet,
      amountOut: { amount: 350_000, currency: 'THB' },
      amountIn: toCard ? { amount: 10_000, currency: 'USD' } : { amount: 350_000, currency: 'THB' },
      date,
      note: toCard ? 'Pay the card' : 'Top up',
    }),
  ];
}

/** A debt: opened some months into the five years, its installments due before today paid, a few extra payments. */
function debtEvents(events: Events, userId: string, n: number, firstMonth: string, today: string): RecordedEvent[] {
  const debtId = idOf(4, n);
  const stream = `debt-${debtId}`;
  const terms = {
    principal: 5_000_000 + n * 1_000_000,
    annualRatePercent: String(3 + (n % 5)),
    loanType: 'emi',
    startDate: `${addMonths(firstMonth, n * 2)}-15`,
    paymentDueDay: 15,
    termMonths: [60, 120, 240, 360][n % 4] ?? 120,
  } as const;
  const schedule = buildLoanSchedule(terms);
  let revision = 0;
  const event = (type: string, data: Record<string, unknown>): RecordedEvent => ({
    ...events.event(userId, type, stream, { debtId, ...data }),
    revision: revision++,
  });
  const opened = event('DebtOpened', {
    name: `Loan ${n}`,
    type: n % 3 === 0 ? 'mortgage' : 'personal',
    initialAmount: terms.principal,
    currentAmount: terms.principal,
    annualRatePercent: terms.annualRatePercent,
    paymentDueDay: terms.paymentDueDay,
    lender: 'Bank',
    icon: 'house',
    color: '#336699',
    currency: n % 2 === 0 ? 'USD' : 'THB',
    loanType: 'emi',
    termMonths: terms.termMonths,
    openDate: terms.startDate,
    startDate: terms.startDate,
    installment: schedule.installment,
  });
  const paid = schedule.rows
    .filter((row) => row.dueDate < today)
    .map((row) =>
      event('InstallmentMarkedPaid', { ...row, paymentId: idOf(5, n * 1000 + row.number), date: row.dueDate }),
    );
  const extras = [0, 1, 2].map((k) =>
    event('PaymentRecorded', {
      paymentId: idOf(6, n * 10 + k),
      amount: 100_000,
      date: `${addMonths(firstMonth, n * 2 + 6 + k * 6)}-01`,
      notes: 'extra',
    }),
  );
  return [opened, ...paid, ...extras];
}

/** A goal with a contribution every other month since it was set, and one withdrawal. */
function goalEvents(
  events: Events,
  userId: string,
  n: number,
  firstMonth: string,
  currentMonth: string,
): RecordedEvent[] {
  const goalId = idOf(7, n);
  const profile = `profile-${userId}`;
  const start = addMonths(firstMonth, n * 3);
  const currency = n % 2 === 0 ? 'THB' : 'LAK';
  const result = [
    events.event(userId, 'GoalAdded', profile, {
      goalId,
      name: ['บ้าน', 'ລົດ', 'Trip to Japan', 'Wedding', 'Laptop'][n % 5] ?? 'Goal',
      target: { amount: 50_000_000 + n * 5_000_000, currency },
      saved: { amount: 0, currency },
      targetDate: `${addMonths(currentMonth, 12 + n)}-01`,
    }),
  ];
  for (let month = start; month <= currentMonth; month = addMonths(month, 2)) {
    result.push(
      events.event(userId, 'GoalContributed', profile, {
        goalId,
        amount: { amount: 500_000, currency },
        date: `${month}-05`,
      }),
    );
  }
  result.push(
    events.event(userId, 'GoalWithdrawn', profile, {
      goalId,
      amount: { amount: 200_000, currency },
      date: `${currentMonth}-02`,
    }),
  );
  return result;
}

async function project(uow: UnitOfWork, event: RecordedEvent): Promise<void> {
  for (const projection of allProjections) {
    if (projection.handles.includes(event.type)) await projection.apply(event, uow);
  }
}

/** A page: what it is and the queries the web app sends for it, in order. */
interface PageQueries {
  readonly page: string;
  readonly queries: readonly string[];
}

/** The bench's read store: a temporary one, or the one in `--store`'s file, kept. */
async function withReadStore(bench: (readStore: ReadStore) => Promise<void>): Promise<void> {
  if (storePath === undefined) return withBenchReadStore('read-scale', bench);
  const readStore = await openSqliteReadStore({ path: storePath });
  try {
    await readStore.ensureViews([...allProjections.flatMap((p) => p.views), ...allProjections.map(quarantineView)]);
    await bench(readStore);
  } finally {
    await readStore.close();
  }
}

async function main(): Promise<void> {
  await withReadStore(async (readStore) => {
    const preferences: PreferencesView = {
      ...DEFAULT_PREFERENCES_VIEW,
      currency: 'THB',
      timeZone: 'Asia/Vientiane',
      monthlyBudget: { amount: 5_000_000, currency: 'LAK' },
    };
    const today = localDate(new Date(), preferences.timeZone);
    const currentMonth = monthOfDate(today);
    const firstMonth = addMonths(currentMonth, -(MONTHS - 1));
    const events = new Events();
    const seedStarted = performance.now();
    /** Applies the events in batches, as the projector does. */
    const apply = async (all: RecordedEvent[]) => {
      for (let start = 0; start < all.length; start += 5000) {
        const batch = all.slice(start, start + 5000);
        await readStore.applyBatch('bench', batch.at(-1)?.position ?? '0', async (uow) => {
          for (const event of batch) await project(uow, event);
        });
      }
    };
    let seeded = 0;
    const kept = await readStore.getCheckpoint('bench');
    for (const userId of kept === null ? [USER, OTHER] : []) {
      const all = profileEvents(events, userId, firstMonth);
      for (let n = 0; n < count; n += 1) all.push(...transactionEvents(events, userId, n, firstMonth));
      if (userId === USER) {
        for (let n = 0; n < DEBTS; n += 1) all.push(...debtEvents(events, userId, n, firstMonth, today));
        for (let n = 0; n < GOALS; n += 1) all.push(...goalEvents(events, userId, n, firstMonth, currentMonth));
      }
      await apply(all);
      seeded += all.length;
    }
    if (kept === null) {
      const preferencesPosition = String((events.position += 1));
      await readStore.applyBatch('bench', preferencesPosition, async (uow) => {
        uow.put(PREFERENCES_VIEW, USER, PREFERENCES_DOC_ID, preferences, preferencesPosition);
      });
    } else {
      events.position = Number(kept);
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    let currentUser = USER;
    const { app, base, headers } = await startBenchQueryApi(
      readStore,
      () => currentUser,
      () => events.position,
      exportFiles(readStore),
    );
    const get = async (query: string): Promise<Response> => {
      const response = await fetch(`${base}/api/queries/${query}`, { headers });
      if (!response.ok) throw new Error(`${query}: ${response.status} ${await response.text()}`);
      return response;
    };

    const debtId = idOf(4, 0);
    const range = { from: `${addMonths(currentMonth, -11)}-01`, to: today };
    const list = (filters: string) => [`transactions?${filters}sort=newest&limit=200`];
    // The queries of each page, read from frontend/src (api.ts of each feature; the list's page is
    // 200 rows, history pages 20); the preferences and categories every signed-in page shares come first.
    const PAGES: readonly PageQueries[] = [
      {
        page: 'dashboard',
        queries: ['preferences', 'categories', 'upcoming?days=7', 'dashboard', 'wallets', 'net-worth', 'goals'],
      },
      { page: 'reports, this month', queries: ['reports', 'net-worth'] },
      { page: 'reports, the last 12 months', queries: [`reports/range?from=${range.from}&to=${range.to}`] },
      {
        page: 'transaction list, first page',
        queries: ['tags', ...list(''), 'transactions/totals', 'upcoming?days=30'],
      },
      { page: 'search, a word', queries: [...list('q=coffee&'), 'transactions/totals?q=coffee'] },
      {
        page: 'search, a Thai word',
        queries: [...list(`q=${encodeURIComponent('ร้าน')}&`), `transactions/totals?q=${encodeURIComponent('ร้าน')}`],
      },
      {
        page: 'search, a tag',
        queries: [
          ...list(`tag=${encodeURIComponent('trip luang prabang')}&`).map((q) => q),
          `transactions/totals?tag=${encodeURIComponent('trip luang prabang')}`,
        ],
      },
      {
        page: 'search, by highest value',
        queries: ['transactions?sort=highest&limit=200', 'transactions/totals'],
      },
      // The list of a search sorted by value, without dates (the search keys answer it too).
      {
        page: 'search, a word by highest value',
        queries: ['transactions?q=coffee&sort=highest&limit=200', 'transactions/totals?q=coffee'],
      },
      {
        page: 'search, a tag by highest value',
        queries: [
          `transactions?tag=${encodeURIComponent('trip luang prabang')}&sort=highest&limit=200`,
          `transactions/totals?tag=${encodeURIComponent('trip luang prabang')}`,
        ],
      },
      {
        page: 'search, a word by highest value, half a year',
        queries: [
          `transactions?from=${addMonths(currentMonth, -5)}-01&to=${today}&q=${encodeURIComponent('ร้าน')}&sort=highest&limit=200`,
          `transactions/totals?from=${addMonths(currentMonth, -5)}-01&to=${today}&q=${encodeURIComponent('ร้าน')}`,
        ],
      },
      { page: 'debt list', queries: ['debts', 'wallets'] },
      {
        page: 'debt detail with schedule',
        queries: [`debts/${debtId}`, 'wallets', `debts/${debtId}/history?limit=20`],
      },
      { page: 'goals', queries: ['goals'] },
      { page: 'budget', queries: ['budgets', 'categories'] },
    ];

    const load = () =>
      loadavg()
        .map((n) => n.toFixed(1))
        .join(' ');
    console.log(
      `\n## Reads at scale: one user with ${count} transactions over ${MONTHS} months, ${DEBTS} debts, ${GOALS} goals (${runs} runs each)\n`,
    );
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`,
    );
    console.log(`load average ${load()} at the start`);
    console.log(`(${seeded} events seeded through the projections in ${seedSeconds.toFixed(1)} s, two users)`);
    console.log(
      "cpu ms: the process's CPU time per request (server and client), which waiting for a core adds nothing to: mean, p50 and p99\n",
    );
    console.log('| page | query | p50 ms | p99 ms | cpu ms | cpu p50 | cpu p99 | KiB |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const { page, queries } of PAGES.filter((p) => only === undefined || p.page.includes(only))) {
      const times = queries.map((): number[] => []);
      const cpu = queries.map(() => 0);
      const cpuTimes = queries.map((): number[] => []);
      const sizes = queries.map(() => 0);
      const totals: number[] = [];
      for (let i = 0; i < warmup + runs; i += 1) {
        let pageTime = 0;
        for (const [k, query] of queries.entries()) {
          const cpuStart = process.cpuUsage();
          const started = performance.now();
          const text = await (await get(query)).text();
          const elapsed = performance.now() - started;
          const used = process.cpuUsage(cpuStart);
          pageTime += elapsed;
          if (i < warmup) continue;
          times[k]?.push(elapsed);
          cpu[k] = (cpu[k] ?? 0) + (used.user + used.system) / 1000;
          cpuTimes[k]?.push((used.user + used.system) / 1000);
          sizes[k] = text.length;
        }
        if (i >= warmup) totals.push(pageTime);
      }
      for (const [k, query] of queries.entries()) {
        const sorted = (times[k] ?? []).sort((a, b) => a - b);
        const cpuSorted = (cpuTimes[k] ?? []).sort((a, b) => a - b);
        console.log(
          `| ${k === 0 ? page : ''} | \`${query.replace(debtId, ':id')}\` | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${((cpu[k] ?? 0) / runs).toFixed(1)} | ${percentile(cpuSorted, 50).toFixed(1)} | ${percentile(cpuSorted, 99).toFixed(1)} | ${((sizes[k] ?? 0) / 1024).toFixed(0)} |`,
        );
      }
      totals.sort((a, b) => a - b);
      console.log(
        `| | **all of the page's queries, one after another** | ${percentile(totals, 50).toFixed(1)} | ${percentile(totals, 99).toFixed(1)} | ${(cpu.reduce((a, b) => a + b, 0) / runs).toFixed(1)} | | | |`,
      );
    }
    console.log(`\nload average ${load()} at the end`);

    // The export of the same user, streamed.
    currentUser = USER;
    if (only !== undefined && only !== 'export') {
      await app.close();
      return;
    }
    console.log(`\n## CSV export of the same user, streamed (${exportRuns} runs)\n`);
    console.log('| run | rows | MB | seconds | cpu seconds | peak RSS growth MB | load average |');
    console.log('|---:|---:|---:|---:|---:|---:|---|');
    for (let run = 1; run <= exportRuns; run += 1) {
      const link = (await (await get('export/link?locale=th')).json()) as { url: string };
      global.gc?.();
      const cpuStart = process.cpuUsage();
      const { bytes, lines, seconds, rssGrowth } = await streamExport(`${base}${link.url}`);
      const used = process.cpuUsage(cpuStart);
      console.log(
        `| ${run} | ${lines - 1} | ${(bytes / 1e6).toFixed(1)} | ${seconds.toFixed(2)} | ${((used.user + used.system) / 1e6).toFixed(2)} | ${(rssGrowth / 1e6).toFixed(1)} | ${load()} |`,
      );
    }
    await app.close();
  });
}

await main();
