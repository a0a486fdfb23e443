import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import loading from '../page-loading.module.css';
import dialogForm from './dialog-form.module.css';
import { ModalDialog } from './modal-dialog';
import styles from './waiting-dialog.module.css';

/**
 * Where a form dialog opens while its values are still being asked of the server (the page shows
 * the device copy painted at start-up, `useOpenWhenCurrent`): a modal "Loading…", announced,
 * that Escape closes (the form then does not open). It closes when the form's dialog opens.
 */
export function WaitingDialog({ open, onClose }: { readonly open: boolean; onClose(): void }) {
  const id = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      labelledBy={id}
      className={`${dialogForm.dialog} ${styles.dialog}`}
      testId="waiting-dialog"
    >
      <div className={styles.waiting} role="status">
        <span className={loading.spinner} aria-hidden="true" />
        <span id={id}>
          <FormattedMessage id="common.loading" />
        </span>
      </div>
    </ModalDialog>
  );
}
