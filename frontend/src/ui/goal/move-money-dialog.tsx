import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { GoalView } from '@plenty/contracts/goals';
import { useCommand } from '../../lib/api/use-command';
import type { FieldMapping } from '../../lib/form/field-codes';
import { useForm } from '../../lib/form/use-form';
import { useFormat } from '../../lib/use-format';
import { useLocale } from '../../lib/use-locale';
import { DateField } from '../date-field/date-field';
import { DialogActions } from '../dialog-form/dialog-actions';
import { DialogField } from '../dialog-form/dialog-field';
import dialogForm from '../dialog-form/dialog-form.module.css';
import { dateControl } from '../dialog-form/date-control';
import { ModalDialog } from '../dialog-form/modal-dialog';
import { showApiError, showSuccess } from '../toast/toasts-slice';
import { validateMovement } from './goal-form';
import styles from './goals.module.css';
import { AmountInput } from '../dialog-form/amount-input';

export interface MoveMoneyDialogProps {
  /** The goal to put money into or take it out of; null keeps the dialog closed. */
  readonly goal: GoalView | null;
  /** Today in the user's time zone: the date a movement starts with. */
  readonly today: string;
  onClose(): void;
}

type Direction = 'in' | 'out';
type MoveField = 'amount' | 'date';
const MAPPING: FieldMapping<MoveField> = { fields: ['amount', 'date'] };

/** Puts money into a goal, or takes some out (never more than is saved), on a date. */
export function MoveMoneyDialog({ goal, today, onClose }: MoveMoneyDialogProps) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { locale } = useLocale();
  const format = useFormat();
  const contribute = useCommand('ContributeToGoal', MAPPING);
  const withdraw = useCommand('WithdrawFromGoal', MAPPING);
  const busy = contribute.pending || withdraw.pending;
  const [direction, setDirection] = useState<Direction>('in');
  const check = (values: { amount: string; date: string }, towards: Direction = direction) =>
    goal === null ? { value: null } : validateMovement(values.amount, values.date, goal, towards, locale);
  const form = useForm({
    initial: () => ({ amount: '', date: today }),
    fields: MAPPING.fields,
    validate: (values) => {
      const { amount, date } = check(values);
      return { ...(amount ? { amount } : {}), ...(date ? { date } : {}) };
    },
    session: goal?.id ?? null,
    onSessionStart: () => {
      setDirection('in');
      contribute.reset();
      withdraw.reset();
    },
  });

  const name = goal === null ? '' : (goal.name ?? intl.formatMessage({ id: 'goals.untitled' }));

  const submit = form.onSubmit(async (values) => {
    const { value } = check(values);
    if (busy || goal === null || value === null) return;
    const request = { goalId: goal.id, ...value };
    const outcome = await (direction === 'in' ? contribute : withdraw).run(request);
    if (!outcome.ok) {
      form.showErrors(outcome.fieldErrors);
      dispatch(showApiError(outcome.error));
      return;
    }
    const amount = format.money(request.amount);
    if (direction === 'out') dispatch(showSuccess('goals.toast.withdrawn', { name, amount }));
    else if (goal.saved.amount < goal.target.amount && goal.saved.amount + request.amount.amount >= goal.target.amount)
      dispatch(showSuccess('goals.toast.reached', { name }));
    else dispatch(showSuccess('goals.toast.contributed', { name, amount }));
    onClose();
  });

  return (
    <ModalDialog
      open={goal !== null}
      onClose={onClose}
      busy={busy}
      initialFocus={() => document.getElementById(form.id('amount'))}
      className={dialogForm.dialog}
      labelledBy={form.id('title')}
      describedBy={goal === null ? undefined : form.id('saved')}
      testId="goal-money-dialog"
    >
      {goal !== null && (
        <form className={dialogForm.form} noValidate onSubmit={submit} aria-busy={busy}>
          <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
            <FormattedMessage id="goals.move.title" values={{ name }} />
          </h2>
          <p id={form.id('saved')} className={styles.muted}>
            <FormattedMessage
              id="goals.move.savedNow"
              values={{ saved: format.money(goal.saved), target: format.money(goal.target) }}
            />
          </p>

          {goal.saved.amount > 0 && (
            <fieldset className={dialogForm.field}>
              <legend className={dialogForm.label}>
                <FormattedMessage id="goals.move.direction" />
              </legend>
              <div className={dialogForm.choices}>
                {(['in', 'out'] as const).map((value) => (
                  <label key={value} className={dialogForm.choice}>
                    <input
                      type="radio"
                      name={form.id('direction')}
                      value={value}
                      checked={direction === value}
                      onChange={() => {
                        setDirection(value);
                        form.showErrors({});
                      }}
                    />
                    <FormattedMessage id={value === 'in' ? 'goals.move.in' : 'goals.move.out'} />
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          <DialogField
            form={form}
            field="amount"
            label="goals.move.amount"
            labelValues={{ currency: goal.target.currency }}
          >
            <AmountInput form={form} field="amount" />
          </DialogField>

          <DialogField form={form} field="date" label="goals.move.date">
            <DateField
              {...dateControl(form.field('date'))}
              className={dialogForm.input}
              value={form.values.date}
              onChange={(value) => form.set('date', value)}
            />
          </DialogField>

          <DialogActions
            busy={busy}
            onCancel={onClose}
            submit={direction === 'in' ? 'goals.move.submitIn' : 'goals.move.submitOut'}
          />
        </form>
      )}
    </ModalDialog>
  );
}
