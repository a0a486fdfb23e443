import type { ErrorCode } from '@plenty/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { EventSchemaError } from '../crypto/event-codec.js';
import { DataKeyErasedError } from '../crypto/port.js';

/** An error the HTTP layer answers with its status and stable code. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const DEFAULT_MESSAGES: Partial<Record<number, string>> = {
  400: 'The request is not valid.',
  401: 'Sign in again to continue.',
  403: 'This is not allowed.',
  404: 'Not found.',
  409: 'Someone changed this at the same time; try again.',
  413: 'The request is too large.',
  415: 'Send JSON.',
  422: 'The request breaks a rule.',
  429: 'Too many requests; slow down.',
  500: 'Something went wrong on our side.',
  503: 'Storage is unavailable; nothing was saved. Try again later.',
  507: 'Storage is full; nothing was saved.',
};

/**
 * Storage that cannot take a write: a full disk (or a file over its size limit) is 507
 * `storage_full`; a read-only, missing, failing or damaged disk is 503 `storage_unavailable`. The
 * stores write each command or batch in one transaction, so either way nothing was saved.
 */
export function storageFailure(
  error: unknown,
): { status: 503 | 507; code: 'storage_full' | 'storage_unavailable' } | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (/^(SQLITE_FULL|ENOSPC|EDQUOT|EFBIG)$/.test(code)) return { status: 507, code: 'storage_full' };
  if (
    /^(SQLITE_READONLY|SQLITE_IOERR|SQLITE_CANTOPEN|SQLITE_CORRUPT|SQLITE_NOTADB)|^(EROFS|EIO|EACCES|EPERM)$/.test(code)
  )
    return { status: 503, code: 'storage_unavailable' };
  return null;
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message?: string,
  fields?: Record<string, string>,
): FastifyReply {
  const error: { code: ErrorCode; message: string; fields?: Record<string, string> } = {
    code,
    message: message ?? DEFAULT_MESSAGES[statusCode] ?? 'Error.',
  };
  if (fields !== undefined && Object.keys(fields).length > 0) error.fields = fields;
  return reply.code(statusCode).send({ error });
}

/** Maps zod issues to `{ "<path>": "<code>" }`; the issue message is the stable code. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (fields[path] !== undefined) continue;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path.map(String), key].join('.')] = 'unknown_field';
      continue;
    }
    fields[path] = /^[a-z_]+$/.test(issue.message)
      ? issue.message
      : issue.code === 'invalid_type' && issue.input === undefined
        ? 'field_required'
        : 'field_invalid';
  }
  return fields;
}

/** The 400 of input a zod schema refused: `validation_failed`, naming each bad field. */
export function validationFailed(error: ZodError): HttpError {
  return new HttpError(400, 'validation_failed', 'Some fields are not valid.', fieldErrors(error));
}

/**
 * Installs the error handler and 404 handler: stable codes only, never a stack trace or
 * an internal message in an answer. `notFound` replaces the JSON 404 (e.g. to serve a SPA).
 */
export function installErrorHandling(
  app: FastifyInstance,
  options: { notFound?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply> } = {},
): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.code, error.message, error.fields);
    if (error instanceof ZodError) return sendError(reply, 400, 'validation_failed', undefined, fieldErrors(error));
    if (error instanceof EventSchemaError) {
      // The command was valid but would record data its event's schema refuses (a figure past
      // what the read side can hold): nothing is stored, and the log says which field.
      request.log.warn({ err: error }, 'a command would record an event that does not match its schema');
      return sendError(reply, 422, 'event_out_of_range', 'This would record a figure out of range; nothing was saved.');
    }
    // A command that was under way when its user's account was erased: the user is gone.
    if (error instanceof DataKeyErasedError) return sendError(reply, 401, 'unauthenticated');
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return sendError(reply, 413, 'payload_too_large');
    if (status === 415) return sendError(reply, 415, 'unsupported_media_type');
    if (status === 429) return sendError(reply, 429, 'rate_limited');
    if (status >= 400 && status < 500) return sendError(reply, 400, 'validation_failed');
    const storage = storageFailure(error);
    if (storage !== null) {
      request.log.error({ err: error }, 'storage refused a write');
      if (storage.status === 503) void reply.header('retry-after', '30');
      return sendError(reply, storage.status, storage.code);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'internal');
  });
  app.setNotFoundHandler(options.notFound ?? ((_request, reply) => sendError(reply, 404, 'not_found')));
}
