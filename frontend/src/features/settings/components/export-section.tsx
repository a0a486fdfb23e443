import { useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { ApiError } from '../../../lib/api/api-error';
import { useLocale } from '../../../lib/use-locale';
import { buttonClass } from '../../../ui/button';
import { showApiError, showError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useLazyExportLinkQuery } from '../api';
import { isExportLink, startDownload } from '../export';
import styles from '../settings.module.css';
import { SettingsCard } from './settings-card';
import { Spinner } from '../../../ui/spinner';

/** Data & Privacy › Export: downloads every transaction as CSV in the current language. */
export function ExportSection() {
  const dispatch = useDispatch();
  const { locale } = useLocale();
  const [fetchLink, { isFetching }] = useLazyExportLinkQuery();
  // Set at the click itself, not at the next render: a second click in between asks for nothing.
  const exporting = useRef(false);

  const exportCsv = async () => {
    if (exporting.current) return;
    exporting.current = true;
    try {
      const link = await fetchLink(locale, false).unwrap();
      if (!isExportLink(link, window.location.origin)) {
        dispatch(showError('error.internal'));
        return;
      }
      startDownload(link.url, document);
      dispatch(showSuccess('settings.export.done'));
    } catch (caught) {
      dispatch(showApiError(caught as ApiError));
    } finally {
      exporting.current = false;
    }
  };

  return (
    <SettingsCard
      titleId="export-title"
      title="settings.export.title"
      lead="settings.export.body"
      testId="export-section"
    >
      <div className={styles.exportRow}>
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => void exportCsv()}
          aria-disabled={isFetching}
          aria-describedby={isFetching ? 'export-busy' : undefined}
        >
          {isFetching && <Spinner />}
          <FormattedMessage id="settings.export.button" />
        </button>
        <span id="export-busy" role="status" className={styles.muted}>
          {isFetching && <FormattedMessage id="settings.export.busy" />}
        </span>
      </div>
    </SettingsCard>
  );
}
