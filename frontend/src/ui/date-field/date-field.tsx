import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { formatLongDate, formatNumber } from '../../lib/format';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { useLocale } from '../../lib/use-locale';
import { addDays, addMonthsToDate, isCalendarDate, weekday } from '@plenty/contracts/calendar/date';
import { formatDateText, monthHeading, monthWeeks, parseDateText, weekdayNames } from './date-text';
import styles from './date-field.module.css';

export interface DateFieldProps {
  /** The text field's id, for its `<label htmlFor>`. */
  readonly id: string;
  /**
   * `YYYY-MM-DD`, '' for no date, or the text typed when it is not a date (so the form's own
   * check can say so).
   */
  readonly value: string;
  /** Called as the person types (ISO once the text is a date, '' when emptied, else the text) or picks a day. */
  onChange(value: string): void;
  /** Extra class of the text field (the form's input look). */
  readonly className?: string;
  /** First and last days that may be picked, `YYYY-MM-DD`. */
  readonly min?: string;
  readonly max?: string;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly name?: string;
  readonly 'aria-invalid'?: boolean;
  readonly 'aria-describedby'?: string;
  readonly 'data-testid'?: string;
}

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

/**
 * A date field in the page's language and calendar, whatever the browser's language: a text
 * field showing and reading the date as the language writes it ("26/11/2569" in Thai, Buddhist
 * era) and a button opening a calendar (a dialog with a grid: arrow keys move by day and week,
 * Home and End to the week's ends, Page Up and Page Down by month, with Shift by year, Enter or
 * Space picks, Escape closes and gives focus back). The value stays ISO `YYYY-MM-DD`.
 */
export function DateField(props: DateFieldProps) {
  const { id, value, onChange, min, max } = props;
  const intl = useIntl();
  const { locale } = useLocale();
  const ids = useId();
  const [text, setText] = useState(() => formatDateText(value, locale));
  const emitted = useRef(value);
  const shownLocale = useRef(locale);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(() => todayIn());
  const [shift, setShift] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  /** Whether the next focused day takes the keyboard focus (opening, arrow keys), not a month button. */
  const focusDay = useRef(false);
  const today = todayIn();

  // A value set from outside (a reset, a loaded record, the address) or a new language shows anew.
  useEffect(() => {
    if (value === emitted.current && locale === shownLocale.current) return;
    emitted.current = value;
    shownLocale.current = locale;
    setText(isCalendarDate(value) ? formatDateText(value, locale) : value);
  }, [value, locale]);

  const emit = (next: string) => {
    emitted.current = next;
    onChange(next);
  };

  const openCalendar = () => {
    setFocused(clamp(isCalendarDate(value) ? value : today, min, max));
    setShift(0);
    focusDay.current = true;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const pick = (date: string) => {
    if ((min !== undefined && date < min) || (max !== undefined && date > max)) return;
    setText(formatDateText(date, locale));
    emit(date);
    close(true);
  };

  // The focused day takes the keyboard focus when the calendar opens and as the keys move it; the
  // month and year buttons keep theirs, so they can be pressed again.
  useEffect(() => {
    if (!open || !focusDay.current) return;
    focusDay.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [open, focused]);

  // A click outside closes the calendar.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // The calendar stays inside the window on a narrow screen.
  useLayoutEffect(() => {
    if (!open || popup.current === null) return;
    const rect = popup.current.getBoundingClientRect();
    const room = document.documentElement.clientWidth - 8;
    if (rect.right - shift > room) setShift(Math.min(rect.left - shift - 8, rect.right - shift - room));
  }, [open, shift]);

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
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
  const formatId = `${ids}-format`;
  const describedBy = [props['aria-describedby'], formatId].filter(Boolean).join(' ');
  const stepButton = (label: string, symbol: string, target: string, testId: string) => {
    const outside =
      (min !== undefined && target.slice(0, 7) < min.slice(0, 7)) ||
      (max !== undefined && target.slice(0, 7) > max.slice(0, 7));
    return (
      <button
        type="button"
        className={styles.step}
        aria-label={label}
        title={label}
        disabled={outside}
        onClick={() => setFocused(clamp(target, min, max))}
        data-testid={testId}
      >
        <span aria-hidden="true">{symbol}</span>
      </button>
    );
  };

  return (
    <div ref={wrapper} className={styles.dateField}>
      <input
        ref={props.inputRef}
        id={id}
        name={props.name === undefined ? undefined : `${props.name}-text`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={`${props.className ?? ''} ${styles.text}`}
        value={text}
        placeholder={intl.formatMessage({ id: 'datefield.pattern' })}
        aria-invalid={props['aria-invalid'] || undefined}
        aria-describedby={describedBy}
        data-testid={props['data-testid']}
        data-value={isCalendarDate(value) ? value : ''}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          emit(typed.trim() === '' ? '' : (parseDateText(typed, locale) ?? typed));
        }}
        onBlur={() => {
          const parsed = parseDateText(text, locale);
          if (parsed !== null) setText(formatDateText(parsed, locale));
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && event.altKey) {
            event.preventDefault();
            openCalendar();
          }
        }}
      />
      {props.name !== undefined && <input type="hidden" name={props.name} value={isCalendarDate(value) ? value : ''} />}
      <span id={formatId} className="visually-hidden">
        {intl.formatMessage({ id: 'datefield.format' }, { pattern: intl.formatMessage({ id: 'datefield.pattern' }) })}
      </span>
      <button
        ref={button}
        type="button"
        className={styles.open}
        aria-label={intl.formatMessage({ id: 'datefield.open' })}
        title={intl.formatMessage({ id: 'datefield.open' })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close(false) : openCalendar())}
        data-testid="date-field-open"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <rect x="3.5" y="5" width="17" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
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
                        aria-disabled={
                          (min !== undefined && date < min) || (max !== undefined && date > max) || undefined
                        }
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
      )}
    </div>
  );
}
