import { type Currency, type Money } from '@plenty/contracts/money';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useCommand } from '../../../lib/api/use-command';
import type { FieldMapping } from '../../../lib/form/field-codes';
import { useForm } from '../../../lib/form/use-form';
import { useLocale } from '../../../lib/use-locale';
import { AmountInput } from '../../../ui/dialog-form/amount-input';
import { CurrencySelect } from '../../../ui/dialog-form/currency-select';
import { DialogActions } from '../../../ui/dialog-form/dialog-actions';
import { DialogField } from '../../../ui/dialog-form/dialog-field';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import { RadioChoices } from '../../../ui/radio-choices/radio-choices';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { limitChanges, limitDraft, parseLimit, type LimitDraft, type LimitField } from '../form';
import styles from '../budget.module.css';

/** The server's `limit.amount` and `limit` paths and the amount codes name the amount field. */
const MAPPING: FieldMapping<LimitField> = { fields: ['amount'], paths: { limit: 'amount' } };

export interface LimitDialogTarget {
  readonly categoryId: string;
  readonly name: string;
  readonly limit: Money | null;
  readonly repeat: boolean | null;
  readonly rollover: boolean;
  /** Last month's limit as set, offered as "Same as last month". */
  readonly previous: Money | null;
}

/**
 * Sets or changes a category's limit for the month: the amount and its currency, whether it
 * holds from this month on or for this month only, and whether what is left rolls over.
 */
export function LimitDialog({
  target,
  month,
  monthName,
  currency,
  previousText,
  onSaved,
  onClose,
}: {
  readonly target: LimitDialogTarget | null;
  readonly month: string;
  readonly monthName: string;
  /** The currency a new limit starts in: the display currency. */
  readonly currency: Currency;
  /** Last month's limit and spending, in words, as a hint; null when there is none. */
  readonly previousText: string | null;
  /** Told once the limit is saved, before the dialog closes. */
  onSaved?(categoryId: string): void;
  onClose(): void;
}) {
  const dispatch = useDispatch();
  const { locale } = useLocale();
  const setBudget = useCommand('SetCategoryBudget', MAPPING);
  const setRollover = useCommand('SetCategoryRollover');
  const busy = setBudget.pending || setRollover.pending;
  const form = useForm<LimitDraft, LimitField>({
    initial: () =>
      target === null
        ? limitDraft(null, null, false, currency, locale)
        : limitDraft(target.limit, target.repeat, target.rollover, currency, locale),
    fields: MAPPING.fields,
    validate: (draft) => {
      const parsed = parseLimit(draft, locale);
      return parsed.ok ? {} : { amount: parsed.error };
    },
    session: target === null ? null : `${target.categoryId}:${month}`,
    onSessionStart: () => {
      setBudget.reset();
      setRollover.reset();
    },
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = parseLimit(values, locale);
    if (busy || target === null || !parsed.ok) return;
    const changes = limitChanges(target, parsed.limit, values);
    if (changes.budget !== null) {
      const outcome = await setBudget.run({ categoryId: target.categoryId, month, ...changes.budget });
      if (!outcome.ok) {
        form.showErrors(outcome.fieldErrors);
        if (outcome.fieldErrors.amount === undefined) dispatch(showApiError(outcome.error));
        return;
      }
    }
    if (changes.rollover !== null) {
      const outcome = await setRollover.run({ categoryId: target.categoryId, rollover: changes.rollover });
      if (!outcome.ok) {
        dispatch(showApiError(outcome.error));
        return;
      }
    }
    dispatch(showSuccess('budget.page.saved', { category: target.name }));
    onSaved?.(target.categoryId);
    onClose();
  });

  const previous = target?.previous ?? null;
  return (
    <ModalDialog
      open={target !== null}
      onClose={onClose}
      busy={busy}
      labelledBy={form.id('title')}
      initialFocus={() => document.getElementById(form.id('amount'))}
      className={dialogForm.dialog}
      testId="limit-dialog"
    >
      <form className={dialogForm.form} noValidate onSubmit={submit} aria-busy={busy}>
        <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage
            id={target?.limit === null ? 'budget.page.dialog.addTitle' : 'budget.page.dialog.editTitle'}
            values={{ category: target?.name ?? '', month: monthName }}
          />
        </h2>
        {previousText !== null && (
          <p className={dialogForm.hint} data-testid="limit-dialog-previous">
            {previousText}
          </p>
        )}
        <div className={dialogForm.row}>
          <DialogField form={form} field="amount" label="budget.page.dialog.amount">
            <AmountInput form={form} field="amount" testId="limit-amount" />
          </DialogField>
          <div className={dialogForm.field}>
            <label htmlFor={form.id('currency')} className={dialogForm.label}>
              <FormattedMessage id="budget.page.dialog.currency" />
            </label>
            <CurrencySelect
              id={form.id('currency')}
              value={form.values.currency}
              onChange={(currency) => form.set('currency', currency)}
              testId="limit-currency"
            />
          </div>
        </div>
        {previous !== null && (
          <button
            type="button"
            className={styles.linkButton}
            data-testid="limit-same-as-last"
            onClick={() =>
              form.update({
                amount: limitDraft(previous, null, false, previous.currency, locale).amount,
                currency: previous.currency,
              })
            }
          >
            <FormattedMessage id="budget.page.dialog.sameAsLast" />
          </button>
        )}
        <fieldset className={dialogForm.choices}>
          <legend className={dialogForm.label}>
            <FormattedMessage id="budget.page.dialog.holds" />
          </legend>
          <RadioChoices
            name={form.id('repeat')}
            options={['every', 'once'] as const}
            value={form.values.repeat}
            className={dialogForm.choice}
            onChange={(option) => form.set('repeat', option)}
          >
            {(option) => (
              <span data-testid={`limit-repeat-${option}`}>
                <FormattedMessage
                  id={option === 'every' ? 'budget.page.dialog.every' : 'budget.page.dialog.once'}
                  values={{ month: monthName }}
                />
              </span>
            )}
          </RadioChoices>
        </fieldset>
        <label className={styles.check}>
          <input
            type="checkbox"
            role="switch"
            checked={form.values.rollover}
            aria-describedby={form.id('rollover-hint')}
            data-testid="limit-rollover"
            onChange={(event) => form.set('rollover', event.target.checked)}
          />
          <FormattedMessage id="budget.page.dialog.rollover" />
        </label>
        <p id={form.id('rollover-hint')} className={dialogForm.hint}>
          <FormattedMessage id="budget.page.dialog.rolloverHint" />
        </p>
        <DialogActions
          busy={busy}
          onCancel={onClose}
          submit={busy ? 'budget.page.dialog.saving' : 'budget.page.dialog.save'}
        />
      </form>
    </ModalDialog>
  );
}
