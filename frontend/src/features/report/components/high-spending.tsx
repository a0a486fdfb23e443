import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { Card } from '../../../ui/card/card';
import { DataTable, TableHead } from '../../../ui/data-table/data-table';
import { numberCellClass, tableClass } from '../../../ui/table/table';
import styles from '../reports.module.css';
import type { ReportPartOf } from './report-card';

/** The month's largest expenses, each opening its transaction. */
export function HighSpending({ data, write }: ReportPartOf<'highSpending' | 'currency'>) {
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
            <TableHead
              columns={[
                { id: 'reports.high.date' },
                { id: 'reports.high.category' },
                { id: 'reports.high.note', className: styles.hideNarrow },
                { id: 'reports.high.amount', className: numberCellClass },
              ]}
            />
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
