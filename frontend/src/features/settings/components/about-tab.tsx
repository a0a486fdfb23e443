import { FormattedMessage } from 'react-intl';
import { Logo } from '../../../ui/logo';
import { cardClass } from '../../../ui/card/card';
import styles from '../settings.module.css';

/** The version label of spec section 2. */
export const APP_VERSION = '1.0.0';

export function AboutTab() {
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>
        <FormattedMessage id="settings.tab.about" />
      </h2>
      <div className={cardClass} data-gap="none">
        <div className={styles.about}>
          <Logo size="large" />
          <div>
            <p className={styles.aboutName}>
              <FormattedMessage id="app.name" />
            </p>
            <p className={styles.muted} data-testid="app-version">
              <FormattedMessage id="app.version" values={{ version: APP_VERSION }} />
            </p>
          </div>
        </div>
        <p className={styles.aboutText}>
          <FormattedMessage id="settings.about.body" />
        </p>
      </div>
    </div>
  );
}
