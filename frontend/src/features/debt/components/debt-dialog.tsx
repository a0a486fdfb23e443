import { LOAN_TYPES, type LoanType } from '@plenty/contracts/loan-schedule';
import { CURRENCIES } from '@plenty/contracts/money';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiError } from '../../../lib/api/api-error';
import { fieldMessages, firstField, type FieldMapping } from '../../../lib/form/field-codes';
import { useLocale } from '../../../lib/use-locale';
import { DialogActions } from '../../../ui/dialog-form/dialog-actions';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import { RadioChoices } from '../../../ui/radio-choices/radio-choices';
import styles from '../debts.module.css';
import {
  DEBT_FIELDS,
  DEBT_TYPES,
  DEBT_NAME_MAX,
  DEFAULT_ICONS,
  DESCRIPTION_MAX,
  LENDER_MAX,
  validateDebt,
  type DebtDraft,
  type DebtErrors,
  type DebtField,
  type ValidDebt,
} from '../form';
import { DEBT_TYPE_LABELS, LOAN_TYPE_LABELS } from '../labels';
import { schedulePreview } from '../preview';
import {
  DebtAppearance,
  DebtFieldError,
  DebtFieldRow,
  DebtTextField,
  describedBy,
  SelectField,
  type DebtTextSpec,
  type DebtFieldContext,
} from './debt-fields';
import { SchedulePreviewView } from './schedule-preview';
import { DebtWalletField } from './wallet-field';

const MAPPING: FieldMapping<DebtField> = {
  fields: DEBT_FIELDS,
  // The wallet's refusals (archived, another currency, not found) under "Received into".
  codes: { wallet_not_found: 'walletId', wallet_archived: 'walletId', wallet_currency_mismatch: 'walletId' },
};

type FieldPair = readonly [DebtTextSpec, DebtTextSpec];

const AMOUNTS: FieldPair = [
  { field: 'initialAmount', label: 'debts.field.initialAmount', inputMode: 'decimal' },
  {
    field: 'currentAmount',
    label: 'debts.field.currentAmount',
    inputMode: 'decimal',
    hint: 'debts.field.currentAmountHint',
  },
];

