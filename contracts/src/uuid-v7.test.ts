import { describe, expect, it } from 'vitest';
import { uuidSchema } from './ids.js';
import { uuidV7 } from './uuid-v7.js';

describe('UUIDv7 ids', () => {
  it('are UUIDv7 with the time first', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const id = uuidV7(now);
    expect(uuidSchema.safeParse(id).success).toBe(true);
    expect(id[14]).toBe('7');
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });

  it('sort by creation time', () => {
    const first = uuidV7(1_700_000_000_000);
    const second = uuidV7(1_700_000_000_001);
    expect(first.slice(0, 13) < second.slice(0, 13)).toBe(true);
    expect(first.slice(0, 8)).toBe((1_700_000_000_000).toString(16).padStart(12, '0').slice(0, 8));
  });

  it('sort in creation order, within one millisecond too', () => {
    const now = Date.now();
    const ids = [uuidV7(now), uuidV7(now), uuidV7(now), uuidV7(now + 1)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(4);
  });
});
