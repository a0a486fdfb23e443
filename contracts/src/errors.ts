/**
 * Stable error codes. The server answers `{ error: { code, message, fields? } }`; the
 * frontend maps each code to a localized message, so codes never change meaning.
 */
export const ERROR_CODES = [
  // request shape
  'validation_failed',
  'unknown_field',
  'field_required',
  'field_invalid',
  'text_too_long',
  'id_invalid',
  'date_invalid',
  'time_invalid',
  'amount_required',
  'amount_not_integer',
  'amount_not_positive',
  'amount_too_large',
  'amount_invalid',
  'amount_too_precise',
  'currency_invalid',
  'type_invalid',
  'category_required',
  'name_required',
  'icon_required',
  'color_required',
  'color_invalid',
  'nothing_to_change',
  'time_zone_invalid',
  'rate_invalid',
  'rate_not_positive',
  'rate_out_of_range',
  'rate_too_high',
  'term_invalid',
  'due_day_invalid',
  'payment_not_positive',
  'debt_phrase_mismatch',
  'email_required',
  'email_invalid',
  'verification_code_required',
  'verification_code_invalid',
  'file_required',
  'file_empty',
  'multipart_invalid',
  // rules
  'category_not_found',
  'category_type_mismatch',
  'category_name_taken',
  'category_built_in',
  'category_replacement_invalid',
  'transaction_exists',
  'transaction_not_found',
  'transaction_deleted',
  'receipt_not_found',
  'goal_name_taken',
  'target_required',
  'target_not_positive',
  'target_date_required',
  'goal_not_found',
  'goal_currency_mismatch',
  'goal_withdrawal_too_large',
  'debt_exists',
  'debt_not_found',
  'debt_has_payments',
  'current_amount_above_initial',
  'payments_exceed_amount',
  'payment_below_interest',
  'schedule_too_long',
  'schedule_total_too_large',
  'payment_exists',
  'payment_not_found',
  'payment_exceeds_balance',
  'payment_is_installment',
  'installment_not_found',
  'installment_already_paid',
  'installment_not_paid',
  'installment_not_next',
  'installment_not_last',
  'event_out_of_range',
  'wallet_exists',
  'wallet_not_found',
  'wallet_name_taken',
  'wallet_archived',
  'wallet_not_archived',
  'wallet_currency_mismatch',
  'transfer_exists',
  'transfer_not_found',
  'transfer_same_wallet',
  'transfer_amounts_differ',
  'recurring_exists',
  'recurring_not_found',
  'recurring_paused',
  'recurring_not_paused',
  'recurring_ended',
  'recurrence_invalid',
  'occurrence_not_found',
  'occurrence_already_posted',
  'occurrence_skipped',
  'occurrence_too_far',
  'import_not_found',
  'import_exists',
  'import_undone',
  'import_finished',
  'restore_not_started',
  'restore_account_not_empty',
  'restore_same_account',
  'backup_invalid',
  'backup_version_unsupported',
  'split_total_mismatch',
  'split_category_mismatch',
  'split_too_few_lines',
  'split_too_many_lines',
  'tag_required',
  'tag_duplicate',
  'tags_too_many',
  'date_range_invalid',
  'date_range_too_long',
  // identity and account
  'email_not_verified',
  'email_already_verified',
  'verification_code_wrong',
  'verification_code_expired',
  'verification_code_missing',
  'verification_attempts_exceeded',
  'verification_resend_too_early',
  'requires_recent_login',
  'account_email_mismatch',
  'account_phrase_mismatch',
  // transport
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unknown_command',
  'storage_full',
  'storage_unavailable',
  'view_quarantined',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

/** A broken business rule, returned (never thrown) by deciders. */
export interface DomainError {
  readonly kind: 'domain_error';
  readonly code: ErrorCode;
  readonly status: 404 | 409 | 422;
  readonly field?: string;
}

export function domainError(code: ErrorCode, status: 404 | 409 | 422 = 422, field?: string): DomainError {
  return field === undefined ? { kind: 'domain_error', code, status } : { kind: 'domain_error', code, status, field };
}

export function isDomainError(value: unknown): value is DomainError {
  return typeof value === 'object' && value !== null && (value as DomainError).kind === 'domain_error';
}
