import type { OccurrenceView } from '@plenty/contracts/views/recurring';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { amountInput, parseAmount } from '../../../lib/amount';
import { useCommand } from '../../../lib/api/use-command';
import type { FieldMapping } from '../../../lib/form/field-codes';
import { useForm } from '../../../lib/form/use-form';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { useLocale } from '../../../lib/use-locale';
import { LIMITS } from '@plenty/contracts/text';
import { DialogActions } from '../../../ui/dialog-form/dialog-actions';
import { DialogField } from '../../../ui/dialog-form/dialog-field';
import { FormError } from '../../../ui/dialog-form/field-message';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import { showSuccess } from '../../../ui/toast/toasts-slice';
import { AmountInput } from '../../../ui/dialog-form/amount-input';

/**
 * One occurrence: `post` records it now with the amount typed (a bill that varies,
 * PostOccurrence with `amount`); `edit` changes this one only before it is posted
 * (EditOccurrence: amount and note).
 */
export type OccurrenceEditing = { readonly kind: 'post' | 'edit'; readonly occurrence: OccurrenceView } | null;

type Field = 'amount' | 'note';
const MAPPING: FieldMapping<Field> = { fields: ['amount', 'note'], paths: { 'changes.note': 'note' } };

interface Draft {
  readonly amount: string;
  readonly note: string;
}

export function OccurrenceDialog({
  ruleId,
  editing,
  onClose,
}: {
  readonly ruleId: string;
  readonly editing: OccurrenceEditing;
  onClose(): void;
}) {
  const dispatch = useDispatch();
  const format = useFormat();
  const { locale } = useLocale();
  const post = useCommand('PostOccurrence', MAPPING);
  const edit = useCommand('EditOccurrence', MAPPING);
  const busy = post.pending || edit.pending;
  const occurrence = editing?.occurrence ?? null;
  const currency = occurrence?.amount.currency ?? 'LAK';
  const check = (draft: Draft) => {
    const errors: Partial<Record<Field, MessageId>> = {};
    const amount = parseAmount(draft.amount, currency, locale);
    if (!amount.ok) errors.amount = `error.${amount.error}`;
    if (draft.note.normalize('NFC').trim().length > LIMITS.note) errors.note = 'recurring.validation.noteTooLong';
    return { errors, amount: amount.ok ? amount.amount : null };
  };
  const form = useForm<Draft, Field>({
    initial: () => ({
      amount: occurrence === null ? '' : amountInput(occurrence.amount.amount, currency, locale),
      note: occurrence?.note ?? '',
    }),
    fields: MAPPING.fields,
    validate: (draft) => check(draft).errors,
    session: editing === null ? null : `${editing.kind}:${editing.occurrence.date}`,
    onSessionStart: () => {
      post.reset();
      edit.reset();
    },
  });

  const submit = form.onSubmit(async (values) => {
    const { amount } = check(values);
    if (busy || editing === null || occurrence === null || amount === null) return;
    const money = { amount, currency };
    if (editing.kind === 'post') {
      const outcome = await post.run({ ruleId, date: occurrence.date, amount: money });
      if (outcome.ok) {
        dispatch(showSuccess('recurring.toast.posted', { date: format.longDate(occurrence.date) }));
        onClose();
      } else form.showErrors(outcome.fieldErrors);
      return;
    }
    const note = values.note.normalize('NFC').trim();
    const changes = {
      ...(amount === occurrence.amount.amount ? {} : { amount: money }),
      ...(note === (occurrence.note ?? '') ? {} : { note: note === '' ? null : note }),
    };
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const outcome = await edit.run({ ruleId, date: occurrence.date, changes });
    if (outcome.ok) {
      dispatch(showSuccess('recurring.toast.occurrenceEdited', { date: format.longDate(occurrence.date) }));
      onClose();
    } else form.showErrors(outcome.fieldErrors);
  });

  const formError = editing?.kind === 'post' ? post.formError : edit.formError;
  const failedFields = editing?.kind === 'post' ? post.fieldErrors : edit.fieldErrors;

  return (
    <ModalDialog
      open={editing !== null}
      onClose={onClose}
      busy={busy}
      labelledBy={form.id('title')}
      initialFocus={() => document.getElementById(form.id('amount'))}
      className={dialogForm.dialog}
      testId="occurrence-dialog"
    >
      <form className={dialogForm.form} noValidate onSubmit={submit} aria-busy={busy}>
        <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage
            id={editing?.kind === 'post' ? 'recurring.occurrence.postTitle' : 'recurring.occurrence.editTitle'}
            values={{ date: occurrence === null ? '' : format.longDate(occurrence.date) }}
          />
        </h2>
        <DialogField form={form} field="amount" label="recurring.occurrence.amount" labelValues={{ currency }}>
          <AmountInput form={form} field="amount" testId="occurrence-amount" />
        </DialogField>
        {editing?.kind === 'edit' && (
          <DialogField form={form} field="note" label="recurring.field.note">
            <input
              {...form.field('note')}
              className={dialogForm.input}
              value={form.values.note}
              autoComplete="off"
              onChange={(event) => form.set('note', event.target.value)}
            />
          </DialogField>
        )}
        <FormError message={formError} fieldErrors={[failedFields]} testId="occurrence-form-error" />
        <DialogActions
          busy={busy}
          onCancel={onClose}
          submit={
            busy
              ? 'recurring.dialog.saving'
              : editing?.kind === 'post'
                ? 'recurring.occurrence.postSubmit'
                : 'recurring.dialog.save'
          }
        />
      </form>
    </ModalDialog>
  );
}
