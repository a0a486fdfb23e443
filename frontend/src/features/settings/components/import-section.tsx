import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { buttonClass } from '../../../ui/button';
import styles from '../settings.module.css';
import { SettingsCard } from './settings-card';

/** Data & Privacy › Import: the way to the import page, beside the CSV export. */
export function ImportSection() {
  return (
    <SettingsCard
      titleId="import-title"
      title="settings.import.title"
      lead="settings.import.body"
      testId="import-section"
    >
      <div className={styles.exportRow}>
        <LocalizedLink to="/dashboard/import" className={buttonClass('primary')} data-testid="settings-import-link">
          <FormattedMessage id="settings.import.button" />
        </LocalizedLink>
      </div>
    </SettingsCard>
  );
}
