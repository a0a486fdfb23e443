import { describe, expect, it } from 'vitest';
import { eventIdFor, isUuid, uuidSchema, uuidV5 } from './ids.js';

describe('event ids', () => {
  it('are the same for a retried command and differ per index and per command', () => {
    const commandId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
    expect(eventIdFor(commandId, 0)).toBe(eventIdFor(commandId.toUpperCase(), 0));
    expect(eventIdFor(commandId, 0)).not.toBe(eventIdFor(commandId, 1));
    expect(eventIdFor(commandId, 0)).not.toBe(eventIdFor('0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e10', 0));
    expect(isUuid(eventIdFor(commandId, 3))).toBe(true);
  });

  it('keep the time prefix of a UUIDv7 command id so they sort by time', () => {
    const earlier = eventIdFor('0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f', 0);
    const later = eventIdFor('0192f0c5-0000-7c3d-8e4f-5a6b7c8d9e0f', 0);
    expect(earlier.startsWith('0192f0c4-7a1b-8')).toBe(true);
    expect(earlier < later).toBe(true);
    expect(isUuid(earlier)).toBe(true);
  });

  it('follow RFC 9562 UUIDv5', () => {
    // Test vector: the DNS namespace and "www.example.com".
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });
});

describe('uuid schema', () => {
  it('accepts UUIDs in any case and answers them lower-case', () => {
    expect(uuidSchema.parse('0192F0C4-7A1B-7C3D-8E4F-5A6B7C8D9E0F')).toBe('0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f');
    expect(uuidSchema.safeParse('not-a-uuid').error?.issues[0]?.message).toBe('id_invalid');
    expect(uuidSchema.safeParse(42).error?.issues[0]?.message).toBe('id_invalid');
  });
});
