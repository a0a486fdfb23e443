import { FormattedMessage } from 'react-intl';
import coming from '../../../ui/coming-soon.module.css';
import type { User } from '../firebase-account';
import styles from '../settings.module.css';
import { DeleteAccountFlow } from './delete-account-flow';
import { ExportSection } from './export-section';

/** CSV export and account deletion; the privacy choices join them later. */
export function DataPrivacyTab({ user }: { readonly user: User }) {
  return (
    <div className={styles.stack}>
      <ExportSection />
      <section className={styles.card} aria-labelledby="data-later-title">
        <span className={coming.badge}>
          <FormattedMessage id="coming.badge" />
        </span>
        <h2 id="data-later-title" className={styles.cardTitle}>
          <FormattedMessage id="settings.export.laterTitle" />
        </h2>
        <p className={styles.muted}>
          <FormattedMessage id="settings.export.later" />
        </p>
      </section>
      <DeleteAccountFlow user={user} />
    </div>
  );
}
