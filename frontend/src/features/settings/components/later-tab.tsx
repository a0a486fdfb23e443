import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import coming from '../../../ui/coming-soon.module.css';
import styles from '../settings.module.css';

/** A tab whose settings are still being built: what it will hold, said plainly. */
export function LaterTab({ title, body }: { readonly title: MessageId; readonly body: MessageId }) {
  return (
    <div className={styles.section} data-testid="settings-later">
      <span className={coming.badge}>
        <FormattedMessage id="coming.badge" />
      </span>
      <h2 className={styles.sectionTitle}>
        <FormattedMessage id={title} />
      </h2>
      <div className={coming.card}>
        <p className={coming.lead}>
          <FormattedMessage id="settings.later.lead" />
        </p>
        <p className={coming.body}>
          <FormattedMessage id={body} />
        </p>
      </div>
    </div>
  );
}
