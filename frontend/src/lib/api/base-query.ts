import type { BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import { comparePositions, isPosition } from '@plenty/contracts/positions';
import { toApiError, type ApiError } from './api-error';
import { commandApplied, selectMinPosition } from './consistency-slice';

/** Where the base query gets the signed-in user's Firebase ID token (null for a guest). */
export interface IdTokenSource {
  idToken(forceRefresh: boolean): Promise<string | null>;
  /**
   * The API refused the user's token even after a fresh one was issued: the account was
   * disabled or its sessions revoked, so the browser signs it out.
   */
  rejected?(): Promise<void>;
}

export interface BaseQueryOptions {
  readonly baseUrl: string;
  readonly tokens: IdTokenSource;
  readonly fetchFn?: typeof fetch;
  /**
   * Pauses before asking again when an answer does not yet reflect the browser's last command
   * (the server already waited up to 2 s for it); the default waits 0.5 s, 1 s, then 2 s.
   */
  readonly catchUpDelaysMs?: readonly number[];
}

const CATCH_UP_DELAYS_MS = [500, 1000, 2000] as const;

/** Whether position `a` is before `b` (numbers, or `commit/prepare` pairs part by part). */
export const positionBefore = (a: string, b: string): boolean => comparePositions(a, b) < 0;

/** The answer says (X-Position) that the views have not yet reached `minPosition`. */
function behind(response: Response | undefined, minPosition: string): boolean {
  const reached = response?.headers.get('x-position');
  if (reached == null || !isPosition(reached) || !isPosition(minPosition)) return false;
  return positionBefore(reached, minPosition);
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    if (signal.aborted) return done();
    const timer = setTimeout(done, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        done();
      },
      { once: true },
    );
  });

function headersOf(init: FetchArgs['headers']): Headers {
  const headers = new Headers();
  if (init instanceof Headers) init.forEach((value, name) => headers.set(name, value));
  else if (Array.isArray(init)) for (const [name, value] of init) headers.set(name ?? '', value ?? '');
  else if (init !== undefined)
    for (const [name, value] of Object.entries(init)) if (value !== undefined) headers.set(name, value);
  return headers;
}

function positionOf(data: unknown, response: Response | undefined): string | null {
  if (typeof data === 'object' && data !== null && 'position' in data) {
    const position = (data as { position: unknown }).position;
    if (typeof position === 'string' && position !== '') return position;
  }
  return response?.headers.get('x-position') ?? null;
}

/** The `error.code` of an error answer's body, if it has one. */
function errorCode(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('error' in data)) return null;
  const { error } = data as { error: unknown };
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : null;
}

/**
 * The one way the app talks to its API: sends the ID token, asks for a fresh token and tries
 * once more when the server answers 401 (and signs the user out when it answers 401 again) or
 * 403 `email_not_verified` (a token from before the address was verified),
 * makes queries read the app's own writes after a command (X-Min-Position; an answer that is
 * still behind it is asked for again a few times, so a busy projector shows the change late
 * rather than never), and turns failures into ApiErrors with a message id.
 */
export function createBaseQuery(options: BaseQueryOptions): BaseQueryFn<string | FetchArgs, unknown, ApiError> {
  const raw = fetchBaseQuery({ baseUrl: options.baseUrl, ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}) });
  return async (args, api, extraOptions) => {
    const request: FetchArgs = typeof args === 'string' ? { url: args } : args;
    const send = async (forceRefresh: boolean) => {
      const token = await options.tokens.idToken(forceRefresh);
      const headers = headersOf(request.headers);
      if (token !== null) headers.set('authorization', `Bearer ${token}`);
      const minPosition = selectMinPosition(api.getState());
      if (api.type === 'query' && minPosition !== null) headers.set('x-min-position', minPosition);
      return { token, result: await raw({ ...request, headers }, api, extraOptions) };
    };

    const attempt = async () => {
      const first = await send(false);
      if (first.token === null) return first.result;
      if (first.result.error?.status === 403 && errorCode(first.result.error.data) === 'email_not_verified') {
        // The token may be from before the address was verified (in another tab, on another
        // device): a new one says whether it is now. Still refused: the answer stands.
        return (await send(true)).result;
      }
      if (first.result.error?.status !== 401) return first.result;
      const second = await send(true);
      if (second.result.error?.status === 401 && second.token !== null) await options.tokens.rejected?.();
      return second.result;
    };

    let result = await attempt();
    if (api.type === 'query') {
      for (const delay of options.catchUpDelaysMs ?? CATCH_UP_DELAYS_MS) {
        const minPosition = selectMinPosition(api.getState());
        if (result.error !== undefined || minPosition === null || !behind(result.meta?.response, minPosition)) break;
        await pause(delay, api.signal);
        if (api.signal.aborted) break;
        result = await attempt();
      }
    }
    if (result.error !== undefined)
      return { error: toApiError(result.error, result.meta?.response), meta: result.meta };
    if (api.type === 'mutation') {
      const position = positionOf(result.data, result.meta?.response);
      if (position !== null) api.dispatch(commandApplied(position));
    }
    return { data: result.data, meta: result.meta };
  };
}
