import { FormattedMessage, useIntl } from 'react-intl';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { LocalizedLink } from '../lib/localized-link';
import { usePageTitle } from '../lib/use-page-title';
import { buttonClass } from '../ui/button';
import comingSoon from '../ui/coming-soon.module.css';
import { Logo } from '../ui/logo';
import styles from './error-page.module.css';

export interface ErrorPageProps {
  readonly status: number;
  /** Already in the reader's words; otherwise the page says it could not find what was asked. */
  readonly message: string | null;
}

/** "Page not found" for a 404, "An error occurred" otherwise; both lead back to the start. */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const intl = useIntl();
  const notFound = status === 404;
  usePageTitle(notFound ? 'errorPage.notFoundTitle' : 'errorPage.errorTitle');
  return (
    <main id="main-content" className={styles.page} data-testid="error-page" data-status={status}>
      <div className={styles.content}>
        <Logo size="large" />
        <p className={styles.status}>{status}</p>
        <h1 className={styles.title}>
          <FormattedMessage id={notFound ? 'errorPage.notFoundTitle' : 'errorPage.errorTitle'} />
        </h1>
        <p className={styles.message}>{message ?? intl.formatMessage({ id: 'errorPage.fallbackMessage' })}</p>
        <p className={comingSoon.card}>
          <FormattedMessage id={notFound ? 'errorPage.notFoundCard' : 'errorPage.errorCard'} />
        </p>
        <LocalizedLink to="/" className={buttonClass('primary')}>
          <FormattedMessage id={notFound ? 'errorPage.home' : 'errorPage.retry'} />
        </LocalizedLink>
      </div>
    </main>
  );
}

/** Any path that is not a page of the app. */
export function NotFoundPage() {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <ErrorPage status={404} message={intl.formatMessage({ id: 'errorPage.notFoundMessage' }, { path: pathname })} />
  );
}

/**
 * Shown instead of a page that failed to load or render. The browser's own error text is
 * technical and English, so the reader gets the catalogue's message in their language.
 */
export function RouteErrorPage() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPage status={404} message={intl.formatMessage({ id: 'errorPage.notFoundMessage' }, { path: pathname })} />
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} message={intl.formatMessage({ id: 'error.internal' })} />;
}
