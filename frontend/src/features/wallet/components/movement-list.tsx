import type { WalletMovement, WalletView } from '@plenty/contracts/views/wallets';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { useCategoriesQuery } from '../../../ui/category-form/api';
import { categoryName } from '../../../ui/category-form/category-chip';
import { useWalletDebtNamesQuery } from '../api';
import styles from '../wallets.module.css';
import { SignedMoney, useWalletName } from './wallet-icon';

/** The rows of the pages read so far, each once (a change while paging can push a row onto the next page). */
export function uniqueRows(pages: readonly { readonly items: readonly WalletMovement[] }[]): WalletMovement[] {
  const byId = new Map<string, WalletMovement>();
  for (const page of pages) for (const row of page.items) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()];
}

export interface MovementListProps {
  readonly wallet: WalletView;
  readonly rows: readonly WalletMovement[];
  /** Every wallet of the user, to name the other side of a transfer. */
  readonly wallets: readonly WalletView[];
  onEditTransfer(transferId: string): void;
  onDeleteTransfer(transferId: string): void;
}

/**
 * The wallet's movements, newest first: the day, what it was (a category, a transfer to or
 * from another wallet with what arrived there, a debt payment with its principal and interest,
 * borrowed money, a reconciliation, the opening balance on its day, as the API places it), the
 * signed amount and the balance just after it. Each row links to what made it.
 */
export function MovementList({ wallet, rows, wallets, onEditTransfer, onDeleteTransfer }: MovementListProps) {
  const intl = useIntl();
  const format = useFormat();
  const nameOf = useWalletName();
  const categories = useCategoriesQuery();
  const debts = useWalletDebtNamesQuery();

  const walletNamed = (id: string | null) => {
    const other = wallets.find((candidate) => candidate.id === id);
    return other === undefined ? intl.formatMessage({ id: 'wallet.movement.otherWallet' }) : nameOf(other);
  };
  const debtNamed = (id: string | null) =>
    (id === null ? undefined : debts.data?.[id]) ?? intl.formatMessage({ id: 'wallet.movement.aDebt' });
  const categoryNamed = (id: string | null) => {
    const category = categories.data?.find((candidate) => candidate.id === id);
    return category === undefined ? null : categoryName(intl, category);
  };

  const describe = (row: WalletMovement): { title: ReactNode; detail?: ReactNode; link?: string } => {
    const other = row.counterpartAmount;
    const across = other !== null && other.currency !== wallet.currency;
    switch (row.kind) {
      case 'income':
      case 'expense':
        return {
          title:
            categoryNamed(row.categoryId) ??
            intl.formatMessage({ id: row.kind === 'income' ? 'wallet.movement.income' : 'wallet.movement.expense' }),
          ...(row.transactionId === null ? {} : { link: `/dashboard/transactions?view=${row.transactionId}` }),
        };
      case 'transfer_out':
        return {
          title: (
            <FormattedMessage id="wallet.movement.transferTo" values={{ name: walletNamed(row.counterpartWalletId) }} />
          ),
          ...(across
            ? { detail: <FormattedMessage id="wallet.movement.received" values={{ amount: format.money(other) }} /> }
            : {}),
        };
      case 'transfer_in':
        return {
          title: (
            <FormattedMessage
              id="wallet.movement.transferFrom"
              values={{ name: walletNamed(row.counterpartWalletId) }}
            />
          ),
          ...(across
            ? { detail: <FormattedMessage id="wallet.movement.sent" values={{ amount: format.money(other) }} /> }
            : {}),
        };
      case 'debt_payment':
        return {
          title: <FormattedMessage id="wallet.movement.debtPayment" values={{ name: debtNamed(row.debtId) }} />,
          ...(row.principal !== null && row.interest !== null
            ? {
                detail: (
                  <FormattedMessage
                    id="wallet.movement.parts"
                    values={{
                      principal: format.money({ amount: row.principal, currency: wallet.currency }),
                      interest: format.money({ amount: row.interest, currency: wallet.currency }),
                    }}
                  />
                ),
              }
            : {}),
          ...(row.debtId === null ? {} : { link: `/dashboard/debt-tracker/${row.debtId}` }),
        };
      case 'debt_borrowed':
        return {
          title: <FormattedMessage id="wallet.movement.borrowed" values={{ name: debtNamed(row.debtId) }} />,
          ...(row.debtId === null ? {} : { link: `/dashboard/debt-tracker/${row.debtId}` }),
        };
      case 'adjustment':
        return { title: <FormattedMessage id="wallet.movement.adjustment" /> };
      case 'opening':
        return { title: <FormattedMessage id="wallet.movement.opening" /> };
    }
  };

  return (
    <ul className={styles.movements} data-testid="wallet-movements">
      {rows.map((row) => {
        const { title, detail, link } = describe(row);
        const note = row.note;
        const transferId = row.kind === 'transfer_in' || row.kind === 'transfer_out' ? row.transferId : null;
        const titleId = `movement-${row.id.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
        return (
          <li key={row.id} className={styles.movement} data-testid="wallet-movement" data-kind={row.kind}>
            <div className={styles.movementWhat}>
              <span className={styles.movementTitle} id={titleId}>
                {link === undefined ? title : <LocalizedLink to={link}>{title}</LocalizedLink>}
              </span>
              {detail !== undefined && <span className={styles.muted}>{detail}</span>}
              {note !== null && note !== '' && <span className={styles.muted}>{note}</span>}
              <span className={styles.muted}>
                {row.time === null ? format.longDate(row.date) : `${format.longDate(row.date)} · ${row.time}`}
              </span>
              {transferId !== null && (
                <span className={styles.actions}>
                  <button
                    type="button"
                    className={`${buttonClass('secondary')} ${styles.small}`}
                    aria-describedby={titleId}
                    onClick={() => onEditTransfer(transferId)}
                    data-testid="edit-transfer"
                  >
                    <FormattedMessage id="transfer.edit" />
                  </button>
                  <button
                    type="button"
                    className={`${buttonClass('secondary')} ${styles.small} ${styles.danger}`}
                    aria-describedby={titleId}
                    onClick={() => onDeleteTransfer(transferId)}
                    data-testid="delete-transfer"
                  >
                    <FormattedMessage id="transfer.delete" />
                  </button>
                  <LocalizedLink
                    to={`/activity?kind=transfer&subject=${transferId}`}
                    className={`${buttonClass('secondary')} ${styles.small}`}
                    aria-describedby={titleId}
                  >
                    <FormattedMessage id="nav.activity" />
                  </LocalizedLink>
                </span>
              )}
            </div>
            <div className={styles.movementFigures}>
              <SignedMoney amount={row.amount} currency={wallet.currency} showPlus testId="movement-amount" />
              <span className={styles.muted}>
                <FormattedMessage
                  id="wallet.movement.balanceAfter"
                  values={{ balance: format.money({ amount: row.balanceAfter, currency: wallet.currency }) }}
                />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
