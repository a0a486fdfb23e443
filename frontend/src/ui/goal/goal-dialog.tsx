import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { GoalView } from '@plenty/contracts/goals';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { ApiError } from '../../lib/api/api-error';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import { useLocale } from '../../lib/use-locale';
import { buttonClass } from '../button';
import { showApiError, showSuccess } from '../toast/toasts-slice';
import { useAddGoalMutation, useEditGoalMutation } from './api';
import {
  GOAL_NAME_MAX,
  amountInput,
  goalChanges,
  validateGoal,
  type GoalDraft,
  type GoalErrors,
  type GoalField,
} from './goal-form';
import dialogForm from '../dialog-form/dialog-form.module.css';
import { Spinner } from '../spinner';
import { DateField } from '../date-field/date-field';

export interface GoalDialogProps {
  readonly open: boolean;
  /** The goal to edit; without it the dialog adds a new one. */
  readonly goal?: GoalView | undefined;
  /** Every goal the user has (for the duplicate-name check). */
  readonly goals: readonly GoalView[];
  /** The currency a new goal starts in: the user's preferred one. */
  readonly defaultCurrency: Currency;
  onClose(): void;
}

const FIELDS: readonly GoalField[] = ['name', 'target', 'saved', 'targetDate'];
const SERVER_FIELDS: Partial<Record<string, GoalField>> = {
  name: 'name',
  'target.amount': 'target',
  target: 'target',
  'saved.amount': 'saved',
  saved: 'saved',
  targetDate: 'targetDate',
  'changes.name': 'name',
  'changes.target.amount': 'target',
  'changes.target': 'target',
  'changes.saved.amount': 'saved',
  'changes.saved': 'saved',
  'changes.targetDate': 'targetDate',
};

function initialDraft(goal: GoalView | undefined, currency: Currency, locale: Locale): GoalDraft {
  if (goal === undefined) return { name: '', target: '', currency, saved: '', targetDate: '' };
  return {
    name: goal.name ?? '',
    target: amountInput(goal.target.amount, goal.target.currency, locale),
    currency: goal.target.currency,
    saved: amountInput(goal.saved.amount, goal.saved.currency, locale),
    targetDate: goal.targetDate ?? '',
  };
}

/**
 * Adds or edits a goal (name, target amount and currency, what is already saved, target date) in
 * a modal dialog, checks it as the server does, sends the command and confirms with a toast.
 */
