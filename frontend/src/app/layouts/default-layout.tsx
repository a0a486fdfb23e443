import { lazy, Suspense, useContext } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { LocalizedLink, LocalizedNavLink } from '../../lib/localized-link';
import { LanguageSwitcher } from '../../ui/language-switcher';
import { Logo } from '../../ui/logo';
import { ThemeSwitcher } from '../../ui/theme-switcher';
import { AppMessagesReady } from '../app-messages';
import { useAppSelector } from '../store';
import styles from './default-layout.module.css';
import { SECTIONS } from './sections';
import { SiteFooter } from './site-footer';
import { TabBar } from './tab-bar';
import { UserMenu } from './user-menu';

const PreferencesSync = lazy(() => import('./preferences-sync'));
const OfflineBanner = lazy(() => import('../../ui/offline-banner/offline-banner'));
const HeaderSync = lazy(() => import('../../features/sync/header-sync'));

/**
 * Header with navigation, language, theme and account; the page; the footer with the policies.
 * On a phone the sections move from the header to a bar at the bottom of the screen (TabBar).
 */
export function DefaultLayout() {
  const intl = useIntl();
  const signedIn = useAppSelector((state) => state.auth.status === 'signed-in');
  // The sync status and the offline banner speak the signed-in app's messages (app-messages.ts).
  const appMessages = useContext(AppMessagesReady);
  return (
    <div className={styles.shell}>
      {signedIn && (
        <Suspense fallback={null}>
          <PreferencesSync />
        </Suspense>
      )}
      <a className={styles.skipLink} href="#main-content">
        <FormattedMessage id="nav.skipToContent" />
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <LocalizedLink to="/" className={styles.brand} aria-label={intl.formatMessage({ id: 'nav.home' })}>
            <Logo />
            <span className={styles.brandName} aria-hidden="true">
              <FormattedMessage id="app.name" />
            </span>
          </LocalizedLink>
          {signedIn && (
            <nav className={styles.nav} aria-label={intl.formatMessage({ id: 'nav.main' })}>
              <ul className={styles.navList}>
                {SECTIONS.filter((item) => item.phoneOnly !== true).map((item) => (
                  <li key={item.to}>
                    <LocalizedNavLink to={item.to} end={item.end} className={styles.navLink}>
                      <FormattedMessage id={item.label} />
                    </LocalizedNavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className={styles.controls}>
            {signedIn && appMessages && (
              <Suspense fallback={null}>
                <HeaderSync />
              </Suspense>
            )}
            <LanguageSwitcher />
            <ThemeSwitcher />
            {signedIn ? (
              <UserMenu />
            ) : (
              <LocalizedLink to="/auth/login" className={styles.signIn}>
                <FormattedMessage id="nav.signIn" />
              </LocalizedLink>
            )}
          </div>
        </div>
      </header>
      {signedIn && appMessages && (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      )}
      {signedIn && <TabBar />}
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
