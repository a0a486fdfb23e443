import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { GoalView } from '@plenty/contracts/goals';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { useCommand } from '../../lib/api/use-command';
import type { FieldMapping } from '../../lib/form/field-codes';
import { useForm } from '../../lib/form/use-form';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import { useLocale } from '../../lib/use-locale';
import { DateField } from '../date-field/date-field';
import { DialogActions } from '../dialog-form/dialog-actions';
import { DialogField } from '../dialog-form/dialog-field';
import dialogForm from '../dialog-form/dialog-form.module.css';
import { dateControl } from '../dialog-form/date-control';
import { ModalDialog, titledNameFirst } from '../dialog-form/modal-dialog';
import { NameInput } from '../dialog-form/name-input';
import { showApiError, showSuccess } from '../toast/toasts-slice';
import { GOAL_NAME_MAX, amountInput, goalChanges, validateGoal, type GoalDraft, type GoalField } from './goal-form';
import { AmountInput } from '../dialog-form/amount-input';

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

/** The server's field paths (`target.amount`, `changes.name`, …) name these fields. */
const MAPPING: FieldMapping<GoalField> = {
  fields: ['name', 'target', 'saved', 'targetDate'],
  codes: { goal_name_taken: 'name' },
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
  const addGoal = useCommand('AddGoal', MAPPING);
  const editGoal = useCommand('EditGoal', MAPPING);
  const busy = addGoal.pending || editGoal.pending;
  const editing = goal !== undefined;
  const currencyLocked = editing && goal.saved.amount > 0;
  const form = useForm({
    initial: () => initialDraft(goal, defaultCurrency, locale),
    fields: MAPPING.fields,
    validate: (draft) => validateGoal(draft, goals, locale, goal?.id).errors,
    session: open ? (goal?.id ?? 'new') : null,
    onSessionStart: () => {
      addGoal.reset();
      editGoal.reset();
    },
  });
  const { values: draft } = form;

  const submit = form.onSubmit(async (values) => {
    const { value } = validateGoal(values, goals, locale, goal?.id);
    if (busy || value === null) return;
    let outcome: Awaited<ReturnType<typeof addGoal.run>> | null = null;
    if (goal === undefined) {
      outcome = await addGoal.run({
        goalId: addGoal.newId(),
        name: value.name,
        target: value.target,
        ...(value.saved.amount > 0 ? { saved: value.saved } : {}),
        targetDate: value.targetDate,
      });
    } else {
      const changes = goalChanges(goal, value);
      if (Object.keys(changes).length > 0) outcome = await editGoal.run({ goalId: goal.id, changes });
    }
    if (outcome === null || outcome.ok) {
      dispatch(showSuccess(editing ? 'goals.toast.updated' : 'goals.toast.created', { name: value.name }));
      onClose();
      return;
    }
    form.showErrors(outcome.fieldErrors);
    if (outcome.error.code !== 'goal_name_taken') dispatch(showApiError(outcome.error));
  });

  const amountField = (field: 'target' | 'saved', label: MessageId) => (
    <DialogField form={form} field={field} label={label}>
      <AmountInput form={form} field={field} />
    </DialogField>
  );

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      busy={busy}
      {...titledNameFirst(form)}
      className={dialogForm.dialog}
      testId="goal-dialog"
    >
      <form className={dialogForm.form} noValidate onSubmit={submit} aria-busy={busy}>
        <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage id={editing ? 'goals.dialog.editTitle' : 'goals.dialog.addTitle'} />
        </h2>

        <DialogField form={form} field="name" label="goals.field.name">
          <NameInput form={form} max={GOAL_NAME_MAX} className={dialogForm.input} />
        </DialogField>

        <div className={dialogForm.row}>
          {amountField('target', 'goals.field.target')}
          <div className={dialogForm.field}>
            <label htmlFor={form.id('currency')} className={dialogForm.label}>
              <FormattedMessage id="goals.field.currency" />
            </label>
            <select
              id={form.id('currency')}
              className={dialogForm.input}
              value={draft.currency}
              disabled={currencyLocked}
              aria-describedby={currencyLocked ? form.id('currency-hint') : undefined}
              onChange={(event) => form.set('currency', event.target.value as Currency)}
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
          <p id={form.id('currency-hint')} className={dialogForm.hint}>
            <FormattedMessage id="goals.field.currencyLocked" />
          </p>
        )}

        {amountField('saved', 'goals.field.saved')}

        <DialogField form={form} field="targetDate" label="goals.field.targetDate">
          <DateField
            {...dateControl(form.field('targetDate'))}
            className={dialogForm.input}
            value={draft.targetDate}
            onChange={(value) => form.set('targetDate', value)}
          />
        </DialogField>

        <DialogActions
          busy={busy}
          onCancel={onClose}
          submit={busy ? 'goals.dialog.saving' : editing ? 'goals.dialog.save' : 'goals.dialog.add'}
        />
      </form>
    </ModalDialog>
  );
}
