import { describe, expect, it } from 'vitest';
import {
  activityEntries,
  activityHref,
  activityPageUrl,
  filtersFromSearch,
  NO_FILTERS,
  rangeIsValid,
  searchOf,
} from './filters';

const goal = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';

describe('activity filters', () => {
  it('reads the filters from the address and leaves out values that are not ones', () => {
    expect(
      filtersFromSearch(new URLSearchParams(`kind=goal&subject=${goal.toUpperCase()}&from=2026-11-01&to=2026-11-30`)),
    ).toEqual({
      kind: 'goal',
      subject: goal,
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(filtersFromSearch(new URLSearchParams('kind=everything&subject=../x&from=2026-02-30&to=soon'))).toEqual(
      NO_FILTERS,
    );
    expect(filtersFromSearch(new URLSearchParams('kind=settings&subject=preferences')).subject).toBe('preferences');
  });

  it('writes only the filters set, and an item’s link', () => {
    expect(searchOf(NO_FILTERS)).toBe('');
    expect(searchOf({ ...NO_FILTERS, kind: 'debt', to: '2026-11-30' })).toBe('?kind=debt&to=2026-11-30');
    expect(activityHref('goal', goal)).toBe(`/activity?kind=goal&subject=${goal}`);
  });

  it('asks the query API for a page with the filters and the cursor', () => {
    expect(activityPageUrl({ ...NO_FILTERS, kind: 'goal', subject: goal }, null)).toBe(
      `queries/activity?kind=goal&subjectId=${goal}&limit=20`,
    );
    expect(activityPageUrl({ ...NO_FILTERS, from: '2026-11-01' }, 'abc', 5)).toBe(
      'queries/activity?from=2026-11-01&limit=5&cursor=abc',
    );
  });

  it('refuses a start after the end', () => {
    expect(rangeIsValid({ ...NO_FILTERS, from: '2026-11-02', to: '2026-11-01' })).toBe(false);
    expect(rangeIsValid({ ...NO_FILTERS, from: '2026-11-01', to: '2026-11-01' })).toBe(true);
  });

  it('shows each entry once when a new one pushed an entry onto the next page', () => {
    const item = (id: string) => ({ id }) as never;
    expect(
      activityEntries([
        { items: [item('c'), item('b')], nextCursor: 'x' },
        { items: [item('b'), item('a')], nextCursor: null },
      ]).map((entry) => entry.id),
    ).toEqual(['c', 'b', 'a']);
  });
});
