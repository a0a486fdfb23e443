import type { RowError } from '@plenty/contracts/import/index';
import type { ImportRow } from '@plenty/contracts/imports';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { useLocalDay } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import type { FileBatch } from '../file-batch';
import styles from '../import.module.css';
import { useRowErrorMessage } from '../reasons';

/** How many problem rows and look-alikes are listed on the page (all of them go in the CSV). */
export const LISTED_ROWS = 50;

export interface ReviewStepProps {
  readonly rows: readonly ImportRow[];
  readonly errors: readonly RowError[];
  readonly batch: FileBatch;
  /** Rows that look like transactions already there; null while they are looked for. */
  readonly lookalikes: readonly ImportRow[] | null;
  readonly lookalikesFailed: boolean;
  onRetryLookalikes(): void;
  /** Look-alikes the user keeps (imported anyway); the others are skipped. */
  readonly kept: ReadonlySet<number>;
  onKeep(row: number, keep: boolean): void;
  onDownloadErrors(): void;
  onImport(): void;
  onBack(): void;
}

/**
 * Step 4: rows that look like transactions already there (skipped unless kept), rows with
 * problems and why (skipped), an earlier import of the same file, and how many rows will go in.
 */
export function ReviewStep(props: ReviewStepProps) {
  const { rows, errors, batch, lookalikes, kept } = props;
  const format = useFormat();
  const localDay = useLocalDay();
  const writers = useWriters();
  const reason = useRowErrorMessage();
  const intl = useIntl();
  const skippedLookalikes = lookalikes === null ? 0 : lookalikes.filter((row) => !kept.has(row.row)).length;
  const toImport = rows.length - skippedLookalikes;
  const previous = batch.previous;
  const finished = previous !== null && previous.status !== 'importing';

  return (
    <Card title={<FormattedMessage id="import.review.title" />} gap="medium" testId="import-review">
      {previous !== null && (
        <div className={styles.notice} role="note" data-testid="import-previous" data-status={previous.status}>
          <p>
            <FormattedMessage
              id={
                previous.status === 'finished'
                  ? 'import.review.importedBefore'
                  : previous.status === 'importing'
                    ? 'import.review.resume'
                    : 'import.review.undoing'
              }
              values={{ date: format.longDate(localDay(previous.finishedAt ?? previous.startedAt)) }}
            />
          </p>
          <LocalizedLink to={`/dashboard/import/${previous.batchId}`} data-testid="import-previous-link">
            <FormattedMessage id="import.review.seePrevious" />
          </LocalizedLink>
        </div>
      )}

      {!finished && (
        <>
          <section aria-labelledby="import-lookalikes-title">
            <h3 id="import-lookalikes-title" className={styles.subTitle}>
              <FormattedMessage id="import.review.lookalikes" />
            </h3>
            {lookalikes === null ? (
              props.lookalikesFailed ? (
                <p className={styles.error} role="alert">
                  <FormattedMessage id="import.review.lookalikesFailed" />{' '}
                  <button type="button" className={buttonClass('secondary')} onClick={props.onRetryLookalikes}>
                    <FormattedMessage id="import.retry" />
                  </button>
                </p>
              ) : (
                <Loading testId="import-lookalikes-loading">
                  <SkeletonBlock height="3rem" />
                </Loading>
              )
            ) : lookalikes.length === 0 ? (
              <p className={styles.muted} data-testid="import-no-lookalikes">
                <FormattedMessage id="import.review.noLookalikes" />
              </p>
            ) : (
              <>
                <p className={styles.muted}>
                  <FormattedMessage id="import.review.lookalikesLead" values={{ count: lookalikes.length }} />
                </p>
                <ul className={styles.checkList} data-testid="import-lookalikes">
                  {lookalikes.slice(0, LISTED_ROWS).map((row) => (
                    <li key={row.row} data-testid="import-lookalike">
                      <label className={styles.check}>
                        <input
                          type="checkbox"
                          checked={kept.has(row.row)}
                          onChange={(event) => props.onKeep(row.row, event.target.checked)}
                          data-testid="import-keep"
                        />
                        <span>
                          <FormattedMessage
                            id="import.review.keep"
                            values={{
                              row: format.number(row.row + 1),
                              date: format.longDate(row.date),
                              amount: format.money(row.amount),
                              category: writers.category(row.categoryId),
                              note: row.note ?? '',
                            }}
                          />
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
                {lookalikes.length > LISTED_ROWS && (
                  <p className={styles.muted}>
                    <FormattedMessage id="import.review.more" values={{ count: lookalikes.length - LISTED_ROWS }} />
                  </p>
                )}
              </>
            )}
          </section>

          {errors.length > 0 && (
            <section aria-labelledby="import-errors-title">
              <h3 id="import-errors-title" className={styles.subTitle}>
                <FormattedMessage id="import.review.errors" values={{ count: errors.length }} />
              </h3>
              <ul className={styles.reasons} data-testid="import-errors">
                {errors.slice(0, LISTED_ROWS).map((error) => (
                  <li key={error.row} data-testid="import-error-row" data-code={error.code}>
                    <FormattedMessage
                      id="import.review.errorRow"
                      values={{
                        row: format.number(error.row + 1),
                        reason: intl.formatMessage({ id: reason(error.code) }),
                      }}
                    />
                  </li>
                ))}
              </ul>
              {errors.length > LISTED_ROWS && (
                <p className={styles.muted}>
                  <FormattedMessage id="import.review.more" values={{ count: errors.length - LISTED_ROWS }} />
                </p>
              )}
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={props.onDownloadErrors}
                data-testid="import-download-errors"
              >
                <FormattedMessage id="import.review.downloadErrors" />
              </button>
            </section>
          )}

          <p className={styles.total} role="status" data-testid="import-ready">
            <FormattedMessage
              id="import.review.ready"
              values={{
                count: toImport,
                countText: format.number(toImport),
                skipped: errors.length + skippedLookalikes,
              }}
            />
          </p>
        </>
      )}

      <div className={styles.actions}>
        <button type="button" className={buttonClass('secondary')} onClick={props.onBack} data-testid="import-back">
          <FormattedMessage id="import.back" />
        </button>
        {!finished && (
          <button
            type="button"
            className={buttonClass('primary')}
            aria-disabled={lookalikes === null || toImport === 0}
            onClick={() => {
              if (lookalikes !== null && toImport > 0) props.onImport();
            }}
            data-testid="import-start"
          >
            <FormattedMessage id="import.review.import" values={{ count: toImport }} />
          </button>
        )}
      </div>
    </Card>
  );
}
