import type { Currency } from '@plenty/contracts/money';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiError } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { useLocale } from '../../../lib/use-locale';
import { buttonClass } from '../../../ui/button';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import styles from '../debts.module.css';
import { validatePayment, type PaymentDraft, type PaymentErrors } from '../payment-form';
import { Spinner } from '../../../ui/spinner';

export interface PaymentValue {
  readonly amount: number;
  readonly date: string;
  readonly notes: string | null;
}

export interface PaymentDialogProps {
  readonly mode: 'add' | 'edit';
  readonly initial: PaymentDraft;
  readonly currency: Currency;
  /** The most the payment may be: what is owed (plus the payment's own amount when editing). */
  readonly limit: number;
  /** An installment's payment keeps its amount. */
  readonly amountLocked?: boolean;
  onSubmit(value: PaymentValue): Promise<void>;
  onClose(): void;
}

const FIELDS: readonly (keyof PaymentDraft)[] = ['amount', 'date', 'notes'];
const SERVER_FIELDS: Record<string, keyof PaymentDraft> = {
  amount: 'amount',
  'changes.amount': 'amount',
  date: 'date',
  'changes.date': 'date',
  notes: 'notes',
  'changes.notes': 'notes',
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
  const dialog = useRef<HTMLDialogElement>(null);
  const inputs = useRef<Partial<Record<keyof PaymentDraft, HTMLInputElement | null>>>({});
  const base = useId();
  const id = (part: string) => `${base}-${part}`;
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<PaymentErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) {
      element.showModal();
      (amountLocked ? inputs.current.date : inputs.current.amount)?.focus();
    }
  }, [amountLocked]);

  const focusFirst = (found: PaymentErrors) => {
    const first = FIELDS.find((field) => found[field] !== undefined);
    if (first !== undefined) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { errors: found, value } = validatePayment(draft, currency, limit, locale);
    setErrors(found);
    if (value === null) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(value);
    } catch (caught) {
      const error = caught as ApiError;
      const fieldErrors: { -readonly [K in keyof PaymentDraft]?: MessageId } = {};
      for (const [path, code] of Object.entries(error.fields ?? {})) {
        const field = SERVER_FIELDS[path];
        if (field !== undefined) fieldErrors[field] = `error.${code}`;
      }
      setErrors(fieldErrors);
      focusFirst(fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  const error = (field: keyof PaymentDraft) => {
    const message = errors[field];
    return message === undefined ? null : (
      <p id={id(`${field}-error`)} className={dialogForm.fieldError}>
        <FormattedMessage id={message} values={{ amount: format.money({ amount: limit, currency }) }} />
      </p>
    );
  };

  const field = (name: keyof PaymentDraft, label: MessageId, type: 'text' | 'date', disabled = false) => (
    <div className={dialogForm.field}>
      <label htmlFor={id(name)} className={dialogForm.label}>
        <FormattedMessage id={label} />
      </label>
      <input
        ref={(element) => {
          inputs.current[name] = element;
        }}
        id={id(name)}
        type={type}
        className={`${dialogForm.input} ${name === 'amount' ? dialogForm.amountInput : ''}`}
        inputMode={name === 'amount' ? 'decimal' : undefined}
        autoComplete="off"
        value={draft[name]}
        disabled={disabled}
        aria-invalid={errors[name] !== undefined}
        aria-describedby={errors[name] === undefined ? undefined : id(`${name}-error`)}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
      {error(name)}
    </div>
  );

  return (
    <dialog
      ref={dialog}
      className={`${dialogForm.dialog} ${styles.dialog}`}
      aria-labelledby={id('title')}
      aria-describedby={mode === 'add' ? id('hint') : undefined}
      data-testid="payment-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className={dialogForm.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <h2 id={id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage id={mode === 'add' ? 'debts.paymentDialog.addTitle' : 'debts.paymentDialog.editTitle'} />
        </h2>
        {mode === 'add' && (
          <p id={id('hint')} className={dialogForm.hint}>
            <FormattedMessage id="debts.paymentDialog.hint" />
          </p>
        )}
        <div className={dialogForm.row2}>
          {field('amount', 'debts.payments.amount', 'text', amountLocked)}
          {field('date', 'debts.payments.date', 'date')}
        </div>
        {field('notes', 'debts.payments.notes', 'text')}
        <div className={dialogForm.dialogActions}>
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className={buttonClass('primary')} aria-disabled={busy}>
            {busy && <Spinner />}
            <FormattedMessage id={busy ? 'debts.dialog.saving' : 'debts.paymentDialog.save'} />
          </button>
        </div>
      </form>
    </dialog>
  );
}
