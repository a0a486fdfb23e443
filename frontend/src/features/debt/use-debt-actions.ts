import type { DebtDetail, DebtPaymentView, DebtScheduleRow } from '@plenty/contracts/views/debts';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { useCommand, type CommandOutcome } from '../../lib/api/use-command';
import { useOutboxActions } from '../../lib/outbox/outbox';
import { pendingMarks } from '../../lib/outbox/pending';
import { usePendingEntries } from '../../ui/pending/pending';
import { useLocalizedPath } from '../../lib/localized-link';
import { useFormat } from '../../lib/use-format';
import { showApiError, showSuccess } from '../../ui/toast/toasts-slice';
import { rememberWallet } from '../../ui/wallet-picker/choices';
import { useUserId } from '../../ui/wallet-picker/wallet-picker';
import { DELETE_PHRASE, debtChanges } from './commands';
import type { ValidDebt } from './form';
import type { PaymentValue } from './components/payment-dialog';

/**
 * The commands of the debt detail page, each through `useCommand`: a retry of one submission
 * keeps its `commandId` (and the id of the payment it records), so it is applied once. Each
 * says how it went in a toast; a refused form submission rejects with the error, so its dialog
 * stays open with the fields' messages.
 */
export function useDebtActions(debt: DebtDetail, name: string) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const format = useFormat();
  const editDebt = useCommand('EditDebt');
  const deleteDebt = useCommand('DeleteDebt');
  const markPaid = useCommand('MarkInstallmentPaid');
  const markUnpaid = useCommand('MarkInstallmentUnpaid');
  const recordPayment = useCommand('RecordPayment');
  const editPayment = useCommand('EditPayment');
  const deletePayment = useCommand('DeletePayment');
  const money = (amount: number) => format.money({ amount, currency: debt.currency });
  const userId = useUserId();
  const entries = usePendingEntries();
  const outbox = useOutboxActions();
  // The next payment of a debt in this currency starts from the wallet used now (or none).
  const remember = (walletId: string | null) => rememberWallet(userId, 'debt', debt.currency, walletId);

  /** True when it went through; otherwise the error is shown (and, with `rethrow`, thrown). */
  const sent = (outcome: CommandOutcome<never>, rethrow = false): boolean => {
    if (outcome.ok) return true;
    dispatch(showApiError(outcome.error));
    if (rethrow) throw outcome.error;
    return false;
  };

  return {
    deleting: deleteDebt.pending,

    async saveDebt(value: ValidDebt): Promise<void> {
      const changes = debtChanges(debt, value);
      if (Object.keys(changes).length > 0) sent(await editDebt.run({ debtId: debt.id, changes }), true);
      dispatch(showSuccess('debts.toast.updated', { name: value.name }));
    },

    async deleteDebt(): Promise<void> {
      if (!sent(await deleteDebt.run({ debtId: debt.id, confirmPhrase: DELETE_PHRASE }))) return;
      dispatch(showSuccess('debts.toast.deleted', { name }));
      void navigate(localized('/dashboard/debt-tracker'));
    },

    /**
     * Marks a row paid today (from `walletId`, or from no wallet) or unpaid. Offline the mark is
     * kept on the device ("Saved on this device…"). The opposite mark of the row still waiting
     * on this device is taken back instead of sending a second command.
     */
    async mark(kind: 'paid' | 'unpaid', row: DebtScheduleRow, today: string, walletId: string | null = null) {
      const number = format.number(row.number);
      const waiting = pendingMarks(entries, debt.id).get(row.number);
      if (waiting !== undefined && waiting.paid !== (kind === 'paid') && waiting.state !== 'sending') {
        if ((await outbox.discard(waiting.seq)) !== null) {
          dispatch(showSuccess(kind === 'unpaid' ? 'pending.debt.discarded' : 'pending.debt.unpaidDiscarded'));
          return;
        }
      }
      if (kind === 'paid') {
        const outcome = await markPaid.run({
          debtId: debt.id,
          number: row.number,
          paymentId: markPaid.newId(),
          date: today,
          ...(walletId === null ? {} : { walletId }),
        });
        if (sent(outcome)) {
          remember(walletId);
          dispatch(
            showSuccess(outcome.ok && outcome.queued ? 'pending.queued' : 'debts.toast.installmentPaid', { number }),
          );
        }
        return;
      }
      const outcome = await markUnpaid.run({ debtId: debt.id, number: row.number });
      if (sent(outcome)) {
        dispatch(
          showSuccess(outcome.ok && outcome.queued ? 'pending.queued' : 'debts.toast.installmentUnpaid', { number }),
        );
      }
    },

    /** A new payment form: a new submission, with a payment id of its own. */
    startPayment(): void {
      recordPayment.reset();
    },

    /** Records a payment (`editing` null) or edits one; rejects when refused. */
    async savePayment(value: PaymentValue, editing: DebtPaymentView | null): Promise<void> {
      if (editing === null) {
        const outcome = await recordPayment.run({
          debtId: debt.id,
          paymentId: recordPayment.newId(),
          amount: value.amount,
          date: value.date,
          ...(value.notes === null ? {} : { notes: value.notes }),
          ...(value.walletId === null ? {} : { walletId: value.walletId }),
        });
        // The first attempt went through, only its answer was lost.
        if (!outcome.ok && outcome.error.code === 'payment_exists') return;
        sent(outcome, true);
        remember(value.walletId);
        dispatch(showSuccess('debts.toast.paymentCreated', { amount: money(value.amount) }));
        return;
      }
      const changes = {
        ...(value.amount !== editing.amount && editing.installmentNumber === null ? { amount: value.amount } : {}),
        ...(value.date !== editing.date ? { date: value.date } : {}),
        ...(value.notes !== editing.notes ? { notes: value.notes } : {}),
        ...(value.walletId !== (editing.walletId ?? null) ? { walletId: value.walletId } : {}),
      };
      if (Object.keys(changes).length > 0) {
        sent(await editPayment.run({ debtId: debt.id, paymentId: editing.paymentId, changes }), true);
      }
      dispatch(showSuccess('debts.toast.paymentUpdated'));
    },

    async deletePayment(payment: DebtPaymentView): Promise<void> {
      if (sent(await deletePayment.run({ debtId: debt.id, paymentId: payment.paymentId }))) {
        dispatch(showSuccess('debts.toast.paymentDeleted'));
      }
    },
  };
}
