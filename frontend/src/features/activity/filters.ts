import { isIsoDate } from '@plenty/contracts/calendar/date';
import {
  ACTIVITY_KINDS,
  SETTINGS_SUBJECT_ID,
  type ActivityKind,
  type ActivityPage,
} from '@plenty/contracts/views/activity';

/** What the Activity page shows, as kept in its address: `?kind=&subject=&from=&to=`. */
export interface ActivityFilters {
  readonly kind: ActivityKind | null;
  /** One item's id (a transaction, debt, goal or category; `preferences` for settings). */
  readonly subject: string | null;
  /** Days of the user's time zone, `YYYY-MM-DD`, both included. */
  readonly from: string | null;
  readonly to: string | null;
}

export const NO_FILTERS: ActivityFilters = { kind: null, subject: null, from: null, to: null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isKind = (value: string): value is ActivityKind => (ACTIVITY_KINDS as readonly string[]).includes(value);

/** The filters of an address; a value that is not one (a hand-edited link) is left out. */
export function filtersFromSearch(params: URLSearchParams): ActivityFilters {
  const kind = params.get('kind') ?? '';
  const subject = params.get('subject') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    kind: isKind(kind) ? kind : null,
    subject: UUID.test(subject) || subject === SETTINGS_SUBJECT_ID ? subject.toLowerCase() : null,
    from: isIsoDate(from) ? from : null,
    to: isIsoDate(to) ? to : null,
  };
}

/** The address's search part for the filters, only those set, in a fixed order. */
export function searchOf(filters: ActivityFilters): string {
  const params = new URLSearchParams();
  if (filters.kind !== null) params.set('kind', filters.kind);
  if (filters.subject !== null) params.set('subject', filters.subject);
  if (filters.from !== null) params.set('from', filters.from);
  if (filters.to !== null) params.set('to', filters.to);
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** The Activity page of one item: `/activity?kind=goal&subject=<id>`. */
export const activityHref = (kind: ActivityKind, subject: string): string =>
  `/activity${searchOf({ ...NO_FILTERS, kind, subject })}`;

/** A start after the end finds nothing: the page says so instead of asking. */
export const rangeIsValid = (filters: ActivityFilters): boolean =>
  filters.from === null || filters.to === null || filters.from <= filters.to;

export const hasFilters = (filters: ActivityFilters): boolean =>
  filters.kind !== null || filters.subject !== null || filters.from !== null || filters.to !== null;

/** Entries per request: a screen or two; older ones on demand. */
export const ACTIVITY_PAGE_SIZE = 20;

/** The request for one page of activity, newest first, from `cursor` on. */
export function activityPageUrl(filters: ActivityFilters, cursor: string | null, limit = ACTIVITY_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (filters.kind !== null) params.set('kind', filters.kind);
  if (filters.subject !== null) params.set('subjectId', filters.subject);
  if (filters.from !== null) params.set('from', filters.from);
  if (filters.to !== null) params.set('to', filters.to);
  params.set('limit', String(limit));
  if (cursor !== null) params.set('cursor', cursor);
  return `queries/activity?${params.toString()}`;
}

/**
 * The entries of the pages loaded so far, newest first, each once: something done while the
 * reader pages can push an entry already shown onto the next page.
 */
export function activityEntries(pages: readonly ActivityPage[]): ActivityPage['items'] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.items.filter((entry) => {
      if (seen.has(entry.id)) return false;
      seen.add(entry.id);
      return true;
    }),
  );
}
