import { describe, expect, it } from 'vitest';
import { rowActions } from './schedule-actions';

const rows = (...statuses: ('paid' | 'pending')[]) => statuses.map((status, index) => ({ number: index + 1, status }));

describe('which schedule rows offer Mark as Paid and Mark as Unpaid', () => {
  it('offers only the first row to pay on a new debt', () => {
    expect(rowActions(rows('pending', 'pending', 'pending'))).toEqual({ payable: 1, unpayable: null });
  });

  it('offers the next pending row to pay and the latest paid row to unpay', () => {
    expect(rowActions(rows('paid', 'paid', 'pending', 'pending'))).toEqual({ payable: 3, unpayable: 2 });
  });

  it('offers nothing to pay once every row is paid', () => {
    expect(rowActions(rows('paid', 'paid'))).toEqual({ payable: null, unpayable: 2 });
  });

  it('offers nothing on an empty schedule', () => {
    expect(rowActions([])).toEqual({ payable: null, unpayable: null });
  });
});
