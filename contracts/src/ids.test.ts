import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventIdFor, isUuid, scriptUuidV5, sha1, uuidSchema, uuidV5, uuidV5Hash } from './ids.js';

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

describe.each([
  ['on the server, with node:crypto', uuidV5],
  ['in the browser, in script', scriptUuidV5],
])('ids made %s', (_where, makeV5) => {
  it('keep the event ids stored so far', () => {
    // Values made with node:crypto before the hash moved into this module: stored events keep their ids.
    expect(eventIdFor('0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f', 0)).toBe('0192f0c4-7a1b-88e6-9b91-945ff326d320');
    expect(eventIdFor('0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f', 7)).toBe('0192f0c4-7a1b-8c8c-a3b9-c162478d768d');
    expect(eventIdFor('3f2504e0-4f89-41d3-9a0c-0305e82c3301', 2)).toBe('cee0ac2c-df66-506d-a780-405a71cc6e92');
    const dns = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
    expect(makeV5('www.example.com', dns)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    expect(makeV5('ຄ່າອາຫານ ค่าอาหาร', dns)).toBe('c710757e-a072-52bc-9b99-116ab1a91508');
    expect(makeV5('', dns)).toBe('4ebd0208-8328-5d69-8c44-ec50939c0967');
    // Names that end just before, at and after a SHA-1 block's length field.
    expect(makeV5('a'.repeat(39), dns)).toBe('5824f981-4282-59d4-9716-acb6d741350e');
    expect(makeV5('a'.repeat(40), dns)).toBe('39f39c20-db47-5131-8879-62f8f67f9014');
    expect(makeV5('a'.repeat(48), dns)).toBe('7280cc42-274a-5c4a-91fc-ae23f853eeb7');
    expect(makeV5('x'.repeat(200), dns)).toBe('ddcc691a-b8e2-53e5-b059-6a232874b2eb');
  });
});

describe('UUIDv5 on the server and in the browser', () => {
  it('runs node:crypto where it exists', () => {
    expect(uuidV5Hash).toBe('node:crypto');
  });

  it('gives the same id for any name and namespace, lone surrogates too', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), fc.uuid(), (name, namespace) => {
        expect(uuidV5(name, namespace)).toBe(scriptUuidV5(name, namespace));
      }),
      { numRuns: 500 },
    );
    // The variant digit for each value of byte 8's first hex digit.
    for (let n = 0; n < 2000; n += 1) {
      const name = `post:user-${n}/0190c7a4-0000-7000-8000-${n.toString(16).padStart(12, '0')}/2026-11-28`;
      expect(uuidV5(name, '6f1d3c2a-8b7e-4f5a-9c0d-2e4b6a8c1f37')).toBe(
        scriptUuidV5(name, '6f1d3c2a-8b7e-4f5a-9c0d-2e4b6a8c1f37'),
      );
    }
  });
});

describe('SHA-1 in script', () => {
  it('hash as SHA-1 does, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const expected = createHash('sha1').update(bytes).digest('hex');
        expect(Buffer.from(sha1(bytes)).toString('hex')).toBe(expected);
      }),
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
