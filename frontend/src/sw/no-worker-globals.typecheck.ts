/**
 * Checked by `tsc -p frontend` (nothing imports it): the pages are compiled without the worker
 * library, which only `sw.ts` has (its own project, `src/sw/tsconfig.json`). A page that used
 * a worker's global would compile and then fail in the browser, where a window has none.
 */

// @ts-expect-error -- `importScripts` is a worker's, not a page's.
export const pageImportScripts: unknown = importScripts;
// @ts-expect-error -- so is `FileReaderSync`.
export const pageFileReaderSync: unknown = FileReaderSync;
// @ts-expect-error -- and the service worker's own scope.
export type PageWorkerScope = ServiceWorkerGlobalScope;
