import { CATEGORIES_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { categoryViewSchema } from '@plenty/contracts/views/categories';
import { projectionScratch } from './testing/scratch.js';

const coffee = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const tea = '0192f0c4-7a1b-7c3d-8e4f-0000000007ea';
const scratch = projectionScratch();
const { given } = scratch;
const categoriesOf = (userId: string) => scratch.documents(CATEGORIES_VIEW, userId);

describe('categories projection', () => {
  it('keeps each custom category the user adds, with when it was added', async () => {
    const added = scratch.log.categoryAdded('alice', coffee, { name: 'Coffee', icon: 'cup', color: '#aa5500' });
    await given(added);
    const [category] = await categoriesOf('alice');
    expect(category).toEqual({
      id: coffee,
      name: 'Coffee',
      nameKey: null,
      type: 'expense',
      icon: 'cup',
      color: '#aa5500',
      builtIn: false,
      createdAt: added.metadata.occurredAt,
    });
    expect(categoryViewSchema.parse(category)).toMatchObject({ id: coffee, builtIn: false });
  });

  it('applies edits to the fields they name only', async () => {
    await given(
      scratch.log.categoryAdded('alice', coffee),
      scratch.log.categoryEdited('alice', coffee, { name: 'Café', color: '#112233' }),
    );
    expect(await categoriesOf('alice')).toEqual([
      expect.objectContaining({ name: 'Café', color: '#112233', icon: 'cup', type: 'expense' }),
    ]);
  });

  it('shows the name of a category whose key was erased as empty', async () => {
    await given(
      scratch.log.categoryAdded('alice', coffee),
      scratch.log.categoryEdited('alice', coffee, { name: null }),
    );
    expect(await categoriesOf('alice')).toEqual([expect.objectContaining({ name: null })]);
  });

  it('drops deleted categories, ignores later edits of them, and keeps users apart', async () => {
    await given(
      scratch.log.categoryAdded('alice', coffee),
      scratch.log.categoryAdded('alice', tea, { name: 'Tea' }),
      scratch.log.categoryAdded('bob', coffee),
      scratch.log.categoryDeleted('alice', coffee),
      scratch.log.categoryEdited('alice', coffee, { name: 'Back' }),
    );
    expect(await categoriesOf('alice')).toEqual([expect.objectContaining({ id: tea, name: 'Tea' })]);
    expect(await categoriesOf('bob')).toEqual([expect.objectContaining({ id: coffee })]);
  });

  it('does not bring a deleted category back when its events are delivered again', async () => {
    const added = scratch.log.categoryAdded('alice', coffee);
    const renamed = scratch.log.categoryEdited('alice', coffee, { name: 'Café' });
    await given(added, renamed, scratch.log.categoryDeleted('alice', coffee));
    await given(added, renamed);
    expect(await categoriesOf('alice')).toEqual([]);
  });
});
