import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/messages';
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

/** One column heading: its message, whether it lines up at the start, whether only readers hear it. */
export interface ColumnHead {
  readonly id: MessageId;
  readonly start?: boolean;
  readonly hidden?: boolean;
}

/** A table's heading row, one `<th scope="col">` per column; `startClass` lines a column up at the start. */
export function ColumnHeads({
  columns,
  startClass,
}: {
  readonly columns: readonly ColumnHead[];
  readonly startClass: string | undefined;
}) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.id} scope="col" className={column.start === true ? startClass : undefined}>
            {column.hidden === true ? (
              <span className="visually-hidden">
                <FormattedMessage id={column.id} />
              </span>
            ) : (
              <FormattedMessage id={column.id} />
            )}
          </th>
        ))}
      </tr>
    </thead>
  );
}
