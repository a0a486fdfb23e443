import { searchIndexTokens } from '@plenty/contracts/search';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noteIndexTokens } from './note-tokens.js';

// Thai and Lao words and marks, Latin with accents and case rules, digits and separators, spaces
// before marks, joiners, skin tones and repetition marks: where a space might not end a word.
const PARTS = [
  'ข้าวมันไก่',
  'ร้านป้า',
  'ก๋วยเตี๋ยว',
  'ดี',
  'ๆ',
  'ຄ່າເຂົ້າ',
  'ຕະຫຼາດເຊົ້າ',
  'ໆ',
  'Café',
  'ΟΔΟΣ',
  'İstanbul',
  "don't",
  '1,250.50',
  '7-11',
  '12',
  '０１２',
  '٣',
  ' 45,',
  ' 7.',
  ',',
  '.',
  ' ',
  '  ',
  '\u00a0',
  '\u0301',
  '\u0e48',
  '\u200d',
  '\u200c',
  '\u{1f3fb}',
  '\u{1f44d}',
  'e\u0301',
  '\t',
  '\n',
];

describe('noteIndexTokens', () => {
  it('gives what searchIndexTokens gives for any text, asked once or again', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PARTS), { maxLength: 12 }),
        fc.string({ maxLength: 6 }),
        (parts, extra) => {
          const text = parts.join('') + extra;
          const expected = searchIndexTokens(text);
          expect(noteIndexTokens(text)).toEqual(expected);
          expect(noteIndexTokens(text)).toEqual(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives the same tokens for notes that share their parts', () => {
    for (let i = 0; i < 50; i += 1) {
      const lao = `ຄ່າເຂົ້າ ${i}, ຕະຫຼາດເຊົ້າ`;
      const thai = `ข้าวมันไก่ ${i}, ร้านป้า ดี ๆ`;
      expect(noteIndexTokens(lao)).toEqual(searchIndexTokens(lao));
      expect(noteIndexTokens(thai)).toEqual(searchIndexTokens(thai));
    }
  });

  it('cuts a long note without a space as searchIndexTokens does', () => {
    const long = 'ร้านกาแฟใกล้บ้าน'.repeat(40);
    expect(noteIndexTokens(long)).toEqual(searchIndexTokens(long));
    expect(noteIndexTokens('')).toEqual([]);
  });
});
