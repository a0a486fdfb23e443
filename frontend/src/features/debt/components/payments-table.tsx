import type { DebtDetail, DebtPaymentView } from '@plenty/contracts/views/debts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { DataTable } from '../../../ui/data-table/data-table';
import { ColumnHeads, tableClass } from '../../../ui/table/table';
import { useWalletsQuery } from '../../../lib/api/wallets';
import { walletNameById } from '../../../lib/wallet-name';
import { useUserId } from '../../../ui/wallet-picker/wallet-picker';
import styles from '../debts.module.css';

/** Each payment row's Edit and Delete buttons, named with the payment's date. */
const ROW_ACTIONS: readonly { label: MessageId; text: MessageId; danger: boolean }[] = [
  { label: 'debts.payments.editLabel', text: 'debts.payments.edit', danger: false },
  { label: 'debts.payments.deleteLabel', text: 'debts.payments.delete', danger: true },
];

/** The debt's payments (a table on a wide page, a card a row on a phone), each with edit and delete. */
export function PaymentsCard({
  debt,
  onAdd,
  onEdit,
  onDelete,
}: {
  readonly debt: DebtDetail;
  onAdd(): void;
  onEdit(payment: DebtPaymentView): void;
  onDelete(payment: DebtPaymentView): void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const money = (amount: number) => format.money({ amount, currency: debt.currency });
  const label = (id: MessageId) => intl.formatMessage({ id });
  const userId = useUserId();
  const wallets = useWalletsQuery({ asOf: null }, { skip: userId === '' }).data?.items ?? [];
  return (
    <Card
      title={<FormattedMessage id="debts.payments.title" />}
      gap="medium"
      actions={
        debt.status === 'active' && (
          <button type="button" className={buttonClass('primary')} onClick={onAdd} data-testid="record-payment">
            <span aria-hidden="true">+</span>
            <FormattedMessage id="debts.payments.add" />
          </button>
        )
      }
    >
      {debt.payments.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="debts.payments.empty" />
        </p>
      ) : (
        <DataTable
          regionClassName={styles.stackWrap}
          className={`${tableClass} ${styles.table} ${styles.stack}`}
          testId="payments"
          head={
            <ColumnHeads
              startClass={styles.start}
              columns={[
                { id: 'debts.payments.date' },
                { id: 'debts.payments.kind', start: true },
                { id: 'debts.payments.amount' },
                { id: 'debts.payments.wallet', start: true },
                { id: 'debts.payments.notesColumn', start: true },
                { id: 'debts.schedule.actions', hidden: true },
              ]}
            />
          }
        >
          {debt.payments.map((payment) => {
            const date = format.longDate(payment.date);
            return (
              <tr key={payment.paymentId} data-testid="payment-row">
                <td data-label={label('debts.payments.date')} className={styles.cardHead}>
                  {date}
                </td>
                <td data-label={label('debts.payments.kind')} className={styles.start}>
                  {payment.installmentNumber === null ? (
                    <FormattedMessage id="debts.payments.extra" />
                  ) : (
                    <FormattedMessage
                      id="debts.payments.installment"
                      values={{ number: format.number(payment.installmentNumber) }}
                    />
                  )}
                </td>
                <td data-label={label('debts.payments.amount')}>{money(payment.amount)}</td>
                <td
                  data-label={label('debts.payments.wallet')}
                  className={`${styles.start} ${payment.walletId == null ? styles.emptyCell : ''}`}
                  data-testid="payment-wallet"
                >
                  {payment.walletId == null ? '' : walletNameById(intl, wallets, userId, payment.walletId)}
                </td>
                <td
                  data-label={label('debts.payments.notesColumn')}
                  className={`${styles.start} ${payment.notes === null ? styles.emptyCell : ''}`}
                >
                  {payment.notes ?? ''}
                </td>
                <td className={styles.cardActions}>
                  <span className={styles.rowActions}>
                    {ROW_ACTIONS.map((action) => (
                      <button
                        key={action.text}
                        type="button"
                        className={`${buttonClass('secondary')} ${styles.small}${action.danger ? ` ${styles.danger}` : ''}`}
                        aria-label={intl.formatMessage({ id: action.label }, { date })}
                        onClick={() => (action.danger ? onDelete : onEdit)(payment)}
                      >
                        <FormattedMessage id={action.text} />
                      </button>
                    ))}
                  </span>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </Card>
  );
}
