import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { isMonth } from '@plenty/contracts/calendar/date';
import { formatMonth, monthFromParam, monthName, stepMonth, yearName } from '../../lib/month';
import type { MessageId } from '../../lib/messages';
import { useLocale } from '../../lib/use-locale';
import { StepButton } from '../step-button';
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
      <StepButton
        label={labels.previous}
        symbol="‹"
        className={styles.step}
        onClick={() => onChange(stepMonth(month, -1, latest))}
      />
      <span className={styles.name} aria-live="polite" data-testid="month-name">
        {formatMonth(month, locale)}
      </span>
      <StepButton
        label={labels.next}
        symbol="›"
        className={styles.step}
        disabled={atLatest}
        onClick={() => onChange(stepMonth(month, 1, latest))}
      />
      <div className={styles.jump} role="group" aria-label={labels.input}>
        <JumpList
          label="common.month"
          value={index}
          options={Array.from({ length: 12 }, (_, i) => i + 1).map((option) => ({
            value: option,
            text: monthName(option, locale),
            disabled: year === latestYear && option > Number(latest.slice(5, 7)),
          }))}
          onPick={(picked) => choose(year, picked)}
          testId="month-picker-month"
        />
        <JumpList
          label="common.year"
          value={year}
          options={years.map((option) => ({ value: option, text: yearName(option, locale) }))}
          onPick={(picked) => choose(picked, index)}
          testId="month-picker-year"
        />
      </div>
    </div>
  );
}

/** A list to jump to a month or a year, its name read by screen readers only. */
function JumpList({
  label,
  value,
  options,
  onPick,
  testId,
}: {
  readonly label: MessageId;
  readonly value: number;
  readonly options: readonly { readonly value: number; readonly text: string; readonly disabled?: boolean }[];
  onPick(value: number): void;
  readonly testId: string;
}) {
  const id = useId();
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <select
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onPick(Number(event.target.value))}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.text}
          </option>
        ))}
      </select>
    </>
  );
}
