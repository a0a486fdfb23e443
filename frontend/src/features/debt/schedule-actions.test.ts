import { describe, expect, it } from 'vitest';
import { rowState, rowsSkippedBy } from './schedule-actions';

const rows = (...statuses: ('paid' | 'pending')[]) => statuses.map((status, i) => ({ number: i + 1, status }));

describe('rowState', () => {
  it('flags a pending row as overdue from the day after its due date, in the user’s today', () => {
    expect(rowState({ status: 'pending', dueDate: '2026-11-25' }, '2026-11-26')).toBe('overdue');
    expect(rowState({ status: 'pending', dueDate: '2026-11-26' }, '2026-11-26')).toBe('pending');
    expect(rowState({ status: 'paid', dueDate: '2026-01-05' }, '2026-11-26')).toBe('paid');
  });
});

describe('rowsSkippedBy', () => {
  it('asks nothing when the row paid is the first pending one', () => {
    expect(rowsSkippedBy(rows('paid', 'pending', 'pending'), { number: 2 })).toEqual([]);
  });

  it('names the earlier pending rows a later payment skips, paid ones aside', () => {
    expect(rowsSkippedBy(rows('pending', 'paid', 'pending', 'pending'), { number: 4 })).toEqual([1, 3]);
  });
});
