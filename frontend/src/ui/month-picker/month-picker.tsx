import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { isMonth } from '@plenty/contracts/calendar/date';
import { formatMonth, monthFromParam, monthName, stepMonth, yearName } from '../../lib/month';
import { useLocale } from '../../lib/use-locale';
import styles from './month-picker.module.css';

export interface MonthPickerLabels {
  readonly previous: string;
  readonly next: string;
  readonly input: string;
}

/**
 * The month a page was asked for in the address (`?month=YYYY-MM`), null when none or a
 * malformed one, and a way to change it; the current month (`latest`) leaves the address clean.
 */
export function useMonthParam(): { readonly asked: string | null; setMonth(month: string, latest: string): void } {
  const [params, setParams] = useSearchParams();
  const value = params.get('month');
  return {
    asked: isMonth(value) ? value : null,
    setMonth: (next, latest) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next >= latest) updated.delete('month');
          else updated.set('month', next);
          return updated;
        },
        { preventScrollReset: true },
      ),
  };
}

/** How many years back the year list reaches from the latest month (further when the month shown is older). */
const YEARS_BACK = 30;

/**
 * Previous and next month buttons around the month's name, and a month and a year list to jump
 * further: lists rather than the browser's month field, so the names and the year are in the
 * page's language (and era) whatever the browser's own language is. Months after `latest`
 * cannot be chosen.
 */
export function MonthPicker({
  month,
  latest,
  onChange,
  labels,
}: {
  readonly month: string;
  readonly latest: string;
  onChange(month: string): void;
  readonly labels: MonthPickerLabels;
}) {
  const { locale } = useLocale();
  const id = useId();
  const atLatest = month >= latest;
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  const latestYear = Number(latest.slice(0, 4));
  const oldestYear = Math.min(year, latestYear - YEARS_BACK + 1);
  const years = Array.from({ length: latestYear - oldestYear + 1 }, (_, i) => latestYear - i);
  const choose = (nextYear: number, nextIndex: number) =>
    onChange(monthFromParam(`${String(nextYear).padStart(4, '0')}-${String(nextIndex).padStart(2, '0')}`, latest));
  return (
    <div className={styles.picker} data-testid="month-picker">
      <button
        type="button"
        className={styles.step}
        aria-label={labels.previous}
        title={labels.previous}
        onClick={() => onChange(stepMonth(month, -1, latest))}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <span className={styles.name} aria-live="polite" data-testid="month-name">
        {formatMonth(month, locale)}
      </span>
      <button
        type="button"
        className={styles.step}
        aria-label={labels.next}
        title={labels.next}
        disabled={atLatest}
        onClick={() => onChange(stepMonth(month, 1, latest))}
      >
        <span aria-hidden="true">›</span>
      </button>
      <div className={styles.jump} role="group" aria-label={labels.input}>
        <label className="visually-hidden" htmlFor={`${id}-month`}>
          <FormattedMessage id="common.month" />
        </label>
        <select
          id={`${id}-month`}
          className={styles.input}
          value={index}
          onChange={(event) => choose(year, Number(event.target.value))}
          data-testid="month-picker-month"
        >
          {Array.from({ length: 12 }, (_, i) => i + 1).map((option) => (
            <option key={option} value={option} disabled={year === latestYear && option > Number(latest.slice(5, 7))}>
              {monthName(option, locale)}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${id}-year`}>
          <FormattedMessage id="common.year" />
        </label>
        <select
          id={`${id}-year`}
          className={styles.input}
          value={year}
          onChange={(event) => choose(Number(event.target.value), index)}
          data-testid="month-picker-year"
        >
          {years.map((option) => (
            <option key={option} value={option}>
              {yearName(option, locale)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
