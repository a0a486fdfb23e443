import type { ViewDefinition } from './port.js';
import { compiledModuleUrl } from './search-tokens.js';

/*
 * A searched view whose definition the bulk writer's thread can import (tests of
 * sqlite.bulk-writer.test.ts): its FTS rows are derived in the thread from the documents.
 */

/** A note's words, and its kind as a second search column. */
export const threadSearchedNotes: ViewDefinition = {
  name: 'notes',
  fields: { kind: 'text', score: 'integer', label: 'text' },
  // The covering index makes the search keys carry kind, score and label (see `carriedFields`).
  indexes: [['kind', 'score'], { fields: ['kind'], include: ['score', 'label'] }],
  search: {
    columns: ['text', 'kind'],
    values: (doc) => ({ text: [String(doc['text'])], kind: [`k${String(doc['kind'])}`] }),
    module: compiledModuleUrl(import.meta.url),
  },
};
