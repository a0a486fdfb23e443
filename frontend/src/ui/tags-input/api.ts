import type { TagView } from '@plenty/contracts/tags';
import { api } from '../../lib/api/api';
import { listQuery } from '../../lib/api/queries';

/**
 * The user's tags, most used first (GET /api/queries/tags), for the tags field's suggestions and
 * the transaction list's tag filter. Renaming, deleting and every transaction command refresh it.
 */
export const tagListApi = api.injectEndpoints({
  endpoints: (build) => ({
    tagSuggestions: build.query<readonly TagView[], void>(listQuery('tags', 'Tags')),
  }),
});

export const { useTagSuggestionsQuery } = tagListApi;
