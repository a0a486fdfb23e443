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
import { FieldMessage, FormError } from '../../../ui/dialog-form/field-message';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { splitDrafts, splitProblem, type SplitLineDraft } from '../../../ui/split-lines/split-draft';
import { SplitLines } from '../../../ui/split-lines/split-lines';
import { MAX_SPLIT_LINES, type SplitLine } from '@plenty/contracts/splits';
import styles from '../recurring.module.css';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import { showSuccess } from '../../../ui/toast/toasts-slice';
import { AmountInput } from '../../../ui/dialog-form/amount-input';

/**
 * One occurrence: `post` records it now with the amount typed (a bill that varies,
 * PostOccurrence with `amount`); `edit` changes this one only before it is posted
 * (EditOccurrence: amount and note). An occurrence of a split rule shows its lines: another
 * amount needs lines that add up to it (the server refuses an amount alone), sent as the
 * occurrence's own lines (EditOccurrence), then posted as they are.
 */
export type OccurrenceEditing = { readonly kind: 'post' | 'edit'; readonly occurrence: OccurrenceView } | null;

type Field = 'amount' | 'note' | 'splits';
const MAPPING: FieldMapping<Field> = {
  fields: ['amount', 'note', 'splits'],
  paths: {
    'changes.note': 'note',
    'changes.amount': 'amount',
    'changes.splits': 'splits',
    ...Object.fromEntries(
      Array.from({ length: MAX_SPLIT_LINES }, (_, index) =>
        ['', '.categoryId', '.amount', '.note'].map((part) => [`changes.splits.${index}${part}`, 'splits' as const]),
      ).flat(),
    ),
  },
  codes: {
    split_total_mismatch: 'splits',
    split_category_mismatch: 'splits',
    split_too_few_lines: 'splits',
    split_too_many_lines: 'splits',
  },
};

interface Draft {
  readonly amount: string;
  readonly note: string;
  /** The occurrence's lines (a split rule's), null for one category. */
  readonly splits: readonly SplitLineDraft[] | null;
}

const sameLines = (
  before: readonly { categoryId: string; amount: number; note: string | null }[] | null,
  after: readonly SplitLine[] | null,
) =>
  before !== null &&
  after !== null &&
  before.length === after.length &&
  before.every(
    (line, index) =>
      line.categoryId === after[index]?.categoryId &&
      line.amount === after[index]?.amount &&
      (line.note ?? undefined) === after[index]?.note,
  );

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
  const writers = useWriters();
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
    const split =
      draft.splits === null ? null : splitProblem(draft.splits, amount.ok ? amount.amount : null, currency, locale);
    if (split !== null && split.error !== null) errors.splits = split.error;
    return { errors, amount: amount.ok ? amount.amount : null, lines: split?.lines ?? null };
  };
  const form = useForm<Draft, Field>({
    initial: () => ({
      amount: occurrence === null ? '' : amountInput(occurrence.amount.amount, currency, locale),
      note: occurrence?.note ?? '',
      splits: occurrence === null ? null : splitDrafts(occurrence.splits, currency, locale),
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
    const { amount, lines } = check(values);
    if (busy || editing === null || occurrence === null || amount === null) return;
    const money = { amount, currency };
    const newLines = lines !== null && !sameLines(occurrence.splits, lines) ? { splits: lines } : {};
    if (editing.kind === 'post') {
      // A split occurrence's other amount goes with its lines, as this occurrence's own, first.
      if (lines !== null && (amount !== occurrence.amount.amount || 'splits' in newLines)) {
        const changed = await edit.run({
          ruleId,
          date: occurrence.date,
          changes: { ...(amount === occurrence.amount.amount ? {} : { amount: money }), splits: lines },
        });
        if (!changed.ok) {
          form.showErrors(changed.fieldErrors);
          return;
        }
      }
      const outcome = await post.run({
        ruleId,
        date: occurrence.date,
        ...(lines === null ? { amount: money } : {}),
      });
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
      ...newLines,
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

  const formError = editing?.kind === 'post' ? (post.formError ?? edit.formError) : edit.formError;
  const failedFields = editing?.kind === 'post' ? { ...edit.fieldErrors, ...post.fieldErrors } : edit.fieldErrors;

  return (
    <ModalDialog
      open={editing !== null}
      onClose={onClose}
      busy={busy}
      labelledBy={form.id('title')}
      initialFocus={() => document.getElementById(form.id('amount'))}
      className={`${dialogForm.dialog} ${styles.occurrenceDialog}`}
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
        {form.values.splits !== null && occurrence !== null && (
          <fieldset className={styles.splitField} ref={form.field('splits').ref} data-testid="split-lines">
            <legend className={dialogForm.label}>
              <FormattedMessage id="split.title" />
            </legend>
            <p className={dialogForm.hint}>
              <FormattedMessage id="split.hint" />
            </p>
            <SplitLines
              values={{ type: occurrence.type, currency, amount: form.values.amount, splits: form.values.splits }}
              lines={form.values.splits}
              locale={locale}
              categories={writers.categories}
              showProblems={form.hasError('splits')}
              errorId={form.hasError('splits') ? form.errorId('splits') : undefined}
              idPrefix={form.id('split')}
              onChange={(lines) => form.set('splits', lines)}
            />
            <FieldMessage form={form} field="splits" />
          </fieldset>
        )}
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
