import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ERROR_CODES, type ErrorCode } from '@plenty/contracts/errors';
import type { MessageId } from '../messages';

/** What the screens get for a failed request: a stable code and the message that explains it. */
export interface ApiError {
  readonly status: number | 'network';
  readonly code: ErrorCode | 'network';
  readonly messageId: MessageId;
  /** Per-field error codes for forms, keyed by the field's path. */
  readonly fields: Readonly<Record<string, ErrorCode>>;
  /** The server's Retry-After, in seconds, when it sent one (rate limits, resend cool-downs). */
  readonly retryAfterSeconds?: number | null;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

export function errorMessageId(code: ErrorCode | 'network'): MessageId {
  return `error.${code}`;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status >= 400 && status < 500) return 'validation_failed';
  return 'internal';
}

function bodyError(data: unknown): { code?: unknown; fields?: unknown } | null {
  if (typeof data !== 'object' || data === null || !('error' in data)) return null;
  const error = (data as { error: unknown }).error;
  return typeof error === 'object' && error !== null ? error : null;
}

function retryAfter(response: Response | undefined): number | null {
  const header = response?.headers.get('retry-after') ?? null;
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) ? seconds : null;
}

/** Turns a transport failure or the server's `{ error: { code, fields } }` into an ApiError. */
export function toApiError(error: FetchBaseQueryError, response?: Response): ApiError {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    return { status: 'network', code: 'network', messageId: errorMessageId('network'), fields: {} };
  }
  const status =
    typeof error.status === 'number' ? error.status : error.status === 'PARSING_ERROR' ? error.originalStatus : 500;
  const body = bodyError(error.data);
  const code = isErrorCode(body?.code) ? body.code : codeForStatus(status);
  const fields: Record<string, ErrorCode> = {};
  if (typeof body?.fields === 'object' && body.fields !== null) {
    for (const [path, fieldCode] of Object.entries(body.fields)) {
      fields[path] = isErrorCode(fieldCode) ? fieldCode : 'field_invalid';
    }
  }
  const seconds = retryAfter(response);
  return {
    status,
    code,
    messageId: errorMessageId(code),
    fields,
    ...(seconds === null ? {} : { retryAfterSeconds: seconds }),
  };
}

/**
 * What a page's error state says when its query failed: that the view is being repaired when
 * the server held the user's figures back (`view_quarantined`); that it is not on this device
 * yet when the network is down (a query with a device copy answers from it instead, see
 * base-query.ts); the page's own message otherwise.
 */
export function loadFailedMessageId(error: unknown, pageMessage: MessageId): MessageId {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  if (code === 'view_quarantined') return errorMessageId('view_quarantined');
  if (code === 'network') return 'offline.notSaved';
  return pageMessage;
}
