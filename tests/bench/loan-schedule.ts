import { buildLoanSchedule, type LoanTerms } from '@plenty/contracts/loan-schedule';
import { percentile } from './percentile.js';
import { quick } from './synthetic.js';

/**
 * `node --import tsx --conditions=source tests/bench/loan-schedule.ts [--quick]`: how long one
 * whole loan schedule takes to compute (exact integer arithmetic), for the terms of a
 * 30-year mortgage, a 5-year car loan and a fixed-payment loan.
 */
const runs = quick ? 500 : 5000;

const CASES: readonly { label: string; terms: LoanTerms }[] = [
  {
    label: '200,000.00 at 6 %, EMI, 360 months',
    terms: {
      principal: 20_000_000,
      annualRatePercent: '6',
      loanType: 'emi',
      startDate: '2026-01-15',
      paymentDueDay: 15,
      termMonths: 360,
    },
  },
  {
    label: '2,185,000,000 ₭ at 7.2513 %, EMI, 600 months',
    terms: {
      principal: 2_185_000_000,
      annualRatePercent: '7.2513',
      loanType: 'emi',
      startDate: '2026-01-31',
      paymentDueDay: 31,
      termMonths: 600,
    },
  },
  {
    label: '100,000.00 at 12 %, fixed 1,010.00 a month',
    terms: {
      principal: 10_000_000,
      annualRatePercent: '12',
      loanType: 'fixed',
      startDate: '2026-01-15',
      paymentDueDay: 15,
      monthlyPayment: 101_000,
    },
  },
];

console.log(`\n## Loan schedules (${runs} computations each, after ${runs / 10} to warm up)\n`);
console.log('| terms | rows | p50 ms | p99 ms |');
console.log('|---|---:|---:|---:|');
for (const { label, terms } of CASES) {
  for (let i = 0; i < runs / 10; i += 1) buildLoanSchedule(terms);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    rows = buildLoanSchedule(terms).rows.length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`| ${label} | ${rows} | ${percentile(times, 50).toFixed(3)} | ${percentile(times, 99).toFixed(3)} |`);
}
