import { CATEGORIES_VIEW } from '@plenty/contracts/views/registry';
import type { CategoryAdded, CategoryEdited, ProfileEvent } from '@plenty/contracts/events/profile';
import type { CategoryView } from '@plenty/contracts/views/categories';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';

export const categoriesView: ViewDefinition = {
  name: CATEGORIES_VIEW,
  fields: { type: 'text', createdAt: 'text' },
  indexes: [['createdAt']],
};

/** A custom category; `createdAt` keeps the user's list in the order they made it. */
export type CategoryDocument = CategoryView & { createdAt: string };

type Recorded<E> = RecordedEvent & E;

async function addCategory(event: Recorded<CategoryAdded>, uow: UnitOfWork): Promise<void> {
  const { data, metadata } = event;
  const existing = await uow.get(CATEGORIES_VIEW, metadata.userId, data.categoryId);
  if (!isNewerThan(event, existing)) return;
  const doc: CategoryDocument = {
    id: data.categoryId,
    name: data.name,
    nameKey: null,
    type: data.type,
    icon: data.icon,
    color: data.color,
    builtIn: false,
    createdAt: metadata.occurredAt,
  };
  uow.put(CATEGORIES_VIEW, metadata.userId, data.categoryId, doc, event.position);
}

async function editCategory(event: Recorded<CategoryEdited>, uow: UnitOfWork): Promise<void> {
  const { data, metadata } = event;
  const current = await uow.get<CategoryDocument>(CATEGORIES_VIEW, metadata.userId, data.categoryId);
  if (current === null || !isNewerThan(event, current)) return;
  const changes = Object.fromEntries(Object.entries(data.changes).filter(([, value]) => value !== undefined));
  uow.put(CATEGORIES_VIEW, metadata.userId, data.categoryId, { ...current.doc, ...changes }, event.position);
}

async function deleteCategory(event: RecordedEvent, categoryId: string, uow: UnitOfWork): Promise<void> {
  const current = await uow.get(CATEGORIES_VIEW, event.metadata.userId, categoryId);
  if (current !== null && !isNewerThan(event, current)) return;
  uow.remove(CATEGORIES_VIEW, event.metadata.userId, categoryId, event.position);
}

/** The user's custom categories; built-in ones are constants, not events. */
export const categoriesProjection: Projection = {
  name: 'categories',
  views: [categoriesView],
  handles: ['CategoryAdded', 'CategoryEdited', 'CategoryDeleted'],
  async apply(event, uow) {
    const known = event as Recorded<ProfileEvent>;
    switch (known.type) {
      case 'CategoryAdded':
        return addCategory(known, uow);
      case 'CategoryEdited':
        return editCategory(known, uow);
      case 'CategoryDeleted':
        return deleteCategory(known, known.data.categoryId, uow);
      default:
        return;
    }
  },
};
