import { CATEGORY_BUDGETS_VIEW } from '@plenty/contracts/views/registry';
import { categoryBudgetDocSchema, type CategoryBudgetDoc } from '@plenty/contracts/category-budgets';
import { describe, expect, it } from 'vitest';
import { documents } from './testing/memory-read-store.js';
import { projectionScratch } from './testing/scratch.js';

const groceries = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
const replacement = '0192f0c4-7a1b-7c3d-8e4f-00000000b002';
const lak = (amount: number) => ({ amount, currency: 'LAK' });

const scratch = projectionScratch();
const { given } = scratch;

const set = (userId: string, categoryId: string, month: string, limit: number | null, repeat: boolean) =>
  scratch.log.profile(userId, 'CategoryBudgetSet', {
    categoryId,
    month,
    limit: limit === null ? null : lak(limit),
    repeat,
  });
const rollover = (userId: string, categoryId: string, on: boolean) =>
  scratch.log.profile(userId, 'CategoryRolloverSet', { categoryId, rollover: on });
const deleted = (userId: string, categoryId: string) =>
  scratch.log.profile(userId, 'CategoryDeleted', { categoryId, replacementCategoryId: replacement });

const budgetsOf = async (userId: string) =>
  (await documents(scratch.store, CATEGORY_BUDGETS_VIEW, userId)) as CategoryBudgetDoc[];

describe('budgets projection', () => {
  it('keeps carrying-on limits by month and month-only limits apart, one document per category', async () => {
    await given(
      set('alice', 'food', '2026-09', 500_000, true),
      set('alice', 'food', '2026-11', 700_000, true),
      set('alice', 'food', '2026-10', null, false),
      set('alice', groceries, '2026-10', 100_000, false),
    );
    const docs = await budgetsOf('alice');
    expect(docs).toHaveLength(2);
    const food = docs.find((doc) => doc.id === 'food');
    expect(categoryBudgetDocSchema.parse(food)).toEqual({
      id: 'food',
      categoryId: 'food',
      plan: [
        { from: '2026-09', limit: lak(500_000) },
        { from: '2026-11', limit: lak(700_000) },
      ],
      months: { '2026-10': null },
      rollover: false,
    });
  });

  it('drops the month-only limit of the month a carrying-on limit is set from', async () => {
    await given(set('alice', 'food', '2026-10', 200_000, false), set('alice', 'food', '2026-10', 300_000, true));
    expect(await budgetsOf('alice')).toEqual([
      expect.objectContaining({ plan: [{ from: '2026-10', limit: lak(300_000) }], months: {} }),
    ]);
  });

  it('turns rollover on and off, also for a category without a limit yet', async () => {
    await given(rollover('alice', 'transport', true));
    expect(await budgetsOf('alice')).toEqual([expect.objectContaining({ id: 'transport', rollover: true, plan: [] })]);
    await given(rollover('alice', 'transport', false));
    expect(await budgetsOf('alice')).toEqual([expect.objectContaining({ rollover: false })]);
  });

  it('removes the budget of a deleted category and leaves the replacement alone', async () => {
    await given(set('alice', groceries, '2026-10', 100_000, true), set('alice', replacement, '2026-10', 9_000, true));
    await given(deleted('alice', groceries));
    expect((await budgetsOf('alice')).map((doc) => doc.id)).toEqual([replacement]);
  });

  it('keeps each user to their own budgets and applies a replayed event once', async () => {
    const event = set('alice', 'food', '2026-10', 100_000, false);
    await given(event, set('bob', 'food', '2026-10', 5, true));
    await given(event);
    expect(await budgetsOf('alice')).toEqual([
      expect.objectContaining({ months: { '2026-10': lak(100_000) }, plan: [] }),
    ]);
    expect(await budgetsOf('bob')).toEqual([expect.objectContaining({ plan: [{ from: '2026-10', limit: lak(5) }] })]);
  });
});
