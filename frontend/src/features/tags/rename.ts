import { TAG_MAX_LENGTH, tagKey, tagSchema, type TagView } from '@plenty/contracts/tags';
import type { MessageId } from '../../lib/messages';

/**
 * What renaming `tag` to `typed` does:
 * - `same`: nothing (exactly the name it has);
 * - `rename`: a new name, or another spelling of its own ("trip" → "Trip");
 * - `merge`: the name of another tag the user has; the two become one, under that tag's spelling
 *   unless the typed one differs only in case (then the typed spelling, as the user asked).
 */
export type RenameOutcome =
  | { readonly kind: 'same' }
  | { readonly kind: 'rename'; readonly to: string }
  | { readonly kind: 'merge'; readonly to: string; readonly into: TagView };

export function renameOutcome(tag: TagView, typed: string, tags: readonly TagView[]): RenameOutcome {
  const to = typed.normalize('NFC').trim();
  if (to === tag.name) return { kind: 'same' };
  const key = tagKey(to);
  const into = key === tag.id ? undefined : tags.find((other) => other.id === key);
  return into === undefined ? { kind: 'rename', to } : { kind: 'merge', to, into };
}

/** The first problem of a new name, as the server's schema has it. */
export function nameProblem(typed: string): MessageId | undefined {
  const parsed = tagSchema.safeParse(typed);
  if (parsed.success) return undefined;
  const code = parsed.error.issues[0]?.message;
  if (code === 'text_too_long') return 'error.text_too_long';
  if (code === 'tag_required') return 'error.tag_required';
  return 'error.field_invalid';
}

export { TAG_MAX_LENGTH };
