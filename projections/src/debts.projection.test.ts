import {
  DEBTS_VIEW,
  DEBT_ITEMS_VIEW,
  DEBT_SUMMARY_VIEW,
  INSTALLMENTS_DUE_VIEW,
} from '@plenty/contracts/views/registry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { debtDetailSchema, debtListItemSchema, type DebtDetail } from '@plenty/contracts/views/debts';
import { carLoanOpenedMidway, carLoanSchedule } from '@plenty/contracts/testing/car-loan';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { eventLog } from './testing/events.js';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { projectionScratch } from './testing/scratch.js';
import { applyToDebt, outstandingOfDebt } from './debt-detail.js';
import { debtsProjection } from './debts.projection.js';
import { SYSTEM_USER_ID } from './weekly-report-subscribers.projection.js';

const car = '0192f0c4-7a1b-7c3d-8e4f-00000000d001';
const card = '0192f0c4-7a1b-7c3d-8e4f-00000000d002';
const pay = (n: number) => `0192f0c4-7a1b-7c3d-8e4f-${String(n).padStart(12, '0')}`;

const schedule = carLoanSchedule;

const scratch = projectionScratch();
const { given } = scratch;

const debtEvent = (userId: string, debtId: string, type: string, data: Record<string, unknown> = {}) =>
  scratch.log.event(`debt-${debtId}`, userId, type, { debtId, ...data });

const opened = (userId = 'alice', debtId = car, fields: Record<string, unknown> = {}) =>
  debtEvent(userId, debtId, 'DebtOpened', { ...carLoanOpenedMidway, ...fields });
const rowPaid = (number: number, userId = 'alice', debtId = car) =>
  debtEvent(userId, debtId, 'InstallmentMarkedPaid', {
    ...schedule.rows[number - 1],
    paymentId: pay(number),
    date: `2026-${String(number + 1).padStart(2, '0')}-01`,
  });

const detailOf = async (userId: string, debtId: string) =>
  (await scratch.store.get<DebtDetail>(DEBTS_VIEW, userId, debtId))?.doc ?? null;
const summaryOf = async (userId: string) =>
  (await scratch.store.get(DEBT_SUMMARY_VIEW, userId, 'summary'))?.doc ?? null;

