import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type DebtList } from '@plenty/contracts/views/debts';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { ApiClient } from '../support/api-client.js';
import { emiLoan } from '../support/loans.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';

/** Debt commands refused: another user's debt, terms out of range, and a command sent twice. */

const env = useTestStandalone();
const users = useTestUsers(env, ['alice', 'bob']);

describe('debts over HTTP', () => {
  it('answers 404 for another user’s debt on every command and query', async () => {
    const mine = new ApiClient(env.standalone.app, users.alice);
    const debtId = uuidV7();
    expect((await mine.command('OpenDebt', { debtId, ...emiLoan, name: 'Private' })).status).toBe(200);
    const paymentId = uuidV7();
    expect(
      (await mine.command('MarkInstallmentPaid', { debtId, number: 1, paymentId, date: '2026-02-28' })).status,
    ).toBe(200);

    const theirs = new ApiClient(env.standalone.app, users.bob);
    const detail = await theirs.query<{ error: { code: string } }>(`debts/${debtId}`);
    expect(detail.status).toBe(404);
    expect(detail.body.error.code).toBe('debt_not_found');
    expect((await theirs.query<DebtList>('debts')).body.items).toEqual([]);
    for (const [name, payload] of [
      ['OpenDebt', { debtId, ...emiLoan }],
      ['EditDebt', { debtId, changes: { name: 'Mine now' } }],
      ['RecordPayment', { debtId, paymentId: uuidV7(), amount: 100, date: '2026-03-01' }],
      ['EditPayment', { debtId, paymentId, changes: { notes: 'x' } }],
      ['DeletePayment', { debtId, paymentId }],
      ['MarkInstallmentPaid', { debtId, number: 2, paymentId: uuidV7(), date: '2026-03-01' }],
      ['MarkInstallmentUnpaid', { debtId, number: 1 }],
      ['DeleteDebt', { debtId, confirmPhrase: 'Delete Debt' }],
    ] as const) {
      const answer = await theirs.command(name, payload);
      expect(answer.status, name).toBe(404);
      expect(answer.body.error?.code, name).toBe('debt_not_found');
    }
    const stored = await env.standalone.eventStore.readStream(`debt-${debtId}`);
    expect(stored.map((event) => event.type)).toEqual(['DebtOpened', 'InstallmentMarkedPaid']);
  });

  it.each([
    ['a negative rate', { annualRatePercent: '-1' }, 400, 'annualRatePercent', 'rate_invalid'],
    ['a rate above 100 %', { annualRatePercent: '100.01' }, 400, 'annualRatePercent', 'rate_too_high'],
    ['a term of 0 months', { termMonths: 0 }, 400, 'termMonths', 'term_invalid'],
    ['a term above 600 months', { termMonths: 601 }, 400, 'termMonths', 'term_invalid'],
    ['a due day of 0', { paymentDueDay: 0 }, 400, 'paymentDueDay', 'due_day_invalid'],
    ['a due day of 32', { paymentDueDay: 32 }, 400, 'paymentDueDay', 'due_day_invalid'],
    [
      'a fixed payment below the interest',
      { loanType: 'fixed', termMonths: undefined, monthlyPayment: 100_000 },
      422,
      'monthlyPayment',
      'payment_below_interest',
    ],
    [
      'a schedule longer than 1,200 rows',
      { loanType: 'fixed', termMonths: undefined, monthlyPayment: 100_100 },
      422,
      'monthlyPayment',
      'schedule_too_long',
    ],
  ])('refuses %s with its field code and appends nothing', async (_label, change, status, field, code) => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const debtId = uuidV7();
    const answer = await api.command('OpenDebt', { debtId, ...emiLoan, ...change });
    expect(answer.status).toBe(status);
    expect(answer.body.error?.fields?.[field]).toBe(code);
    expect(await env.standalone.eventStore.readStream(`debt-${debtId}`)).toEqual([]);
  });

  it('opens one debt when the same command is sent twice', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const debtId = uuidV7();
    const commandId = randomUUID();
    const first = await api.command('OpenDebt', { debtId, ...emiLoan }, commandId);
    const second = await api.command('OpenDebt', { debtId, ...emiLoan }, commandId);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await env.standalone.eventStore.readStream(`debt-${debtId}`)).toHaveLength(1);
  });
});
