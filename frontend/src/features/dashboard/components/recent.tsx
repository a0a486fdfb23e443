import type { TransactionView } from '@plenty/contracts/views/transactions';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { CategoryChip } from '../../../ui/category-form/category-chip';
import { Card } from '../../../ui/card/card';
import { toneClass } from '../../../ui/stat/stat';
import styles from '../dashboard.module.css';
import { overlayRow, type PendingAdd } from '../../../lib/outbox/pending';
import type { AnyOutboxEntry, OutboxFixState } from '../../../lib/outbox/types';
import { PendingBadge } from '../../../ui/pending/pending';

/** How many of the device's adds waiting to sync come before the newest transactions. */
const PENDING_SHOWN = 5;

/**
 * The newest transactions, each opening its detail in the list; a link to the whole list. The
 * device's adds waiting to sync come first with their badge (each opens the form on its entry),
 * and the rows with a waiting edit or deletion show it.
 */
export function RecentTransactions({
  items,
  write,
  pending = [],
  entries = [],
}: {
  readonly items: readonly TransactionView[];
  readonly write: MonthWriters;
  readonly pending?: readonly PendingAdd[];
  readonly entries?: readonly AnyOutboxEntry[];
}) {
  const intl = useIntl();
  const rows = [
    ...pending.slice(0, PENDING_SHOWN).map((add) => ({ add, item: add.row, overlay: null })),
    ...items.map((server) => {
      const overlay = overlayRow(server, entries);
      return { add: null, item: overlay.row, overlay };
    }),
  ];
  return (
    <Card
      title={<FormattedMessage id="dashboard.recent.title" />}
      actions={
        <LocalizedLink to="/dashboard/transactions" className={styles.inlineAction}>
          <FormattedMessage id="dashboard.recent.viewAll" />
        </LocalizedLink>
      }
      testId="recent-transactions"
    >
      {rows.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="dashboard.recent.none" />
        </p>
      ) : (
        <ul className={styles.recent}>
          {rows.map(({ add, item, overlay }) => {
            const income = item.type === 'income';
            const type = intl.formatMessage({ id: income ? 'dashboard.type.income' : 'dashboard.type.expense' });
            const fix: OutboxFixState | undefined = add === null ? undefined : { outboxSeq: add.seq };
            const deletion = overlay?.deletion ?? null;
            const edit = overlay?.edit ?? null;
            return (
              <li
                key={item.id}
                data-pending={add !== null ? 'add' : deletion !== null ? 'delete' : edit !== null ? 'edit' : undefined}
                data-state={add?.state ?? deletion?.state ?? edit?.state}
              >
                <LocalizedLink
                  to={
                    add === null
                      ? `/dashboard/transactions?view=${encodeURIComponent(item.id)}`
                      : '/dashboard/transactions/add'
                  }
                  state={fix}
                  className={deletion === null ? styles.recentRow : `${styles.recentRow} ${styles.recentDeleting}`}
                  data-recent-id={item.id}
                >
                  <CategoryChip
                    icon={write.categoryIcon(item.categoryId)}
                    color={write.categoryColor(item.categoryId)}
                    size="small"
                  />
                  <span className={styles.recentMain}>
                    <span className={styles.recentCategory}>
                      <span className={styles.ellipsis}>{write.category(item.categoryId)}</span>
                      {add !== null ? (
                        <PendingBadge kind="add" state={add.state} />
                      ) : deletion !== null ? (
                        <PendingBadge kind="delete" state={deletion.state} />
                      ) : (
                        edit !== null && <PendingBadge kind="edit" state={edit.state} />
                      )}
                    </span>
                    <span className={`${styles.recentMeta} ${styles.ellipsis}`}>
                      {write.longDate(item.date)}
                      {item.note !== null && ` · ${item.note}`}
                    </span>
                  </span>
                  <span className={`${styles.recentAmount} ${income ? toneClass.income : toneClass.expense}`}>
                    <span className="visually-hidden">{type} </span>
                    <span aria-hidden="true">{income ? '+' : '−'}</span>
                    {write.moneyIn(item.amount.amount, item.amount.currency)}
                  </span>
                </LocalizedLink>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
