import type { Money } from '@plenty/contracts/money';
import type { TransactionType } from '@plenty/contracts/categories';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { useWriters } from '../../../ui/history/use-transaction-writers';
import styles from './transaction-list.module.css';

type Writers = ReturnType<typeof useWriters>;

/**
 * A row's first line: its category's colour and name ("Food + 2" for a split into three
 * categories, every one of them named to screen readers), then `children` (badges).
 */
export function RowCategory({
  categoryId,
  splits,
  writers,
  children,
}: {
  readonly categoryId: string;
  /** The categories of a split's lines, first line first; absent or empty for one category. */
  readonly splits?: readonly string[] | undefined;
  readonly writers: Writers;
  readonly children?: ReactNode;
}) {
  const intl = useIntl();
  const others = splits === undefined ? [] : [...new Set(splits)].filter((id) => id !== categoryId);
  const name = writers.category(categoryId);
  return (
    <span className={styles.rowCategory}>
      <span className={styles.dot} style={{ background: writers.categoryColor(categoryId) }} aria-hidden="true" />
      {others.length === 0 ? (
        <span className={styles.ellipsis}>{name}</span>
      ) : (
        <span className={styles.ellipsis} data-testid="row-split">
          <span aria-hidden="true">
            {intl.formatMessage({ id: 'split.more' }, { category: name, count: others.length })}
          </span>
          <span className="visually-hidden">
            {intl.formatList([name, ...others.map((id) => writers.category(id))], { type: 'conjunction' })}
          </span>
        </span>
      )}
      {children}
    </span>
  );
}

/** A row's tags as small chips (at most three, then "+n"). */
export function RowTags({ tags }: { readonly tags: readonly string[] | undefined }) {
  if (tags === undefined || tags.length === 0) return null;
  const shown = tags.slice(0, 3);
  return (
    <span className={styles.rowTags} data-testid="row-tags">
      {shown.map((tag) => (
        <span key={tag} className={styles.tagChip}>
          {tag}
        </span>
      ))}
      {tags.length > shown.length && <span className={styles.tagChip}>+{tags.length - shown.length}</span>}
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
