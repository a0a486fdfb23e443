import { FormattedMessage } from 'react-intl';
import { useSelector } from 'react-redux';
import { selectBrowserOnline } from '../../lib/offline/network-slice';
import styles from './offline-banner.module.css';

/** On the sign-in pages, offline: signing in needs a network. A polite live region. */
export function GuestOfflineNotice() {
  const browserOnline = useSelector(selectBrowserOnline);
  return (
    <div
      className={browserOnline ? styles.idle : `${styles.notice} ${styles.off}`}
      role="status"
      aria-live="polite"
      data-testid="guest-offline-notice"
    >
      {!browserOnline && (
        <p className={styles.text}>
          <span className={styles.dot} aria-hidden="true" />
          <FormattedMessage id="offline.guest" />
        </p>
      )}
    </div>
  );
}
