import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { useLocalDay } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { Card } from '../../../ui/card/card';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { Row, RowList } from '../../../ui/list-row/list-row';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { useImportsQuery } from '../api';
import styles from '../import.module.css';
import { ImportStatusBadge } from './import-status';

/** The user's past imports, newest first: file name, date, status and counts, each linking to its page. */
export function ImportList() {
  const query = useImportsQuery();
  const format = useFormat();
  const localDay = useLocalDay();
  const intl = useIntl();
  const data = query.currentData ?? query.data;
  return (
    <Card title={<FormattedMessage id="import.list.title" />} gap="medium" testId="import-list">
      {data === undefined ? (
        query.isError ? (
          <QueryLoadError
            query={query}
            message="import.list.loadFailed"
            retry="import.retry"
            testId="import-list-error"
          />
        ) : (
          <Loading testId="import-list-loading">
            <SkeletonBlock height="4rem" />
          </Loading>
        )
      ) : data.items.length === 0 ? (
        <EmptyState testId="import-list-empty">
          <FormattedMessage id="import.list.empty" />
        </EmptyState>
      ) : (
        <RowList testId="import-items">
          {data.items.map((batch) => (
            <Row key={batch.batchId} className={styles.batchRow} testId="import-item">
              <div className={styles.batchBody}>
                <LocalizedLink
                  to={`/dashboard/import/${batch.batchId}`}
                  className={styles.batchName}
                  data-testid="import-item-link"
                >
                  {batch.fileName}
                </LocalizedLink>
                <p className={styles.muted}>
                  <FormattedMessage
                    id="import.list.line"
                    values={{
                      date: format.longDate(localDay(batch.startedAt)),
                      added: intl.formatNumber(batch.added - batch.deleted),
                      rows: intl.formatNumber(batch.rowCount),
                    }}
                  />
                </p>
              </div>
              <ImportStatusBadge status={batch.status} />
            </Row>
          ))}
        </RowList>
      )}
    </Card>
  );
}
