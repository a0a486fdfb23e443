import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { formatMonth, isMonth, monthFromParam, stepMonth } from '../../lib/month';
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

/** Previous and next month buttons around the month's name, and a month field to jump further. */
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
      <label className="visually-hidden" htmlFor={`${id}-month`}>
        {labels.input}
      </label>
      <input
        id={`${id}-month`}
        className={styles.input}
        type="month"
        value={month}
        max={latest}
        onChange={(event) => {
          if (isMonth(event.target.value)) onChange(monthFromParam(event.target.value, latest));
        }}
      />
    </div>
  );
}
