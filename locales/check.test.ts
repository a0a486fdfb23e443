import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM script without type declarations
import { checkCatalogs, readErrorCodes } from './check.mjs';

type Check = (catalogs: Record<string, Record<string, string>>, codes: string[]) => string[];
const check = checkCatalogs as Check;

describe('locale check', () => {
  const good = {
    en: { 'a.hello': 'Hello {name}', 'error.internal': 'Oops' },
    th: { 'a.hello': 'สวัสดี {name}', 'error.internal': 'ขออภัย' },
    lo: { 'a.hello': 'ສະບາຍດີ {name}', 'error.internal': 'ຂໍອະໄພ' },
  };

  it('passes complete, translated catalogs', () => {
    expect(check(good, ['internal'])).toEqual([]);
  });

  it('reports a missing, empty, copied or unparsable message and a different argument', () => {
    const problems = check(
      {
        en: good.en,
        th: { 'a.hello': 'Hello {name}' },
        lo: { 'a.hello': 'ສະບາຍດີ {who}', 'error.internal': '{broken' },
      },
      ['internal', 'forbidden'],
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'th: missing "error.internal"',
        'th: "a.hello" is still the English text',
        'lo: "a.hello" uses arguments {who}, English uses {name}',
        'en: missing "error.forbidden" for the server error code forbidden',
      ]),
    );
    expect(problems.some((p) => p.startsWith('lo: "error.internal" does not parse'))).toBe(true);
  });

  it('reads the server error codes from the contracts', () => {
    expect(readErrorCodes()).toContain('amount_not_positive');
  });
});
