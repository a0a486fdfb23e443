import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { formatLongDate, formatNumber } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { addDays, addMonthsToDate, isCalendarDate, weekday } from '@plenty/contracts/calendar/date';
import { monthHeading, monthWeeks, weekdayNames } from './date-text';
import { StepButton } from '../step-button';
import styles from './date-field.module.css';

const clamp = (date: string, min?: string, max?: string): string =>
  min !== undefined && date < min ? min : max !== undefined && date > max ? max : date;

/** Keys that move the grid's focus, and how far. */
function moved(event: KeyboardEvent, date: string): string | null {
  switch (event.key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday(date));
    case 'End':
      return addDays(date, 6 - weekday(date));
    case 'PageUp':
      return addMonthsToDate(date, event.shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonthsToDate(date, event.shiftKey ? 12 : 1);
    default:
      return null;
  }
}

export interface CalendarPopupProps {
  /** The field's value (`YYYY-MM-DD` when it is a date): the selected day, and the first one focused. */
  readonly value: string;
  readonly today: string;
  readonly min?: string;
  readonly max?: string;
  /** A day was picked (within min and max). */
  onPick(date: string): void;
  /** Escape: the calendar closes and the focus goes back to its button. */
  onEscape(): void;
}

/**
 * The calendar dialog of a {@link DateField}: a month grid with keyboard moves (arrow keys by day
 * and week, Home and End to the week's ends, Page Up and Page Down by month, with Shift by year,
 * Enter or Space picks), month and year buttons, kept inside the window on a narrow screen.
 */
export function CalendarPopup(props: CalendarPopupProps) {
  const { value, today, min, max } = props;
  const intl = useIntl();
  const { locale } = useLocale();
  const ids = useId();
  const [focused, setFocused] = useState(() => clamp(isCalendarDate(value) ? value : today, min, max));
  const [shift, setShift] = useState(0);
  const popup = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  /** Whether the next focused day takes the keyboard focus (opening, arrow keys), not a month button. */
  const focusDay = useRef(true);

  const pick = (date: string) => {
    if ((min !== undefined && date < min) || (max !== undefined && date > max)) return;
    props.onPick(date);
  };

  // The focused day takes the keyboard focus when the calendar opens and as the keys move it; the
  // month and year buttons keep theirs, so they can be pressed again.
  useEffect(() => {
    if (!focusDay.current) return;
    focusDay.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  // The calendar stays inside the window on a narrow screen.
  useLayoutEffect(() => {
    if (popup.current === null) return;
    const rect = popup.current.getBoundingClientRect();
    const room = document.documentElement.clientWidth - 8;
    if (rect.right - shift > room) setShift(Math.min(rect.left - shift - 8, rect.right - shift - room));
  }, [shift]);

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      props.onEscape();
      return;
    }
    if (event.key !== 'Tab' || popup.current === null) return;
    const focusables = [...popup.current.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]')];
    const first = focusables[0];
    const last = focusables.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(focused);
      return;
    }
    const next = moved(event, focused);
    if (next === null) return;
    event.preventDefault();
    focusDay.current = true;
    setFocused(clamp(next, min, max));
  };

  const weekdays = weekdayNames(locale);
  const headingId = `${ids}-heading`;
  const stepButton = (label: string, symbol: string, target: string, testId: string) => {
    const outside =
      (min !== undefined && target.slice(0, 7) < min.slice(0, 7)) ||
      (max !== undefined && target.slice(0, 7) > max.slice(0, 7));
    return (
      <StepButton
        label={label}
        symbol={symbol}
        className={styles.step}
        disabled={outside}
        onClick={() => setFocused(clamp(target, min, max))}
        testId={testId}
      />
    );
  };

  return (
    // A modal dialog closes on Escape and keeps Tab inside (the WAI-ARIA dialog pattern).
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <div
      ref={popup}
      className={styles.popup}
      style={shift === 0 ? undefined : { transform: `translateX(${-shift}px)` }}
      role="dialog"
      aria-modal="true"
      aria-label={intl.formatMessage({ id: 'datefield.dialog' })}
      onKeyDown={onDialogKeyDown}
      data-testid="date-field-calendar"
    >
      <div className={styles.header}>
        {stepButton(
          intl.formatMessage({ id: 'datefield.previousYear' }),
          '«',
          addMonthsToDate(focused, -12),
          'date-field-previous-year',
        )}
        {stepButton(
          intl.formatMessage({ id: 'datefield.previousMonth' }),
          '‹',
          addMonthsToDate(focused, -1),
          'date-field-previous-month',
        )}
        <h2 id={headingId} className={styles.heading} aria-live="polite" data-testid="date-field-heading">
          {monthHeading(focused, locale)}
        </h2>
        {stepButton(
          intl.formatMessage({ id: 'datefield.nextMonth' }),
          '›',
          addMonthsToDate(focused, 1),
          'date-field-next-month',
        )}
        {stepButton(
          intl.formatMessage({ id: 'datefield.nextYear' }),
          '»',
          addMonthsToDate(focused, 12),
          'date-field-next-year',
        )}
      </div>
      <table
        ref={grid}
        role="grid"
        className={styles.grid}
        aria-labelledby={headingId}
        aria-describedby={`${ids}-keys`}
        onKeyDown={onGridKeyDown}
      >
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day.long} scope="col" abbr={day.long} title={day.long} className={styles.weekday}>
                {day.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focused).map((week, row) => (
            <tr key={row}>
              {week.map((date, column) =>
                date === null ? (
                  <td key={`empty-${column}`} className={styles.empty} />
                ) : (
                  <td
                    key={date}
                    tabIndex={date === focused ? 0 : -1}
                    className={styles.day}
                    aria-selected={date === value}
                    aria-current={date === today ? 'date' : undefined}
                    aria-disabled={(min !== undefined && date < min) || (max !== undefined && date > max) || undefined}
                    aria-label={formatLongDate(date, locale)}
                    data-date={date}
                    onClick={() => pick(date)}
                    onFocus={() => setFocused(date)}
                  >
                    {formatNumber(Number(date.slice(8, 10)), locale)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={`${ids}-keys`} className={styles.keys}>
        {intl.formatMessage({ id: 'datefield.keys' })}
      </p>
    </div>
  );
}
