import { describe, expect, it } from 'vitest';
import { progressLine } from './progress-line.js';

describe('progress line', () => {
  it('shows the share done, the rate and the time left', () => {
    expect(progressLine({ applied: 500, total: 1000 }, 1000)).toBe(
      '[###############...............] 50.0% 500/1,000 500 events/s, ETA 1 s',
    );
  });

  it('shows only the count and rate when the total is unknown', () => {
    expect(progressLine({ applied: 2000, total: null }, 2000)).toBe('2,000 events, 1,000 events/s');
  });
});