/** The rows of terms under the loan type: an EMI loan runs for a term, a fixed one by its payment. */
const termRows = (loanType: LoanType): readonly FieldPair[] => [
  [
    { field: 'rate', label: 'debts.field.rate', inputMode: 'decimal', hint: 'debts.field.rateHint' },
    loanType === 'emi'
      ? { field: 'termMonths', label: 'debts.field.termMonths', inputMode: 'numeric', hint: 'debts.field.termHint' }
      : { field: 'monthlyPayment', label: 'debts.field.monthlyPayment', inputMode: 'decimal' },
  ],
  [
    { field: 'dueDay', label: 'debts.field.dueDay', inputMode: 'numeric', hint: 'debts.field.dueDayHint' },
    { field: 'minimumPayment', label: 'debts.field.minimumPayment', inputMode: 'decimal' },
  ],
  [
    { field: 'openDate', label: 'debts.field.openDate', type: 'date' },
    { field: 'startDate', label: 'debts.field.startDate', type: 'date', hint: 'debts.field.startDateHint' },
  ],
];

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
  const inputs = useRef<Partial<Record<DebtField, HTMLElement | null>>>({});
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

  const preview = useMemo(() => schedulePreview(draft, locale), [draft, locale]);

  const form: DebtFieldContext = {
    draft,
    errors,
    id,
    register: (field, element) => {
      inputs.current[field] = element;
    },
    // Several fields at once: a new type brings its own icon.
    update: (changes) => {
      const next = { ...draft, ...changes };
      setDraft(next);
      if (submitted) setErrors(validateDebt(next, locale).errors);
    },
  };

  const showErrors = (found: DebtErrors) => {
    setErrors(found);
    const first = firstField(DEBT_FIELDS, found);
    if (first !== null) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const { errors: found, value } = validateDebt(draft, locale);
    if (value === null) {
      showErrors(found);
      return;
    }
    setErrors(found);
    setBusy(true);
    try {
      await onSubmit(value);
    } catch (caught) {
      // The server's field codes (an edit names them under `changes.`) under their fields.
      showErrors(fieldMessages((caught as ApiError).fields ?? {}, MAPPING));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      busy={busy}
      initialFocus={() => inputs.current.name}
      className={`${dialogForm.dialog} ${styles.dialog}`}
      labelledBy={id('title')}
      testId="debt-dialog"
    >
      <form className={dialogForm.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <h2 id={id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage id={mode === 'add' ? 'debts.dialog.addTitle' : 'debts.dialog.editTitle'} />
        </h2>

        <DebtTextField form={form} field="name" label="debts.field.name" maxLength={DEBT_NAME_MAX + 10} />

        <div className={dialogForm.row}>
          <SelectField
            id={id('debtType')}
            label="debts.field.type"
            value={draft.debtType}
            options={DEBT_TYPES}
            optionLabel={(type) => DEBT_TYPE_LABELS[type]}
            onChange={(debtType) =>
              form.update({
                debtType,
                ...(draft.icon === DEFAULT_ICONS[draft.debtType] ? { icon: DEFAULT_ICONS[debtType] } : {}),
              })
            }
          />
          <SelectField
            id={id('currency')}
            label="debts.field.currency"
            value={draft.currency}
            options={CURRENCIES}
            disabled={mode === 'edit'}
            onChange={(currency) => form.update({ currency })}
          />
        </div>

        <DebtFieldRow form={form} fields={AMOUNTS} />

        <fieldset className={dialogForm.field}>
          <legend className={dialogForm.label}>
            <FormattedMessage id="debts.field.loanType" />
          </legend>
          <div className={dialogForm.choices}>
            <RadioChoices
              name={id('loanType')}
              options={LOAN_TYPES}
              value={draft.loanType}
              className={dialogForm.choice}
              onChange={(loanType) => form.update({ loanType })}
            >
              {(loanType) => <FormattedMessage id={LOAN_TYPE_LABELS[loanType]} />}
            </RadioChoices>
          </div>
        </fieldset>

        {termRows(draft.loanType).map((fields) => (
          <DebtFieldRow key={fields[0].field} form={form} fields={fields} />
        ))}

        <SchedulePreviewView preview={preview} currency={draft.currency} />

        <DebtWalletField
          id={id('walletId')}
          label="debts.wallet.receivedInto"
          hint={mode === 'add' ? 'debts.wallet.receivedHint' : 'debts.wallet.receivedEditHint'}
          currency={draft.currency}
          value={draft.walletId}
          onChange={(walletId) => form.update({ walletId })}
          error={errors.walletId}
          startWithLastUsed={mode === 'add'}
          keep={mode === 'edit' && initial.walletId !== '' ? initial.walletId : null}
          inputRef={(element) => form.register('walletId', element)}
        />

        <DebtTextField form={form} field="lender" label="debts.field.lender" maxLength={LENDER_MAX + 10} />

        <div className={dialogForm.field}>
          <label htmlFor={id('description')} className={dialogForm.label}>
            <FormattedMessage id="debts.field.description" />
          </label>
          <textarea
            ref={(element) => form.register('description', element)}
            id={id('description')}
            className={dialogForm.input}
            rows={2}
            value={draft.description}
            maxLength={DESCRIPTION_MAX + 10}
            aria-invalid={errors.description !== undefined}
            aria-describedby={describedBy(form, 'description')}
            onChange={(event) => form.update({ description: event.target.value })}
          />
          <DebtFieldError form={form} field="description" />
        </div>

        <DebtAppearance form={form} />

        <DialogActions
          busy={busy}
          onCancel={onClose}
          submit={busy ? 'debts.dialog.saving' : mode === 'add' ? 'debts.dialog.add' : 'debts.dialog.save'}
        />
      </form>
    </ModalDialog>
  );
}
