import { useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { ApiError } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/messages';
import { useLocale } from '../../../lib/use-locale';
import { buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { showSuccess } from '../../../ui/toast/toasts-slice';
import { useLazyBackupLinkQuery } from '../api';
import { isExportLink, startDownload } from '../export';
import styles from '../settings.module.css';
import { SettingsCard, SettingsLinkCard } from './settings-card';

const HOLDS: readonly MessageId[] = [
  'backup.download.holdsRecords',
  'backup.download.holdsReceipts',
  'backup.download.holdsHistory',
];

/**
 * Data & Privacy › Download all my data: one ZIP with every record, the receipts and the
 * readable history (contracts/src/backup.ts), through a short-lived signed link like the CSV
 * export; and the way to the restore page.
 */
export function BackupSection() {
  const dispatch = useDispatch();
  const { locale } = useLocale();
  const [fetchLink, { isFetching }] = useLazyBackupLinkQuery();
  const [failure, setFailure] = useState<MessageId | null>(null);
  // Set at the click itself, not at the next render: a second click in between asks for nothing.
  const downloading = useRef(false);

  const download = async () => {
    if (downloading.current) return;
    downloading.current = true;
    setFailure(null);
    try {
      const link = await fetchLink(locale, false).unwrap();
      if (!isExportLink(link, window.location.origin)) {
        setFailure('error.internal');
        return;
      }
      startDownload(link.url, document);
      dispatch(showSuccess('backup.download.started'));
    } catch (caught) {
      setFailure((caught as ApiError).messageId ?? 'error.internal');
    } finally {
      downloading.current = false;
    }
  };

  return (
    <>
      <SettingsCard
        titleId="backup-title"
        title="backup.download.title"
        lead="backup.download.lead"
        testId="backup-section"
      >
        <ul className={styles.backupHolds}>
          {HOLDS.map((id) => (
            <li key={id}>
              <FormattedMessage id={id} />
            </li>
          ))}
        </ul>
        <p className={styles.note}>
          <FormattedMessage id="backup.download.personal" />
        </p>
        <div className={styles.exportRow}>
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => void download()}
            aria-disabled={isFetching}
            aria-describedby={isFetching ? 'backup-busy' : undefined}
            data-testid="backup-download"
          >
            {isFetching && <Spinner />}
            <FormattedMessage id="backup.download.button" />
          </button>
          <span id="backup-busy" role="status" className={styles.muted}>
            {isFetching && <FormattedMessage id="backup.download.busy" />}
          </span>
        </div>
        {failure !== null && (
          <p role="alert" className={styles.backupError} data-testid="backup-error">
            <FormattedMessage id={failure} />
          </p>
        )}
      </SettingsCard>
      <SettingsLinkCard
        titleId="restore-title"
        title="restore.settings.title"
        lead="restore.settings.lead"
        testId="restore-section"
        to="/dashboard/restore"
        label="restore.settings.open"
        variant="secondary"
        linkTestId="restore-open"
      />
    </>
  );
}
