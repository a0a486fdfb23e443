import { describe, expect, it } from 'vitest';
import { ICON_KEYWORDS } from './icon-keywords';
import { normalizeSearch, searchIcons, type IconSearchEntry } from './icon-search';
import { ICON_NAMES, ICON_SHAPES, isIconName } from './icon-set';

const entries: IconSearchEntry[] = [
  { name: 'utensils', labels: ['อาหาร', 'Food'], keywords: ['restaurant', 'meal'] },
  { name: 'coffee', labels: ['กาแฟ', 'Coffee'], keywords: ['cafe', 'drink'] },
  { name: 'car', labels: ['ລົດ', 'Car'], keywords: ['taxi', 'vehicle'] },
  { name: 'bus', labels: ['รถบัส', 'Bus'], keywords: ['transport', 'car'] },
];

describe('searchIcons', () => {
  it('keeps every icon for an empty or blank query', () => {
    expect(searchIcons('', entries)).toEqual(['utensils', 'coffee', 'car', 'bus']);
    expect(searchIcons('   ', entries)).toEqual(['utensils', 'coffee', 'car', 'bus']);
  });

  it('finds icons by English keyword, whatever the case', () => {
    expect(searchIcons('RESTAUR', entries)).toEqual(['utensils']);
    expect(searchIcons('drink', entries)).toEqual(['coffee']);
  });

  it('finds icons by their translated name, on any part of the word', () => {
    expect(searchIcons('อาหาร', entries)).toEqual(['utensils']);
    expect(searchIcons('บัส', entries)).toEqual(['bus']);
    expect(searchIcons('ລົດ', entries)).toEqual(['car']);
  });

  it('puts icons whose name starts with the query before keyword matches', () => {
    expect(searchIcons('car', entries)).toEqual(['car', 'bus']);
  });

  it('needs every word of the query to match', () => {
    expect(searchIcons('taxi vehicle', entries)).toEqual(['car']);
    expect(searchIcons('taxi drink', entries)).toEqual([]);
  });

  it('finds nothing for an unknown word', () => {
    expect(searchIcons('spaceship', entries)).toEqual([]);
  });

  it('compares text typed in decomposed form', () => {
    expect(normalizeSearch('  Cafe\u0301  ')).toBe('caf\u00e9');
  });
});

describe('the bundled icon set', () => {
  it('has English keywords for every icon and no keywords for icons it lacks', () => {
    expect(Object.keys(ICON_KEYWORDS).sort()).toEqual([...ICON_NAMES].sort());
  });

  it('draws the icons of the built-in categories', () => {
    for (const name of [
      'utensils',
      'bus',
      'home',
      'bolt',
      'heart-pulse',
      'shopping-bag',
      'film',
      'book',
      'wallet',
      'briefcase',
      'gift',
      'dots',
    ]) {
      expect(isIconName(name)).toBe(true);
    }
    expect(isIconName('constructor')).toBe(false);
    expect(Object.keys(ICON_SHAPES).every((name) => /^[a-z0-9-]+$/.test(name))).toBe(true);
  });
});
