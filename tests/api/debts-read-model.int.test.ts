import { DEBTS_VIEW } from '@plenty/contracts/views/registry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
import { type DebtDetail } from '@plenty/contracts/views/debts';
import { type DebtEvent } from '@plenty/contracts/events/debt';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { debtsProjection } from '@plenty/projections/debts.projection';
import { applyEvents, scratchReadStore } from '@plenty/projections/testing/memory-read-store';
import { emiLoan } from '../support/loans.js';

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
            // A paid row is its schedule row with the payment's id, date, notes and wallet.
            ...debt.paidRows.map(({ paymentId: _id, date: _date, notes: _notes, walletId: _wallet, ...row }) => row),
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
