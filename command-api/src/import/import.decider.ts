import { domainError, type DomainError } from '@plenty/contracts/errors';
import type { ImportCommand, ImportEvent } from '@plenty/contracts/imports';
import type { ImportState } from './import.state.js';

/**
 * Decides what an import command records on its batch's stream, or why it cannot (pure):
 * - StartImport opens the batch; sent again for the same file it records nothing (a retry, or
 *   the same file uploaded again: the batch goes on); for another file, 409 `import_exists`;
 *   for an undone batch, 409 `import_undone` (the file imports again as the next attempt).
 * - FinishImport records the summary once; sent again it records nothing (the first summary stays).
 * - UndoImport records ImportUndoStarted; while the undo is under way it records nothing (its
 *   reaction then finishes the undo); once undone, 409 `import_undone`.
 */
export function decideImport(command: ImportCommand, state: ImportState): ImportEvent[] | DomainError {
  switch (command.type) {
    case 'StartImport': {
      const { commandId: _commandId, ...data } = command.data;
      if (state.status === 'none') return [{ type: 'ImportStarted', data }];
      if (state.batch.fileSha256 !== data.fileSha256) return domainError('import_exists', 409, 'batchId');
      if (state.status === 'undoing' || state.status === 'undone') return domainError('import_undone', 409);
      return [];
    }
    case 'FinishImport': {
      const { commandId: _commandId, ...data } = command.data;
      if (state.status === 'none') return domainError('import_not_found', 404);
      if (state.status === 'undoing' || state.status === 'undone') return domainError('import_undone', 409);
      if (state.status === 'finished') return [];
      return [{ type: 'ImportFinished', data }];
    }
    case 'UndoImport': {
      if (state.status === 'none') return domainError('import_not_found', 404);
      if (state.status === 'undone') return domainError('import_undone', 409);
      if (state.status === 'undoing') return [];
      return [{ type: 'ImportUndoStarted', data: { batchId: command.data.batchId } }];
    }
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown import command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
