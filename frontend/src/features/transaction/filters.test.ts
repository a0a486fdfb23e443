import { describe, expect, it } from 'vitest';
import { apiQuery, filtersFromParams, isFiltered, NO_FILTERS, paramsWithFilters } from './filters';

describe('transaction filters in the address', () => {
  it('reads type, category, sort and search', () => {
    const filters = filtersFromParams(
      new URLSearchParams('type=expense&category=builtin-food&sort=highest&q=%20rice%20'),
    );
    expect(filters).toEqual({
      type: 'expense',
      categoryId: 'builtin-food',
      walletId: null,
      importId: null,
      sort: 'highest',
      q: 'rice',
    });
  });

  it('falls back to everything, newest first, for unknown or malformed values', () => {
    expect(filtersFromParams(new URLSearchParams('type=loan&category=<x>&wallet=cash&sort=random'))).toEqual(
      NO_FILTERS,
    );
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = paramsWithFilters(
      { type: 'income', categoryId: null, walletId: null, importId: null, sort: 'newest', q: 'bonus' },
      new URLSearchParams('view=abc&sort=oldest'),
    );
    expect(params.toString()).toBe('view=abc&type=income&q=bonus');
  });

  it('round-trips through the address', () => {
    const filters = {
      type: 'expense',
      categoryId: '0190a1b2-0000-7000-8000-000000000001',
      walletId: '0190a1b2-0000-7000-8000-0000000000aa',
      importId: '0190a1b2-0000-7000-8000-0000000000bb',
      sort: 'lowest',
      q: 'ข้าว',
    } as const;
    expect(filtersFromParams(paramsWithFilters(filters))).toEqual(filters);
  });

  it('clearing gives an empty address', () => {
    expect(paramsWithFilters(NO_FILTERS).toString()).toBe('');
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, sort: 'oldest' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, q: 'x' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, walletId: '0190a1b2-0000-7000-8000-0000000000aa' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, importId: '0190a1b2-0000-7000-8000-0000000000bb' })).toBe(true);
  });

  it('asks the API with its parameter names, and for search only when there is text', () => {
    expect(
      apiQuery({ type: 'expense', categoryId: 'builtin-food', sort: 'oldest', q: ' ' }, { limit: 50, cursor: 'c1' }),
    ).toBe('type=expense&categoryId=builtin-food&sort=oldest&limit=50&cursor=c1');
    expect(apiQuery({ type: null, categoryId: null, q: 'rice' })).toBe('q=rice');
    expect(apiQuery({ type: null, categoryId: null, walletId: '0190a1b2-0000-7000-8000-0000000000aa', q: '' })).toBe(
      'walletId=0190a1b2-0000-7000-8000-0000000000aa',
    );
  });

  it('reads the import a list is narrowed to, and asks the list for its transactions only', () => {
    const batch = '0190A1B2-0000-7000-8000-0000000000BB';
    const filters = filtersFromParams(new URLSearchParams(`import=${batch}`));
    expect(filters.importId).toBe(batch.toLowerCase());
    expect(paramsWithFilters(filters).toString()).toBe(`import=${batch.toLowerCase()}`);
    expect(apiQuery(filters)).toBe(`importId=${batch.toLowerCase()}&sort=newest`);
    expect(filtersFromParams(new URLSearchParams('import=not-a-batch')).importId).toBeNull();
  });
});
