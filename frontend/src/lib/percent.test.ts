import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent';

describe('percentages in the reader’s language, one rounding rule', () => {
  it('reads 94.6 % as 94 % in every language, as the alert mail does', () => {
    expect(formatPercent(9_460, 'en')).toBe('94%');
    expect(formatPercent(9_460, 'th')).toBe('94%');
    expect(formatPercent(9_460, 'lo', false)).toBe('94%');
  });

  it('writes one decimal below 10 % in the language’s decimal mark', () => {
    expect(formatPercent(125, 'en')).toBe('1.2%');
    expect(formatPercent(125, 'th')).toBe('1.2%');
    expect(formatPercent(125, 'lo', false)).toBe('1,2%');
  });

  it('groups big percentages', () => {
    expect(formatPercent(463_400, 'en')).toBe('4,634%');
    expect(formatPercent(463_400, 'lo', false)).toBe('4.634%');
  });
});
