import { DEBTS_VIEW } from '@plenty/contracts/views/registry';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decideDebt } from '@plenty/command-api/debt/debt.decider';
import {
  evolveDebt,
  initialDebtState,
  outstandingOf,
  termsOf,
  type DebtState,
} from '@plenty/command-api/debt/debt.state';
import { pendingRows } from '@plenty/contracts/debt-schedule';
import { type DebtCommand } from '@plenty/contracts/commands/debt';
import { type DebtDetail, type DebtList } from '@plenty/contracts/views/debts';
import { type DebtEvent } from '@plenty/contracts/events/debt';
import { buildLoanSchedule } from '@plenty/contracts/loan-schedule';
import { debtHistorySchema, type DebtHistory } from '@plenty/contracts/views/debt-history';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { debtsProjection } from '@plenty/projections/debts.projection';
import { applyEvents, scratchReadStore } from '@plenty/projections/testing/memory-read-store';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, type TestUser } from '../support/users.js';

const env = useTestStandalone();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser(env.standalone), createTestUser(env.standalone)]);
});

const emiLoan = {
  name: 'ເງິນກູ້ລົດ',
  type: 'loan',
  initialAmount: 20_000_000,
  currentAmount: 20_000_000,
  annualRatePercent: '6',
  paymentDueDay: 31,
  lender: 'BCEL',
  description: 'Family car',
  icon: 'car',
  color: '#336699',
  currency: 'USD',
  loanType: 'emi',
  termMonths: 360,
  openDate: '2026-01-15',
  startDate: '2026-01-15',
};

