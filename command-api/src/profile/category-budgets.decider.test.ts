import { describe, expect, it } from 'vitest';
import { categoryBudgetCommandSchemas } from '@plenty/contracts/category-budgets';
import type { ProfileCommand } from '@plenty/contracts/commands/profile';
import { domainError } from '@plenty/contracts/errors';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import { decideProfile } from './profile.decider.js';
import { evolveProfile, initialProfileState } from './profile.state.js';

const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const garden = '0192f0c4-7a1b-7c3d-8e4f-00000000c001';
const bonus = '0192f0c4-7a1b-7c3d-8e4f-00000000c002';

function given(...events: ProfileEvent[]) {
  const state = events.reduce(evolveProfile, initialProfileState);
  return { when: (command: ProfileCommand) => decideProfile(command, state, 'alice') };
}

function command<T extends keyof typeof categoryBudgetCommandSchemas>(
  type: T,
  data: Record<string, unknown>,
): ProfileCommand {
  return { type, data: categoryBudgetCommandSchemas[type].parse({ commandId, ...data }) } as ProfileCommand;
}

const lak = (amount: number) => ({ amount, currency: 'LAK' as const });
const thb = (amount: number) => ({ amount, currency: 'THB' as const });

const gardenAdded: ProfileEvent = {
  type: 'CategoryAdded',
  data: { categoryId: garden, name: 'Garden', type: 'expense', icon: 'leaf', color: '#2e7d32' },
};
const bonusAdded: ProfileEvent = {
  type: 'CategoryAdded',
  data: { categoryId: bonus, name: 'Bonus', type: 'income', icon: 'gift', color: '#1565c0' },
};
const budgetSet = (categoryId: string, month: string, limit: ReturnType<typeof lak> | null, repeat: boolean) =>
  ({ type: 'CategoryBudgetSet', data: { categoryId, month, limit, repeat } }) as const satisfies ProfileEvent;

describe('setting a category budget', () => {
  it('records the limit of a built-in or custom expense category, month-only or carrying on', () => {
    expect(
      given().when(
        command('SetCategoryBudget', {
          categoryId: 'builtin-food',
          month: '2026-11',
          limit: lak(500_000),
          repeat: true,
        }),
      ),
    ).toEqual([budgetSet('builtin-food', '2026-11', lak(500_000), true)]);
    expect(
      given(gardenAdded).when(
        command('SetCategoryBudget', { categoryId: garden, month: '2026-12', limit: null, repeat: false }),
      ),
    ).toEqual([budgetSet(garden, '2026-12', null, false)]);
  });

  it('refuses an income category, an unknown one and a deleted one', () => {
    const income = command('SetCategoryBudget', { categoryId: bonus, month: '2026-11', limit: lak(1), repeat: true });
    expect(given(bonusAdded).when(income)).toEqual(domainError('category_type_mismatch', 422, 'categoryId'));
    const salary = command('SetCategoryBudget', {
      categoryId: 'builtin-salary',
      month: '2026-11',
      limit: lak(1),
      repeat: true,
    });
    expect(given().when(salary)).toEqual(domainError('category_type_mismatch', 422, 'categoryId'));
    const unknown = command('SetCategoryBudget', { categoryId: garden, month: '2026-11', limit: lak(1), repeat: true });
    expect(given().when(unknown)).toEqual(domainError('category_not_found', 404, 'categoryId'));
    const deleted: ProfileEvent = {
      type: 'CategoryDeleted',
      data: { categoryId: garden, replacementCategoryId: 'builtin-other' },
    };
    expect(given(gardenAdded, deleted).when(unknown)).toEqual(domainError('category_not_found', 404, 'categoryId'));
  });

  it('turns rollover on for a category that takes expenses only', () => {
    expect(given().when(command('SetCategoryRollover', { categoryId: 'builtin-food', rollover: true }))).toEqual([
      { type: 'CategoryRolloverSet', data: { categoryId: 'builtin-food', rollover: true } },
    ]);
    expect(given(bonusAdded).when(command('SetCategoryRollover', { categoryId: bonus, rollover: true }))).toEqual(
      domainError('category_type_mismatch', 422, 'categoryId'),
    );
  });
});

describe('copying one month’s category budgets to another', () => {
  it('sets each limit of the source month for the target month only, and clears what the source lacks', () => {
    const history = given(
      gardenAdded,
      budgetSet('builtin-food', '2026-10', lak(400_000), true),
      budgetSet(garden, '2026-11', lak(50_000), false),
      budgetSet('builtin-transport', '2026-11', lak(90_000), false),
      budgetSet('builtin-shopping', '2026-12', lak(70_000), false),
    );
    const copy = command('CopyCategoryBudgets', { from: '2026-11', to: '2026-12' });
    expect(history.when(copy)).toEqual([
      budgetSet(garden, '2026-12', lak(50_000), false),
      budgetSet('builtin-shopping', '2026-12', null, false),
      budgetSet('builtin-transport', '2026-12', lak(90_000), false),
    ]);
  });

  it('records nothing when the target month already has the same limits', () => {
    const history = given(budgetSet('builtin-food', '2026-10', lak(400_000), true), {
      type: 'CategoryBudgetSet',
      data: { categoryId: 'builtin-health', month: '2026-11', limit: thb(100), repeat: false },
    });
    expect(history.when(command('CopyCategoryBudgets', { from: '2026-11', to: '2026-12' }))).toEqual([
      {
        type: 'CategoryBudgetSet',
        data: { categoryId: 'builtin-health', month: '2026-12', limit: thb(100), repeat: false },
      },
    ]);
    const carrying = given(budgetSet('builtin-food', '2026-10', lak(1), true));
    expect(carrying.when(command('CopyCategoryBudgets', { from: '2026-11', to: '2026-12' }))).toEqual([]);
    expect(given().when(command('CopyCategoryBudgets', { from: '2026-11', to: '2026-12' }))).toEqual([]);
  });

  it('leaves out the budgets of a deleted category', () => {
    const deleted: ProfileEvent = {
      type: 'CategoryDeleted',
      data: { categoryId: garden, replacementCategoryId: 'builtin-other' },
    };
    const history = given(gardenAdded, budgetSet(garden, '2026-11', lak(50_000), true), deleted);
    expect(history.when(command('CopyCategoryBudgets', { from: '2026-11', to: '2027-01' }))).toEqual([]);
  });

  it('refuses copying a month onto itself', () => {
    expect(() =>
      categoryBudgetCommandSchemas.CopyCategoryBudgets.parse({ commandId, from: '2026-11', to: '2026-11' }),
    ).toThrow();
  });
});
