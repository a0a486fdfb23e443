import { useEffect, useId, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../lib/messages';
import { buttonClass } from './button';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: MessageId;
  readonly body: MessageId;
  readonly confirm: MessageId;
  readonly danger?: boolean;
  /** Values for the title's and body's placeholders. */
  readonly values?: Readonly<Record<string, string | number>>;
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
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        <FormattedMessage id={title} values={values} />
      </h2>
      <p id={bodyId} className={styles.body}>
        <FormattedMessage id={body} values={values} />
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttonClass('secondary')} onClick={onCancel} autoFocus>
          <FormattedMessage id="common.cancel" />
        </button>
        <button type="button" className={buttonClass(danger ? 'danger' : 'primary')} onClick={onConfirm}>
          <FormattedMessage id={confirm} />
        </button>
      </div>
    </dialog>
  );
}
