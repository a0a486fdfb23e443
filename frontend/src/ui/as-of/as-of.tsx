import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { formatLongDate } from '../../lib/format';
import type { Locale } from '../../lib/locale';
import { useLocale } from '../../lib/use-locale';
import { DateField } from '../date-field/date-field';
import { withPageMessages, type PageMessageLoaders } from '../../lib/with-page-messages';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { isIsoDate } from '@plenty/contracts/calendar/date';
import { EARLIEST_AS_OF } from './as-of-param';
import styles from './as-of.module.css';

export { isAsOfRefused, useAsOfParam } from './as-of-param';

export interface AsOfPanelProps {
  /** The past day shown, null for today. */
  readonly asOf: string | null;
  /** Today's view of the same page (the address without `asOf`). */
  readonly todaySearch: string;
  onChange(date: string | null): void;
  /** The past figures are being computed. */
  readonly loading: boolean;
  /** The API refused the day. */
  readonly refused: boolean;
}

/**
 * The "As of" date field and, while a past day is shown, the banner that says so with a way
 * back to today; a refused day is explained next to the field.
 */
function Panel({ asOf, todaySearch, onChange, loading, refused }: AsOfPanelProps) {
  const { locale } = useLocale();
  const id = useId();
  const today = todayIn();
  const date = asOf === null ? '' : formatLongDate(asOf, locale);
  return (
    <div className={styles.asOf} data-testid="as-of">
      <div className={styles.field}>
        <label htmlFor={`${id}-date`} className={styles.label}>
          <FormattedMessage id="asof.label" />
        </label>
        <DateField
          id={`${id}-date`}
          className={styles.input}
          min={EARLIEST_AS_OF}
          max={today}
          value={asOf ?? today}
          aria-describedby={refused ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={refused || undefined}
          data-testid="as-of-input"
          onChange={(value) => {
            if (!isIsoDate(value)) return;
            onChange(value >= today ? null : value);
          }}
        />
        <span id={`${id}-hint`} className={styles.hint}>
          <FormattedMessage id="asof.hint" />
        </span>
      </div>
      {refused ? (
        <p id={`${id}-error`} className={styles.error} role="alert" data-testid="as-of-error">
          <FormattedMessage id="asof.error.date_invalid" values={{ first: formatLongDate(EARLIEST_AS_OF, locale) }} />{' '}
          <Link to={{ search: todaySearch }} className={styles.back}>
            <FormattedMessage id="asof.backToToday" />
          </Link>
        </p>
      ) : asOf !== null ? (
        <div className={styles.banner} data-testid="as-of-banner">
          <span className={styles.bannerMark} aria-hidden="true">
            ⟲
          </span>
          <p className={styles.bannerText} role="status">
            {loading ? (
              <FormattedMessage id="asof.loading" values={{ date }} />
            ) : (
              <FormattedMessage id="asof.banner" values={{ date }} />
            )}
          </p>
          <Link to={{ search: todaySearch }} className={styles.back} data-testid="as-of-back">
            <FormattedMessage id="asof.backToToday" />
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** Keeps the panel's place while its texts load. */
function PanelLoading() {
  return <div className={styles.placeholder} aria-hidden="true" />;
}

/** The panel's texts (`asof.*`) ship with the pages that show it, not with the first download. */
const asOfMessages: PageMessageLoaders = {
  en: () => import('virtual:plenty-asof-messages/en'),
  th: () => import('virtual:plenty-asof-messages/th'),
  lo: () => import('virtual:plenty-asof-messages/lo'),
} satisfies Record<Locale, unknown>;

export const AsOfPanel = withPageMessages<AsOfPanelProps>(asOfMessages, Panel, PanelLoading);
