import { describe, expect, it } from 'vitest';
import { listReturnOf, listSearchOf } from './return-to-list';

describe('returning to the transactions list', () => {
  it('keeps the filters and sort of the list, without the open detail', () => {
    expect(listSearchOf('?sort=lowest&view=abc&q=rice')).toBe('?sort=lowest&q=rice');
    expect(listSearchOf('?view=abc')).toBe('');
    expect(listSearchOf('')).toBe('');
  });

  it('reads the row to show and the list address from the navigation state, ignoring anything else', () => {
    expect(listReturnOf({ listSearch: '?type=income&view=x', focusRow: 'id-1' })).toEqual({
      listSearch: '?type=income',
      focusRow: 'id-1',
    });
    expect(listReturnOf(null)).toEqual({ listSearch: '', focusRow: null });
    expect(listReturnOf({ listSearch: 5, focusRow: '' })).toEqual({ listSearch: '', focusRow: null });
  });
});
