import type { ReactNode } from 'react';
import { Card } from '../card/card';
import styles from './stat.module.css';

export const statNoteClass = styles.note;
/** The colour of a figure or mark: money in, money out, or a pointer on. */
export const toneClass = {
  income: styles.income,
  expense: styles.expense,
  info: styles.info,
};
/** The row of stat cards, for placeholders of the same size while they load. */
export const statCardsClass = styles.cards;

/** A list of stat cards, three in a row on a wide page, one under the other on a phone. */
export function StatCards({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <ul className={styles.cards} aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * A card with a label over its figure (and a note under it). `mark` is a decorative symbol
 * before the label; `tone` a class colouring the mark and the figure.
 */
export function StatCard({
  label,
  figure,
  note,
  mark,
  tone,
  testId,
  figureTestId,
}: {
  readonly label: ReactNode;
  readonly figure: ReactNode;
  readonly note?: ReactNode;
  readonly mark?: string;
  readonly tone?: string;
  readonly testId?: string;
  readonly figureTestId?: string;
}) {
  const toned = (base: string | undefined) => [base, tone].filter(Boolean).join(' ');
  return (
    <Card as="li" className={styles.card} testId={testId}>
      <span className={styles.label}>
        {mark !== undefined && (
          <span className={toned(styles.mark)} aria-hidden="true">
            {mark}
          </span>
        )}
        {label}
      </span>
      <span className={toned(styles.figure)} data-testid={figureTestId}>
        {figure}
      </span>
      {note}
    </Card>
  );
}

/** A figure standing alone in a card, large. */
export function Figure({
  children,
  className,
  size = 'medium',
  testId,
}: {
  readonly children: ReactNode;
  readonly className?: string;
  readonly size?: 'medium' | 'large';
  readonly testId?: string;
}) {
  return (
    <p
      className={className === undefined ? styles.figure : `${styles.figure} ${className}`}
      data-size={size}
      data-testid={testId}
    >
      {children}
    </p>
  );
}

/** Small labelled figures side by side (a `dl` of `Stat`s). */
export function StatList({ children }: { readonly children: ReactNode }) {
  return <dl className={styles.list}>{children}</dl>;
}

/** One labelled figure of a `StatList`; `note` is a line under the figure. */
export function Stat({
  label,
  children,
  note,
  className,
  testId,
}: {
  readonly label: ReactNode;
  readonly children: ReactNode;
  readonly note?: ReactNode;
  readonly className?: string;
  readonly testId?: string;
}) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
        {note !== undefined && note !== null && note !== false && <span className={styles.statNote}>{note}</span>}
      </dd>
    </div>
  );
}

/** Terms in columns: each a label over its value, without boxes (a debt's details). */
export function TermList({
  items,
}: {
  readonly items: readonly {
    readonly key: string;
    readonly label: ReactNode;
    readonly value: ReactNode;
    readonly testId?: string;
    readonly describedBy?: string;
  }[];
}) {
  return (
    <dl className={styles.terms}>
      {items.map((item) => (
        <div key={item.key}>
          <dt>{item.label}</dt>
          <dd data-testid={item.testId} aria-describedby={item.describedBy}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
