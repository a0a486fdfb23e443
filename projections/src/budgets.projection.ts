import { CATEGORY_BUDGETS_VIEW } from '@plenty/contracts/views/registry';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import {
  applyCategoryBudgetSet,
  emptyCategoryBudget,
  type CategoryBudgetDoc,
} from '@plenty/contracts/category-budgets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';

/** `budgeted` is 1 on every document: a projection lists a user's with `findByField`. */
export const categoryBudgetsView: ViewDefinition = {
  name: CATEGORY_BUDGETS_VIEW,
  fields: { budgeted: 'integer' },
  indexes: [],
  indexValues: () => ({ budgeted: 1 }),
};

type Recorded<E> = RecordedEvent & E;

async function change(
  event: RecordedEvent,
  categoryId: string,
  uow: UnitOfWork,
  next: (doc: CategoryBudgetDoc) => CategoryBudgetDoc,
): Promise<void> {
  const current = await uow.get<CategoryBudgetDoc>(CATEGORY_BUDGETS_VIEW, event.metadata.userId, categoryId);
  if (!isNewerThan(event, current)) return;
  const doc = next(current?.doc ?? emptyCategoryBudget(categoryId));
  uow.put(CATEGORY_BUDGETS_VIEW, event.metadata.userId, categoryId, doc, event.position);
}

async function remove(event: RecordedEvent, categoryId: string, uow: UnitOfWork): Promise<void> {
  const current = await uow.get(CATEGORY_BUDGETS_VIEW, event.metadata.userId, categoryId);
  if (current === null || !isNewerThan(event, current)) return;
  uow.remove(CATEGORY_BUDGETS_VIEW, event.metadata.userId, categoryId, event.position);
}

/**
 * Category budgets (category-budgets.ts): one document per category that was given a limit or
 * a rollover setting; a deleted category's document goes with it.
 */
export const budgetsProjection: Projection = {
  name: 'budgets',
  version: 1,
  views: [categoryBudgetsView],
  handles: ['CategoryBudgetSet', 'CategoryRolloverSet', 'CategoryDeleted'],
  async apply(event, uow) {
    const known = event as Recorded<ProfileEvent>;
    switch (known.type) {
      case 'CategoryBudgetSet':
        return change(known, known.data.categoryId, uow, (doc) => applyCategoryBudgetSet(doc, known.data));
      case 'CategoryRolloverSet':
        return change(known, known.data.categoryId, uow, (doc) => ({ ...doc, rollover: known.data.rollover }));
      case 'CategoryDeleted':
        return remove(known, known.data.categoryId, uow);
      default:
        return;
    }
  },
};