export function GoalDialog({ open, goal, goals, defaultCurrency, onClose }: GoalDialogProps) {
  const dispatch = useDispatch();
  const { locale } = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const inputs = useRef<Partial<Record<GoalField, HTMLInputElement | null>>>({});
  const base = useId();
  const id = (part: string) => `${base}-${part}`;
  const [draft, setDraft] = useState<GoalDraft>(() => initialDraft(goal, defaultCurrency, locale));
  const [errors, setErrors] = useState<GoalErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [addGoal, addState] = useAddGoalMutation();
  const [editGoal, editState] = useEditGoalMutation();
  const busy = addState.isLoading || editState.isLoading;
  const editing = goal !== undefined;
  const currencyLocked = editing && goal.saved.amount > 0;

  // Each opening starts from the goal (or an empty form), set while rendering so the first frame shows it.
  const session = open ? (goal?.id ?? 'new') : null;
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (session !== shownFor) {
    setShownFor(session);
    if (session !== null) {
      setDraft(initialDraft(goal, defaultCurrency, locale));
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

  const update = (next: GoalDraft) => {
    setDraft(next);
    if (submitted) setErrors(validateGoal(next, goals, locale, goal?.id).errors);
  };

  const focusFirst = (found: GoalErrors) => {
    const first = FIELDS.find((field) => found[field] !== undefined);
    if (first !== undefined) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const { errors: found, value } = validateGoal(draft, goals, locale, goal?.id);
    setErrors(found);
    if (value === null) {
      focusFirst(found);
      return;
    }
    try {
      if (goal === undefined) {
        await addGoal({
          commandId: uuidV7(),
          goalId: uuidV7(),
          name: value.name,
          target: value.target,
          ...(value.saved.amount > 0 ? { saved: value.saved } : {}),
          targetDate: value.targetDate,
        }).unwrap();
        dispatch(showSuccess('goals.toast.created', { name: value.name }));
      } else {
        const changes = goalChanges(goal, value);
        if (Object.keys(changes).length > 0) {
          await editGoal({ commandId: uuidV7(), goalId: goal.id, changes }).unwrap();
        }
        dispatch(showSuccess('goals.toast.updated', { name: value.name }));
      }
      onClose();
    } catch (caught) {
      const error = caught as ApiError;
      const fieldErrors: { -readonly [K in GoalField]?: MessageId } = {};
      if (error.code === 'goal_name_taken') fieldErrors.name = 'error.goal_name_taken';
      for (const [path, code] of Object.entries(error.fields)) {
        const field = SERVER_FIELDS[path];
        if (field !== undefined && fieldErrors[field] === undefined) fieldErrors[field] = `error.${code}`;
      }
      setErrors(fieldErrors);
      focusFirst(fieldErrors);
      if (error.code !== 'goal_name_taken') dispatch(showApiError(error));
    }
  };

  const describedBy = (field: GoalField, hint?: string) =>
    [errors[field] === undefined ? null : id(`${field}-error`), hint ?? null].filter(Boolean).join(' ') || undefined;

  const fieldError = (field: GoalField) => {
    const message = errors[field];
    return message === undefined ? null : (
      <p id={id(`${field}-error`)} className={dialogForm.fieldError}>
        <FormattedMessage id={message} />
      </p>
    );
  };

  const amountField = (field: 'target' | 'saved', label: MessageId) => (
    <div className={dialogForm.field}>
      <label htmlFor={id(field)} className={dialogForm.label}>
        <FormattedMessage id={label} />
      </label>
      <input
        ref={(element) => {
          inputs.current[field] = element;
        }}
        id={id(field)}
        className={`${dialogForm.input} ${dialogForm.amountInput}`}
        value={draft[field]}
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={errors[field] !== undefined}
        aria-describedby={describedBy(field)}
        onChange={(event) => update({ ...draft, [field]: event.target.value })}
      />
      {fieldError(field)}
    </div>
  );

  return (
    <dialog
      ref={dialog}
      className={dialogForm.dialog}
      aria-labelledby={id('title')}
      data-testid="goal-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className={dialogForm.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <h2 id={id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage id={editing ? 'goals.dialog.editTitle' : 'goals.dialog.addTitle'} />
        </h2>

        <div className={dialogForm.field}>
          <label htmlFor={id('name')} className={dialogForm.label}>
            <FormattedMessage id="goals.field.name" />
          </label>
          <input
            ref={(element) => {
              inputs.current.name = element;
            }}
            id={id('name')}
            className={dialogForm.input}
            value={draft.name}
            maxLength={GOAL_NAME_MAX + 10}
            autoComplete="off"
            aria-invalid={errors.name !== undefined}
            aria-describedby={describedBy('name')}
            onChange={(event) => update({ ...draft, name: event.target.value })}
          />
          {fieldError('name')}
        </div>

        <div className={dialogForm.row}>
          {amountField('target', 'goals.field.target')}
          <div className={dialogForm.field}>
            <label htmlFor={id('currency')} className={dialogForm.label}>
              <FormattedMessage id="goals.field.currency" />
            </label>
            <select
              id={id('currency')}
              className={dialogForm.input}
              value={draft.currency}
              disabled={currencyLocked}
              aria-describedby={currencyLocked ? id('currency-hint') : undefined}
              onChange={(event) => update({ ...draft, currency: event.target.value as Currency })}
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </div>
        </div>
        {currencyLocked && (
          <p id={id('currency-hint')} className={dialogForm.hint}>
            <FormattedMessage id="goals.field.currencyLocked" />
          </p>
        )}

        {amountField('saved', 'goals.field.saved')}

        <div className={dialogForm.field}>
          <label htmlFor={id('targetDate')} className={dialogForm.label}>
            <FormattedMessage id="goals.field.targetDate" />
          </label>
          <DateField
            inputRef={(element) => {
              inputs.current.targetDate = element;
            }}
            id={id('targetDate')}
            className={dialogForm.input}
            value={draft.targetDate}
            aria-invalid={errors.targetDate !== undefined}
            aria-describedby={describedBy('targetDate')}
            onChange={(value) => update({ ...draft, targetDate: value })}
          />
          {fieldError('targetDate')}
        </div>

        <div className={dialogForm.dialogActions}>
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className={buttonClass('primary')} aria-disabled={busy}>
            {busy && <Spinner />}
            <FormattedMessage id={busy ? 'goals.dialog.saving' : editing ? 'goals.dialog.save' : 'goals.dialog.add'} />
          </button>
        </div>
      </form>
    </dialog>
  );
}
