import { describe, expect, it } from 'vitest';
import { rangeDays, rangeProblem } from './range';

describe('a report range typed on the page', () => {
  it('counts both ends', () => {
    expect(rangeDays({ from: '2026-11-01', to: '2026-11-01' })).toBe(1);
    expect(rangeDays({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
  });

  it('is refused as the server would: missing, before 2000, ending before it starts, longer than ten years', () => {
    expect(rangeProblem({ from: '', to: '2026-11-01' })).toBe('error.field_required');
    expect(rangeProblem({ from: '1999-12-31', to: '2026-11-01' })).toBe('error.date_invalid');
    expect(rangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe('error.date_range_invalid');
    expect(rangeProblem({ from: '2010-01-01', to: '2020-01-09' })).toBe('error.date_range_too_long');
    expect(rangeProblem({ from: '2010-01-01', to: '2020-01-08' })).toBeNull();
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
  });
});
