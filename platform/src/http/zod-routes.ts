import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { validationFailed } from './errors.js';

/** A Fastify instance whose routes take zod schemas: handlers see parsed input and are checked against the answer's type. */
export type ZodFastify = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Parses params, querystring, body or headers with the route's zod schema. A failure is a
 * 400 `validation_failed` (`validationFailed`), one field code per bad field
 * (`unknown_field`, `field_required`, `field_invalid` or the schema's own code): Fastify
 * passes an Error from the validator on to the error handler unchanged.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: validationFailed(result.error) };
  };

/** Thrown when a handler's answer does not match the route's answer schema. */
export class AnswerSchemaError extends Error {
  override readonly name = 'AnswerSchemaError';
  constructor(
    readonly route: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`the answer of ${route} does not match its schema`);
  }
}

export interface ZodRoutesOptions {
  /**
   * What is done with an answer's schema: `throw` checks the answer and fails with a 500 where
   * it does not match (tests catch a schema that no longer says what the handler returns),
   * `log` checks it and logs a mismatch, `skip` only writes it (no cost per answer). Default:
   * `throw` when NODE_ENV is `test` (Vitest sets it) or `development`, otherwise `skip`.
   */
  readonly answerCheck?: 'throw' | 'log' | 'skip';
}

/**
 * Writes an answer as JSON exactly as the handler returned it (no field is dropped or
 * reordered, so answers read as before the schemas came), after checking it against the
 * route's answer schema as `answerCheck` says.
 */
export function zodSerializerCompiler(
  log: FastifyBaseLogger,
  options: ZodRoutesOptions = {},
): FastifySerializerCompiler<z.ZodType> {
  const mode =
    options.answerCheck ??
    (process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development' ? 'throw' : 'skip');
  return ({ schema, method, url }) =>
    (data) => {
      const checked = mode === 'skip' ? null : schema.safeParse(data);
      if (checked?.success === false) {
        const error = new AnswerSchemaError(`${method} ${url}`, checked.error.issues);
        if (mode === 'throw') throw error;
        log.error({ err: error, issues: checked.error.issues }, 'an answer does not match its schema');
      }
      return JSON.stringify(data);
    };
}

/**
 * Makes the routes registered on `app` (and the plugins it registers after this call) take
 * zod schemas for params, querystring, body, headers and answers. Returns the same instance,
 * typed so handlers see the parsed input.
 */
export function useZodRoutes(app: FastifyInstance, options: ZodRoutesOptions = {}): ZodFastify {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler(app.log, options));
  return app.withTypeProvider<ZodTypeProvider>();
}
