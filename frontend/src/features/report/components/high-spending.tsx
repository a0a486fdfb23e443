import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { Card } from '../../../ui/card/card';
import { DataTable } from '../../../ui/data-table/data-table';
import { numberCellClass, tableClass } from '../../../ui/table/table';
import styles from '../reports.module.css';
import type { ReportPartProps } from './report-card';

/** The month's largest expenses, each opening its transaction. */
export function HighSpending({ data, write }: ReportPartProps) {
  const intl = useIntl();
  return (
    <Card title={<FormattedMessage id="reports.high.title" />} testId="reports-high-spending" wide>
      {data.highSpending.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="reports.high.none" />
        </p>
      ) : (
        <DataTable
          label={intl.formatMessage({ id: 'reports.high.title' })}
          className={`${tableClass} ${styles.table}`}
          head={
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="reports.high.date" />
                </th>
                <th scope="col">
                  <FormattedMessage id="reports.high.category" />
                </th>
                <th scope="col" className={styles.hideNarrow}>
                  <FormattedMessage id="reports.high.note" />
                </th>
                <th scope="col" className={numberCellClass}>
                  <FormattedMessage id="reports.high.amount" />
                </th>
              </tr>
            </thead>
          }
        >
          {data.highSpending.map((item) => (
            <tr key={item.id}>
              <td className={styles.nowrap}>
                <LocalizedLink to={`/dashboard/transactions?view=${encodeURIComponent(item.id)}`}>
                  {write.longDate(item.date)}
                </LocalizedLink>
              </td>
              <td>{write.category(item.categoryId)}</td>
              <td className={`${styles.hideNarrow} ${styles.note}`}>{item.note ?? ''}</td>
              <td className={numberCellClass}>
                {write.money(item.converted)}
                {item.amount.currency !== data.currency && (
                  <span className={styles.original}>{write.moneyIn(item.amount.amount, item.amount.currency)}</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
