import { useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { buttonClass } from '../button';
import { applyUpdate, subscribeUpdate, updateReady } from './service-worker';
import styles from './update-prompt.module.css';

/**
 * "A new version is ready" with Reload, when a newly deployed version waits to take over. Not
 * modal: the page stays usable, and closing the bar leaves the new version for the next visit.
 * The live region is always in the page, so screen readers announce the bar when it appears.
 */
export function UpdatePrompt() {
  const intl = useIntl();
  const ready = useSyncExternalStore(subscribeUpdate, updateReady, () => false);
  const [closed, setClosed] = useState(false);
  const [reloading, setReloading] = useState(false);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {ready && !closed ? (
        <div className={styles.bar} data-testid="update-prompt">
          <p className={styles.text}>{intl.formatMessage({ id: 'pwa.update.ready' })}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={reloading}
              onClick={() => {
                setReloading(true);
                applyUpdate();
              }}
            >
              {intl.formatMessage({ id: 'pwa.update.reload' })}
            </button>
            <button
              type="button"
              className={styles.close}
              aria-label={intl.formatMessage({ id: 'common.close' })}
              onClick={() => setClosed(true)}
            >
              ×
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
