import type { Currency } from '@plenty/contracts/money';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiError } from '../../../lib/api/api-error';
import { fieldMessages, type FieldMapping } from '../../../lib/form/field-codes';
import { useForm } from '../../../lib/form/use-form';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { useLocale } from '../../../lib/use-locale';
import { DialogActions } from '../../../ui/dialog-form/dialog-actions';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import styles from '../debts.module.css';
import { validatePayment, type PaymentDraft } from '../payment-form';
import { DebtWalletField } from './wallet-field';

export interface PaymentValue {
  readonly amount: number;
  readonly date: string;
  readonly notes: string | null;
  /** Paid from this wallet; null: from none. */
  readonly walletId: string | null;
}

export interface PaymentDialogProps {
  readonly mode: 'add' | 'edit';
  readonly initial: PaymentDraft;
  readonly currency: Currency;
  /** The most the payment may be: what is owed (plus the payment's own amount when editing). */
  readonly limit: number;
  /** An installment's payment keeps its amount. */
  readonly amountLocked?: boolean;
  /** Sends the command; a rejection with an ApiError keeps the dialog open with the field errors. */
  onSubmit(value: PaymentValue): Promise<void>;
  onClose(): void;
}

type PaymentField = keyof PaymentDraft;
const FIELDS: readonly PaymentField[] = ['amount', 'date', 'walletId', 'notes'];
const MAPPING: FieldMapping<PaymentField> = {
  fields: FIELDS,
  // The wallet's refusals (archived, another currency, not found) under "Paid from".
  codes: { wallet_not_found: 'walletId', wallet_archived: 'walletId', wallet_currency_mismatch: 'walletId' },
};

/** Records an extra payment or edits one: amount in the debt's currency, date and notes. */
export function PaymentDialog({
  mode,
  initial,
  currency,
  limit,
  amountLocked = false,
  onSubmit,
  onClose,
}: PaymentDialogProps) {
  const { locale } = useLocale();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const form = useForm<PaymentDraft, PaymentField>({
    initial,
    fields: FIELDS,
    validate: (values) => validatePayment(values, currency, limit, locale).errors,
  });

  const save = async (values: PaymentDraft) => {
    const { value } = validatePayment(values, currency, limit, locale);
    if (value === null || busy) return;
    setBusy(true);
    try {
      await onSubmit(value);
    } catch (caught) {
      form.showErrors(fieldMessages((caught as ApiError).fields ?? {}, MAPPING));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: PaymentField, label: MessageId, type: 'text' | 'date', disabled = false) => {
    const message = form.errors[name];
    return (
      <div className={dialogForm.field}>
        <label htmlFor={form.id(name)} className={dialogForm.label}>
          <FormattedMessage id={label} />
        </label>
        <input
          {...form.field(name)}
          type={type}
          className={`${dialogForm.input} ${name === 'amount' ? dialogForm.amountInput : ''}`}
          inputMode={name === 'amount' ? 'decimal' : undefined}
          autoComplete="off"
          value={form.values[name]}
          disabled={disabled}
          onChange={(event) => form.set(name, event.target.value)}
        />
        {message !== undefined && (
          <p id={form.errorId(name)} className={dialogForm.fieldError}>
            <FormattedMessage id={message} values={{ amount: format.money({ amount: limit, currency }) }} />
          </p>
        )}
      </div>
    );
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      busy={busy}
      initialFocus={() => document.getElementById(form.id(amountLocked ? 'date' : 'amount'))}
      className={`${dialogForm.dialog} ${styles.dialog}`}
      labelledBy={form.id('title')}
      describedBy={mode === 'add' ? form.id('hint') : undefined}
      testId="payment-dialog"
    >
      <form className={dialogForm.form} noValidate onSubmit={form.onSubmit(save)} aria-busy={busy}>
        <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage id={mode === 'add' ? 'debts.paymentDialog.addTitle' : 'debts.paymentDialog.editTitle'} />
        </h2>
        {mode === 'add' && (
          <p id={form.id('hint')} className={dialogForm.hint}>
            <FormattedMessage id="debts.paymentDialog.hint" />
          </p>
        )}
        <div className={dialogForm.row2}>
          {field('amount', 'debts.payments.amount', 'text', amountLocked)}
          {field('date', 'debts.payments.date', 'date')}
        </div>
        <DebtWalletField
          id={form.id('walletId')}
          label="debts.wallet.paidFrom"
          hint="debts.wallet.paidHint"
          currency={currency}
          value={form.values.walletId}
          onChange={(walletId) => form.set('walletId', walletId)}
          error={form.errors.walletId}
          startWithLastUsed={mode === 'add'}
          keep={initial.walletId === '' ? null : initial.walletId}
          inputRef={form.field('walletId').ref}
        />
        {field('notes', 'debts.payments.notes', 'text')}
        <DialogActions
          busy={busy}
          onCancel={onClose}
          submit={busy ? 'debts.dialog.saving' : 'debts.paymentDialog.save'}
        />
      </form>
    </ModalDialog>
  );
}
