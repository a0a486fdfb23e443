import { ERROR_CODES, type ErrorCode } from '@plenty/contracts/errors';
import type { MessageId } from '../messages';

/** Error codes by the path of the field they are about (`target.amount`), as the server sends them. */
export type FieldCodes = Readonly<Record<string, ErrorCode>>;

/** A form's messages by field: the first problem of each. */
export type FieldMessages<F extends string> = Partial<Record<F, MessageId>>;

function asErrorCode(message: string): ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(message) ? (message as ErrorCode) : 'field_invalid';
}

/** What the form needs of a contracts (zod) schema. */
export interface CheckingSchema {
  safeParse(body: unknown): {
    readonly success: boolean;
    readonly error?: {
      readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
    };
  };
}

/**
 * What a contracts schema says about a body before it is sent, in the shape of the server's
 * answer (`fields` of an ApiError): the schemas' issue messages are the error codes.
 */
export function schemaFieldCodes(schema: CheckingSchema, body: unknown): FieldCodes {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const codes: Record<string, ErrorCode> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    codes[path] ??= asErrorCode(issue.message);
  }
  return codes;
}

export interface FieldMapping<F extends string> {
  /** The form's fields, in the order they are shown. */
  readonly fields: readonly F[];
  /** Paths that do not name a field after the usual trimming (`changes.`, `.amount`, `.currency`). */
  readonly paths?: Readonly<Partial<Record<string, F>>>;
  /** Codes of the whole command that belong to one field (`goal_name_taken` → `name`). */
  readonly codes?: Readonly<Partial<Record<ErrorCode, F>>>;
  /** The message of a field's code when it is not `error.<code>`; undefined drops the code. */
  message?(field: F, code: ErrorCode): MessageId | undefined;
}

/** The form field a path is about: `changes.target.amount` → `target`, when the form has it. */
export function fieldOfPath<F extends string>(path: string, mapping: FieldMapping<F>): F | null {
  const candidates = [path, path.replace(/^changes\./, '')];
  for (const candidate of [...candidates, ...candidates.map((p) => p.replace(/\.(amount|currency)$/, ''))]) {
    const field = mapping.paths?.[candidate] ?? (mapping.fields.includes(candidate as F) ? (candidate as F) : null);
    if (field !== null && field !== undefined) return field;
  }
  return null;
}

/**
 * A form's field messages from the codes of a schema or a server answer (and the answer's own
 * code, when it is about one field); paths that name no field of the form are left out.
 */
export function fieldMessages<F extends string>(
  fields: FieldCodes,
  mapping: FieldMapping<F>,
  code?: ErrorCode | 'network',
): FieldMessages<F> {
  const messages: Partial<Record<F, MessageId>> = {};
  const add = (field: F, fieldCode: ErrorCode) => {
    if (messages[field] !== undefined) return;
    const message = mapping.message === undefined ? `error.${fieldCode}` : mapping.message(field, fieldCode);
    if (message !== undefined) messages[field] = message as MessageId;
  };
  const whole = code === undefined || code === 'network' ? undefined : mapping.codes?.[code];
  if (whole !== undefined && code !== undefined && code !== 'network') add(whole, code);
  for (const [path, fieldCode] of Object.entries(fields)) {
    const field = fieldOfPath(path, mapping);
    if (field !== null) add(field, fieldCode);
  }
  return messages;
}

/** The first field, in form order, that has a message. */
export function firstField<F extends string>(order: readonly F[], messages: FieldMessages<F>): F | null {
  return order.find((field) => messages[field] !== undefined) ?? null;
}
