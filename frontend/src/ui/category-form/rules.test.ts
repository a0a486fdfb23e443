import { describe, expect, it } from 'vitest';
import { builtInCategory, customCategory } from '@plenty/contracts/testing/views';
import type { CategoryView } from '@plenty/contracts/views/categories';
import {
  categoryChanges,
  categoryNameTaken,
  defaultReplacement,
  fitsFilter,
  isHexColor,
  normalizeHex,
  readableOn,
  replacementChoices,
  validateCategory,
} from './rules';

const list: CategoryView[] = [
  builtInCategory('food', 'expense'),
  builtInCategory('salary', 'income'),
  builtInCategory('other', 'general'),
  customCategory('a', 'Coffee', 'expense'),
  customCategory('b', 'ຄ່າເຊົ່າ', 'expense'),
  customCategory('c', 'Side job', 'income'),
];

describe('duplicate names', () => {
  it('finds a custom name whatever the case and spacing', () => {
    expect(categoryNameTaken('coffee', list)).toBe(true);
    expect(categoryNameTaken('  COFFEE ', list)).toBe(true);
    expect(categoryNameTaken('side   job', list)).toBe(true);
    expect(categoryNameTaken('ຄ່າເຊົ່າ', list)).toBe(true);
    expect(categoryNameTaken('Tea', list)).toBe(false);
  });

  it('lets a category keep its own name', () => {
    expect(categoryNameTaken('Coffee', list, 'a')).toBe(false);
    expect(categoryNameTaken('Coffee', list, 'b')).toBe(true);
  });

  it('leaves the built-in names to the app, as the server does', () => {
    expect(categoryNameTaken('Food', list)).toBe(false);
  });
});

describe('validateCategory', () => {
  const valid = { name: 'Tea', type: 'expense', icon: 'coffee', color: '#14b8a6' } as const;

  it('accepts a complete category', () => {
    expect(validateCategory(valid, list)).toEqual({});
  });

  it('asks for a name, an icon and a color', () => {
    expect(validateCategory({ name: '  ', type: 'expense', icon: null, color: null }, list)).toEqual({
      name: 'error.name_required',
      icon: 'error.icon_required',
      color: 'error.color_required',
    });
  });

  it('reports a taken name and an invalid color', () => {
    expect(validateCategory({ ...valid, name: 'coffee', color: '#12' }, list)).toEqual({
      name: 'error.category_name_taken',
      color: 'categories.validation.colorInvalid',
    });
  });

  it('limits names to 40 characters, counting Lao and Thai characters one each', () => {
    expect(validateCategory({ ...valid, name: 'ກ'.repeat(40) }, list)).toEqual({});
    expect(validateCategory({ ...valid, name: 'x'.repeat(41) }, list)).toEqual({
      name: 'categories.validation.nameTooLong',
    });
  });
});

describe('colors', () => {
  it('normalizes hex colors', () => {
    expect(normalizeHex('#1A2B3C')).toBe('#1a2b3c');
    expect(normalizeHex('1a2b3c')).toBe('#1a2b3c');
    expect(normalizeHex(' #abc ')).toBe('#aabbcc');
    expect(normalizeHex('#12345')).toBeNull();
    expect(normalizeHex('#ggg000')).toBeNull();
    expect(normalizeHex('')).toBeNull();
  });

  it('accepts only #rrggbb as a color', () => {
    expect(isHexColor('#a1b2c3')).toBe(true);
    expect(isHexColor('#A1B2C3')).toBe(true);
    expect(isHexColor('#abc')).toBe(false);
    expect(isHexColor('red')).toBe(false);
  });

  it('picks the text color with the better contrast', () => {
    expect(readableOn('#000000')).toBe('#ffffff');
    expect(readableOn('#ffffff')).toBe('#0f1828');
    expect(readableOn('#eab308')).toBe('#0f1828');
    expect(readableOn('#1d4ed8')).toBe('#ffffff');
  });
});

describe('replacement on delete', () => {
  it('offers other categories of the same type and general ones', () => {
    const deleted = list[3] as CategoryView;
    expect(replacementChoices(deleted, list).map((c) => c.id)).toEqual(['builtin-food', 'builtin-other', 'b']);
  });

  it('offers only general categories for a general one', () => {
    const general = customCategory('g', 'Family', 'general');
    expect(replacementChoices(general, [...list, general]).map((c) => c.id)).toEqual(['builtin-other']);
  });

  it('defaults to the built-in Other', () => {
    expect(defaultReplacement(list[5] as CategoryView, list)).toBe('builtin-other');
  });

  it('falls back to the first choice when Other is missing', () => {
    const withoutOther = list.filter((c) => c.id !== 'builtin-other');
    expect(defaultReplacement(list[5] as CategoryView, withoutOther)).toBe('builtin-salary');
    expect(defaultReplacement(customCategory('g', 'Family', 'general'), withoutOther)).toBeNull();
  });
});

describe('the picker filter and edits', () => {
  it('offers general categories for both transaction types', () => {
    expect(fitsFilter('general', 'income')).toBe(true);
    expect(fitsFilter('expense', 'income')).toBe(false);
    expect(fitsFilter('expense', undefined)).toBe(true);
  });

  it('sends only what changed', () => {
    const before = list[3] as CategoryView;
    expect(categoryChanges(before, { name: ' Coffee ', type: 'expense', icon: 'coffee', color: '#F97316' })).toEqual(
      {},
    );
    expect(categoryChanges(before, { name: 'Café', type: 'general', icon: 'cart', color: '#abc' })).toEqual({
      name: 'Café',
      type: 'general',
      icon: 'cart',
      color: '#aabbcc',
    });
  });
});
