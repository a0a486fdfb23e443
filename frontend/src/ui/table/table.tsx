import type { ReactNode } from 'react';
import styles from './table.module.css';

export const tableClass = styles.table;
export const numberCellClass = styles.number;

/**
 * A table's scrolling region. With `label` it is a named region the keyboard can reach and
 * scroll; without one it only keeps the table inside the page.
 */
export function TableRegion({
  label,
  className,
  children,
}: {
  readonly label?: string;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  const classes = className === undefined ? styles.region : `${styles.region} ${className}`;
  return label === undefined ? (
    <div className={classes}>{children}</div>
  ) : (
    // A region that scrolls sideways has to take focus, or the keyboard cannot scroll it.
    <div className={classes} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
