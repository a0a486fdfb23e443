import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { amountInput, parseAmount } from '../../../lib/amount';
import { useCommand } from '../../../lib/api/use-command';
import type { FieldMapping } from '../../../lib/form/field-codes';
import { useForm } from '../../../lib/form/use-form';
import { useFormat } from '../../../lib/use-format';
import { useLocale } from '../../../lib/use-locale';
import { DialogActions } from '../../../ui/dialog-form/dialog-actions';
import { DialogField } from '../../../ui/dialog-form/dialog-field';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import type { RecurringItem } from '../../../ui/upcoming/upcoming';
import styles from './upcoming.module.css';
import { AmountInput } from '../../../ui/dialog-form/amount-input';

type AmountField = 'amount';
const MAPPING: FieldMapping<AmountField> = { fields: ['amount'] };

/**
 * Posts a due occurrence with another amount (a utility bill that varies): the amount typed in
 * the language's number format, in the occurrence's currency; the rule keeps its own amount.
 */
export function PostAmountDialog({
  item,
  name,
  onClose,
}: {
  /** The occurrence to post; null keeps the dialog closed. */
  readonly item: RecurringItem | null;
  readonly name: string;
  onClose(): void;
}) {
  const dispatch = useDispatch();
  const format = useFormat();
  const { locale } = useLocale();
  const post = useCommand('PostOccurrence', MAPPING);
  const busy = post.pending;
  const form = useForm<{ amount: string }, AmountField>({
    initial: () => ({ amount: item === null ? '' : amountInput(item.amount.amount, item.amount.currency, locale) }),
    fields: MAPPING.fields,
    validate: (values) => {
      if (item === null) return {};
      const parsed = parseAmount(values.amount, item.amount.currency, locale);
      return parsed.ok ? {} : { amount: `error.${parsed.error}` };
    },
    session: item === null ? null : `${item.ruleId}:${item.date}`,
    onSessionStart: () => post.reset(),
  });

  const submit = form.onSubmit(async (values) => {
    if (busy || item === null) return;
    const parsed = parseAmount(values.amount, item.amount.currency, locale);
    if (!parsed.ok) return;
    const outcome = await post.run({
      ruleId: item.ruleId,
      date: item.date,
      amount: { amount: parsed.amount, currency: item.amount.currency },
    });
    if (!outcome.ok) {
      form.showErrors(outcome.fieldErrors);
      dispatch(showApiError(outcome.error));
      return;
    }
    dispatch(showSuccess('upcoming.toast.posted', { name }));
    onClose();
  });

  return (
    <ModalDialog
      open={item !== null}
      onClose={onClose}
      busy={busy}
      labelledBy={form.id('title')}
      describedBy={form.id('lead')}
      initialFocus={() => document.getElementById(form.id('amount'))}
      className={dialogForm.dialog}
      testId="post-amount-dialog"
      portal
    >
      {item !== null && (
        <form className={dialogForm.form} noValidate onSubmit={submit} aria-busy={busy}>
          <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
            <FormattedMessage id="upcoming.amountDialog.title" values={{ name }} />
          </h2>
          <p id={form.id('lead')} className={styles.muted}>
            <FormattedMessage
              id="upcoming.amountDialog.lead"
              values={{ date: format.longDate(item.date), amount: format.money(item.amount) }}
            />
          </p>
          <DialogField
            form={form}
            field="amount"
            label="upcoming.amountDialog.amount"
            labelValues={{ currency: item.amount.currency }}
          >
            <AmountInput form={form} field="amount" testId="post-amount-input" />
          </DialogField>
          <DialogActions
            busy={busy}
            onCancel={onClose}
            submit={busy ? 'upcoming.posting' : 'upcoming.amountDialog.post'}
          />
        </form>
      )}
    </ModalDialog>
  );
}
