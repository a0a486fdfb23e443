import type { DebtDetail } from '@plenty/contracts/views/debts';
import { buildLoanSchedule } from '@plenty/contracts/loan-schedule';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { DEBTS_VIEW } from '@plenty/contracts/views/registry';
import { allProjections } from '@plenty/projections/all';
import { percentile } from './percentile.js';
import { startBenchQueryApi, withBenchReadStore } from './read-side.js';
import { quick, syntheticId } from './synthetic.js';

/**
 * `node --import tsx --conditions=source tests/bench/debts.ts [--quick]`: p50/p99 of the debt
 * detail (a 360-row EMI mortgage with 120 installments paid and extra payments) and of the
 * tracker's list with ten debts, over HTTP on loopback; and the projector's time per payment.
 */
const USER = 'bench-debts';
const runs = quick ? 200 : 2000;
const warmup = quick ? 20 : 200;
const DEBTS = 10;
const PAID_ROWS = 120;
const EXTRAS = 3;

const terms = {
  principal: 20_000_000,
  annualRatePercent: '6',
  loanType: 'emi',
  startDate: '2016-01-15',
  paymentDueDay: 31,
  termMonths: 360,
} as const;

function debtIdOf(n: number): string {
  return syntheticId(n);
}

/** The events of one debt: opened, PAID_ROWS rows paid, then EXTRAS extra payments. */
function historyOf(n: number, next: () => number): RecordedEvent[] {
  const debtId = debtIdOf(n);
  const schedule = buildLoanSchedule(terms);
  let revision = 0;
  const event = (type: string, data: Record<string, unknown>): RecordedEvent => {
    const position = next();
    const id = `0190c7a4-0000-7000-9000-${position.toString(16).padStart(12, '0')}`;
    return {
      id,
      type,
      data: { debtId, ...data },
      metadata: {
        userId: USER,
        commandId: id,
        correlationId: id,
        occurredAt: '2026-11-01T00:00:00.000Z',
        schemaVersion: 1,
      },
      streamId: `debt-${debtId}`,
      revision: revision++,
      position: String(position),
      recordedAt: '2026-11-01T00:00:00.000Z',
    };
  };
  const events = [
    event('DebtOpened', {
      name: `Mortgage ${n}`,
      type: 'mortgage',
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
    }),
  ];
  for (const row of schedule.rows.slice(0, PAID_ROWS)) {
    events.push(
      event('InstallmentMarkedPaid', {
        ...row,
        paymentId: debtIdOf(100_000 + n * 1000 + row.number),
        date: row.dueDate,
      }),
    );
  }
  for (let k = 0; k < EXTRAS; k += 1) {
    events.push(
      event('PaymentRecorded', {
        paymentId: debtIdOf(200_000 + n * 10 + k),
        amount: 100_000,
        date: '2026-06-01',
        notes: 'extra',
      }),
    );
  }
  return events;
}

async function main(): Promise<void> {
  await withBenchReadStore('debts', async (readStore) => {
    let position = 0;
    const next = () => (position += 1);
    const perEvent: number[] = [];
    for (let n = 0; n < DEBTS; n += 1) {
      const events = historyOf(n, next);
      await readStore.applyBatch('bench', events.at(-1)?.position ?? '0', async (uow) => {
        for (const event of events) {
          const started = performance.now();
          for (const projection of allProjections) {
            if (projection.handles.includes(event.type)) await projection.apply(event, uow);
          }
          perEvent.push(performance.now() - started);
        }
      });
    }
    perEvent.sort((a, b) => a - b);

    const { app, base, headers } = await startBenchQueryApi(
      readStore,
      () => USER,
      () => position,
    );

    console.log(
      `\n## Debts: a 360-row EMI loan with ${PAID_ROWS} rows paid and ${EXTRAS} extra payments; ${DEBTS} such debts (${runs} runs each)\n`,
    );
    console.log('| query | p50 ms | p99 ms | answer |');
    console.log('|---|---:|---:|---|');
    for (const query of [`debts/${debtIdOf(0)}`, 'debts']) {
      const times: number[] = [];
      let summary = '';
      for (let i = 0; i < warmup + runs; i += 1) {
        const started = performance.now();
        const response = await fetch(`${base}/api/queries/${query}`, { headers });
        const text = await response.text();
        if (i >= warmup) times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${query} answered ${response.status}`);
        if (i === 0) {
          const body = JSON.parse(text) as Partial<DebtDetail> & { items?: unknown[] };
          summary =
            body.schedule === undefined
              ? `${body.items?.length ?? 0} debts, ${(text.length / 1024).toFixed(0)} KiB`
              : `${body.schedule.length} rows, ${body.payments?.length ?? 0} payments, ${(text.length / 1024).toFixed(0)} KiB`;
        }
      }
      times.sort((a, b) => a - b);
      const label = query === 'debts' ? '`debts`' : '`debts/:id`';
      console.log(
        `| ${label} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} | ${summary} |`,
      );
    }
    const direct: number[] = [];
    for (let i = 0; i < warmup + runs; i += 1) {
      const started = performance.now();
      const found = await readStore.get<DebtDetail>(DEBTS_VIEW, USER, debtIdOf(0));
      JSON.stringify(found?.doc);
      if (i >= warmup) direct.push(performance.now() - started);
    }
    direct.sort((a, b) => a - b);
    console.log(
      `| debt detail in process (read + serialize, no HTTP) | ${percentile(direct, 50).toFixed(2)} | ${percentile(direct, 99).toFixed(2)} | |`,
    );
    console.log(
      `\nProjector, per debt event (schedule recomputed): p50 ${percentile(perEvent, 50).toFixed(2)} ms, p99 ${percentile(perEvent, 99).toFixed(2)} ms over ${perEvent.length} events.`,
    );
    await app.close();
  });
}

await main();
