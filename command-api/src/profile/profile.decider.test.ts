import { describe, expect, it } from 'vitest';
import type { ProfileCommand } from '@plenty/contracts/commands/profile';
import { domainError } from '@plenty/contracts/errors';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import { decideProfile } from './profile.decider.js';
import { evolveProfile, initialProfileState } from './profile.state.js';

const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const coffee = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const tea = '0192f0c4-7a1b-7c3d-8e4f-0000000000ee';

const coffeeAdded: ProfileEvent = {
  type: 'CategoryAdded',
  data: { categoryId: coffee, name: 'Coffee', type: 'expense', icon: 'cup', color: '#aa5500' },
};

function given(...events: ProfileEvent[]) {
  const state = events.reduce(evolveProfile, initialProfileState);
  return { when: (command: ProfileCommand) => decideProfile(command, state, 'alice') };
}

const addTea = (name = 'Tea'): ProfileCommand => ({
  type: 'AddCategory',
  data: { commandId, categoryId: tea, name, type: 'expense', icon: 'cup', color: '#00aa55' },
});

describe('custom categories', () => {
  it('adds a category', () => {
    expect(given().when(addTea())).toEqual([
      { type: 'CategoryAdded', data: { categoryId: tea, name: 'Tea', type: 'expense', icon: 'cup', color: '#00aa55' } },
    ]);
  });

  it('refuses a name already used, whatever its case', () => {
    expect(given(coffeeAdded).when(addTea('COFFEE'))).toEqual(domainError('category_name_taken', 409, 'name'));
  });

  it('renames, but not to another category’s name', () => {
    const rename = (name: string): ProfileCommand => ({
      type: 'EditCategory',
      data: { commandId, categoryId: coffee, changes: { name } },
    });
    expect(given(coffeeAdded).when(rename('Café'))).toEqual([
      { type: 'CategoryEdited', data: { categoryId: coffee, changes: { name: 'Café' } } },
    ]);
    const teaAdded = given().when(addTea()) as ProfileEvent[];
    expect(given(coffeeAdded, ...teaAdded).when(rename('tea'))).toEqual(
      domainError('category_name_taken', 409, 'name'),
    );
    expect(given(coffeeAdded).when(rename('Coffee'))).toEqual(domainError('nothing_to_change', 422));
  });

  it('deletes a category, moving its transactions to Other by default', () => {
    const remove: ProfileCommand = { type: 'DeleteCategory', data: { commandId, categoryId: coffee } };
    expect(given(coffeeAdded).when(remove)).toEqual([
      { type: 'CategoryDeleted', data: { categoryId: coffee, replacementCategoryId: 'builtin-other' } },
    ]);
  });

  it('refuses a replacement that does not fit or is the category itself', () => {
    const removeInto = (replacementCategoryId: string): ProfileCommand => ({
      type: 'DeleteCategory',
      data: { commandId, categoryId: coffee, replacementCategoryId },
    });
    const invalid = domainError('category_replacement_invalid', 422, 'replacementCategoryId');
    expect(given(coffeeAdded).when(removeInto('builtin-salary'))).toEqual(invalid);
    expect(given(coffeeAdded).when(removeInto(coffee))).toEqual(invalid);
    expect(given(coffeeAdded).when(removeInto(tea))).toEqual(invalid);
    expect(given(coffeeAdded).when(removeInto('builtin-food'))).toHaveLength(1);
  });

  it('refuses to edit or delete a category that does not exist, and never reuses a deleted id', () => {
    const deleted: ProfileEvent = {
      type: 'CategoryDeleted',
      data: { categoryId: coffee, replacementCategoryId: 'builtin-other' },
    };
    expect(
      given(coffeeAdded, deleted).when({ type: 'DeleteCategory', data: { commandId, categoryId: coffee } }),
    ).toEqual(domainError('category_not_found', 404, 'categoryId'));
    expect(
      given(coffeeAdded, deleted).when({
        ...addTea(),
        data: { ...(addTea().data as object), categoryId: coffee },
      } as ProfileCommand),
    ).toEqual(domainError('conflict', 409, 'categoryId'));
  });
});
