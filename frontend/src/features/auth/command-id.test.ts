import { uuidSchema } from '@plenty/contracts/ids';
import { describe, expect, it } from 'vitest';
import { newCommandId } from './command-id';

describe('command ids', () => {
  it('are UUIDv7 that sort by creation time', () => {
    const first = newCommandId(1_700_000_000_000);
    const second = newCommandId(1_700_000_000_001);
    expect(uuidSchema.safeParse(first).success).toBe(true);
    expect(first[14]).toBe('7');
    expect(first.slice(0, 13) < second.slice(0, 13)).toBe(true);
    expect(first.slice(0, 8)).toBe((1_700_000_000_000).toString(16).padStart(12, '0').slice(0, 8));
  });
});