const fixedCard = {
  ...emiLoan,
  name: 'Credit card',
  type: 'credit_card',
  initialAmount: 1_200_000,
  currentAmount: 1_000_000,
  annualRatePercent: '18',
  minimumPayment: 50_000,
  currency: 'THB',
  loanType: 'fixed',
  termMonths: undefined,
  monthlyPayment: 100_000,
  paymentDueDay: 5,
};

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
    const api = new ApiClient(env.standalone.app, alice);
    const debtId = uuidV7();
    const small = { ...emiLoan, initialAmount: 1_200_000, currentAmount: 1_200_000, termMonths: 12 };
    expect((await api.command('OpenDebt', { debtId, ...small })).status).toBe(200);
    const schedule = buildLoanSchedule({ ...small, principal: 1_200_000, loanType: 'emi', termMonths: 12 });

    for (const number of [1, 2]) {
      const paid = await api.command('MarkInstallmentPaid', {
        debtId,
        number,
        paymentId: uuidV7(),
        date: '2026-03-01',
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }
    const twice = await api.command('MarkInstallmentPaid', {
      debtId,
      number: 2,
      paymentId: uuidV7(),
      date: '2026-03-01',
    });
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

  it('answers 404 for another user’s debt on every command and query', async () => {
    const mine = new ApiClient(env.standalone.app, alice);
    const debtId = uuidV7();
    expect((await mine.command('OpenDebt', { debtId, ...emiLoan, name: 'Private' })).status).toBe(200);
    const paymentId = uuidV7();
    expect(
      (await mine.command('MarkInstallmentPaid', { debtId, number: 1, paymentId, date: '2026-02-28' })).status,
    ).toBe(200);

    const theirs = new ApiClient(env.standalone.app, bob);
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

  it('tells the history of a debt newest first, each edit with what it changed, and hides it from another user', async () => {
    const api = new ApiClient(env.standalone.app, alice);
    const debtId = uuidV7();
    expect((await api.command('OpenDebt', { debtId, ...emiLoan, annualRatePercent: '4.5' })).status).toBe(200);
    expect((await api.command('EditDebt', { debtId, changes: { lender: 'LDB' } })).status).toBe(200);
    expect((await api.command('EditDebt', { debtId, changes: { annualRatePercent: '3.9' } })).status).toBe(200);
    const paid = await api.command('MarkInstallmentPaid', {
      debtId,
      number: 1,
      paymentId: uuidV7(),
      date: '2026-02-28',
    });
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

    const theirs = await new ApiClient(env.standalone.app, bob).query<{ error: { code: string } }>(
      `debts/${debtId}/history`,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('debt_not_found');
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
    const api = new ApiClient(env.standalone.app, alice);
    const debtId = uuidV7();
    const answer = await api.command('OpenDebt', { debtId, ...emiLoan, ...change });
    expect(answer.status).toBe(status);
    expect(answer.body.error?.fields?.[field]).toBe(code);
    expect(await env.standalone.eventStore.readStream(`debt-${debtId}`)).toEqual([]);
  });

  it('opens one debt when the same command is sent twice', async () => {
    const api = new ApiClient(env.standalone.app, alice);
    const debtId = uuidV7();
    const commandId = randomUUID();
    const first = await api.command('OpenDebt', { debtId, ...emiLoan }, commandId);
    const second = await api.command('OpenDebt', { debtId, ...emiLoan }, commandId);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await env.standalone.eventStore.readStream(`debt-${debtId}`)).toHaveLength(1);
  });
});

describe('the debt read model and the command side', () => {
  it('agree on the schedule, payments and status after any sequence of commands', async () => {
    const debtId = '0192f0c4-7a1b-7c3d-8e4f-00000000d0d0';
    const idOf = (n: number) => `0192f0c4-7a1b-7c3d-8e4f-${String(n).padStart(12, '0')}`;
    const move = fc.oneof(
      fc.record({ kind: fc.constant('mark' as const), number: fc.integer({ min: 1, max: 14 }) }),
      fc.record({ kind: fc.constant('unmark' as const), number: fc.integer({ min: 1, max: 14 }) }),
      fc.record({ kind: fc.constant('extra' as const), amount: fc.integer({ min: 1, max: 700_000 }) }),
      fc.record({ kind: fc.constant('deletePayment' as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant('edit' as const),
        changes: fc.record(
          {
            annualRatePercent: fc.constantFrom('0', '3.99', '12'),
            termMonths: fc.integer({ min: 6, max: 24 }),
            paymentDueDay: fc.integer({ min: 1, max: 31 }),
            currentAmount: fc.integer({ min: 800_000, max: 1_200_000 }),
          },
          { requiredKeys: [] },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(move, { maxLength: 30 }), async (moves) => {
        let state: DebtState = initialDebtState;
        const events: DebtEvent[] = [];
        const run = (command: DebtCommand) => {
          const decision = decideDebt(command, state, new Date('2026-11-23T00:00:00Z'));
          if (!Array.isArray(decision)) return;
          for (const event of decision) {
            events.push(event);
            state = evolveDebt(state, event);
          }
        };
        const base = { commandId: idOf(0), debtId };
        run({
          type: 'OpenDebt',
          data: { ...base, ...emiLoan, initialAmount: 1_200_000, currentAmount: 1_200_000, termMonths: 12 } as never,
        });
        moves.forEach((m, i) => {
          const paymentId = idOf(1000 + i);
          if (m.kind === 'mark')
            run({ type: 'MarkInstallmentPaid', data: { ...base, number: m.number, paymentId, date: '2026-05-01' } });
          if (m.kind === 'unmark') run({ type: 'MarkInstallmentUnpaid', data: { ...base, number: m.number } });
          if (m.kind === 'extra')
            run({ type: 'RecordPayment', data: { ...base, paymentId, amount: m.amount, date: '2026-06-01' } });
          if (m.kind === 'deletePayment' && state.status === 'open') {
            const ids = [...state.debt.paidRows, ...state.debt.extras].map((p) => p.paymentId);
            const chosen = ids[m.pick % Math.max(1, ids.length)];
            if (chosen !== undefined) run({ type: 'DeletePayment', data: { ...base, paymentId: chosen } });
          }
          if (m.kind === 'edit' && Object.keys(m.changes).length > 0)
            run({ type: 'EditDebt', data: { ...base, changes: m.changes } });
        });
        if (state.status !== 'open') throw new Error('the debt should be open');
        const debt = state.debt;

        const { store, dispose } = await scratchReadStore([debtsProjection]);
        try {
          const recorded: RecordedEvent[] = events.map((event, index) => ({
            id: idOf(5000 + index),
            type: event.type,
            data: event.data as Record<string, unknown>,
            metadata: {
              userId: 'alice',
              commandId: idOf(index),
              correlationId: idOf(index),
              occurredAt: '2026-11-23T00:00:00.000Z',
              schemaVersion: 1,
            },
            streamId: `debt-${debtId}`,
            revision: index,
            position: String(index + 1),
            recordedAt: '2026-11-23T00:00:00.000Z',
          }));
          await applyEvents(store, [debtsProjection], recorded);
          const view = (await store.get<DebtDetail>(DEBTS_VIEW, 'alice', debtId))?.doc;
          const owed = outstandingOf(debt);
          const expectedRows = [
            ...debt.paidRows.map(({ number, dueDate, amount, principal, interest, balance }) => ({
              number,
              dueDate,
              amount,
              principal,
              interest,
              balance,
            })),
            ...pendingRows(
              termsOf(debt),
              debt.paidRows.map((row) => row.number),
              owed,
            ),
          ].sort((x, y) => x.number - y.number);
          expect(view?.schedule.map(({ status: _s, paymentId: _p, paidOn: _d, ...row }) => row)).toEqual(expectedRows);
          expect(view?.progress.outstanding).toBe(owed);
          expect(view?.installment).toBe(debt.installment);
          expect(view?.paidOffAt).toBe(debt.paidOffAt);
          expect(view?.status).toBe(debt.paidOffAt === null ? 'active' : 'paid_off');
          expect(view?.payments.map((p) => p.paymentId).sort()).toEqual(
            [...debt.paidRows, ...debt.extras].map((p) => p.paymentId).sort(),
          );
          expect(owed === 0).toBe(debt.paidOffAt !== null);
        } finally {
          await dispose();
        }
      }),
      { numRuns: 60 },
    );
  });
});
