import { api } from './api';
import { listQuery, type QueryAnswer } from './queries';

/**
 * The user's tags with how many transactions carry each, most used first, then by name
 * (GET /api/queries/tags). Shared by the Tags page, the transaction form's tag suggestions and
 * the transaction list's tag filter; every command that adds, changes or removes a tag
 * invalidates `Tags`.
 */
export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    tags: build.query<QueryAnswer<'tags'>['items'], void>(listQuery('tags', 'Tags')),
  }),
});

export const { useTagsQuery } = tagsApi;
