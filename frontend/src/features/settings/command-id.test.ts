import { describe, expect, it } from 'vitest';
import { uuidSchema } from '@plenty/contracts/ids';
import { commandId } from './command-id';

describe('command ids', () => {
  it('are UUIDv7 with the time first', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const id = commandId(now);
    expect(uuidSchema.safeParse(id).success).toBe(true);
    expect(id[14]).toBe('7');
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });

  it('sort in creation order, within one millisecond too', () => {
    const now = Date.now();
    const ids = [commandId(now), commandId(now), commandId(now), commandId(now + 1)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(4);
  });
});
