import { describe, expect, it } from 'vitest';
import {
  amountTerm,
  joinedTokens,
  JOINED_MAX,
  parseSearch,
  searchAmount,
  searchIndexTokens,
  searchTokens,
} from './search.js';

describe('search tokens', () => {
  it('cuts Thai written without spaces into its words', () => {
    expect(searchTokens('ร้านกาแฟใกล้บ้าน')).toEqual(['ร้าน', 'กาแฟ', 'ใกล้', 'บ้าน']);
    expect(searchTokens('ข้าวมันไก่ ร้านป้า')).toEqual(['ข้าว', 'มัน', 'ไก่', 'ร้าน', 'ป้า']);
  });

  it('cuts Lao written without spaces into its words', () => {
    expect(searchTokens('ຮ້ານກາເຟໃກ້ບ້ານ')).toEqual(['ຮ້ານ', 'ກາເຟ', 'ໃກ້', 'ບ້ານ']);
    expect(searchTokens('ເຂົ້າໜຽວ ຕະຫຼາດເຊົ້າ')).toEqual(['ເຂົ້າ', 'ໜຽວ', 'ຕະຫຼາດ', 'ເຊົ້າ']);
  });

  it('ends a word where Thai or Lao meets Latin letters or digits, even without a space', () => {
    expect(searchTokens('Coffee ที่ร้านCafé ຕະຫຼາດເຊົ້າ')).toEqual(['coffee', 'ที่', 'ร้าน', 'café', 'ຕະຫຼາດ', 'ເຊົ້າ']);
    expect(searchTokens('ร้าน7-11')).toEqual(['ร้าน', '7', '11']);
  });

  it('puts words in one form: NFC and lower case, Thai and Lao as they are', () => {
    expect(searchTokens('CAFÉ cafe\u0301 Café')).toEqual(['café', 'café', 'café']);
    expect(searchTokens('ÅNGSTRÖM')).toEqual(['ångström']);
    expect(searchTokens('กาแฟ')).toEqual(searchTokens('กาแฟ'.normalize('NFD')));
  });

  it('keeps a number with separators as one token of its digits', () => {
    expect(searchTokens('paid 1,250.50 then 10,000')).toEqual(['paid', '125050', 'then', '10000']);
    expect(searchTokens('3.14 ๑๒๓ บาท')).toEqual(['314', '๑๒๓', 'บาท']);
  });

  it('leaves out emoji and punctuation and cuts at them', () => {
    expect(searchTokens('🍜 ก๋วยเตี๋ยว!!! (lunch) #food @noy e-mail')).toEqual([
      'ก๋วยเตี๋ยว',
      'lunch',
      'food',
      'noy',
      'e',
      'mail',
    ]);
    expect(searchTokens('x*y OR "a" NEAR(b) ^c -d:')).toEqual(['x', 'y', 'or', 'a', 'near', 'b', 'c', 'd']);
    expect(searchTokens('🎉 — !!')).toEqual([]);
    expect(searchTokens('')).toEqual([]);
  });

  it('keeps only letters, digits and combining marks in a token', () => {
    for (const token of searchTokens('Rent, "November" ร้านกาแฟ ເຂົ້າ 1,250 #tag 🍜 a_b'))
      expect(token).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
  });
});

describe('joined tokens', () => {
  it('gives, where words are written together, the text from each word to the end of the stretch', () => {
    expect(joinedTokens('Coffee with Noy, e-mail')).toEqual([]);
    expect(joinedTokens('ไป กาแฟ')).toEqual(['ป', 'าแฟ', 'แฟ', 'ฟ']);
  });

  it('gives, in Thai and Lao, the text from each character to the end, so a part of a compound is found', () => {
    const thai = joinedTokens('ก๋วยเตี๋ยวเรือริมคลอง');
    expect(thai).toContain('เตี๋ยวเรือริมคลอง');
    expect(thai).toContain('ลอง');
    expect(thai).toContain('ริมคลอง');
    // Never from inside a character: a tone mark or vowel sign starts no token.
    for (const token of [...thai, ...joinedTokens('ຕະຫຼາດເຊົ້າ ร้านกาแฟใกล้บ้าน')]) {
      expect(token).not.toMatch(/^\p{M}/u);
    }
    expect(joinedTokens('ຕະຫຼາດເຊົ້າ')).toContain('ຫຼາດເຊົ້າ');
    expect(joinedTokens('ร้านกาแฟใกล้บ้าน')).toEqual(expect.arrayContaining(['ร้านกาแฟใกล้บ้าน', 'กาแฟใกล้บ้าน', 'ใกล้บ้าน']));
  });

  it('cuts them at JOINED_MAX', () => {
    const long = 'ร้านกาแฟใกล้บ้าน'.repeat(4);
    for (const token of joinedTokens(long)) expect(token.length).toBeLessThanOrEqual(JOINED_MAX);
  });

  it('indexes words then joined tokens once each', () => {
    const tokens = searchIndexTokens('กาแฟ กาแฟร้อน');
    expect(tokens.slice(0, 2)).toEqual(['กาแฟ', 'ร้อน']);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens).toContain('กาแฟร้อน');
  });

  it('lets a Thai or Lao word cut short while typing find the whole one', () => {
    // "ຕະຫຼາ" is cut as two pieces, neither of which starts the stored word "ຕະຫຼາດ".
    const typed = parseSearch('ຕະຫຼາ');
    const stored = searchIndexTokens('ເຂົ້າໜຽວ ຕະຫຼາດເຊົ້າ');
    for (const group of typed.groups) {
      expect(group.some((token) => stored.some((word) => word.startsWith(token)))).toBe(true);
    }
    const thai = parseSearch('ร้านกาแ');
    const note = searchIndexTokens('ไปร้านกาแฟใกล้บ้าน');
    for (const group of thai.groups) {
      expect(group.some((token) => note.some((word) => word.startsWith(token)))).toBe(true);
    }
  });
});

