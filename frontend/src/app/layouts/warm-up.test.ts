import { describe, expect, it } from 'vitest';
import { reportMonths } from './warm-up';

describe('the reports fetched ahead', () => {
  it('are this month and the two before, across a year', () => {
    expect(reportMonths('2027-02')).toEqual(['2027-02', '2027-01', '2026-12']);
  });
});
