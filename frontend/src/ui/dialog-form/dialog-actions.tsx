import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/messages';
import { buttonClass } from '../button';
import { Spinner } from '../spinner';
import dialogForm from './dialog-form.module.css';

export interface DialogActionsProps {
  readonly busy: boolean;
  onCancel(): void;
  /** The submit button's words (its "Saving…" while busy, when the form has one). */
  readonly submit: MessageId;
  readonly danger?: boolean;
  readonly className?: string;
}

/**
 * A dialog form's Cancel and submit buttons. While busy Cancel is disabled and the submit
 * button shows a spinner and stays focusable (aria-disabled), so focus is not lost.
 */
export function DialogActions({ busy, onCancel, submit, danger = false, className }: DialogActionsProps) {
  return (
    <div className={className ?? dialogForm.dialogActions}>
      <button type="button" className={buttonClass('secondary')} onClick={onCancel} disabled={busy}>
        <FormattedMessage id="common.cancel" />
      </button>
      <button type="submit" className={buttonClass(danger ? 'danger' : 'primary')} aria-disabled={busy}>
        {busy && <Spinner />}
        <FormattedMessage id={submit} />
      </button>
    </div>
  );
}
