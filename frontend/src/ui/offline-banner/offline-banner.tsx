import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSelector } from 'react-redux';
import { selectBrowserOnline, selectOnline, selectRefreshing, selectShownAsOf } from '../../lib/offline/network-slice';
import { usePreferences } from '../../lib/preferences';
import { useLocale } from '../../lib/use-locale';
import { formatAsOfTime } from './as-of-time';
import styles from './offline-banner.module.css';

/** How long "Back online" stays once the network is back. */
export const BACK_ONLINE_MS = 4000;

export type OfflineBannerState =
  'offline-as-of' | 'offline' | 'unreachable-as-of' | 'unreachable' | 'refreshing-as-of' | 'back' | null;

/**
 * What the banner says, from the network slice: offline (the browser says so) with data from
 * the device or without; online but the server could not be reached (a weak signal), with data
 * from the device or without; online with data painted from the device at start-up while the
 * server is asked for it (`refreshing`, a repeat visit); nothing when all is well.
 */
export function bannerState(
  browserOnline: boolean,
  online: boolean,
  shownAsOf: string | null,
  refreshing = false,
): OfflineBannerState {
  if (!browserOnline) return shownAsOf === null ? 'offline' : 'offline-as-of';
  if (!online) return shownAsOf === null ? 'unreachable' : 'unreachable-as-of';
  if (refreshing && shownAsOf !== null) return 'refreshing-as-of';
  return null;
}

const tone = (shown: Exclude<OfflineBannerState, null>): string | undefined =>
  shown === 'back' ? styles.back : shown === 'refreshing-as-of' ? styles.refreshing : styles.off;

/**
 * The strip under the header of signed-in pages that says the app is offline or cannot reach
 * its server, and how old the data shown from the device is; "Back online" for a moment when
 * the network returns. A polite live region, so each change is announced.
 */
export default function OfflineBanner() {
  const browserOnline = useSelector(selectBrowserOnline);
  const online = useSelector(selectOnline);
  const shownAsOf = useSelector(selectShownAsOf);
  const refreshing = useSelector(selectRefreshing);
  const { locale } = useLocale();
  const { preferences } = usePreferences();
  const state = bannerState(browserOnline, online, shownAsOf, refreshing);
  // "Back online" from the moment all is well again after it was not, for BACK_ONLINE_MS.
  const [previous, setPrevious] = useState(state);
  const [back, setBack] = useState(false);
  if (state !== previous) {
    setPrevious(state);
    // Data painted from the device being replaced by the server's is not a network coming back.
    setBack(state === null && previous !== 'refreshing-as-of');
  }
  useEffect(() => {
    if (!back) return undefined;
    const timer = setTimeout(() => setBack(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [back]);

  const shown: OfflineBannerState = state ?? (back ? 'back' : null);
  const time = shownAsOf === null ? '' : formatAsOfTime(shownAsOf, locale, preferences?.timeZone, new Date());
  return (
    <div
      className={shown === null ? styles.idle : `${styles.banner} ${tone(shown)}`}
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      data-state={shown ?? 'none'}
    >
      {shown !== null && (
        <p className={styles.text}>
          <span className={styles.dot} aria-hidden="true" />
          {shown === 'offline-as-of' && <FormattedMessage id="offline.asOf" values={{ time }} />}
          {shown === 'offline' && <FormattedMessage id="offline.entriesKept" />}
          {shown === 'unreachable-as-of' && <FormattedMessage id="offline.unreachableAsOf" values={{ time }} />}
          {shown === 'unreachable' && <FormattedMessage id="offline.unreachable" />}
          {shown === 'refreshing-as-of' && <FormattedMessage id="startup.refreshingAsOf" values={{ time }} />}
          {shown === 'back' && <FormattedMessage id="offline.backOnline" />}
        </p>
      )}
    </div>
  );
}
