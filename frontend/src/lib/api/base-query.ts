import type { BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query';
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
}

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

/**
 * The one way the app talks to its API: sends the ID token, asks for a fresh token and tries
 * once more when the server answers 401 (and signs the user out when it answers 401 again), makes queries read the app's own writes after a
 * command (X-Min-Position), and turns failures into ApiErrors with a message id.
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

    const first = await send(false);
    let result = first.result;
    if (result.error?.status === 401 && first.token !== null) {
      const second = await send(true);
      result = second.result;
      if (result.error?.status === 401 && second.token !== null) await options.tokens.rejected?.();
    }
    if (result.error !== undefined) return { error: toApiError(result.error), meta: result.meta };
    if (api.type === 'mutation') {
      const position = positionOf(result.data, result.meta?.response);
      if (position !== null) api.dispatch(commandApplied(position));
    }
    return { data: result.data, meta: result.meta };
  };
}
