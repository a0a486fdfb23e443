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
