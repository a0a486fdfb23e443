import {
  IMPORT_ROWS_PATH,
  importRowsAnswerSchema,
  importRowsRequestSchema,
  type ImportRowsAnswer,
  type ImportRowsRequest,
} from '@plenty/contracts/imports';
import { api } from '../../lib/api/api';
import type { QueryAnswer, QueryParams } from '../../lib/api/queries';

/** The base query's URLs are under `/api`; the batch route is named by its full path in the contracts. */
const ROWS_URL = IMPORT_ROWS_PATH.replace(/^\/api\//, '');

/**
 * The import pages' reads (tag `Imports`: StartImport, FinishImport and UndoImport refresh them)
 * and the batch route that adds a batch's rows.
 */
export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    imports: build.query<QueryAnswer<'imports'>, void>({
      query: () => 'queries/imports',
      providesTags: ['Imports'],
    }),
    importBatch: build.query<QueryAnswer<'import'>, string>({
      query: (id) => `queries/imports/${encodeURIComponent(id)}`,
      providesTags: ['Imports'],
    }),
    importExisting: build.query<QueryAnswer<'importExisting'>, QueryParams<'importExisting'>>({
      query: ({ from, to }) => `queries/imports/existing?${new URLSearchParams({ from, to }).toString()}`,
      providesTags: ['Imports', 'Transactions'],
    }),
    /** `POST /api/imports/rows`: each row's outcome; the body is checked before it leaves. */
    importRows: build.mutation<ImportRowsAnswer, ImportRowsRequest>({
      query: (body) => ({ url: ROWS_URL, method: 'POST', body: importRowsRequestSchema.parse(body) }),
      transformResponse: (answer: unknown) => importRowsAnswerSchema.parse(answer),
    }),
  }),
});

export const { useImportsQuery, useImportBatchQuery, useLazyImportExistingQuery, useImportRowsMutation } = importApi;
