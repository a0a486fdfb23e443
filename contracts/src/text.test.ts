import { describe, expect, it } from 'vitest';
import { debtIconSchema } from './debts.js';
import { iconSchema } from './categories.js';
import { boundedText, freeText } from './text.js';
import { searchTextSchema } from './views/transactions.js';

const line = boundedText(40);
const note = freeText(1000);
const codeOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('text fields', () => {
  it('refuse C0 and C1 controls, DEL and lone surrogates wherever they refuse controls', () => {
    const hostile = [
      '\u0000',
      '\u001b[2J',
      '\u007f',
      '\u0080',
      '\u0085',
      '\u009b31m',
      '\u009f',
      '\ud800',
      'a\udfffb',
      '\udbff',
    ];
    for (const text of hostile) {
      expect(codeOf(line.safeParse(`x${text}y`)), JSON.stringify(text)).toBe('field_invalid');
      expect(codeOf(note.safeParse(`x${text}y`)), JSON.stringify(text)).toBe('field_invalid');
      expect(codeOf(searchTextSchema.safeParse(`x${text}y`)), JSON.stringify(text)).toBe('field_invalid');
    }
  });

  it('keep what people write: Thai, Lao, emoji (surrogate pairs), accents, and line breaks in notes', () => {
    for (const text of ['ຄ່າອາຫານ', 'ค่าอาหาร 🍜', 'café ü', '€ £ ₭ ฿', '\u00a0spaced\u00a0']) {
      expect(line.safeParse(text).success, text).toBe(true);
      expect(note.safeParse(text).success, text).toBe(true);
    }
    expect(note.safeParse('first line\nsecond\r\n\tthird').success).toBe(true);
    expect(codeOf(line.safeParse('first\nsecond'))).toBe('field_invalid');
  });
});

describe('icons', () => {
  it('are names from the icon set for a debt as for a category, never free text', () => {
    for (const schema of [iconSchema, debtIconSchema]) {
      expect(schema.safeParse('credit-card').success).toBe(true);
      expect(codeOf(schema.safeParse('<img src=x onerror=alert(1)>'))).toBe('field_invalid');
      expect(codeOf(schema.safeParse('Car'))).toBe('field_invalid');
      expect(codeOf(schema.safeParse(''))).toBe('icon_required');
    }
  });
});
