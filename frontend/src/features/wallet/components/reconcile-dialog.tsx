import { isCalendarDate } from '@plenty/contracts/calendar/date';
import type { WalletView } from '@plenty/contracts/views/wallets';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useCommand } from '../../../lib/api/use-command';
import type { FieldMapping } from '../../../lib/form/field-codes';
import { useForm } from '../../../lib/form/use-form';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { useLocale } from '../../../lib/use-locale';
import { DateField } from '../../../ui/date-field/date-field';
import { DialogActions } from '../../../ui/dialog-form/dialog-actions';
import { DialogField } from '../../../ui/dialog-form/dialog-field';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { dateControl } from '../../../ui/dialog-form/date-control';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useWalletByIdQuery } from '../api';
import { checkReconcile } from '../reconcile';
import styles from '../wallets.module.css';
import { useWalletName } from './wallet-icon';
import { AmountInput } from '../../../ui/dialog-form/amount-input';

type ReconcileField = 'date' | 'balance';
const MAPPING: FieldMapping<ReconcileField> = { fields: ['date', 'balance'] };

export interface ReconcileDialogProps {
  /** The wallet to reconcile; null keeps the dialog closed. */
  readonly wallet: WalletView | null;
  readonly today: string;
  onClose(): void;
}

/**
 * Compares the wallet with the bank app: Plenty's balance at the end of the chosen day, the
 * balance the bank shows, and, as the user types, the adjustment Plenty will record.
 */
export function ReconcileDialog({ wallet, today, onClose }: ReconcileDialogProps) {
  const dispatch = useDispatch();
  const format = useFormat();
  const { locale } = useLocale();
  const nameOf = useWalletName();
  const reconcile = useCommand('ReconcileWallet', MAPPING);
  const busy = reconcile.pending;
  const form = useForm<{ date: string; balance: string }, ReconcileField>({
    initial: () => ({ date: today, balance: '' }),
    fields: MAPPING.fields,
    validate: (values) => {
      const errors: Partial<Record<ReconcileField, MessageId>> = {};
      if (!isCalendarDate(values.date) || values.date > today) errors.date = 'error.date_invalid';
      if (wallet !== null) {
        const check = checkReconcile(values.balance, 0, wallet.currency, locale);
        if (!check.ok) errors.balance = check.error;
      }
      return errors;
    },
    session: wallet?.id ?? null,
    onSessionStart: () => reconcile.reset(),
  });
  const { date, balance } = form.values;
  const dateOk = isCalendarDate(date) && date <= today;
  const shown = useWalletByIdQuery(
    { id: wallet?.id ?? '', asOf: date === today ? null : date },
    { skip: wallet === null || !dateOk },
  );
  // What Plenty showed for that day: only once it is the answer for the day chosen.
  const expected = shown.data !== undefined && !shown.isFetching ? shown.data.balance : null;
  const check =
    wallet === null || expected === null ? null : checkReconcile(balance, expected, wallet.currency, locale);

  const submit = form.onSubmit(async (values) => {
    if (busy || wallet === null || expected === null) return;
    const result = checkReconcile(values.balance, expected, wallet.currency, locale);
    if (!result.ok) return;
    const outcome = await reconcile.run({
      walletId: wallet.id,
      date: values.date,
      balance: result.balance,
      expectedBalance: expected,
    });
    if (!outcome.ok) {
      form.showErrors(outcome.fieldErrors);
      dispatch(showApiError(outcome.error));
      return;
    }
    dispatch(showSuccess('wallet.toast.reconciled', { name: nameOf(wallet) }));
    onClose();
  });

  return (
    <ModalDialog
      open={wallet !== null}
      onClose={onClose}
      busy={busy}
      labelledBy={form.id('title')}
      describedBy={form.id('lead')}
      initialFocus={() => document.getElementById(form.id('balance'))}
      className={dialogForm.dialog}
      testId="reconcile-dialog"
    >
      {wallet !== null && (
        <form className={dialogForm.form} noValidate onSubmit={submit} aria-busy={busy}>
          <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
            <FormattedMessage id="wallet.reconcile.title" values={{ name: nameOf(wallet) }} />
          </h2>
          <p id={form.id('lead')} className={styles.muted}>
            <FormattedMessage id="wallet.reconcile.lead" />
          </p>

          <DialogField form={form} field="date" label="wallet.reconcile.date">
            <DateField
              {...dateControl(form.field('date'))}
              className={dialogForm.input}
              value={date}
              max={today}
              onChange={(value) => form.set('date', value)}
            />
          </DialogField>

          <p className={styles.preview} data-testid="reconcile-expected" aria-live="polite">
            {!dateOk ? (
              <FormattedMessage id="wallet.reconcile.chooseDay" />
            ) : expected === null ? (
              shown.isError ? (
                <FormattedMessage id="wallet.reconcile.expectedFailed" />
              ) : (
                <FormattedMessage id="wallet.reconcile.expectedLoading" />
              )
            ) : (
              <FormattedMessage
                id="wallet.reconcile.expected"
                values={{
                  date: format.longDate(date),
                  balance: format.money({ amount: expected, currency: wallet.currency }),
                }}
              />
            )}
          </p>

          <DialogField
            form={form}
            field="balance"
            label="wallet.reconcile.balance"
            labelValues={{ currency: wallet.currency }}
          >
            <AmountInput form={form} field="balance" testId="reconcile-balance" />
          </DialogField>

          <p className={styles.preview} role="status" data-testid="reconcile-difference">
            {check === null || !check.ok ? (
              <FormattedMessage id="wallet.reconcile.typeBalance" />
            ) : check.adjustment === 0 ? (
              <FormattedMessage id="wallet.reconcile.agrees" />
            ) : (
              <FormattedMessage
                id="wallet.reconcile.adjustment"
                values={{ amount: format.money({ amount: check.adjustment, currency: wallet.currency }) }}
              />
            )}
          </p>

          <DialogActions
            busy={busy}
            onCancel={onClose}
            submit={busy ? 'wallet.reconcile.saving' : 'wallet.reconcile.confirm'}
          />
        </form>
      )}
    </ModalDialog>
  );
}
