import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { LOAN_TYPES } from '@plenty/contracts/loan-schedule';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiError } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/messages';
import { useLocale } from '../../../lib/use-locale';
import { buttonClass } from '../../../ui/button';
import { ColorPicker } from '../../../ui/category-form/color-picker';
import { IconPicker } from '../../../ui/icon/icon-picker';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import styles from '../debts.module.css';
import {
  DEBT_FIELDS,
  DEBT_NAME_MAX,
  DEBT_TYPES,
  DEFAULT_ICONS,
  DESCRIPTION_MAX,
  LENDER_MAX,
  validateDebt,
  type DebtDraft,
  type DebtErrors,
  type DebtField,
  type DebtType,
  type ValidDebt,
} from '../form';
import { DEBT_TYPE_LABELS, LOAN_TYPE_LABELS } from '../labels';
import { schedulePreview } from '../preview';
import { SchedulePreviewView } from './schedule-preview';
import { Spinner } from '../../../ui/spinner';
import { DateField } from '../../../ui/date-field/date-field';

export interface DebtDialogProps {
  readonly open: boolean;
  readonly mode: 'add' | 'edit';
  /** What the form starts from each time it opens. */
  readonly initial: DebtDraft;
  /** Sends the command; a rejection with an ApiError keeps the dialog open with the field errors. */
  onSubmit(value: ValidDebt): Promise<void>;
  onClose(): void;
}

/**
 * Adds or edits a debt with every field of its terms, checks it as the server does, and shows
 * the schedule those terms make while the user types.
 */
