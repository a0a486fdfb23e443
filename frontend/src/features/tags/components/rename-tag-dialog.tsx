import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { TagView } from '@plenty/contracts/tags';
import { useCommand } from '../../../lib/api/use-command';
import type { FieldMapping } from '../../../lib/form/field-codes';
import { useForm } from '../../../lib/form/use-form';
import { buttonClass } from '../../../ui/button';
import { DialogActions } from '../../../ui/dialog-form/dialog-actions';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { FieldMessage } from '../../../ui/dialog-form/field-message';
import { ModalDialog, titledNameFirst } from '../../../ui/dialog-form/modal-dialog';
import field from '../../../ui/field/field.module.css';
import { Spinner } from '../../../ui/spinner';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { TAG_MAX_LENGTH, nameProblem, renameOutcome } from '../rename';
import styles from '../tags.module.css';

type NameField = 'name';

/** The server's answers about the new name (`to`) are the name field's. */
const MAPPING: FieldMapping<NameField> = {
  fields: ['name'],
  paths: { to: 'name' },
  codes: { nothing_to_change: 'name' },
};

/**
 * Renames a tag in a modal dialog. A name another tag has asks first whether to merge the two
 * ("Merge into …?", with how many transactions move); a name that differs only in case is a
 * respelling of the same tag.
 */
export function RenameTagDialog({
  tag,
  tags,
  onRenamed,
  onClose,
}: {
  /** The tag to rename; null while the dialog is closed. */
  readonly tag: TagView | null;
  readonly tags: readonly TagView[];
  /** Told the new name once the rename (or merge) went through, before the dialog closes. */
  onRenamed?(to: string): void;
  onClose(): void;
}) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const rename = useCommand('RenameTag', MAPPING);
  const busy = rename.pending;
  // The merge the user is asked to confirm, once they submit a name another tag has.
  const [merging, setMerging] = useState<{ readonly to: string; readonly into: TagView } | null>(null);
  const form = useForm<{ name: string }, NameField>({
    initial: () => ({ name: tag?.name ?? '' }),
    fields: MAPPING.fields,
    validate: ({ name }) => {
      const problem = nameProblem(name);
      return problem === undefined ? {} : { name: problem };
    },
    session: tag?.id ?? null,
    onSessionStart: () => {
      setMerging(null);
      rename.reset();
    },
  });

  const send = async (to: string, merged: boolean) => {
    if (tag === null || busy) return;
    const outcome = await rename.run({ from: tag.name, to });
    if (outcome.ok) {
      dispatch(showSuccess(merged ? 'tags.toast.merged' : 'tags.toast.renamed', { name: to }));
      onRenamed?.(to);
      onClose();
      return;
    }
    setMerging(null);
    form.showErrors(outcome.fieldErrors);
    if (Object.keys(outcome.fieldErrors).length === 0) dispatch(showApiError(outcome.error));
  };

  const submit = form.onSubmit(async ({ name }) => {
    if (tag === null || busy) return;
    const outcome = renameOutcome(tag, name, tags);
    if (outcome.kind === 'same') {
      onClose();
      return;
    }
    if (outcome.kind === 'merge') {
      setMerging({ to: outcome.to, into: outcome.into });
      return;
    }
    await send(outcome.to, false);
  });

  const name = tag?.name ?? '';
  return (
    <ModalDialog
      open={tag !== null}
      onClose={onClose}
      busy={busy}
      {...titledNameFirst(form)}
      labelledBy={form.id(merging === null ? 'title' : 'merge')}
      className={`${dialogForm.dialog} ${styles.dialog}`}
      testId="rename-tag-dialog"
    >
      {merging === null ? (
        <form className={dialogForm.form} noValidate onSubmit={submit} aria-busy={busy}>
          <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
            <FormattedMessage id="tags.rename.title" values={{ name }} />
          </h2>
          <div className={dialogForm.field}>
            <label htmlFor={form.id('name')} className={dialogForm.label}>
              <FormattedMessage id="tags.field.name" />
            </label>
            <input
              {...form.field('name', form.id('hint'))}
              className={field.input}
              value={form.values.name}
              // Past the limit by a little, so the form says the name is too long (as NameInput does).
              maxLength={TAG_MAX_LENGTH + 10}
              autoComplete="off"
              onChange={(event) => form.set('name', event.target.value)}
            />
            <p className={dialogForm.hint} id={form.id('hint')}>
              <FormattedMessage id="tags.rename.hint" />
            </p>
            <FieldMessage form={form} field="name" />
          </div>
          <DialogActions busy={busy} onCancel={onClose} submit="tags.rename.submit" />
        </form>
      ) : (
        <div className={dialogForm.form} role="group" aria-labelledby={form.id('merge')} data-testid="merge-question">
          <h2 id={form.id('merge')} className={dialogForm.dialogTitle}>
            <FormattedMessage id="tags.merge.title" values={{ to: merging.into.name }} />
          </h2>
          <p className={styles.mergeBody}>
            {intl.formatMessage(
              { id: 'tags.merge.body' },
              { from: name, to: merging.into.name, count: tag?.count ?? 0 },
            )}
          </p>
          <div className={dialogForm.dialogActions}>
            {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the question replaces the form the user just sent and starts on its safe choice */}
            <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy} autoFocus>
              <FormattedMessage id="common.cancel" />
            </button>
            <button
              type="button"
              className={buttonClass('primary')}
              aria-disabled={busy}
              onClick={() => void send(merging.to, true)}
              data-testid="merge-confirm"
            >
              {busy && <Spinner />}
              <FormattedMessage id="tags.merge.confirm" />
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
