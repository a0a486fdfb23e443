import { isCalendarDate, isoDate } from '../calendar/date.js';

/*
 * Dates of a file's cells: the order and separator of `DateFormat`, a time after the date
 * (`2024-03-05 14:20`, ISO `2024-03-05T14:20:00+07:00`: the date and time as written, the offset
 * left out, since they are the user's own local day), two-digit years, and Thai Buddhist-era
 * years (era `be`: year − 543). Only dates that exist in the calendar are taken (calendar/date.ts).
 */

export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'YYYY.MM.DD',
  'YYYYMMDD',
  'DD/MM/YYYY',
  'DD-MM-YYYY',
  'DD.MM.YYYY',
  'MM/DD/YYYY',
  'MM-DD-YYYY',
  'DD/MM/YY',
  'DD-MM-YY',
  'DD.MM.YY',
  'MM/DD/YY',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** `ce`: the common era; `be`: the Thai Buddhist era (2567 BE = 2024 CE). */
export type Era = 'ce' | 'be';
export const BUDDHIST_ERA_OFFSET = 543;

/** A time after the date: `14:20`, `14:20:05.123`, `2:20 PM`, an ISO offset or `Z` (ignored). */
const TIME = String.raw`(?:(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*([AaPp]\.?[Mm]\.?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?)?`;

interface Shape {
  readonly regex: RegExp;
  /** Indexes of year, month and day among the date's three groups. */
  readonly order: readonly [number, number, number];
  readonly twoDigitYear: boolean;
}

function shape(format: DateFormat): Shape {
  if (format === 'YYYYMMDD') {
    return { regex: new RegExp(String.raw`^(\d{4})(\d{2})(\d{2})${TIME}$`), order: [0, 1, 2], twoDigitYear: false };
  }
  const sep = format.includes('/') ? '/' : format.includes('.') ? '\\.' : '-';
  const parts = format.split(/[/.-]/);
  const group = (part: string | undefined): string =>
    part === 'YYYY' ? String.raw`(\d{4})` : part === 'YY' ? String.raw`(\d{2})` : String.raw`(\d{1,2})`;
  const regex = new RegExp(`^${group(parts[0])}${sep}${group(parts[1])}${sep}${group(parts[2])}${TIME}$`);
  const index = (letter: string): number => parts.findIndex((p) => p.startsWith(letter));
  return { regex, order: [index('Y'), index('M'), index('D')], twoDigitYear: parts.includes('YY') };
}

const SHAPES = new Map<DateFormat, Shape>(DATE_FORMATS.map((format) => [format, shape(format)]));

/** The year a two-digit year stands for: CE 00–69 → 2000s, 70–99 → 1900s; BE 2500 + yy. */
function fullYear(digits: string, twoDigit: boolean, era: Era): number {
  const n = Number(digits);
  if (!twoDigit) return n;
  return era === 'be' ? 2500 + n : n < 70 ? 2000 + n : 1900 + n;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

export interface ParsedDate {
  /** `YYYY-MM-DD` in the common era. */
  readonly date: string;
  /** `HH:mm` when the cell had a time. */
  readonly time?: string;
  /** The year as written (four digits, or the two-digit year made full), before the era is applied. */
  readonly writtenYear: number;
}

/** The date (and time) of a cell in the format, or null when it is not one (or not a real date). */
export function parseDateCell(cell: string, format: DateFormat, era: Era): ParsedDate | null {
  const found = SHAPES.get(format);
  const match = found?.regex.exec(cell.trim());
  if (found === undefined || match === null || match === undefined) return null;
  const groups = [match[1], match[2], match[3]];
  const [yi, mi, di] = found.order;
  const writtenYear = fullYear(groups[yi] ?? '', found.twoDigitYear, era);
  const year = era === 'be' ? writtenYear - BUDDHIST_ERA_OFFSET : writtenYear;
  const date = isoDate(year, Number(groups[mi]), Number(groups[di]));
  if (!isCalendarDate(date)) return null;
  const [hours, minutes, , meridiem] = [match[4], match[5], match[6], match[7]];
  if (hours === undefined || minutes === undefined) return { date, writtenYear };
  let h = Number(hours);
  const m = Number(minutes);
  if (meridiem !== undefined) {
    if (h < 1 || h > 12) return null;
    const pm = meridiem.toLowerCase().startsWith('p');
    h = (h % 12) + (pm ? 12 : 0);
  }
  if (h > 23 || m > 59) return null;
  return { date, time: `${pad2(h)}:${pad2(m)}`, writtenYear };
}

/** Samples the guess looks at (the first non-empty cells of the date column). */
const GUESS_SAMPLES = 500;
/** Years above this are taken as Buddhist era when every sample has one. */
const BUDDHIST_ERA_FROM = 2400;

/**
 * The format that reads the most samples (more than half of the non-empty ones; ties go to the
 * first of `DATE_FORMATS`, so DD/MM, the norm in Laos and Thailand, wins over MM/DD unless a
 * day over 12 decides), and the era: Buddhist when every year read is over 2400.
 */
export function guessDateFormat(samples: readonly string[]): { format: DateFormat; era: Era } | null {
  const cells = samples
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .slice(0, GUESS_SAMPLES);
  if (cells.length === 0) return null;
  let best: { format: DateFormat; era: Era; count: number } | null = null;
  for (const format of DATE_FORMATS) {
    for (const era of ['ce', 'be'] as const) {
      let count = 0;
      let allBuddhist = true;
      for (const cell of cells) {
        const parsed = parseDateCell(cell, format, era);
        if (parsed === null) continue;
        count += 1;
        if (parsed.writtenYear <= BUDDHIST_ERA_FROM) allBuddhist = false;
      }
      if (era === 'be' && !allBuddhist) continue;
      if (count * 2 > cells.length && (best === null || count > best.count)) best = { format, era, count };
    }
  }
  return best === null ? null : { format: best.format, era: best.era };
}
