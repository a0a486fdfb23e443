import { describe, expect, it } from 'vitest';
import { addTag, tagSuggestions } from './tags';

describe('adding a tag', () => {
  it('keeps the tag trimmed, in NFC, with single spaces', () => {
    expect(addTag([], '  Trip   to  Vang Vieng ')).toEqual({ ok: true, tags: ['Trip to Vang Vieng'] });
  });
  it('refuses a tag already there whatever its case', () => {
    expect(addTag(['Trip'], 'trip')).toEqual({ ok: false, error: 'error.tag_duplicate' });
    expect(addTag(['ງານແຕ່ງ'], 'ງານແຕ່ງ ')).toEqual({ ok: false, error: 'error.tag_duplicate' });
  });
  it('refuses an empty tag, a tag over 32 characters and an eleventh tag', () => {
    expect(addTag([], '   ')).toEqual({ ok: false, error: 'error.tag_required' });
    expect(addTag([], 'x'.repeat(33))).toEqual({ ok: false, error: 'error.text_too_long' });
    const ten = Array.from({ length: 10 }, (_, index) => `t${index}`);
    expect(addTag(ten, 'more')).toEqual({ ok: false, error: 'error.tags_too_many' });
    expect(addTag(ten.slice(1), 'more')).toMatchObject({ ok: true });
  });
});

describe('tag suggestions', () => {
  const known = ['Trip', 'รีโนเวท', 'Travel insurance', 'Wedding', 'Road trip'];
  it('lists tags starting with what is typed first, then those containing it', () => {
    expect(tagSuggestions(known, [], 'tr')).toEqual(['Trip', 'Travel insurance', 'Road trip']);
  });
  it('leaves out tags already chosen, by key', () => {
    expect(tagSuggestions(known, ['trip'], 'tr')).toEqual(['Travel insurance', 'Road trip']);
  });
  it('finds Thai tags by their first letters', () => {
    expect(tagSuggestions(known, [], 'รีโน')).toEqual(['รีโนเวท']);
  });
  it('offers the most used tags first when nothing is typed, up to the limit', () => {
    expect(tagSuggestions(known, [], '', 2)).toEqual(['Trip', 'รีโนเวท']);
  });
});
