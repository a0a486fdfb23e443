import type { DebtDetail, DebtScheduleRow } from '@plenty/contracts/views/debts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { Badge } from '../../../ui/badge/badge';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { DataTable } from '../../../ui/data-table/data-table';
import { tableClass } from '../../../ui/table/table';
import styles from '../debts.module.css';
import { rowState } from '../schedule-actions';
import { ScheduleHead } from './schedule-preview';
import { pendingMarks, type PendingMark } from '../../../lib/outbox/pending';
import { PendingMarkBadge, usePendingEntries } from '../../../ui/pending/pending';

/** "Paid · waiting to sync", "Unpaid · not synced"…: a row's mark made on this device. */
const markMessage = (mark: PendingMark): MessageId =>
  mark.paid
    ? mark.state === 'rejected'
      ? 'pending.debt.paidRejected'
      : 'pending.debt.paid'
    : mark.state === 'rejected'
      ? 'pending.debt.unpaidRejected'
      : 'pending.debt.unpaid';

const STATE_LABELS: Record<ReturnType<typeof rowState>, MessageId> = {
  paid: 'debts.schedule.paid',
  overdue: 'debts.schedule.overdue',
  pending: 'debts.schedule.pending',
};

/** "3 overdue" with a sign, when installments are overdue. */
export function OverdueBadge({ count }: { readonly count: number }) {
  return count === 0 ? null : (
    <Badge tone="alert" symbol="!" testId="debt-overdue-count" data={{ kind: 'overdue' }}>
      <FormattedMessage id="debts.overdueCount" values={{ count }} />
    </Badge>
  );
}

/** What marking a row paid or unpaid looks like: its button's style, words and test id. */
const MARKS = {
  paid: { variant: 'primary', label: 'debts.schedule.markPaidLabel', text: 'debts.schedule.markPaid' },
  unpaid: { variant: 'secondary', label: 'debts.schedule.markUnpaidLabel', text: 'debts.schedule.markUnpaid' },
} as const satisfies Record<'paid' | 'unpaid', { variant: 'primary' | 'secondary'; label: MessageId; text: MessageId }>;

/** Mark as Paid on a pending row, Mark as Unpaid on a paid one, named with the installment's number. */
function MarkButton({
  kind,
  number,
  onClick,
}: {
  readonly kind: 'paid' | 'unpaid';
  readonly number: string;
  onClick(kind: 'paid' | 'unpaid'): void;
}) {
  const intl = useIntl();
  const mark = MARKS[kind];
  return (
    <button
      type="button"
      className={`${buttonClass(mark.variant)} ${styles.small}`}
      aria-label={intl.formatMessage({ id: mark.label }, { number })}
      onClick={() => onClick(kind)}
      data-testid={`mark-${kind}`}
    >
      <FormattedMessage id={mark.text} />
    </button>
  );
}

/**
 * The repayment schedule: a table that scrolls inside its labelled region on a wide page, a
 * card a row on a phone; Mark as Paid on pending rows and Mark as Unpaid on paid ones.
 */
export function ScheduleCard({
  debt,
  today,
  onMark,
}: {
  readonly debt: DebtDetail;
  readonly today: string;
  onMark(kind: 'paid' | 'unpaid', row: DebtScheduleRow): void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const money = (amount: number) => format.money({ amount, currency: debt.currency });
  const label = (id: MessageId) => intl.formatMessage({ id });
  const overdueCount = debt.schedule.filter((row) => rowState(row, today) === 'overdue').length;
  // The rows this device marked paid or unpaid, waiting to sync: shown with their mark.
  const entries = usePendingEntries();
  const marks = pendingMarks(entries, debt.id);
  return (
    <Card
      title={<FormattedMessage id="debts.schedule.title" />}
      gap="medium"
      actions={<OverdueBadge count={overdueCount} />}
    >
      <DataTable
        label={intl.formatMessage({ id: 'debts.schedule.region' })}
        regionClassName={styles.stackWrap}
        className={`${tableClass} ${styles.table} ${styles.stack}`}
        testId="schedule"
        caption={intl.formatMessage({ id: 'debts.schedule.caption' })}
        head={<ScheduleHead withStatus />}
        foot={
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className={styles.start}>
                <FormattedMessage id="debts.schedule.total" />
              </th>
              <td data-label={label('debts.schedule.amount')}>{money(debt.totals.totalPayment)}</td>
              <td data-label={label('debts.schedule.principal')}>
                {money(debt.totals.totalPayment - debt.totals.totalInterest)}
              </td>
              <td data-label={label('debts.schedule.interest')}>{money(debt.totals.totalInterest)}</td>
              <td colSpan={3} className={styles.emptyCell} />
            </tr>
          </tfoot>
        }
      >
        {debt.schedule.map((row) => {
          const state = rowState(row, today);
          const number = format.number(row.number);
          // A mark refused by the server leaves the row as the server has it.
          const mark = marks.get(row.number);
          const marked = mark !== undefined && mark.state !== 'rejected' ? mark : undefined;
          const status = marked === undefined ? row.status : marked.paid ? 'paid' : 'pending';
          return (
            <tr
              key={row.number}
              data-status={status}
              data-state={state}
              data-testid="schedule-row"
              data-pending={mark === undefined ? undefined : mark.paid ? 'paid' : 'unpaid'}
              data-pending-state={mark?.state}
            >
              <td data-label={label('debts.schedule.number')} className={styles.cardHead}>
                <span className={styles.narrowOnly}>
                  <FormattedMessage id="debts.payments.installment" values={{ number }} />
                </span>
                <span className={styles.wideOnly}>{number}</span>
              </td>
              <td data-label={label('debts.schedule.dueDate')} className={styles.start}>
                {format.longDate(row.dueDate)}
              </td>
              <td data-label={label('debts.schedule.amount')}>{money(row.amount)}</td>
              <td data-label={label('debts.schedule.principal')}>{money(row.principal)}</td>
              <td data-label={label('debts.schedule.interest')}>{money(row.interest)}</td>
              <td data-label={label('debts.schedule.balance')}>{money(row.balance)}</td>
              <td data-label={label('debts.schedule.status')} className={styles.start}>
                {mark !== undefined ? (
                  <PendingMarkBadge message={markMessage(mark)} state={mark.state} />
                ) : (
                  <Badge
                    tone={state === 'paid' ? 'success' : state === 'overdue' ? 'alert' : 'neutral'}
                    symbol={state === 'paid' ? '✓' : state === 'overdue' ? '!' : undefined}
                    testId="schedule-status"
                    data={{ kind: state }}
                  >
                    <FormattedMessage id={STATE_LABELS[state]} />
                  </Badge>
                )}
              </td>
              <td className={styles.cardActions}>
                <MarkButton
                  kind={status === 'pending' ? 'paid' : 'unpaid'}
                  number={number}
                  onClick={(kind) => onMark(kind, row)}
                />
              </td>
            </tr>
          );
        })}
      </DataTable>
    </Card>
  );
}
