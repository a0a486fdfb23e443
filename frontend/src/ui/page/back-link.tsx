import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { LocalizedLink } from '../../lib/localized-link';
import type { MessageId } from '../../lib/messages';
import { Card } from '../card/card';
import styles from './back-link.module.css';
import { Page, PageTitle } from './page';

/** Where an item page's way back leads (its list) and what it says. */
export interface BackTo {
  readonly to: string;
  readonly label: MessageId;
}

/** An item page's way back to its list: an arrow (hidden from screen readers) and `label`. */
export function BackLink({ to, label }: BackTo) {
  return (
    <LocalizedLink to={to} className={styles.back}>
      <span aria-hidden="true">← </span>
      <FormattedMessage id={label} />
    </LocalizedLink>
  );
}

/**
 * An item that does not exist or is another user's: the app's "Page not found" with the address,
 * inside the layout, and the way back to its list.
 */
export function ItemNotFound({ testId, back }: { readonly testId: string; readonly back: BackTo }) {
  const { pathname } = useLocation();
  return (
    <Page testId={testId}>
      <BackLink {...back} />
      <PageTitle size="compact">
        <FormattedMessage id="errorPage.notFoundTitle" />
      </PageTitle>
      <Card as="div" role="alert" tone="error">
        <p className={styles.muted}>
          <FormattedMessage id="errorPage.notFoundMessage" values={{ path: pathname }} />
        </p>
        <p className={styles.muted}>
          <FormattedMessage id="errorPage.notFoundCard" />
        </p>
      </Card>
    </Page>
  );
}
