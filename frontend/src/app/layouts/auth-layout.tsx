import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { LocalizedLink } from '../../lib/localized-link';
import { LanguageSwitcher } from '../../ui/language-switcher';
import { Logo } from '../../ui/logo';
import { GuestOfflineNotice } from '../../ui/offline-banner/guest-offline-notice';
import { ThemeSwitcher } from '../../ui/theme-switcher';
import styles from './auth-layout.module.css';
import layout from './default-layout.module.css';

/** Sign-in and sign-up pages: no navigation, one card in the middle, the policies underneath. */
export function AuthLayout() {
  const intl = useIntl();
  const link = (to: string, id: 'footer.terms' | 'footer.privacy') => (
    <LocalizedLink to={to}>
      <FormattedMessage id={id} />
    </LocalizedLink>
  );
  return (
    <div className={styles.shell}>
      <header className={styles.top}>
        <span className={layout.brand}>
          <Logo />
          <FormattedMessage id="app.name" />
        </span>
        <div className={styles.controls}>
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <GuestOfflineNotice />
      <main id="main-content" className={styles.main} tabIndex={-1} aria-label={intl.formatMessage({ id: 'app.name' })}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <FormattedMessage
          id="auth.policies"
          values={{
            terms: link('/terms-of-service', 'footer.terms'),
            privacy: link('/privacy-policy', 'footer.privacy'),
          }}
        />
      </footer>
    </div>
  );
}
