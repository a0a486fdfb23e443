import type { ImportEvent, ImportFinished } from '@plenty/contracts/imports';

/*
 * An import batch as its stream `import-<batchId>` folds it (contracts/src/imports.ts). The rows
 * themselves are their own transaction streams (`importTransactionId`), never this one.
 */

export interface ImportBatch {
  readonly fileSha256: string;
  readonly rowCount: number;
  /** What FinishImport recorded; null until then. */
  readonly finished: ImportFinished['data'] | null;
}

export type ImportState =
  | { readonly status: 'none' }
  | { readonly status: 'importing' | 'finished' | 'undoing'; readonly batch: ImportBatch }
  | { readonly status: 'undone'; readonly batch: ImportBatch; readonly deleted: number };

export const initialImportState: ImportState = { status: 'none' };

export function evolveImport(state: ImportState, event: { type: string; data: unknown }): ImportState {
  const known = event as ImportEvent;
  switch (known.type) {
    case 'ImportStarted':
      return {
        status: 'importing',
        batch: { fileSha256: known.data.fileSha256, rowCount: known.data.rowCount, finished: null },
      };
    case 'ImportFinished':
      if (state.status !== 'importing') return state;
      return { status: 'finished', batch: { ...state.batch, finished: known.data } };
    case 'ImportUndoStarted':
      if (state.status !== 'importing' && state.status !== 'finished') return state;
      return { status: 'undoing', batch: state.batch };
    case 'ImportUndone':
      if (state.status === 'none') return state;
      return { status: 'undone', batch: state.batch, deleted: known.data.deleted };
    default:
      return state;
  }
}
