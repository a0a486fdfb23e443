import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/use-page-title';
import { Logo } from '../../../ui/logo';
import styles from './auth-page.module.css';

export interface AuthPageProps {
  readonly title: MessageId;
  readonly lead: MessageId;
  readonly showBackToLogin?: boolean;
}

/** The frame of a sign-in or sign-up step; its form arrives with the sign-in feature. */
export function AuthPage({ title, lead, showBackToLogin = true }: AuthPageProps) {
  usePageTitle(title);
  return (
    <section className={styles.card} aria-labelledby="auth-title">
      <Logo size="large" />
      <h1 id="auth-title" className={styles.title}>
        <FormattedMessage id={title} />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id={lead} />
      </p>
      <p className={styles.notice} data-testid="coming">
        <span className={styles.badge}>
          <FormattedMessage id="coming.badge" />
        </span>
        <FormattedMessage id="auth.coming" />
      </p>
      <div className={styles.links}>
        {showBackToLogin ? (
          <LocalizedLink to="/auth/login">
            <FormattedMessage id="auth.backToLogin" />
          </LocalizedLink>
        ) : (
          <>
            <LocalizedLink to="/auth/register">
              <FormattedMessage id="page.register" />
            </LocalizedLink>
            <LocalizedLink to="/auth/forgot-password">
              <FormattedMessage id="page.forgotPassword" />
            </LocalizedLink>
          </>
        )}
      </div>
    </section>
  );
}
