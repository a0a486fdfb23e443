import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../lib/messages';
import { buttonClass } from './button';
import { ModalDialog } from './dialog-form/modal-dialog';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: MessageId;
  readonly body: MessageId;
  readonly confirm: MessageId;
  readonly danger?: boolean;
  /** Values for the title's and body's placeholders. */
  readonly values?: Readonly<Record<string, string | number>>;
  /** A choice that goes with the answer (the wallet an installment is paid from), under the body. */
  readonly children?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

/** A modal question: focus stays inside, Escape and Cancel close it, the page behind is inert. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirm,
  danger = false,
  values,
  children,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();

  return (
    <ModalDialog open={open} onClose={onCancel} className={styles.dialog} labelledBy={titleId} describedBy={bodyId}>
      <h2 id={titleId} className={styles.title}>
        <FormattedMessage id={title} values={values} />
      </h2>
      <p id={bodyId} className={styles.body}>
        <FormattedMessage id={body} values={values} />
      </p>
      {children}
      <div className={styles.actions}>
        {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the dialog opens on the user's own press and starts on its safe choice */}
        <button type="button" className={buttonClass('secondary')} onClick={onCancel} autoFocus>
          <FormattedMessage id="common.cancel" />
        </button>
        <button type="button" className={buttonClass(danger ? 'danger' : 'primary')} onClick={onConfirm}>
          <FormattedMessage id={confirm} />
        </button>
      </div>
    </ModalDialog>
  );
}
