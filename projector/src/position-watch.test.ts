import { describe, expect, it } from 'vitest';
import { PositionWatch } from './position-watch.js';

describe('position watch', () => {
  it('wakes a reader once the position it waits for is reached', async () => {
    const watch = new PositionWatch();
    const waiting = watch.waitFor('3', 10_000);
    watch.advance('2');
    watch.advance('3');
    expect(await waiting).toBe('3');
  });

  it('answers at once for a position already passed, and after the timeout otherwise', async () => {
    const watch = new PositionWatch();
    watch.advance('5');
    expect(await watch.waitFor('4', 10_000)).toBe('5');
    expect(await watch.waitFor('9', 20)).toBe('5');
  });
});
