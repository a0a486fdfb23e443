import type { Money } from '@plenty/contracts/money';
import type { TransactionType } from '@plenty/contracts/categories';
import type { ReactNode } from 'react';
import type { useWriters } from '../../../ui/history/use-transaction-writers';
import styles from './transaction-list.module.css';

type Writers = ReturnType<typeof useWriters>;

/** A row's first line: its category's colour and name, then `children` (badges). */
export function RowCategory({
  categoryId,
  writers,
  children,
}: {
  readonly categoryId: string;
  readonly writers: Writers;
  readonly children?: ReactNode;
}) {
  return (
    <span className={styles.rowCategory}>
      <span className={styles.dot} style={{ background: writers.categoryColor(categoryId) }} aria-hidden="true" />
      <span className={styles.ellipsis}>{writers.category(categoryId)}</span>
      {children}
    </span>
  );
}

/** A row's second line: when, then its wallet where the user has several, then its note. */
export function RowMeta({
  when,
  walletId,
  note,
  writers,
}: {
  readonly when: ReactNode;
  readonly walletId: string;
  readonly note: string | null;
  readonly writers: Writers;
}) {
  return (
    <span className={`${styles.rowMeta} ${styles.ellipsis}`}>
      {when}
      {writers.manyWallets && ` · ${writers.wallet(walletId)}`}
      {note !== null && ` · ${note}`}
    </span>
  );
}

/** A row's amount, signed and coloured by its type, which screen readers hear first. */
export function RowAmount({
  type,
  amount,
  writers,
}: {
  readonly type: TransactionType;
  readonly amount: Money;
  readonly writers: Writers;
}) {
  const income = type === 'income';
  return (
    <span className={`${styles.amount} ${income ? styles.income : styles.expense}`}>
      <span className="visually-hidden">{writers.type(type)} </span>
      {income ? '+' : '−'}
      {writers.money(amount.amount, amount.currency)}
    </span>
  );
}
