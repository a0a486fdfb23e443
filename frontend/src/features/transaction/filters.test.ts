import { describe, expect, it } from 'vitest';
import { apiQuery, filtersFromParams, isFiltered, NO_FILTERS, paramsWithFilters, presetOf } from './filters';

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
      tag: null,
      from: null,
      to: null,
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
      { ...NO_FILTERS, type: 'income', q: 'bonus' },
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
      tag: 'รีโนเวท',
      from: '2026-01-01',
      to: '2026-12-31',
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

describe('date ranges and tags in the address', () => {
  it('reads from, to and tag, and the API names of category and wallet', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'from=2026-11-01&to=2026-11-30&tag=%20Trip%20&categoryId=builtin-food&walletId=0192F0C4-7A1B-7C3D-8E4F-0000000000C1',
      ),
    );
    expect(filters).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      tag: 'Trip',
      categoryId: 'builtin-food',
      walletId: '0192f0c4-7a1b-7c3d-8e4f-0000000000c1',
    });
    expect(paramsWithFilters(filters).toString()).toBe(
      'category=builtin-food&wallet=0192f0c4-7a1b-7c3d-8e4f-0000000000c1&tag=Trip&from=2026-11-01&to=2026-11-30',
    );
    expect(isFiltered({ ...NO_FILTERS, tag: 'Trip' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, to: '2026-11-30' })).toBe(true);
  });

  it('drops a day that does not exist and an end before the start', () => {
    expect(filtersFromParams(new URLSearchParams('from=2026-02-30&to=2026-03-01'))).toMatchObject({
      from: null,
      to: '2026-03-01',
    });
    expect(filtersFromParams(new URLSearchParams('from=2026-03-02&to=2026-03-01'))).toMatchObject({
      from: '2026-03-02',
      to: null,
    });
  });

  it('sends the range and the tag to the list and totals', () => {
    const { sort: _sort, ...totals } = { ...NO_FILTERS, tag: 'ງານແຕ່ງ', from: '2026-01-01', to: '2026-01-31' };
    expect(apiQuery(totals)).toBe(
      'tag=%E0%BA%87%E0%BA%B2%E0%BA%99%E0%BB%81%E0%BA%95%E0%BB%88%E0%BA%87&from=2026-01-01&to=2026-01-31',
    );
  });
});

describe('date presets', () => {
  it('name the range in the address, or custom, or all', () => {
    expect(presetOf({ from: null, to: null }, '2026-03-15')).toBe('all');
    expect(presetOf({ from: '2026-02-01', to: '2026-02-28' }, '2026-03-15')).toBe('lastMonth');
    expect(presetOf({ from: '2026-02-14', to: '2026-03-15' }, '2026-03-15')).toBe('last30Days');
    expect(presetOf({ from: '2026-02-01', to: '2026-02-28' }, '2026-04-15')).toBe('custom');
    expect(presetOf({ from: '2026-02-01', to: null }, '2026-03-15')).toBe('custom');
  });
});
