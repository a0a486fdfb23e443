import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../lib/localized-link';
import styles from './default-layout.module.css';

export const APP_VERSION = '1.0.0';

export function SiteFooter() {
  const intl = useIntl();
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <nav aria-label={intl.formatMessage({ id: 'footer.legal' })}>
          <ul className={styles.footerLinks}>
            <li>
              <LocalizedLink to="/privacy-policy">
                <FormattedMessage id="footer.privacy" />
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/terms-of-service">
                <FormattedMessage id="footer.terms" />
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/cookie-policy">
                <FormattedMessage id="footer.cookies" />
              </LocalizedLink>
            </li>
          </ul>
        </nav>
        <p>
          <FormattedMessage id="app.name" /> · <FormattedMessage id="app.version" values={{ version: APP_VERSION }} />
        </p>
      </div>
    </footer>
  );
}
