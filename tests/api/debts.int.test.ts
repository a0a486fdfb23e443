import { describe, expect, it } from 'vitest';
import { buildLoanSchedule } from '@plenty/contracts/loan-schedule';
import { debtHistorySchema, type DebtHistory } from '@plenty/contracts/views/debt-history';
import { type DebtDetail, type DebtList } from '@plenty/contracts/views/debts';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { ApiClient } from '../support/api-client.js';
import { emiLoan, fixedCard, markPaid } from '../support/loans.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import { createTestUser } from '../support/users.js';

/** Debts over HTTP: opening, paying, paying off, deleting and their history (refusals: debts-refusals). */

const env = useTestStandalone();
const users = useTestUsers(env, ['alice', 'bob']);

const pending = (rows: ReturnType<typeof buildLoanSchedule>['rows']) =>
  rows.map((row) => ({ ...row, status: 'pending', paymentId: null, paidOn: null }));

describe('debts over HTTP', () => {
  it('opens EMI and fixed loans whose saved schedules equal the loan schedule, and sums them in the display currency', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const emiId = uuidV7();
    const cardId = uuidV7();
    const open = await api.command('OpenDebt', { debtId: emiId, ...emiLoan });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.streamId).toBe(`debt-${emiId}`);
    expect((await api.command('OpenDebt', { debtId: cardId, ...fixedCard })).status).toBe(200);

    const stored = await env.standalone.eventStore.readStream(`debt-${emiId}`);
    expect(JSON.stringify(stored)).not.toContain('BCEL');

    const emi = await api.query<DebtDetail>(`debts/${emiId}`);
    const expected = buildLoanSchedule({ ...emiLoan, principal: 20_000_000, loanType: 'emi', termMonths: 360 });
    expect(emi.body.schedule).toEqual(pending(expected.rows));
    expect(emi.body).toMatchObject({
      name: 'ເງິນກູ້ລົດ',
      lender: 'BCEL',
      installment: 119_910,
      totals: { totalInterest: expected.totalInterest, totalPayment: expected.totalPayment },
      maturityDate: expected.maturityDate,
    });

    const card = await api.query<DebtDetail>(`debts/${cardId}`);
    const cardSchedule = buildLoanSchedule({
      principal: 1_000_000,
      annualRatePercent: '18',
      loanType: 'fixed',
      startDate: '2026-01-15',
      paymentDueDay: 5,
      monthlyPayment: 100_000,
    });
    expect(card.body.schedule).toEqual(pending(cardSchedule.rows));
    expect(card.body).toMatchObject({ monthlyPayment: 100_000, termMonths: cardSchedule.rows.length });

    expect((await api.command('ChangePreferences', { changes: { currency: 'USD' } })).status).toBe(200);
    const list = await api.query<DebtList>('debts');
    // 10,000.00 THB at 32.45 a dollar is 308.17 USD, added to 200,000.00 USD.
    expect(list.body.summary).toEqual({
      currency: 'USD',
      totalOutstanding: 20_000_000 + 30_817,
      perCurrency: [
        { amount: 1_000_000, currency: 'THB' },
        { amount: 20_000_000, currency: 'USD' },
      ],
      activeCount: 2,
      paidOffCount: 0,
      outOfRange: false,
    });
    expect(list.body.items.map((item) => item.id).sort()).toEqual([emiId, cardId].sort());
    expect(list.body.items[0]).not.toHaveProperty('schedule');
  });

  it('marks installments paid and unpaid, shortens the rest after an extra payment, pays off, reopens and deletes', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const debtId = uuidV7();
    const small = { ...emiLoan, initialAmount: 1_200_000, currentAmount: 1_200_000, termMonths: 12 };
    expect((await api.command('OpenDebt', { debtId, ...small })).status).toBe(200);
    const schedule = buildLoanSchedule({ ...small, principal: 1_200_000, loanType: 'emi', termMonths: 12 });

    for (const number of [1, 2]) {
      const paid = await markPaid(api, debtId, number);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }
    const twice = await markPaid(api, debtId, 2);
    expect(twice.status).toBe(409);
    expect(twice.body.error?.code).toBe('installment_already_paid');
    expect((await api.command('MarkInstallmentUnpaid', { debtId, number: 2 })).status).toBe(200);

    let debt = (await api.query<DebtDetail>(`debts/${debtId}`)).body;
    expect(debt.schedule.map((row) => row.status).slice(0, 3)).toEqual(['paid', 'pending', 'pending']);
    expect(debt.payments).toHaveLength(1);
    expect(debt.payments[0]).toMatchObject({ amount: schedule.installment, installmentNumber: 1 });

    const extraId = uuidV7();
    const extra = await api.command('RecordPayment', {
      debtId,
      paymentId: extraId,
      amount: 500_000,
      date: '2026-03-10',
      notes: 'Bonus',
    });
    expect(extra.status).toBe(200);
    debt = (await api.query<DebtDetail>(`debts/${debtId}`)).body;
    const rest = debt.schedule.filter((row) => row.status === 'pending');
    expect(rest.length).toBeLessThan(11);
    expect(rest[0]?.amount).toBe(schedule.installment);
    expect(debt.payments.find((p) => p.paymentId === extraId)?.notes).toBe('Bonus');

    const tooMuch = await api.command('RecordPayment', {
      debtId,
      paymentId: uuidV7(),
      amount: debt.progress.outstanding + 1,
      date: '2026-03-11',
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toMatchObject({
      code: 'payment_exceeds_balance',
      fields: { amount: 'payment_exceeds_balance' },
    });

    const payoff = await api.command('RecordPayment', {
      debtId,
      paymentId: uuidV7(),
      amount: debt.progress.outstanding,
      date: '2026-04-01',
    });
    expect(payoff.status).toBe(200);
    debt = (await api.query<DebtDetail>(`debts/${debtId}`)).body;
    expect(debt).toMatchObject({ status: 'paid_off', paidOffAt: '2026-04-01', nextInstallment: null });
    let list = (await api.query<DebtList>('debts')).body;
    expect(list.summary.paidOffCount).toBeGreaterThanOrEqual(1);

    expect((await api.command('DeletePayment', { debtId, paymentId: extraId })).status).toBe(200);
    debt = (await api.query<DebtDetail>(`debts/${debtId}`)).body;
    expect(debt).toMatchObject({ status: 'active', paidOffAt: null });
    expect(debt.progress.outstanding).toBe(500_000);

    const wrongPhrase = await api.command('DeleteDebt', { debtId, confirmPhrase: 'delete debt' });
    expect(wrongPhrase.status).toBe(400);
    expect(wrongPhrase.body.error?.fields).toEqual({ confirmPhrase: 'debt_phrase_mismatch' });
    expect((await api.command('DeleteDebt', { debtId, confirmPhrase: 'Delete Debt' })).status).toBe(200);
    expect((await api.query(`debts/${debtId}`)).status).toBe(404);
    list = (await api.query<DebtList>('debts')).body;
    expect(list.items.some((item) => item.id === debtId)).toBe(false);
  });

  it('tells the history of a debt newest first, each edit with what it changed, and hides it from another user', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const debtId = uuidV7();
    expect((await api.command('OpenDebt', { debtId, ...emiLoan, annualRatePercent: '4.5' })).status).toBe(200);
    expect((await api.command('EditDebt', { debtId, changes: { lender: 'LDB' } })).status).toBe(200);
    expect((await api.command('EditDebt', { debtId, changes: { annualRatePercent: '3.9' } })).status).toBe(200);
    const paid = await markPaid(api, debtId, 1, '2026-02-28');
    expect(paid.status).toBe(200);
    const debt = (await api.query<DebtDetail>(`debts/${debtId}`)).body;

    const history = await api.query<DebtHistory>(`debts/${debtId}/history?limit=3`);
    expect(history.status).toBe(200);
    expect(debtHistorySchema.parse(history.body)).toEqual(history.body);
    expect(history.body.items.map((entry) => [entry.revision, entry.type])).toEqual([
      [3, 'installment_paid'],
      [2, 'edited'],
      [1, 'edited'],
    ]);
    expect(history.body.items[0]).toMatchObject({
      installmentNumber: 1,
      amount: debt.payments[0]?.amount,
      date: '2026-02-28',
      currency: 'USD',
    });
    expect(history.body.items[1]?.changes).toEqual([{ field: 'annualRatePercent', from: '4.5', to: '3.9' }]);
    expect(history.body.items[2]?.changes).toEqual([{ field: 'lender', from: 'BCEL', to: 'LDB' }]);
    const older = await api.query<DebtHistory>(
      `debts/${debtId}/history?limit=3&cursor=${encodeURIComponent(history.body.nextCursor ?? '')}`,
    );
    expect(older.body.items.map((entry) => entry.type)).toEqual(['opened']);
    expect(older.body.nextCursor).toBeNull();

    const theirs = await new ApiClient(env.standalone.app, users.bob).query<{ error: { code: string } }>(
      `debts/${debtId}/history`,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('debt_not_found');
  });
});
