import type { ReactNode } from 'react';
import { TableRegion } from '../table/table';

export interface DataTableProps {
  /** Names the scrolling region (and lets the keyboard reach it); without it the region is plain. */
  readonly label?: string;
  readonly regionClassName?: string;
  readonly className: string;
  readonly testId?: string;
  /** Read by screen readers only. */
  readonly caption?: ReactNode;
  /** The heading row group, `<thead>`. */
  readonly head: ReactNode;
  /** The rows, inside the table's `<tbody>`. */
  readonly children: ReactNode;
  /** A total row group, `<tfoot>`, when the table has one. */
  readonly foot?: ReactNode;
}

/** A table of rows in its scrolling region: caption, heading rows, body rows and totals. */
export function DataTable({
  label,
  regionClassName,
  className,
  testId,
  caption,
  head,
  children,
  foot,
}: DataTableProps) {
  return (
    <TableRegion label={label} className={regionClassName}>
      <table className={className} data-testid={testId}>
        {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
        {head}
        <tbody>{children}</tbody>
        {foot}
      </table>
    </TableRegion>
  );
}
