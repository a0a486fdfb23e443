import type { FastifyPluginAsync } from 'fastify';
import {
  IMPORT_ROWS_PER_REQUEST,
  importRowsAnswerSchema,
  importRowsRequestSchema,
  type ImportRowsAnswer,
  type ImportRowsRequest,
} from '@plenty/contracts/imports';
import { LIMITS } from '@plenty/contracts/text';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { requireAuth } from '@plenty/platform/http/auth-hook';
import { perUserPerMinute } from '@plenty/platform/http/rate-limit';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import { callerOf, requireJson } from '../command-routes.js';
import type { CommandCaller } from '../pipeline/stream-definition.js';

/** Adds rows to a batch (import-rows.ts), bound to the command API's pipeline. */
export type ImportRowsService = (caller: CommandCaller, request: ImportRowsRequest) => Promise<ImportRowsAnswer>;

/**
 * Room for a full request: each of its rows with a note of the longest, every character written
 * as a JSON escape (`\uXXXX`), and its other fields; about 3.6 MB.
 */
export const IMPORT_ROWS_BODY_LIMIT = IMPORT_ROWS_PER_REQUEST * (LIMITS.note * 6 + 1024) + 64 * 1024;

export interface ImportRowsApiOptions {
  /** The verifier the command routes use (refusing erased users). */
  readonly verifier: TokenVerifier;
  readonly rows: ImportRowsService;
  /** Requests per minute per user (per instance), as the command routes'; 0 turns it off. Default 600. */
  readonly requestsPerMinutePerUser?: number;
}

/**
 * `POST /rows` (register with `{ prefix: '/api/imports' }`: `IMPORT_ROWS_PATH`): users with a
 * verified email, the command routes' rate limit and answers (400 `validation_failed` with a code
 * per field, 415 for a body that is not JSON).
 */
export const importRowsApi: FastifyPluginAsync<ImportRowsApiOptions> = async (app, options) => {
  requireAuth(app, options.verifier);
  const limit = await perUserPerMinute(app, 'imports-user', options.requestsPerMinutePerUser ?? 600);
  useZodRoutes(app).post(
    '/rows',
    {
      bodyLimit: IMPORT_ROWS_BODY_LIMIT,
      preValidation: limit === undefined ? [requireJson] : [limit, requireJson],
      schema: {
        summary: `Adds up to ${String(IMPORT_ROWS_PER_REQUEST)} rows to an import batch the user started (a signed-in user with a verified email)`,
        tags: ['imports'],
        security: [{ idToken: [] }],
        body: importRowsRequestSchema,
        response: { 200: importRowsAnswerSchema },
      },
    },
    (request) => options.rows(callerOf(request), request.body),
  );
};
