import type { ImportView } from '@plenty/contracts/imports';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useCommand } from '../../../lib/api/use-command';
import { LocalizedLink } from '../../../lib/localized-link';
import { useLocalDay } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormError } from '../../../ui/dialog-form/field-message';
import { TermList } from '../../../ui/stat/stat';
import { showSuccess } from '../../../ui/toast/toasts-slice';
import { useImportBatchQuery } from '../api';
import styles from '../import.module.css';
import { useRowErrorMessage } from '../reasons';
import { ImportStatusBadge } from './import-status';

/** How often an import being undone is read again. */
const UNDO_POLL_MS = 1500;

/**
 * One import's outcome: its status, how many rows were added, already there and skipped (and
 * why), a link to its transactions, and Undo (after a confirmation) while anything of it is left.
 */
export function ImportSummary({ batch }: { readonly batch: ImportView }) {
  const format = useFormat();
  const localDay = useLocalDay();
  const dispatch = useDispatch();
  const undo = useCommand('UndoImport');
  const [asking, setAsking] = useState(false);
  // The server deletes the batch's transactions after answering UndoImport: read it again until it is undone.
  useImportBatchQuery(batch.batchId, { pollingInterval: UNDO_POLL_MS, skip: batch.status !== 'undoing' });
  const left = batch.added - batch.deleted;
  const reason = useRowErrorMessage();
  const skipped = Object.entries(batch.skipped).filter(([, count]) => count > 0);
  const canUndo = batch.status !== 'undone' && (left > 0 || batch.status === 'undoing');

  const confirmUndo = async () => {
    setAsking(false);
    const outcome = await undo.run({ batchId: batch.batchId });
    if (outcome.ok) dispatch(showSuccess('import.undo.done', { count: left }));
  };

  return (
    <Card
      title={batch.fileName}
      actions={<ImportStatusBadge status={batch.status} />}
      gap="medium"
      testId="import-summary"
    >
      <p className={styles.muted}>
        <FormattedMessage
          id={batch.finishedAt === null ? 'import.summary.started' : 'import.summary.finished'}
          values={{ date: format.longDate(localDay(batch.finishedAt ?? batch.startedAt)) }}
        />
        {batch.undoneAt !== null && (
          <>
            {' · '}
            <FormattedMessage
              id="import.summary.undoneOn"
              values={{ date: format.longDate(localDay(batch.undoneAt)) }}
            />
          </>
        )}
      </p>
      <TermList
        items={[
          {
            key: 'rows',
            label: <FormattedMessage id="import.summary.rows" />,
            value: format.number(batch.rowCount),
            testId: 'import-rows',
          },
          {
            key: 'added',
            label: <FormattedMessage id="import.summary.added" />,
            value: format.number(batch.added),
            testId: 'import-added',
          },
          ...(batch.existing === null
            ? []
            : [
                {
                  key: 'existing',
                  label: <FormattedMessage id="import.summary.existing" />,
                  value: format.number(batch.existing),
                  testId: 'import-existing',
                },
              ]),
          ...(batch.deleted > 0
            ? [
                {
                  key: 'deleted',
                  label: <FormattedMessage id="import.summary.deleted" />,
                  value: format.number(batch.deleted),
                  testId: 'import-deleted',
                },
              ]
            : []),
        ]}
      />
      {skipped.length > 0 && (
        <div>
          <h3 className={styles.subTitle}>
            <FormattedMessage id="import.summary.skipped" />
          </h3>
          <ul className={styles.reasons} data-testid="import-skipped">
            {skipped.map(([code, count]) => (
              <li key={code} data-code={code}>
                <strong>{format.number(count)}</strong>
                {' · '}
                <FormattedMessage id={reason(code)} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormError message={undo.formError} fieldErrors={[]} testId="import-undo-error" />
      <div className={styles.actions}>
        {left > 0 && (
          <LocalizedLink
            to={`/dashboard/transactions?import=${batch.batchId}`}
            className={buttonClass('secondary')}
            data-testid="import-transactions-link"
          >
            <FormattedMessage id="import.summary.transactions" values={{ count: left }} />
          </LocalizedLink>
        )}
        {canUndo && (
          <button
            type="button"
            className={buttonClass('danger')}
            disabled={undo.pending}
            onClick={() => (batch.status === 'undoing' ? void confirmUndo() : setAsking(true))}
            data-testid="import-undo"
          >
            <FormattedMessage id={batch.status === 'undoing' ? 'import.undo.finish' : 'import.undo.button'} />
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title="import.undo.title"
        body="import.undo.body"
        confirm="import.undo.confirm"
        danger
        values={{ count: left }}
        onConfirm={() => void confirmUndo()}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
