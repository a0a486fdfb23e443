import type { ErrorCode } from '@plenty/contracts/errors';
import type { AnyOutboxEntry } from '../../lib/outbox/types';

/** What the panel offers for an entry. */
export type EntryAction = 'fix' | 'review' | 'applyAnyway' | 'discard';

/**
 * Refusals no correction on this device can change: what the entry changes is gone, or already
 * as it asks. The entry can only be discarded.
 */
const NOTHING_TO_FIX: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'not_found',
  'transaction_not_found',
  'debt_not_found',
  'installment_not_found',
  'installment_already_paid',
  'installment_not_paid',
  'transfer_not_found',
  'forbidden',
]);

/** Whether the refusal is one the transaction form can correct (a field, a deleted category or wallet). */
function fixableInForm(entry: AnyOutboxEntry): boolean {
  if (entry.name !== 'AddTransaction' && entry.name !== 'EditTransaction') return false;
  const rejection = entry.rejection;
  if (rejection === null || NOTHING_TO_FIX.has(rejection.code)) return false;
  return (
    Object.keys(rejection.fields).length > 0 ||
    rejection.status === 400 ||
    rejection.status === 422 ||
    rejection.status === 404
  );
}

/**
 * The actions for an entry, in the order the panel shows them: every entry can be discarded; a
 * refused edit of a transaction changed elsewhere can be reviewed or applied anyway; a refused
 * add or edit with something to correct can be fixed in the transaction form.
 */
export function entryActions(entry: AnyOutboxEntry): readonly EntryAction[] {
  // On its way: the server may have it already, and a discard would not take it back.
  if (entry.state === 'sending') return [];
  if (entry.state !== 'rejected' || entry.rejection === null) return ['discard'];
  if (entry.name === 'EditTransaction' && entry.rejection.code === 'transaction_changed') {
    return ['review', 'applyAnyway', 'discard'];
  }
  return fixableInForm(entry) ? ['fix', 'discard'] : ['discard'];
}

/** Whether the refusal says there is nothing to correct (the reason then says to discard it). */
export function nothingToFix(entry: AnyOutboxEntry): boolean {
  return entry.state === 'rejected' && entryActions(entry).length === 1;
}

/** The transaction form's page that opens on the entry (with `OutboxFixState`), or null. */
export function fixPath(entry: AnyOutboxEntry): string | null {
  if (entry.name === 'AddTransaction') return '/dashboard/transactions/add';
  if (entry.name === 'EditTransaction') {
    return `/dashboard/transactions/edit/${encodeURIComponent(entry.body.transactionId)}`;
  }
  return null;
}

/** How many entries the panel lists at most (a huge outbox keeps the panel quick). */
export const MAX_LISTED = 50;

/**
 * The entries the panel lists, in their order: every refused one (up to `max`), which need the
 * person, and the first of the others; `more` is how many others are not listed.
 */
export function listedEntries(
  entries: readonly AnyOutboxEntry[],
  max: number = MAX_LISTED,
): { readonly listed: readonly AnyOutboxEntry[]; readonly more: number } {
  if (entries.length <= max) return { listed: entries, more: 0 };
  const refused = entries.filter((entry) => entry.state === 'rejected').slice(0, max);
  const room = Math.max(0, max - refused.length);
  const others = entries.filter((entry) => entry.state !== 'rejected').slice(0, room);
  const keep = new Set([...refused, ...others]);
  const listed = entries.filter((entry) => keep.has(entry));
  return { listed, more: entries.length - listed.length };
}
