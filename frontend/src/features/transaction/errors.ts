import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../../lib/api/api-error';

/** The error of a request for one transaction, when the transaction is gone (never existed or deleted). */
export function isMissing(error: ApiError | SerializedError | undefined): boolean {
  if (error === undefined || !('status' in error)) return false;
  return (
    error.status === 404 ||
    error.code === 'not_found' ||
    error.code === 'transaction_not_found' ||
    error.code === 'transaction_deleted'
  );
}

export function asApiError(error: unknown): ApiError | null {
  return typeof error === 'object' && error !== null && 'messageId' in error && 'fields' in error
    ? (error as ApiError)
    : null;
}
