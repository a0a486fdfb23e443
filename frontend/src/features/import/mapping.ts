import {
  MAPPING_COLUMNS,
  type ColumnMapping,
  type MappingColumn,
  type SuggestedMapping,
} from '@plenty/contracts/import/index';

/** What one column of the file holds, as the mapping screen offers it (`ignore`: nothing read). */
export type ColumnRole = MappingColumn | 'ignore';
export const COLUMN_ROLES: readonly ColumnRole[] = ['ignore', ...MAPPING_COLUMNS];

/** The role of each of `width` columns under `mapping` (`ignore` for a column no field names). */
export function columnRoles(mapping: Partial<ColumnMapping>, width: number): ColumnRole[] {
  const roles: ColumnRole[] = Array.from({ length: width }, () => 'ignore');
  for (const field of MAPPING_COLUMNS) {
    const column = mapping[field];
    if (column !== undefined && column >= 0 && column < width) roles[column] = field;
  }
  return roles;
}

/**
 * The mapping with `column` given `role`: a field names one column, so the column that held the
 * role before is ignored from then on; a signed amount and a debit/credit pair exclude each other.
 */
export function withRole<M extends Partial<ColumnMapping>>(mapping: M, column: number, role: ColumnRole): M {
  const next: Partial<ColumnMapping> = { ...mapping };
  for (const field of MAPPING_COLUMNS) if (next[field] === column) delete next[field];
  if (role === 'ignore') return next as M;
  if (role === 'amount') {
    delete next.debit;
    delete next.credit;
  }
  if (role === 'debit' || role === 'credit') delete next.amount;
  next[role] = column;
  return next as M;
}

/** What the mapping still lacks before rows can be read: a date column, and an amount or a debit/credit column. */
export function missingRoles(mapping: Partial<ColumnMapping>): ('date' | 'amount')[] {
  const missing: ('date' | 'amount')[] = [];
  if (mapping.date === undefined) missing.push('date');
  if (mapping.amount === undefined && mapping.debit === undefined && mapping.credit === undefined)
    missing.push('amount');
  return missing;
}

/** A complete mapping (date and amount mapped), or null while something is missing. */
export function completeMapping(mapping: SuggestedMapping): ColumnMapping | null {
  if (missingRoles(mapping).length > 0 || mapping.date === undefined) return null;
  return { ...mapping, date: mapping.date };
}