describe('debts projection', () => {
  it('keeps a new debt with its whole schedule pending and its progress from the amount borrowed', async () => {
    await given(opened());
    const debt = debtDetailSchema.parse(await detailOf('alice', car));
    const [item] = await documents(scratch.store, DEBT_ITEMS_VIEW, 'alice');
    expect(debtListItemSchema.strict().parse(item)).toMatchObject({ id: car, progress: debt.progress });
    expect(debt.schedule).toEqual(
      schedule.rows.map((row) => ({ ...row, status: 'pending', paymentId: null, paidOn: null })),
    );
    expect(debt).toMatchObject({
      name: 'Car loan',
      lender: 'City Bank',
      status: 'active',
      termMonths: 12,
      monthlyPayment: null,
      maturityDate: '2027-01-31',
      nextInstallment: { number: 1, dueDate: '2026-02-28', amount: schedule.installment },
      progress: { repaid: 300_000, outstanding: 1_200_000, percent: 2000, paidInstallments: 0, totalInstallments: 12 },
      totals: { totalInterest: schedule.totalInterest, totalPayment: schedule.totalPayment, paid: 0 },
    });
    expect(await summaryOf('alice')).toEqual({ outstanding: { THB: 1_200_000 }, activeCount: 1, paidOffCount: 0 });
  });

  it('marks rows paid with their payments and returns them to pending when unmarked', async () => {
    await given(opened(), rowPaid(1), rowPaid(2));
    let debt = await detailOf('alice', car);
    expect(debt?.schedule.slice(0, 3).map((row) => row.status)).toEqual(['paid', 'paid', 'pending']);
    expect(debt?.payments.map((p) => [p.installmentNumber, p.amount])).toEqual([
      [2, schedule.installment],
      [1, schedule.installment],
    ]);
    await given(debtEvent('alice', car, 'InstallmentMarkedUnpaid', { number: 2, paymentId: pay(2) }));
    debt = await detailOf('alice', car);
    expect(debt?.schedule.map((row) => row.status).filter((s) => s === 'paid')).toHaveLength(1);
    expect(debt?.schedule).toHaveLength(12);
    expect(debt?.schedule[1]).toEqual({ ...schedule.rows[1], status: 'pending', paymentId: null, paidOn: null });
    expect(debt?.payments).toHaveLength(1);
    expect(await summaryOf('alice')).toMatchObject({ outstanding: { THB: schedule.rows[0]?.balance } });
  });

  it('keeps a row paid out of order in its place, the others pending around it, and lists the paid numbers', async () => {
    await given(opened(), rowPaid(3));
    const debt = debtDetailSchema.parse(await detailOf('alice', car));
    expect(debt.schedule.map((row) => [row.number, row.status]).slice(0, 4)).toEqual([
      [1, 'pending'],
      [2, 'pending'],
      [3, 'paid'],
      [4, 'pending'],
    ]);
    expect(debt.schedule[3]?.dueDate).toBe('2026-05-31');
    expect(debt.paidNumbers).toEqual([3]);
    expect(debt.nextInstallment?.number).toBe(1);
    expect(debt.progress.outstanding).toBe(1_200_000 - (schedule.rows[2]?.principal ?? 0));
    const [item] = await documents(scratch.store, DEBT_ITEMS_VIEW, 'alice');
    expect(debtListItemSchema.strict().parse(item).paidNumbers).toEqual([3]);
  });

  it('calls one figure still owed: the principal left, with the interest to come only in what is still to pay', async () => {
    await given(opened(), rowPaid(1));
    const debt = debtDetailSchema.parse(await detailOf('alice', car));
    const pending = debt.schedule.filter((row) => row.status === 'pending');
    const principalLeft = pending.reduce((sum, row) => sum + row.principal, 0);
    const interestToCome = pending.reduce((sum, row) => sum + row.interest, 0);
    expect(debt.progress.outstanding).toBe(schedule.rows[0]?.balance);
    expect(debt.progress.outstanding).toBe(principalLeft);
    expect(debt.totals.remainingPayment).toBe(principalLeft + interestToCome);
    const [item] = await documents(scratch.store, DEBT_ITEMS_VIEW, 'alice');
    expect(debtListItemSchema.parse(item).progress.outstanding).toBe(debt.progress.outstanding);
    expect(await summaryOf('alice')).toMatchObject({ outstanding: { THB: debt.progress.outstanding } });
  });

  it('shortens the rest of the schedule after an extra payment, keeping the installment', async () => {
    await given(
      opened(),
      rowPaid(1),
      debtEvent('alice', car, 'PaymentRecorded', { paymentId: pay(50), amount: 600_000, date: '2026-03-10' }),
    );
    const debt = await detailOf('alice', car);
    const pending = debt?.schedule.filter((row) => row.status === 'pending') ?? [];
    expect(pending.length).toBeLessThan(11);
    expect(pending[0]?.amount).toBe(schedule.installment);
    expect(pending.reduce((sum, row) => sum + row.principal, 0)).toBe((schedule.rows[0]?.balance ?? 0) - 600_000);
    expect(debt?.totals.principalPaid).toBe((schedule.rows[0]?.principal ?? 0) + 600_000);
  });

  it('keeps the wallet each payment was paid from, changed or cleared by an edit', async () => {
    const bank = '0192f0c4-7a1b-7c3d-8e4f-00000000e001';
    await given(
      opened(),
      debtEvent('alice', car, 'InstallmentMarkedPaid', {
        ...schedule.rows[0],
        paymentId: pay(1),
        date: '2026-02-01',
        walletId: bank,
      }),
      debtEvent('alice', car, 'PaymentRecorded', { paymentId: pay(50), amount: 100_000, date: '2026-03-10' }),
    );
    const before = debtDetailSchema.parse(await detailOf('alice', car)).payments;
    expect(before.map((p) => [p.paymentId, p.walletId])).toEqual([
      [pay(50), null],
      [pay(1), bank],
    ]);
    await given(
      debtEvent('alice', car, 'PaymentEdited', { paymentId: pay(50), changes: { walletId: bank } }),
      debtEvent('alice', car, 'PaymentEdited', { paymentId: pay(1), changes: { walletId: null } }),
    );
    const after = debtDetailSchema.parse(await detailOf('alice', car)).payments;
    expect(after.map((p) => [p.paymentId, p.walletId])).toEqual([
      [pay(50), bank],
      [pay(1), null],
    ]);
  });

  it('moves a paid-off debt out of the active count and back when reopened', async () => {
    await given(
      opened(),
      debtEvent('alice', car, 'PaymentRecorded', { paymentId: pay(50), amount: 1_200_000, date: '2026-03-10' }),
      debtEvent('alice', car, 'DebtPaidOff', { paidOffAt: '2026-03-10' }),
    );
    expect(await detailOf('alice', car)).toMatchObject({ status: 'paid_off', paidOffAt: '2026-03-10', schedule: [] });
    expect(await summaryOf('alice')).toEqual({ outstanding: {}, activeCount: 0, paidOffCount: 1 });
    await given(
      debtEvent('alice', car, 'PaymentDeleted', { paymentId: pay(50) }),
      debtEvent('alice', car, 'DebtReopened'),
    );
    expect(await detailOf('alice', car)).toMatchObject({ status: 'active', paidOffAt: null });
    expect(await summaryOf('alice')).toEqual({ outstanding: { THB: 1_200_000 }, activeCount: 1, paidOffCount: 0 });
  });

  it('recomputes the pending rows from new terms and keeps the paid ones as they were paid', async () => {
    const installment = 99_999;
    await given(
      opened(),
      rowPaid(1),
      debtEvent('alice', car, 'DebtEdited', { changes: { annualRatePercent: '12', name: 'Family car' }, installment }),
    );
    const debt = await detailOf('alice', car);
    expect(debt?.schedule[0]).toMatchObject({ ...schedule.rows[0], status: 'paid' });
    expect(debt?.schedule[1]?.amount).toBe(installment);
    expect(debt?.name).toBe('Family car');
  });

  it('keeps a fixed loan’s payment and derives its term', async () => {
    await given(
      opened('alice', card, {
        loanType: 'fixed',
        termMonths: undefined,
        monthlyPayment: 300_000,
        installment: 300_000,
      }),
    );
    const debt = await detailOf('alice', card);
    expect(debt).toMatchObject({ monthlyPayment: 300_000, installment: 300_000, termMonths: 5 });
  });

  it('forgets a deleted debt and its share of the summary, and ignores a redelivered event', async () => {
    const open = opened();
    await given(open, opened('alice', card, { currency: 'USD' }), debtEvent('alice', car, 'DebtDeleted'));
    await given(open);
    expect(await detailOf('alice', car)).toBeNull();
    expect(await documents(scratch.store, DEBT_ITEMS_VIEW, 'alice')).toEqual([expect.objectContaining({ id: card })]);
    expect(await summaryOf('alice')).toEqual({ outstanding: { USD: 1_200_000 }, activeCount: 1, paidOffCount: 0 });
  });

  it('keeps each user’s debts apart and purges them when the account is erased', async () => {
    await given(opened('alice'), opened('bob', card));
    expect(await documents(scratch.store, DEBTS_VIEW, 'bob')).toHaveLength(1);
    await given(
      scratch.log.event('account-erasures', 'alice', 'AccountErased', {
        userId: 'alice',
        startedAt: '2026-11-01T00:00:00.000Z',
      }),
    );
    expect(await documents(scratch.store, DEBTS_VIEW, 'alice')).toEqual([]);
    expect(await documents(scratch.store, DEBT_ITEMS_VIEW, 'alice')).toEqual([]);
    expect(await summaryOf('alice')).toBeNull();
    expect(await documents(scratch.store, DEBTS_VIEW, 'bob')).toHaveLength(1);
  });

  describe('installments due, for the reminders', () => {
    const dueList = () => documents(scratch.store, INSTALLMENTS_DUE_VIEW, SYSTEM_USER_ID);
    const dueOf = (userId: string, debtId: string, number: number, dueDate: string) => ({
      userId,
      item: 'installment',
      itemId: debtId,
      dueDate,
      dueMonth: dueDate.slice(0, 7),
      number,
    });

    it('lists an active debt at its next pending installment, and moves it on as rows are paid in any order', async () => {
      await given(opened());
      expect(await dueList()).toEqual([dueOf('alice', car, 1, '2026-02-28')]);
      await given(rowPaid(2));
      expect(await dueList()).toEqual([dueOf('alice', car, 1, '2026-02-28')]);
      await given(rowPaid(1));
      expect(await dueList()).toEqual([dueOf('alice', car, 3, '2026-04-30')]);
      await given(debtEvent('alice', car, 'InstallmentMarkedUnpaid', { number: 1, paymentId: pay(1) }));
      expect(await dueList()).toEqual([dueOf('alice', car, 1, '2026-02-28')]);
    });

    it('drops a debt paid off or deleted, and lists it again when reopened', async () => {
      await given(
        opened(),
        opened('alice', card, { currency: 'USD' }),
        debtEvent('alice', car, 'PaymentRecorded', { paymentId: pay(50), amount: 1_200_000, date: '2026-03-10' }),
        debtEvent('alice', car, 'DebtPaidOff', { paidOffAt: '2026-03-10' }),
        debtEvent('alice', card, 'DebtDeleted'),
      );
      expect(await dueList()).toEqual([]);
      await given(
        debtEvent('alice', car, 'PaymentDeleted', { paymentId: pay(50) }),
        debtEvent('alice', car, 'DebtReopened'),
      );
      expect(await dueList()).toEqual([dueOf('alice', car, 1, '2026-02-28')]);
    });

    it("drops an erased user's debts and keeps everyone else's", async () => {
      await given(opened('alice'), opened('bob', card));
      await given(scratch.log.accountErased('alice'));
      expect(await dueList()).toEqual([dueOf('bob', card, 1, '2026-02-28')]);
    });
  });

  it('keeps principal exact and the summary true through any order of payments, delivered in any batches', async () => {
    /** A random history of valid moves: pay the next row, unpay the last, pay extra, delete an extra payment. */
    const moves = fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 400_000 })), {
      maxLength: 25,
    });
    const batches = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(moves, batches, async (plan, sizes) => {
        const local = eventLog();
        let serial = 100;
        const event = (type: string, data: Record<string, unknown> = {}) =>
          local.event(`debt-${car}`, 'alice', type, { debtId: car, ...data });
        const first = event('DebtOpened', carLoanOpenedMidway);
        const events: RecordedEvent[] = [first];
        const start = (await scratchReadStore([debtsProjection])).store;
        await applyEvents(start, [debtsProjection], [first]);
        let debt = (await start.get<DebtDetail>(DEBTS_VIEW, 'alice', car))?.doc as DebtDetail;
        await start.close();
        const push = (e: RecordedEvent) => {
          events.push(e);
          debt = applyToDebt(debt, e as never, e.metadata.occurredAt);
        };
        for (const [kind, amount] of plan) {
          const owed = outstandingOfDebt(debt);
          const next = debt.schedule.find((row) => row.status === 'pending');
          const lastPaid = debt.schedule.filter((row) => row.status === 'paid').at(-1);
          const extra = debt.payments.find((p) => p.installmentNumber === null);
          serial += 1;
          if (kind === 0 && next !== undefined) {
            const { status: _s, paymentId: _p, paidOn: _d, ...row } = next;
            push(event('InstallmentMarkedPaid', { ...row, paymentId: pay(serial), date: next.dueDate }));
          } else if (kind === 1 && lastPaid !== undefined) {
            push(event('InstallmentMarkedUnpaid', { number: lastPaid.number, paymentId: lastPaid.paymentId }));
          } else if (kind === 2 && owed > 0) {
            push(
              event('PaymentRecorded', { paymentId: pay(serial), amount: Math.min(amount, owed), date: '2026-05-01' }),
            );
          } else if (kind === 3 && extra !== undefined) {
            push(event('PaymentDeleted', { paymentId: extra.paymentId }));
          }
          const owedNow = outstandingOfDebt(debt);
          if (owedNow === 0 && debt.status === 'active') push(event('DebtPaidOff', { paidOffAt: '2026-05-01' }));
          if (owedNow > 0 && debt.status === 'paid_off') push(event('DebtReopened'));
        }

        const extras = debt.payments.filter((p) => p.installmentNumber === null).reduce((s, p) => s + p.amount, 0);
        expect(debt.schedule.reduce((s, row) => s + row.principal, 0) + extras).toBe(carLoanOpenedMidway.currentAmount);
        expect(debt.schedule.every((row) => row.balance >= 0)).toBe(true);
        expect(debt.progress.outstanding).toBe(outstandingOfDebt(debt));

        const { store: batched, dispose: close } = await scratchReadStore([debtsProjection]);
        let at = 0;
        for (const size of sizes) {
          const batch = events.slice(at, at + size);
          await applyEvents(batched, [debtsProjection], batch);
          await applyEvents(batched, [debtsProjection], batch.slice(0, 1));
          at += size;
        }
        await applyEvents(batched, [debtsProjection], events.slice(at));
        expect((await batched.get(DEBTS_VIEW, 'alice', car))?.doc).toEqual(debt);
        const active = debt.status === 'active';
        expect((await batched.get(DEBT_SUMMARY_VIEW, 'alice', 'summary'))?.doc).toEqual({
          outstanding: active && debt.progress.outstanding > 0 ? { THB: debt.progress.outstanding } : {},
          activeCount: active ? 1 : 0,
          paidOffCount: active ? 0 : 1,
        });
        await close();
      }),
      { numRuns: 40 },
    );
  });
});
