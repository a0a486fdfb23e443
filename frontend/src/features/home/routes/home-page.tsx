import { FormattedMessage } from 'react-intl';
import { useSelector } from 'react-redux';
import type { AuthState } from '../../../lib/auth/auth-slice';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/use-page-title';
import { Reveal } from '../../../ui/reveal';
import { useHomeCategoryCountQuery } from '../api';
import styles from './home-page.module.css';

const SHORTCUTS: readonly { readonly to: string; readonly title: MessageId; readonly body: MessageId }[] = [
  { to: '/dashboard', title: 'nav.dashboard', body: 'coming.dashboard' },
  { to: '/dashboard/transactions', title: 'nav.transactions', body: 'coming.transactions' },
  { to: '/dashboard/reports', title: 'nav.reports', body: 'coming.reports' },
  { to: '/dashboard/debt-tracker', title: 'nav.debtTracker', body: 'coming.debtTracker' },
  { to: '/dashboard/settings', title: 'nav.settings', body: 'coming.settings' },
];

export function HomePage() {
  usePageTitle('page.home');
  const user = useSelector((state: { auth: AuthState }) => state.auth.user);
  const name = user?.displayName ?? user?.email ?? null;
  const categories = useHomeCategoryCountQuery();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <p className={styles.welcome}>
          {name === null ? (
            <FormattedMessage id="home.welcomeAnonymous" />
          ) : (
            <FormattedMessage id="home.welcome" values={{ name }} />
          )}
        </p>
        <h1 id="home-title" className={styles.title}>
          <FormattedMessage id="home.heading" />
        </h1>
        <p className={styles.description}>
          <FormattedMessage id="home.description" />
        </p>
        <p className={styles.status} role="status" data-testid="category-count">
          {categories.data !== undefined && (
            <FormattedMessage id="home.categories" values={{ count: categories.data }} />
          )}
          {categories.error !== undefined && 'messageId' in categories.error && (
            <FormattedMessage id={categories.error.messageId} />
          )}
        </p>
      </section>
      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title" className={styles.shortcutsTitle}>
          <FormattedMessage id="home.shortcuts" />
        </h2>
        <ul className={styles.grid}>
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.to}>
              <Reveal className={styles.cell}>
                <LocalizedLink to={shortcut.to} className={styles.card}>
                  <span className={styles.cardTitle}>
                    <FormattedMessage id={shortcut.title} />
                  </span>
                  <span className={styles.cardBody}>
                    <FormattedMessage id={shortcut.body} />
                  </span>
                </LocalizedLink>
              </Reveal>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
