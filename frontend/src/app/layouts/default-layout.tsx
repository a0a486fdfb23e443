import { Suspense, useContext, useEffect, useState, type ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { loadAgain, lazyLoadedAgain } from '../../lib/load-again';
import { LocalizedLink, LocalizedNavLink } from '../../lib/localized-link';
import { LanguageSwitcher } from '../../ui/language-switcher';
import { Logo } from '../../ui/logo';
import { ThemeSwitcher } from '../../ui/theme-switcher';
import { useIdleAfterFirstPaint } from '../after-first-paint';
import { AppMessagesReady } from '../app-messages';
import { useAppSelector } from '../store';
import styles from './default-layout.module.css';
import { SECTIONS } from './sections';
import { SiteFooter } from './site-footer';
import { TabBar } from './tab-bar';
import { UserMenu } from './user-menu';

// Parts that can wait: a chunk that cannot be downloaded now (the server restarting, a weak
// signal) is fetched again later rather than giving the page its error screen.
const PreferencesSync = lazyLoadedAgain(() => import('./preferences-sync'));
const HeaderSync = lazyLoadedAgain(() => import('../../features/sync/header-sync'));

/**
 * The offline banner, shown as soon as its chunk is here: set as state, an update of its own,
 * rather than a Suspense retry, which a page busy rendering (a repeat visit painting its device
 * copy) can hold back for seconds, leaving painted figures without their "updating" notice.
 */
function OfflineBanner() {
  const [Banner, setBanner] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    void loadAgain(() => import('../../ui/offline-banner/offline-banner')).then((module) => {
      if (live) setBanner(() => module.default);
    });
    return () => {
      live = false;
    };
  }, []);
  return Banner === null ? null : <Banner />;
}

/**
 * Header with navigation, language, theme and account; the page; the footer with the policies.
 * On a phone the sections move from the header to a bar at the bottom of the screen (TabBar).
 */
export function DefaultLayout() {
  const intl = useIntl();
  const signedIn = useAppSelector((state) => state.auth.status === 'signed-in');
  // The sync status and the offline banner speak the signed-in app's messages (app-messages.ts).
  const appMessages = useContext(AppMessagesReady);
  // The sync status and its panel (with the outbox's engine) load once the first screen is
  // painted and the page idle: on a repeat visit their code no longer runs before the figures.
  const idle = useIdleAfterFirstPaint();
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
            {signedIn && appMessages && idle && (
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
      {signedIn && appMessages && <OfflineBanner />}
      {signedIn && <TabBar />}
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
