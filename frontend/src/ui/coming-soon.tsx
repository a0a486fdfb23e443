import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../lib/localized-link';
import type { MessageId } from '../lib/messages';
import { usePageTitle } from '../lib/use-page-title';
import { buttonClass } from './button';
import styles from './coming-soon.module.css';
import { Reveal } from './reveal';

/** A page whose feature is still being built: its name, what it will show, and a way back. */
export function ComingSoon({ title, body }: { readonly title: MessageId; readonly body: MessageId }) {
  usePageTitle(title);
  return (
    <section className={styles.page} aria-labelledby="page-title" data-testid="coming">
      <span className={styles.badge}>
        <FormattedMessage id="coming.badge" />
      </span>
      <h1 id="page-title" className={styles.title}>
        <FormattedMessage id={title} />
      </h1>
      <Reveal>
        <div className={styles.card}>
          <p className={styles.lead}>
            <FormattedMessage id="coming.lead" />
          </p>
          <p className={styles.body}>
            <FormattedMessage id={body} />
          </p>
        </div>
      </Reveal>
      <LocalizedLink to="/" className={buttonClass('secondary')}>
        <FormattedMessage id="coming.backHome" />
      </LocalizedLink>
    </section>
  );
}
