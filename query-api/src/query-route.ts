import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { uuidSchema } from '@plenty/contracts/ids';
import type { ErrorCode } from '@plenty/contracts/errors';
import type { QueryRoute } from '@plenty/contracts/views/query-routes';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';
import type { Limiter } from '@plenty/platform/http/rate-limit';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import { InvalidCursorError, type Document, type ReadStore } from '@plenty/platform/read-store/port';

/** What a query's handler is given: the signed-in user and the parsed path parameters and query. */
export interface QueryInput<P extends z.ZodType, Q extends z.ZodType> {
  readonly user: VerifiedUser;
  readonly params: z.output<P>;
  readonly query: z.output<Q>;
  readonly request: FastifyRequest;
}

/**
 * Registers `GET <route.path>` with the route's schemas from contracts/views/query-routes.ts:
 * a bad query is a 400 naming each field, the answer is checked against `route.answer`, and
 * the route is in the OpenAPI document with its summary. `limit` runs before the query is read.
 */
export function queryRoute<P extends z.ZodType, Q extends z.ZodType, A extends z.ZodType>(
  app: FastifyInstance,
  route: QueryRoute<P, Q, A>,
  handler: (input: QueryInput<P, Q>) => Promise<z.output<A>>,
  limit?: Limiter,
): void {
  const schema: FastifySchema = {
    summary: route.summary,
    ...(route.params === undefined ? {} : { params: route.params }),
    ...(route.query === undefined ? {} : { querystring: route.query }),
    response: { 200: route.answer },
  };
  useZodRoutes(app).get(route.path, { schema, ...(limit === undefined ? {} : { preValidation: limit }) }, (request) =>
    handler({
      user: currentUser(request),
      params: request.params as z.output<P>,
      query: request.query as z.output<Q>,
      request,
    }),
  );
}

const NOT_FOUND_MESSAGES = {
  not_found: 'Not found.',
  debt_not_found: 'Debt not found.',
  wallet_not_found: 'Wallet not found.',
  transfer_not_found: 'Transfer not found.',
  recurring_not_found: 'Recurring item not found.',
  import_not_found: 'Import not found.',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** The 404 of an item that is unknown, another user's, or named by something other than a UUID. */
export function notFound(code: keyof typeof NOT_FOUND_MESSAGES = 'not_found'): HttpError {
  return new HttpError(404, code, NOT_FOUND_MESSAGES[code]);
}

/** The id in lower case, or the 404 `notFound` when it is not a UUID. */
export function itemIdOr404(id: string, code?: Parameters<typeof notFound>[0]): string {
  const parsed = uuidSchema.safeParse(id);
  if (!parsed.success) throw notFound(code);
  return parsed.data;
}

/** Reads a page: a cursor the store cannot read answers 400, field `cursor`, code `field_invalid`. */
export async function paged<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) {
      throw new HttpError(400, 'validation_failed', 'The page cursor is not valid.', { cursor: 'field_invalid' });
    }
    throw error;
  }
}

/** A page of one item's history: its documents newest revision first. */
export interface HistoryRead<D, E> {
  readonly view: string;
  readonly userId: string;
  /** The item's field and id, e.g. `{ transactionId }`. */
  readonly where: Readonly<Record<string, string>>;
  readonly query: { readonly limit: number; readonly cursor?: string | undefined };
  readonly notFound: () => HttpError;
  readonly entry: (doc: D) => E;
}

/**
 * The history of one item (a transaction, a debt), newest first, a page per cursor. The
 * first page of an item without history (another user's included) answers `notFound`: as
 * unknown as an item that was never made.
 */
export function historyPage<D extends Document, E>(
  readStore: ReadStore,
  read: HistoryRead<D, E>,
): Promise<{ items: E[]; nextCursor: string | null }> {
  return paged(async () => {
    const page = await readStore.find<D>(read.view, {
      userId: read.userId,
      where: read.where,
      sort: [{ field: 'revision', direction: 'desc' }],
      limit: read.query.limit,
      ...(read.query.cursor === undefined ? {} : { cursor: read.query.cursor }),
    });
    if (read.query.cursor === undefined && page.items.length === 0) throw read.notFound();
    return { items: page.items.map(({ doc }) => read.entry(doc)), nextCursor: page.nextCursor };
  });
}
