/**
 * A time of day as a person reads and types it on the page, whatever the browser's own language
 * is (the browser's time input follows the browser, so a Thai page in an English browser showed
 * "--:-- --" with AM and PM).
 *
 * Every language shows the 24-hour clock, "14:30": Thai and Lao write times so, and English uses
 * it too because the transaction's detail, list and CSV export already show the stored "14:30"
 * in every language, and a 24-hour time cannot be misread as morning or evening. What is typed
 * may be written several ways: "14:30", "14.30", "1430", "9", "2:30 pm" (a 12-hour time with AM
 * or PM), Thai and Lao digits, and the Thai "น."/"นาฬิกา" or Lao "ໂມງ" written after the time.
 * The value underneath stays `HH:MM`, as the transaction stores it, and is shown as it is.
 */

/** Whether `value` is a time of day written `HH:MM` (00:00 to 23:59). */
export function isTimeValue(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

const NATIVE_DIGITS = /[๐-๙໐-໙]/g;
const nativeDigit = (digit: string) => {
  const code = digit.charCodeAt(0);
  return String(code >= 0x0ed0 ? code - 0x0ed0 : code - 0x0e50);
};

/** Words written after a time: Thai "น." or "นาฬิกา", Lao "ໂມງ". */
const CLOCK_WORD = /\s*(นาฬิกา|น\.?|ໂມງ)$/u;
/** AM or PM, as "am", "a.m.", "a", "pm", "p.m.", "p" (any case). */
const MERIDIEM = /\s*([ap])\.?\s*(m\.?)?$/i;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The `HH:MM` time of what was typed, or null when it is not a time of day: hours and minutes
 * separated by ":", ".", "," or a space, or run together ("930", "1430"), or the hour alone
 * ("9" is 09:00); with AM or PM the hour runs from 1 to 12 ("12 am" is 00:00, "12:15 pm" 12:15).
 */
export function parseTimeText(text: string): string | null {
  let cleaned = text.trim().replace(NATIVE_DIGITS, nativeDigit).replace(CLOCK_WORD, '');
  let meridiem: 'a' | 'p' | null = null;
  const suffix = MERIDIEM.exec(cleaned);
  if (suffix !== null && /\d/.test(cleaned.slice(0, suffix.index))) {
    meridiem = (suffix[1] ?? '').toLowerCase() === 'a' ? 'a' : 'p';
    cleaned = cleaned.slice(0, suffix.index);
  }
  cleaned = cleaned.trim();
  const match = /^(\d{1,2})(?:\s*[:.,\s]\s*(\d{2}))?$/.exec(cleaned) ?? /^(\d{1,2})(\d{2})$/.exec(cleaned);
  if (match === null) return null;
  let hour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  if (minute > 59) return null;
  if (meridiem !== null) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  if (hour > 23) return null;
  return `${pad(hour)}:${pad(minute)}`;
}