export function DebtDialog({ open, mode, initial, onSubmit, onClose }: DebtDialogProps) {
  const { locale } = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const inputs = useRef<Partial<Record<DebtField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const base = useId();
  const id = (part: string) => `${base}-${part}`;
  const [draft, setDraft] = useState<DebtDraft>(initial);
  const [errors, setErrors] = useState<DebtErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const [shownFor, setShownFor] = useState<DebtDraft | null>(null);
  const session = open ? initial : null;
  if (session !== shownFor) {
    setShownFor(session);
    if (session !== null) {
      setDraft(session);
      setErrors({});
      setSubmitted(false);
    }
  }

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) {
      element.showModal();
      inputs.current.name?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  const preview = useMemo(() => schedulePreview(draft, locale), [draft, locale]);

  const update = (changes: Partial<DebtDraft>) => {
    const next = { ...draft, ...changes };
    setDraft(next);
    if (submitted) setErrors(validateDebt(next, locale).errors);
  };

  const focusFirst = (found: DebtErrors) => {
    const first = DEBT_FIELDS.find((field) => found[field] !== undefined);
    if (first !== undefined) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const { errors: found, value } = validateDebt(draft, locale);
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
      const fieldErrors: { -readonly [K in DebtField]?: MessageId } = {};
      for (const [fullPath, code] of Object.entries(error.fields ?? {})) {
        // An edit names its fields under `changes.`.
        const path = fullPath.replace(/^changes\./, '');
        const field = DEBT_FIELDS.find((candidate) => path === candidate || path.startsWith(`${candidate}.`));
        if (field !== undefined && fieldErrors[field] === undefined) fieldErrors[field] = `error.${code}`;
      }
      setErrors(fieldErrors);
      focusFirst(fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (field: DebtField, hint = false) =>
    [errors[field] === undefined ? null : id(`${field}-error`), hint ? id(`${field}-hint`) : null]
      .filter(Boolean)
      .join(' ') || undefined;

  const fieldError = (field: DebtField) => {
    const message = errors[field];
    return message === undefined ? null : (
      <p id={id(`${field}-error`)} className={dialogForm.fieldError}>
        <FormattedMessage id={message} />
      </p>
    );
  };

  const text = (
    field: Exclude<DebtField, 'description' | 'icon' | 'color'>,
    label: MessageId,
    options: { inputMode?: 'decimal' | 'numeric'; type?: 'date'; maxLength?: number; hint?: MessageId } = {},
  ): ReactNode => (
    <div className={dialogForm.field}>
      <label htmlFor={id(field)} className={dialogForm.label}>
        <FormattedMessage id={label} />
      </label>
      {options.type === 'date' ? (
        <DateField
          inputRef={(element) => {
            inputs.current[field] = element;
          }}
          id={id(field)}
          className={dialogForm.input}
          value={draft[field]}
          aria-invalid={errors[field] !== undefined}
          aria-describedby={describedBy(field, options.hint !== undefined)}
          onChange={(value) => update({ [field]: value })}
        />
      ) : (
        <input
          ref={(element) => {
            inputs.current[field] = element;
          }}
          id={id(field)}
          className={`${dialogForm.input} ${options.inputMode === undefined ? '' : dialogForm.amountInput}`}
          type="text"
          value={draft[field]}
          inputMode={options.inputMode}
          maxLength={options.maxLength}
          autoComplete="off"
          aria-invalid={errors[field] !== undefined}
          aria-describedby={describedBy(field, options.hint !== undefined)}
          onChange={(event) => update({ [field]: event.target.value })}
        />
      )}
      {options.hint !== undefined && (
        <p id={id(`${field}-hint`)} className={dialogForm.hint}>
          <FormattedMessage id={options.hint} />
        </p>
      )}
      {fieldError(field)}
    </div>
  );

  return (
    <dialog
      ref={dialog}
      className={`${dialogForm.dialog} ${styles.dialog}`}
      aria-labelledby={id('title')}
      data-testid="debt-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className={dialogForm.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <h2 id={id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage id={mode === 'add' ? 'debts.dialog.addTitle' : 'debts.dialog.editTitle'} />
        </h2>

        {text('name', 'debts.field.name', { maxLength: DEBT_NAME_MAX + 10 })}

        <div className={dialogForm.row}>
          <div className={dialogForm.field}>
            <label htmlFor={id('debtType')} className={dialogForm.label}>
              <FormattedMessage id="debts.field.type" />
            </label>
            <DebtTypeSelect
              id={id('debtType')}
              value={draft.debtType}
              onChange={(debtType) =>
                update({
                  debtType,
                  ...(draft.icon === DEFAULT_ICONS[draft.debtType] ? { icon: DEFAULT_ICONS[debtType] } : {}),
                })
              }
            />
          </div>
          <div className={dialogForm.field}>
            <label htmlFor={id('currency')} className={dialogForm.label}>
              <FormattedMessage id="debts.field.currency" />
            </label>
            <select
              id={id('currency')}
              className={dialogForm.input}
              value={draft.currency}
              disabled={mode === 'edit'}
              onChange={(event) => update({ currency: event.target.value as Currency })}
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className={dialogForm.row2}>
          {text('initialAmount', 'debts.field.initialAmount', { inputMode: 'decimal' })}
          {text('currentAmount', 'debts.field.currentAmount', {
            inputMode: 'decimal',
            hint: 'debts.field.currentAmountHint',
          })}
        </div>

        <fieldset className={dialogForm.field}>
          <legend className={dialogForm.label}>
            <FormattedMessage id="debts.field.loanType" />
          </legend>
          <div className={dialogForm.choices}>
            {LOAN_TYPES.map((loanType) => (
              <label key={loanType} className={dialogForm.choice}>
                <input
                  type="radio"
                  name={id('loanType')}
                  value={loanType}
                  checked={draft.loanType === loanType}
                  onChange={() => update({ loanType })}
                />
                <FormattedMessage id={LOAN_TYPE_LABELS[loanType]} />
              </label>
            ))}
          </div>
        </fieldset>

        <div className={dialogForm.row2}>
          {text('rate', 'debts.field.rate', { inputMode: 'decimal', hint: 'debts.field.rateHint' })}
          {draft.loanType === 'emi'
            ? text('termMonths', 'debts.field.termMonths', { inputMode: 'numeric', hint: 'debts.field.termHint' })
            : text('monthlyPayment', 'debts.field.monthlyPayment', { inputMode: 'decimal' })}
        </div>

        <div className={dialogForm.row2}>
          {text('dueDay', 'debts.field.dueDay', { inputMode: 'numeric', hint: 'debts.field.dueDayHint' })}
          {text('minimumPayment', 'debts.field.minimumPayment', { inputMode: 'decimal' })}
        </div>

        <div className={dialogForm.row2}>
          {text('openDate', 'debts.field.openDate', { type: 'date' })}
          {text('startDate', 'debts.field.startDate', { type: 'date', hint: 'debts.field.startDateHint' })}
        </div>

        <SchedulePreviewView preview={preview} currency={draft.currency} />

        {text('lender', 'debts.field.lender', { maxLength: LENDER_MAX + 10 })}

        <div className={dialogForm.field}>
          <label htmlFor={id('description')} className={dialogForm.label}>
            <FormattedMessage id="debts.field.description" />
          </label>
          <textarea
            ref={(element) => {
              inputs.current.description = element;
            }}
            id={id('description')}
            className={dialogForm.input}
            rows={2}
            value={draft.description}
            maxLength={DESCRIPTION_MAX + 10}
            aria-invalid={errors.description !== undefined}
            aria-describedby={describedBy('description')}
            onChange={(event) => update({ description: event.target.value })}
          />
          {fieldError('description')}
        </div>

        <fieldset className={dialogForm.field}>
          <legend id={id('icon')} className={dialogForm.label}>
            <FormattedMessage id="debts.field.icon" />
          </legend>
          <IconPicker
            value={draft.icon}
            color={draft.color}
            labelledBy={id('icon')}
            errorId={errors.icon === undefined ? undefined : id('icon-error')}
            onChange={(icon) => update({ icon })}
          />
          {fieldError('icon')}
        </fieldset>

        <fieldset className={dialogForm.field}>
          <legend id={id('color')} className={dialogForm.label}>
            <FormattedMessage id="debts.field.color" />
          </legend>
          <ColorPicker
            value={draft.color}
            labelledBy={id('color')}
            errorId={errors.color === undefined ? undefined : id('color-error')}
            onChange={(color) => update({ color })}
          />
          {fieldError('color')}
        </fieldset>

        <div className={dialogForm.dialogActions}>
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className={buttonClass('primary')} aria-disabled={busy}>
            {busy && <Spinner />}
            <FormattedMessage
              id={busy ? 'debts.dialog.saving' : mode === 'add' ? 'debts.dialog.add' : 'debts.dialog.save'}
            />
          </button>
        </div>
      </form>
    </dialog>
  );
}

function DebtTypeSelect({
  id,
  value,
  onChange,
}: {
  readonly id: string;
  readonly value: DebtType;
  onChange(value: DebtType): void;
}) {
  return (
    <select
      id={id}
      className={dialogForm.input}
      value={value}
      onChange={(event) => onChange(event.target.value as DebtType)}
    >
      {DEBT_TYPES.map((type) => (
        <FormattedMessage key={type} id={DEBT_TYPE_LABELS[type]}>
          {(label) => <option value={type}>{label}</option>}
        </FormattedMessage>
      ))}
    </select>
  );
}
