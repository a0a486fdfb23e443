import type { ReactNode } from 'react';
import styles from './list-row.module.css';

/** The list of items of a card (debts, goals). */
export function RowList({ children, testId }: { readonly children: ReactNode; readonly testId?: string }) {
  return (
    <ul className={styles.list} data-testid={testId}>
      {children}
    </ul>
  );
}

/** One item of a `RowList`, a box of its own; `done` (paid off, reached) borders it in success. */
export function Row({
  children,
  done = false,
  status,
  className,
  testId,
}: {
  readonly children: ReactNode;
  readonly done?: boolean;
  readonly status?: string;
  readonly className?: string;
  readonly testId?: string;
}) {
  return (
    <li
      className={className === undefined ? styles.row : `${styles.row} ${className}`}
      data-done={done}
      data-status={status}
      data-testid={testId}
    >
      {children}
    </li>
  );
}

/** The item's name (an `h3`) on one side, its badges on the other. */
export function RowTop({
  name,
  nameId,
  children,
}: {
  readonly name: ReactNode;
  /** An id for the name, for controls described by it. */
  readonly nameId?: string;
  readonly children?: ReactNode;
}) {
  return (
    <div className={styles.top}>
      <h3 id={nameId} className={styles.name}>
        {name}
      </h3>
      {children}
    </div>
  );
}

/** A line of figures spread across the row. */
export function RowFigures({ children }: { readonly children: ReactNode }) {
  return <div className={styles.figures}>{children}</div>;
}

/** Things side by side that wrap: badges, buttons. */
export function Inline({ children }: { readonly children: ReactNode }) {
  return <span className={styles.inline}>{children}</span>;
}
