import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/messages';
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

/** A column heading: its message and the class that lines it up or hides it on a narrow page. */
export interface HeadColumn {
  readonly id: MessageId;
  readonly className?: string;
}

/** A table's heading row group, one `<th scope="col">` per column. */
export function TableHead({ columns }: { readonly columns: readonly HeadColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.id} scope="col" className={column.className}>
            <FormattedMessage id={column.id} />
          </th>
        ))}
      </tr>
    </thead>
  );
}
