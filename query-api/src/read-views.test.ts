import { describe, expect, it } from 'vitest';
import { allProjections } from '@plenty/projections/all';
import { readViews } from './read-views.js';

describe('read views', () => {
  it('filter and sort only on fields the projector indexes, with the same types', () => {
    const owned = new Map(allProjections.flatMap((p) => p.views).map((view) => [view.name, view]));
    for (const view of readViews) {
      const fields = owned.get(view.name)?.fields;
      expect(fields, view.name).toBeDefined();
      expect(fields).toMatchObject(view.fields);
    }
  });
});
