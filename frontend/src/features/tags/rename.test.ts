import { describe, expect, it } from 'vitest';
import type { TagView } from '@plenty/contracts/tags';
import { nameProblem, renameOutcome } from './rename';

const tag = (name: string, count = 1): TagView => ({ id: name.toLowerCase(), name, count, lastUsed: '2026-11-20' });
const trip = tag('trip', 3);
const japan = tag('Japan', 2);
const tags = [trip, japan, tag('ງານແຕ່ງ')];

describe('what a rename does', () => {
  it('changes nothing for exactly the same name, spaces around it aside', () => {
    expect(renameOutcome(trip, ' trip ', tags)).toEqual({ kind: 'same' });
  });

  it('renames to a new name, or respells its own', () => {
    expect(renameOutcome(trip, 'Luang Prabang', tags)).toEqual({ kind: 'rename', to: 'Luang Prabang' });
    expect(renameOutcome(trip, 'Trip', tags)).toEqual({ kind: 'rename', to: 'Trip' });
  });

  it('merges into another tag whatever the case, keeping the spelling typed', () => {
    expect(renameOutcome(trip, 'japan', tags)).toEqual({ kind: 'merge', to: 'japan', into: japan });
    expect(renameOutcome(trip, 'ງານແຕ່ງ', tags)).toEqual({ kind: 'merge', to: 'ງານແຕ່ງ', into: tags[2] });
  });
});

describe('a new name’s problems', () => {
  it('asks for a name, refuses one too long or on two lines, and takes Thai and Lao', () => {
    expect(nameProblem('  ')).toBe('error.tag_required');
    expect(nameProblem('x'.repeat(33))).toBe('error.text_too_long');
    expect(nameProblem('a\nb')).toBe('error.field_invalid');
    expect(nameProblem('ทริปเชียงใหม่')).toBeUndefined();
    expect(nameProblem('ງານແຕ່ງ')).toBeUndefined();
  });
});
