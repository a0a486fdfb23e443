import type { User } from '../firebase-account';
import styles from '../settings.module.css';
import { BackupSection } from './backup-section';
import { DeleteAccountFlow } from './delete-account-flow';
import { ExportSection } from './export-section';
import { ImportSection } from './import-section';
import { PrivacySection } from './privacy-section';

/** CSV export, the import from a file, the backup and its restore, the privacy choices and account deletion. */
export function DataPrivacyTab({ user }: { readonly user: User }) {
  return (
    <div className={styles.stack}>
      <ExportSection />
      <ImportSection />
      <BackupSection />
      <PrivacySection />
      <DeleteAccountFlow user={user} />
    </div>
  );
}
