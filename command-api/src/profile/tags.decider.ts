import { domainError, type DomainError } from '@plenty/contracts/errors';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import type { TagCommand } from '@plenty/contracts/tags';

/** A tag as the schema leaves it: NFC, trimmed. */
const spelled = (tag: string) => tag.normalize('NFC').trim();

/**
 * Renames a tag (to another tag's name: the two merge; to another spelling of the same tag: a
 * respelling) or removes it from every transaction and rule. Which transactions carry a tag is
 * on their own streams, so the profile accepts a tag it has never seen: its event changes
 * nothing. Renaming a tag to exactly the name it has is refused as a change of nothing.
 */
export function decideTag(command: TagCommand): ProfileEvent[] | DomainError {
  switch (command.type) {
    case 'RenameTag': {
      const from = spelled(command.data.from);
      const to = spelled(command.data.to);
      if (from === to) return domainError('nothing_to_change', 422, 'to');
      return [{ type: 'TagRenamed', data: { from, to } }];
    }
    case 'DeleteTag':
      return [{ type: 'TagDeleted', data: { tag: spelled(command.data.tag) } }];
  }
}
