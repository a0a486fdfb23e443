import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { GoalView } from '@plenty/contracts/goals';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { ApiError } from '../../lib/api/api-error';
import type { MessageId } from '../../lib/messages';
import { useFormat } from '../../lib/use-format';
import { useLocale } from '../../lib/use-locale';
import { buttonClass } from '../button';
import { showApiError, showSuccess } from '../toast/toasts-slice';
import { useContributeToGoalMutation, useWithdrawFromGoalMutation } from './api';
import { validateMovement } from './goal-form';
import dialogForm from '../dialog-form/dialog-form.module.css';
import styles from './goals.module.css';
import { Spinner } from '../spinner';
import { DateField } from '../date-field/date-field';

export interface MoveMoneyDialogProps {
  /** The goal to put money into or take it out of; null keeps the dialog closed. */
  readonly goal: GoalView | null;
  /** Today in the user's time zone: the date a movement starts with. */
  readonly today: string;
  onClose(): void;
}

type Direction = 'in' | 'out';

/** Puts money into a goal, or takes some out (never more than is saved), on a date. */
export function MoveMoneyDialog({ goal, today, onClose }: MoveMoneyDialogProps) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { locale } = useLocale();
  const format = useFormat();
  const dialog = useRef<HTMLDialogElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const base = useId();
  const id = (part: string) => `${base}-${part}`;
  const [direction, setDirection] = useState<Direction>('in');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [errors, setErrors] = useState<{ amount?: MessageId; date?: MessageId }>({});
  const [contribute, contributeState] = useContributeToGoalMutation();
  const [withdraw, withdrawState] = useWithdrawFromGoalMutation();
  const busy = contributeState.isLoading || withdrawState.isLoading;
  const open = goal !== null;

  const session = goal?.id ?? null;
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (session !== shownFor) {
    setShownFor(session);
    if (session !== null) {
      setDirection('in');
      setAmount('');
      setDate(today);
      setErrors({});
    }
  }

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) {
      element.showModal();
      amountRef.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  if (goal === null) return <dialog ref={dialog} className={dialogForm.dialog} data-testid="goal-money-dialog" />;

  const name = goal.name ?? intl.formatMessage({ id: 'goals.untitled' });
  const canWithdraw = goal.saved.amount > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateMovement(amount, date, goal, direction, locale);
    setErrors({
      ...(checked.amount ? { amount: checked.amount } : {}),
      ...(checked.date ? { date: checked.date } : {}),
    });
    if (checked.value === null) {
      (checked.amount ? amountRef : dateRef).current?.focus();
      return;
    }
    const request = { commandId: uuidV7(), goalId: goal.id, ...checked.value };
    try {
      if (direction === 'in') {
        await contribute(request).unwrap();
        const reached = goal.saved.amount + request.amount.amount >= goal.target.amount;
        dispatch(
          reached && goal.saved.amount < goal.target.amount
            ? showSuccess('goals.toast.reached', { name })
            : showSuccess('goals.toast.contributed', { name, amount: format.money(request.amount) }),
        );
      } else {
        await withdraw(request).unwrap();
        dispatch(showSuccess('goals.toast.withdrawn', { name, amount: format.money(request.amount) }));
      }
      onClose();
    } catch (caught) {
      const error = caught as ApiError;
      const amountCode = error.fields['amount'] ?? error.fields['amount.amount'];
      const dateCode = error.fields['date'];
      setErrors({
        ...(amountCode === undefined ? {} : { amount: `error.${amountCode}` as const }),
        ...(dateCode === undefined ? {} : { date: `error.${dateCode}` as const }),
      });
      dispatch(showApiError(error));
    }
  };

  const describedBy = (field: 'amount' | 'date', extra?: string) =>
    [errors[field] === undefined ? null : id(`${field}-error`), extra ?? null].filter(Boolean).join(' ') || undefined;

  return (
    <dialog
      ref={dialog}
      className={dialogForm.dialog}
      aria-labelledby={id('title')}
      aria-describedby={id('saved')}
      data-testid="goal-money-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className={dialogForm.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <h2 id={id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage id="goals.move.title" values={{ name }} />
        </h2>
        <p id={id('saved')} className={styles.muted}>
          <FormattedMessage
            id="goals.move.savedNow"
            values={{ saved: format.money(goal.saved), target: format.money(goal.target) }}
          />
        </p>

        {canWithdraw && (
          <fieldset className={dialogForm.field}>
            <legend className={dialogForm.label}>
              <FormattedMessage id="goals.move.direction" />
            </legend>
            <div className={dialogForm.choices}>
              {(['in', 'out'] as const).map((value) => (
                <label key={value} className={dialogForm.choice}>
                  <input
                    type="radio"
                    name={id('direction')}
                    value={value}
                    checked={direction === value}
                    onChange={() => {
                      setDirection(value);
                      setErrors({});
                    }}
                  />
                  <FormattedMessage id={value === 'in' ? 'goals.move.in' : 'goals.move.out'} />
                </label>
              ))}
            </div>
          </fieldset>
        )}

        <div className={dialogForm.field}>
          <label htmlFor={id('amount')} className={dialogForm.label}>
            <FormattedMessage id="goals.move.amount" values={{ currency: goal.target.currency }} />
          </label>
          <input
            ref={amountRef}
            id={id('amount')}
            className={`${dialogForm.input} ${dialogForm.amountInput}`}
            value={amount}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={errors.amount !== undefined}
            aria-describedby={describedBy('amount')}
            onChange={(event) => setAmount(event.target.value)}
          />
          {errors.amount !== undefined && (
            <p id={id('amount-error')} className={dialogForm.fieldError}>
              <FormattedMessage id={errors.amount} />
            </p>
          )}
        </div>

        <div className={dialogForm.field}>
          <label htmlFor={id('date')} className={dialogForm.label}>
            <FormattedMessage id="goals.move.date" />
          </label>
          <DateField
            inputRef={dateRef}
            id={id('date')}
            className={dialogForm.input}
            value={date}
            aria-invalid={errors.date !== undefined}
            aria-describedby={describedBy('date')}
            onChange={setDate}
          />
          {errors.date !== undefined && (
            <p id={id('date-error')} className={dialogForm.fieldError}>
              <FormattedMessage id={errors.date} />
            </p>
          )}
        </div>

        <div className={dialogForm.dialogActions}>
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className={buttonClass('primary')} aria-disabled={busy}>
            {busy && <Spinner />}
            <FormattedMessage id={direction === 'in' ? 'goals.move.submitIn' : 'goals.move.submitOut'} />
          </button>
        </div>
      </form>
    </dialog>
  );
}
