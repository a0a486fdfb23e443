import type { CategoryShare } from '@plenty/contracts/views/dashboard';
import type { TransactionType } from '@plenty/contracts/categories';
import type { MessageId } from '../../../lib/messages';
import { FormattedMessage } from 'react-intl';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { Card } from '../../../ui/card/card';
import { CategoryChip } from '../../../ui/category-form/category-chip';
import styles from '../reports.module.css';
import type { ReportPartOf } from './report-card';

function ShareList({ items, write }: { readonly items: readonly CategoryShare[]; readonly write: MonthWriters }) {
  if (items.length === 0) {
    return (
      <p className={styles.muted}>
        <FormattedMessage id="reports.categories.none" />
      </p>
    );
  }
  return (
    <ul className={styles.shares}>
      {items.map((item) => (
        <li key={item.categoryId} className={styles.share}>
          <CategoryChip
            icon={write.categoryIcon(item.categoryId)}
            color={write.categoryColor(item.categoryId)}
            size="small"
          />
          <span className={styles.shareMain}>
            <span className={styles.shareName}>
              <span className={styles.ellipsis}>{write.category(item.categoryId)}</span>
              <span className={styles.shareCount}>
                <FormattedMessage id="reports.transactions.short" values={{ count: item.count }} />
              </span>
            </span>
            <span className={styles.shareBar} aria-hidden="true">
              <span
                className={styles.shareFill}
                style={{ width: `${Math.max(1, item.share / 100)}%`, background: write.categoryColor(item.categoryId) }}
              />
            </span>
          </span>
          <span className={styles.shareFigures}>
            <span className={styles.shareAmount}>{write.money(item.amount)}</span>
            <span className={styles.sharePercent}>{write.percent(item.share)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The two sides of the breakdown, expenses first. */
const SIDES = [
  { kind: 'expense', title: 'reports.expense' },
  { kind: 'income', title: 'reports.income' },
] as const satisfies readonly { kind: TransactionType; title: MessageId }[];

/** Each category's share of the month's expenses and of its income, side by side. */
export function CategoryBreakdown({ data, write }: ReportPartOf<'categoryBreakdown'>) {
  return (
    <Card title={<FormattedMessage id="reports.categories.title" />} testId="reports-categories" wide>
      <div className={styles.columns}>
        {SIDES.map((side) => (
          <div key={side.kind}>
            <h3 className={styles.subTitle}>
              <FormattedMessage id={side.title} />
            </h3>
            <ShareList items={data.categoryBreakdown[side.kind]} write={write} />
          </div>
        ))}
      </div>
    </Card>
  );
}
