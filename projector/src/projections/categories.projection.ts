import type { ProfileEvent } from '@plenty/contracts/events/profile';
import type { CategoryView } from '@plenty/contracts/views/categories';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ViewDefinition } from '@plenty/platform/read-store/port';
import type { Projection } from '../projection.js';

export const CATEGORIES_VIEW = 'categories';

export const categoriesView: ViewDefinition = {
  name: CATEGORIES_VIEW,
  fields: { type: 'text', createdAt: 'text' },
  indexes: [['createdAt']],
};

export type CategoryDocument = CategoryView & { createdAt: string };

/** The user's custom categories; built-in ones are constants, not events. */
export const categoriesProjection: Projection = {
  name: 'categories',
  views: [categoriesView],
  handles: ['CategoryAdded', 'CategoryEdited', 'CategoryDeleted'],
  async apply(event, uow) {
    const userId = event.metadata.userId;
    const known = event as unknown as RecordedEvent & ProfileEvent;
    switch (known.type) {
      case 'CategoryAdded': {
        const { categoryId, name, type, icon, color } = known.data;
        const doc: CategoryDocument = {
          id: categoryId,
          name,
          nameKey: null,
          type,
          icon,
          color,
          builtIn: false,
          createdAt: event.metadata.occurredAt,
        };
        uow.put(CATEGORIES_VIEW, userId, categoryId, doc, event.position);
        return;
      }
      case 'CategoryEdited': {
        const current = await uow.get<CategoryDocument>(CATEGORIES_VIEW, userId, known.data.categoryId);
        if (current === null) return;
        uow.put(CATEGORIES_VIEW, userId, current.id, { ...current.doc, ...known.data.changes }, event.position);
        return;
      }
      case 'CategoryDeleted':
        uow.remove(CATEGORIES_VIEW, userId, known.data.categoryId, event.position);
        return;
      default:
        return;
    }
  },
};
