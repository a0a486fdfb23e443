import { FormattedMessage } from 'react-intl';
import styles from './page-loading.module.css';

export function PageLoading() {
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <FormattedMessage id="common.loading" />
    </div>
  );
}

/** While the first page's code loads, before any message is available: a spinner only. */
export function BootLoading() {
  return (
    <div className={styles.loading} aria-busy="true">
      <span className={styles.spinner} aria-hidden="true" />
    </div>
  );
}
