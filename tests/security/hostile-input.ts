import fc from 'fast-check';

/** Hostile input for the fuzz tests: values, text and raw bodies no client of the app sends. */

export const POLLUTING_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
];
/** Numbers at the edges: zero of both signs, fractions, beyond 2^53, the largest and smallest doubles. */
export const edgeNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1.5,
  0.1,
  2 ** 31,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
);
/** Text meant to break a check: controls, lone surrogates, markup, SQL, paths, formulas, huge text. */
export const hostileStrings = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    'a\uDC00b',
    // C1 controls: next line, control sequence introducer, and the ends of the block.
    'x\u0085y',
    '\u009b31mred',
    '\u0080',
    'ok\u009f',
    // Lone surrogates at either end and a reversed pair.
    'end\uDBFF',
    '\uDFFFstart',
    '\uDC00\uD800',
    '\u202Eevil',
    '<script>alert(1)</script>',
    "'; DROP TABLE events; --",
    '../../etc/passwd',
    '=HYPERLINK("http://x")',
    '9'.repeat(400),
    '1e309',
    'NaN',
    '-0',
    'x'.repeat(10_000),
    '0192f0c4-7a1b-7c3d-8e4f-00000000zzzz',
    '2026-02-30',
    '25:61',
    '#GGGGGG',
  ),
  fc.constantFrom(...POLLUTING_KEYS),
);
/** Any value in a place of a body: hostile text and numbers, wrong types, polluting objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileStrings,
  edgeNumbers,
  fc.constantFrom(
    null,
    true,
    false,
    [],
    {},
    [[[]]],
    { amount: '100', currency: 'THB' },
    { amount: 1e21, currency: 'THB' },
  ),
  fc.dictionary(
    fc.constantFrom(...POLLUTING_KEYS, 'amount', 'currency', 'name'),
    fc.oneof(hostileStrings, edgeNumbers),
    {
      maxKeys: 3,
    },
  ),
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
);

/** A control character (C0, DEL, C1) or a lone surrogate: never accepted in any text. */
export const FORBIDDEN_TEXT =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Every string in a value, however deep. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** A path into a body: top-level keys and one level into objects. */
export function paths(body: Record<string, unknown>): string[][] {
  return Object.entries(body).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? [[key], ...Object.keys(value).map((inner) => [key, inner])]
      : [[key]],
  );
}

/** `body` with the value at `path` set to `value`. */
export function replaced(
  body: Record<string, unknown>,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return body;
  if (rest.length === 0) return { ...body, [head]: value };
  const inner = body[head];
  return {
    ...body,
    [head]: replaced(
      typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {},
      rest,
      value,
    ),
  };
}

/** How a fuzzed request reaches the server: a JSON value, or raw bytes. */
export type Payload =
  { readonly kind: 'json'; readonly value: unknown } | { readonly kind: 'raw'; readonly bytes: Buffer };

/** Bodies that are not a JSON object: polluting JSON, deep nesting, bytes that are not UTF-8. */
export const rawBodies = fc.oneof(
  fc
    .constantFrom(
      '{"__proto__":{"polluted":"yes"},"commandId":"0192f0c4-7a1b-7c3d-8e4f-000000000001"}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
      '{"commandId": 1e99999}',
      '{"a":1,"a":2}',
      '',
      'null',
      '"just a string"',
      '\u0000',
    )
    .map((text) => Buffer.from(text, 'utf8')),
  // Bytes that are not UTF-8 at all, inside and outside a JSON string.
  fc.constantFrom(
    Buffer.from([0x7b, 0x22, 0x6e, 0x6f, 0x74, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
    Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
  ),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);
