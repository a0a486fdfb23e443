import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { buttonClass } from '../../../ui/button';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import styles from '../debts.module.css';
import { DELETE_PHRASE, deletePhraseMatches } from '../commands';

/**
 * Deleting a debt asks for the phrase "Delete Debt", typed exactly (in English in every
 * language), and says that it cannot be undone.
 */
export function DeleteDebtDialog({
  busy,
  onConfirm,
  onCancel,
}: {
  readonly busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const base = useId();
  const id = (part: string) => `${base}-${part}`;
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!deletePhraseMatches(typed)) {
      setMismatch(true);
      input.current?.focus();
      return;
    }
    onConfirm();
  };

  return (
    <ModalDialog
      open
      onClose={onCancel}
      busy={busy}
      initialFocus={() => input.current}
      className={`${dialogForm.dialog} ${styles.dialog}`}
      labelledBy={id('title')}
      describedBy={id('body')}
      testId="delete-debt-dialog"
    >
      <form className={dialogForm.form} noValidate onSubmit={submit}>
        <h2 id={id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage id="debts.delete.title" />
        </h2>
        <p id={id('body')} className={styles.muted}>
          <FormattedMessage id="debts.delete.body" />
        </p>
        <div className={dialogForm.field}>
          <label htmlFor={id('phrase')} className={dialogForm.label}>
            <FormattedMessage
              id="debts.delete.phraseLabel"
              values={{ phrase: <strong lang="en">{DELETE_PHRASE}</strong> }}
            />
          </label>
          <input
            ref={input}
            id={id('phrase')}
            className={dialogForm.input}
            value={typed}
            lang="en"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={mismatch}
            aria-describedby={`${id('hint')}${mismatch ? ` ${id('error')}` : ''}`}
            onChange={(event) => {
              setTyped(event.target.value);
              setMismatch(false);
            }}
          />
          <p id={id('hint')} className={dialogForm.hint}>
            <FormattedMessage id="debts.delete.phraseHint" />
          </p>
          {mismatch && (
            <p id={id('error')} className={dialogForm.fieldError}>
              <FormattedMessage id="debts.delete.phraseMismatch" />
            </p>
          )}
        </div>
        <div className={dialogForm.dialogActions}>
          <button type="button" className={buttonClass('secondary')} onClick={onCancel} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button
            type="submit"
            className={buttonClass('danger')}
            aria-disabled={busy}
            data-testid="confirm-delete-debt"
          >
            <FormattedMessage id="debts.delete.confirm" />
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
