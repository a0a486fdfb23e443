import { describe, expect, it } from 'vitest';
import type { ProfileCommand } from '@plenty/contracts/commands/profile';
import { domainError } from '@plenty/contracts/errors';
import { tagCommandSchemas } from '@plenty/contracts/tags';
import { decideProfile } from './profile.decider.js';
import { initialProfileState } from './profile.state.js';

const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';

/** Commands go through their schemas, as the route parses them. */
function command<T extends keyof typeof tagCommandSchemas>(type: T, data: Record<string, unknown>): ProfileCommand {
  return { type, data: tagCommandSchemas[type].parse({ commandId, ...data }) } as ProfileCommand;
}

const decide = (cmd: ProfileCommand) => decideProfile(cmd, initialProfileState, 'alice');

describe('renaming a tag', () => {
  it('records TagRenamed with both names as the schema leaves them, without the command id', () => {
    expect(decide(command('RenameTag', { from: '  trip ', to: 'Trip to Luang Prabang' }))).toEqual([
      { type: 'TagRenamed', data: { from: 'trip', to: 'Trip to Luang Prabang' } },
    ]);
  });

  it('takes another spelling of the same tag as a rename', () => {
    expect(decide(command('RenameTag', { from: 'trip', to: 'Trip' }))).toEqual([
      { type: 'TagRenamed', data: { from: 'trip', to: 'Trip' } },
    ]);
  });

  it('renames in Thai and Lao, composed and decomposed forms being the same name', () => {
    expect(decide(command('RenameTag', { from: 'ทริป', to: 'ງານແຕ່ງ' }))).toEqual([
      { type: 'TagRenamed', data: { from: 'ทริป', to: 'ງານແຕ່ງ' } },
    ]);
    expect(decide(command('RenameTag', { from: 'Cafe\u0301', to: 'Café' }))).toEqual(
      domainError('nothing_to_change', 422, 'to'),
    );
  });

  it('refuses a rename to exactly the same name', () => {
    expect(decide(command('RenameTag', { from: 'Trip', to: 'Trip ' }))).toEqual(
      domainError('nothing_to_change', 422, 'to'),
    );
  });

  it('refuses an empty or too long name through the schema', () => {
    expect(tagCommandSchemas.RenameTag.safeParse({ commandId, from: 'trip', to: '  ' }).error?.issues[0]?.message).toBe(
      'tag_required',
    );
    expect(
      tagCommandSchemas.RenameTag.safeParse({ commandId, from: 'trip', to: 'x'.repeat(33) }).error?.issues[0]?.message,
    ).toBe('text_too_long');
  });
});

describe('deleting a tag', () => {
  it('records TagDeleted, whether or not a transaction has the tag', () => {
    expect(decide(command('DeleteTag', { tag: 'Wedding ' }))).toEqual([
      { type: 'TagDeleted', data: { tag: 'Wedding' } },
    ]);
  });
});
