import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { useLocale } from '../../lib/use-locale';
import { isCalendarDate } from '@plenty/contracts/calendar/date';
import { formatDateText, parseDateText } from './date-text';
import { CalendarPopup } from './calendar-popup';
import { TypedValueInput, type TypedValueFieldProps } from '../field/typed-value-input';
import styles from './date-field.module.css';

export interface DateFieldProps extends TypedValueFieldProps {
  /**
   * `YYYY-MM-DD`, '' for no date, or the text typed when it is not a date (so the form's own
   * check can say so).
   */
  readonly value: string;
  /** Called as the person types (ISO once the text is a date, '' when emptied, else the text) or picks a day. */
  onChange(value: string): void;
  /** First and last days that may be picked, `YYYY-MM-DD`. */
  readonly min?: string;
  readonly max?: string;
}

/**
 * A date field in the page's language and calendar, whatever the browser's language: a text
 * field showing and reading the date as the language writes it ("26/11/2569" in Thai, Buddhist
 * era) and a button opening a calendar (a dialog with a grid: arrow keys move by day and week,
 * Home and End to the week's ends, Page Up and Page Down by month, with Shift by year, Enter or
 * Space picks, Escape closes and gives focus back). The value stays ISO `YYYY-MM-DD`.
 */
export function DateField(props: DateFieldProps) {
  const { value, onChange, min, max } = props;
  const intl = useIntl();
  const { locale } = useLocale();
  const [text, setText] = useState(() => formatDateText(value, locale));
  const emitted = useRef(value);
  const shownLocale = useRef(locale);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
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
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const pick = (date: string) => {
    setText(formatDateText(date, locale));
    emit(date);
    close(true);
  };

  // A click outside closes the calendar.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const pattern = intl.formatMessage({ id: 'datefield.pattern' });
  return (
    <div ref={wrapper} className={styles.dateField}>
      <TypedValueInput
        field={props}
        text={text}
        parsed={isCalendarDate(value) ? value : ''}
        inputMode="numeric"
        textClass={styles.text}
        placeholder={pattern}
        format={intl.formatMessage({ id: 'datefield.format' }, { pattern })}
        onText={(typed) => {
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
        <CalendarPopup value={value} today={today} min={min} max={max} onPick={pick} onEscape={() => close(true)} />
      )}
    </div>
  );
}