describe('parse search', () => {
  it('reads words in search form in the order typed, without repeats', () => {
    expect(parseSearch('Coffee NOY coffee')).toEqual({
      words: ['coffee', 'noy'],
      groups: [['coffee'], ['noy']],
      amounts: [],
    });
  });

  it('gives each word of a stretch written together the whole stretch as the other way to match', () => {
    expect(parseSearch('ร้านกาแฟ')).toEqual({
      words: ['ร้าน', 'กาแฟ'],
      groups: [
        ['ร้าน', 'ร้านกาแฟ'],
        ['กาแฟ', 'ร้านกาแฟ'],
      ],
      amounts: [],
    });
  });

  it('reads amounts: equal, above, below, at least, at most, in hundredths of a major unit', () => {
    expect(parseSearch('1250 >500 <100 >=20 <=30.5 =7').amounts).toEqual([
      { op: 'eq', value: 125_000 },
      { op: 'gt', value: 50_000 },
      { op: 'lt', value: 10_000 },
      { op: 'gte', value: 2_000 },
      { op: 'lte', value: 3_050 },
      { op: 'eq', value: 700 },
    ]);
  });

  it('reads thousands separators and two decimals, and words beside amounts', () => {
    expect(parseSearch('rent 1,250.50')).toEqual({
      words: ['rent'],
      groups: [['rent']],
      amounts: [{ op: 'eq', value: 125_050 }],
    });
    expect(amountTerm('1,000,000')).toEqual({ op: 'eq', value: 100_000_000 });
  });

  it('reads a number in double quotes as a word', () => {
    expect(parseSearch('"2026" trip')).toEqual({ words: ['2026', 'trip'], groups: [['2026'], ['trip']], amounts: [] });
  });

  it('reads what is not an amount as words: bad separators, three decimals, an operator without a number', () => {
    expect(parseSearch('1,25').amounts).toEqual([]);
    expect(parseSearch('1.234')).toMatchObject({ words: ['1234'], amounts: [] });
    expect(parseSearch('>abc')).toMatchObject({ words: ['abc'], amounts: [] });
    expect(parseSearch('>')).toEqual({ words: [], groups: [], amounts: [] });
  });

  it('holds a huge number at 2^53 − 1 instead of losing precision or failing', () => {
    expect(parseSearch('99999999999999999999999').amounts).toEqual([{ op: 'eq', value: Number.MAX_SAFE_INTEGER }]);
    expect(amountTerm('>90071992547409.93')).toEqual({ op: 'gt', value: Number.MAX_SAFE_INTEGER });
  });

  it('reads search syntax characters as nothing but word breaks', () => {
    expect(parseSearch('"unclosed NEAR(a* OR b)')).toMatchObject({ words: ['unclosed', 'near', 'a', 'or', 'b'] });
    expect(parseSearch('*:^"()"')).toEqual({ words: [], groups: [], amounts: [] });
  });
});

describe('search amount', () => {
  it('is the amount in hundredths of its currency’s major unit', () => {
    expect(searchAmount(1250, 'THB')).toBe(1250);
    expect(searchAmount(1_250_000, 'LAK')).toBe(125_000_000);
    expect(searchAmount(50, 'USD')).toBe(50);
  });

  it('is held at 2^53 − 1 beyond', () => {
    expect(searchAmount(Number.MAX_SAFE_INTEGER, 'LAK')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('compares with the amount typed: 1250 kip equals the term 1250', () => {
    expect(searchAmount(1250 * 1, 'LAK')).toBe(parseSearch('1250').amounts[0]?.value);
    expect(searchAmount(125_000, 'THB')).toBe(amountTerm('1,250')?.value);
  });
});
