import { MAX_TAGS, TAG_MAX_LENGTH, tagKey } from '@plenty/contracts/tags';
import type { MessageId } from '../../lib/messages';

/** What adding a typed tag to a list gives: the new list, or why it was refused. */
export type TagAddition =
  { readonly ok: true; readonly tags: readonly string[] } | { readonly ok: false; readonly error: MessageId };

/** A tag as it is kept: NFC, trimmed, inner runs of space as one space. */
export const cleanTag = (text: string): string => text.normalize('NFC').replace(/\s+/gu, ' ').trim();

/** Adds a tag as the server would take it: not empty, at most 32 characters, not twice (by `tagKey`), at most 10. */
export function addTag(tags: readonly string[], text: string): TagAddition {
  const tag = cleanTag(text);
  if (tag === '') return { ok: false, error: 'error.tag_required' };
  if ([...tag].length > TAG_MAX_LENGTH) return { ok: false, error: 'error.text_too_long' };
  if (tags.some((existing) => tagKey(existing) === tagKey(tag))) return { ok: false, error: 'error.tag_duplicate' };
  if (tags.length >= MAX_TAGS) return { ok: false, error: 'error.tags_too_many' };
  return { ok: true, tags: [...tags, tag] };
}

/**
 * The suggestions for what is typed: known tags whose key starts with it (then those that contain
 * it), without the ones already on the list, at most `limit`.
 */
export function tagSuggestions(
  known: readonly string[],
  chosen: readonly string[],
  typed: string,
  limit = 8,
): string[] {
  const key = tagKey(typed);
  const taken = new Set(chosen.map(tagKey));
  const open = known.filter((tag) => !taken.has(tagKey(tag)));
  if (key === '') return open.slice(0, limit);
  const starts = open.filter((tag) => tagKey(tag).startsWith(key));
  const contains = open.filter((tag) => !tagKey(tag).startsWith(key) && tagKey(tag).includes(key));
  return [...starts, ...contains].slice(0, limit);
}
