import type { FindQuery, ViewDefinition } from './port.js';

/** The view the MongoDB adapter's tests write and query. */
export const items: ViewDefinition = {
  name: 'items',
  fields: { kind: 'text', score: 'integer' },
  indexes: [['kind', 'score'], ['score']],
};

/** A query of user `u`'s documents, unsorted, ten at a time, with `overrides`. */
export const query = (overrides: Partial<FindQuery> = {}): FindQuery => ({
  userId: 'u',
  sort: [],
  limit: 10,
  ...overrides,
});
