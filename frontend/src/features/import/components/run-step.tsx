import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { announcedStep, ProgressReport } from '../../../ui/progress-bar/progress-bar';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { useImportBatchQuery } from '../api';
import styles from '../import.module.css';
import { LISTED_ROWS } from './review-step';
import { ImportSummary } from './import-summary';

/** An import on its way: rows answered of those sent, then done (with the rows skipped) or failed. */
export interface Run {
  readonly phase: 'sending' | 'done' | 'failed';
  readonly batchId: string;
  readonly done: number;
  readonly total: number;
  readonly error: MessageId | null;
  readonly skipped: readonly {
    readonly row: number;
    readonly code: string;
    readonly reason: string;
    readonly cells: readonly string[];
  }[];
}

/** How often (in percent) the progress is said aloud; the bar itself always has its value. */
const ANNOUNCE_EVERY = 25;

/**
 * Step 5: the progress bar while rows are sent, then the summary (imported, already there,
 * skipped and why; the skipped rows listed and downloadable), its transactions and Undo.
 */
export function RunStep({
  run,
  onRetry,
  onDownloadSkipped,
  onAnother,
  onOpen,
}: {
  readonly run: Run;
  onRetry(): void;
  onDownloadSkipped(): void;
  onAnother(): void;
  onOpen(): void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const percent = run.total === 0 ? 100 : Math.floor((run.done / run.total) * 100);
  const announced = announcedStep(percent, ANNOUNCE_EVERY);
  const values = { done: format.number(run.done), total: format.number(run.total), percent };

  if (run.phase === 'done')
    return <Done run={run} onDownloadSkipped={onDownloadSkipped} onAnother={onAnother} onOpen={onOpen} />;
  return (
    <Card title={<FormattedMessage id="import.run.title" />} gap="medium" testId="import-run">
      <ProgressReport
        percent={percent}
        label={intl.formatMessage({ id: 'import.run.progress' })}
        words={intl.formatMessage({ id: 'import.run.progressValue' }, values)}
        announced={
          run.phase === 'sending' ? intl.formatMessage({ id: 'import.run.announce' }, { percent: announced }) : null
        }
        testId="import-progress"
      />
      {run.phase === 'failed' && (
        <div className={styles.notice} role="alert" data-testid="import-run-failed">
          <p>
            <FormattedMessage id={run.error ?? 'import.run.failed'} />
          </p>
          <p className={styles.muted}>
            <FormattedMessage id="import.run.resumeHint" />
          </p>
          <button type="button" className={buttonClass('primary')} onClick={onRetry} data-testid="import-run-retry">
            <FormattedMessage id="import.retry" />
          </button>
        </div>
      )}
    </Card>
  );
}

function Done({
  run,
  onDownloadSkipped,
  onAnother,
  onOpen,
}: {
  readonly run: Run;
  onDownloadSkipped(): void;
  onAnother(): void;
  onOpen(): void;
}) {
  const query = useImportBatchQuery(run.batchId);
  const format = useFormat();
  const batch = query.currentData ?? query.data;
  return (
    <div className={styles.wizard} data-testid="import-done">
      <p className={styles.done} role="status">
        <FormattedMessage id="import.run.done" />
      </p>
      {batch === undefined ? (
        <Loading testId="import-summary-loading">
          <SkeletonBlock height="10rem" />
        </Loading>
      ) : (
        <ImportSummary batch={batch} />
      )}
      {run.skipped.length > 0 && (
        <Card
          title={<FormattedMessage id="import.run.skippedTitle" values={{ count: run.skipped.length }} />}
          testId="import-skipped-rows"
        >
          <ul className={styles.reasons}>
            {run.skipped.slice(0, LISTED_ROWS).map((item) => (
              <li key={`${String(item.row)}-${item.code}`} data-code={item.code}>
                <FormattedMessage
                  id="import.review.errorRow"
                  values={{ row: format.number(item.row + 1), reason: item.reason }}
                />
              </li>
            ))}
          </ul>
          {run.skipped.length > LISTED_ROWS && (
            <p className={styles.muted}>
              <FormattedMessage id="import.review.more" values={{ count: run.skipped.length - LISTED_ROWS }} />
            </p>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={onDownloadSkipped}
              data-testid="import-download-skipped"
            >
              <FormattedMessage id="import.run.downloadSkipped" />
            </button>
          </div>
        </Card>
      )}
      <div className={styles.actions}>
        <button type="button" className={buttonClass('secondary')} onClick={onOpen} data-testid="import-open">
          <FormattedMessage id="import.run.open" />
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onAnother} data-testid="import-another">
          <FormattedMessage id="import.run.another" />
        </button>
      </div>
    </div>
  );
}
