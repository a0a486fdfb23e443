import type { BaseQueryApi, BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import { comparePositions, isPosition } from '@plenty/contracts/positions';
import { answerKey, type SavedAnswer } from '../offline/answers';
import { TokenUnreachableError } from '../offline/token-unreachable';
import {
  answeredFromDevice,
  answeredFromServer,
  navigatorSaysOnline,
  PAINTED_META,
  serverUnreachable,
  type NetworkState,
} from '../offline/network-slice';
import { toApiError, type ApiError } from './api-error';
import { commandApplied, selectMinPosition } from './consistency-slice';

export { TokenUnreachableError };

/** Where the base query gets the signed-in user's Firebase ID token (null for a guest). */
export interface IdTokenSource {
  idToken(forceRefresh: boolean): Promise<string | null>;
  /**
   * The API refused the user's token even after a fresh one was issued: the account was
   * disabled or its sessions revoked, so the browser signs it out.
   */
  rejected?(): Promise<void>;
}

/** Where queries keep their answers on the device, for reading them offline (see lib/offline/answers.ts). */
export interface DeviceCopy {
  /** The signed-in user whose answers are kept, from the store's state; null keeps none. */
  uid(state: unknown): string | null;
  read(uid: string, key: string): Promise<SavedAnswer | null>;
  /** Fire and forget: the answer never waits for it, and its failure is ignored. */
  save(uid: string, answer: SavedAnswer): Promise<unknown>;
}

/**
 * Painting from the device at start-up: on a repeat visit, while the session the browser saved
 * is being restored (lib/auth/start-up.ts), each query's first answer on this page is its device
 * copy, shown at once; the query is then asked of the server, whose answer replaces it.
 */
export interface DevicePaint {
  /** Whether the app is restoring a saved session, so first answers come from the device. */
  painting(state: unknown): boolean;
  /**
   * Asks the server for the query in the cache entry `queryCacheKey` once its painted answer is
   * in the cache. The entry counts as being updated (the network slice's `refreshing`) until a
   * request for it settles; when it cannot be asked again, `paintRefreshed(queryCacheKey)` says so.
   */
  refresh(api: Pick<BaseQueryApi, 'dispatch' | 'getState'>, queryCacheKey: string): void;
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
  /** The device copy of a signed-in user's answers; without it queries only ask the server. */
  readonly device?: DeviceCopy;
  /** How long a query waits for the server when the device has a copy of its answer (10 s). */
  readonly deviceWaitMs?: number;
  /** Whether the browser says it is online (`navigator.onLine`); when not, the server is not asked. */
  readonly browserOnline?: () => boolean;
  /** The time an answer is saved at. */
  readonly now?: () => Date;
  /** Painting from the device at start-up; without it every first answer is the server's. */
  readonly paint?: DevicePaint;
}

const CATCH_UP_DELAYS_MS = [500, 1000, 2000] as const;
const DEVICE_WAIT_MS = 10_000;

type RawResult = Awaited<ReturnType<ReturnType<typeof fetchBaseQuery>>>;

const unreachable = (reason: string): RawResult => ({ error: { status: 'FETCH_ERROR', error: reason } });

const isNetworkFailure = (result: RawResult): boolean =>
  result.error?.status === 'FETCH_ERROR' || result.error?.status === 'TIMEOUT_ERROR';

function networkOf(state: unknown): NetworkState | null {
  if (typeof state !== 'object' || state === null || !('network' in state)) return null;
  return (state as { network: NetworkState }).network;
}

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

/** Whether the device copy's user is still `uid` (the session did not end or change meanwhile). */
const signedInUidIs = (device: DeviceCopy, state: unknown, uid: string): boolean => device.uid(state) === uid;

/**
 * The one way the app talks to its API: sends the ID token, asks for a fresh token and tries
 * once more when the server answers 401 (and signs the user out when it answers 401 again) or
 * 403 `email_not_verified` (a token from before the address was verified),
 * makes queries read the app's own writes after a command (X-Min-Position; an answer that is
 * still behind it is asked for again a few times, so a busy projector shows the change late
 * rather than never), and turns failures into ApiErrors with a message id.
 *
 * A signed-in user's query answers are also kept on the device (`device`): offline (the browser
 * says so) a query answers from there at once; when the server cannot be reached (a network
 * error, a token that cannot be refreshed) or takes longer than `deviceWaitMs` while a copy
 * exists, the copy answers, and the network slice says how old it is (`answeredFromDevice`).
 * Without a copy the query fails with a network error. Any answer of the server marks what is
 * shown as current again (`answeredFromServer`).
 */
export function createBaseQuery(options: BaseQueryOptions): BaseQueryFn<string | FetchArgs, unknown, ApiError> {
  const raw = fetchBaseQuery({ baseUrl: options.baseUrl, ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}) });
  const browserOnline = options.browserOnline ?? navigatorSaysOnline;
  const now = options.now ?? (() => new Date());
  /** The cache entries whose first answer on this page was painted from the device. */
  const painted = new Set<string>();
  return async (args, api, extraOptions) => {
    const request: FetchArgs = typeof args === 'string' ? { url: args } : args;
    const uid = api.type === 'query' && options.device !== undefined ? options.device.uid(api.getState()) : null;
    const key = uid === null ? null : answerKey(request);

    // The copy's position says whether it is behind the last command (consistency-slice.ts).
    const fromDevice = (saved: SavedAnswer) => {
      api.dispatch(answeredFromDevice({ savedAt: saved.savedAt }));
      return { data: saved.data, meta: { position: saved.position } };
    };
    const failed = (result: RawResult) => {
      if (isNetworkFailure(result) && !api.signal.aborted && networkOf(api.getState())?.online !== false)
        api.dispatch(serverUnreachable());
      return {
        error: toApiError(result.error ?? { status: 'FETCH_ERROR', error: '' }, result.meta?.response),
        meta: result.meta,
      };
    };

    // Offline: the device copy at once, without waiting for a network that is not there. Back
    // online, the entry is asked of the server, not painted from the device again.
    if (uid !== null && key !== null && options.device !== undefined && !browserOnline()) {
      if (api.queryCacheKey !== undefined) painted.add(api.queryCacheKey);
      const saved = await options.device.read(uid, key);
      return saved === null ? failed(unreachable('offline')) : fromDevice(saved);
    }

    // Start-up of a repeat visit: the device copy at once, then the server is asked (refresh).
    const { paint, device } = options;
    const cacheKey = api.queryCacheKey;
    if (
      uid !== null &&
      key !== null &&
      device !== undefined &&
      paint !== undefined &&
      cacheKey !== undefined &&
      !painted.has(cacheKey) &&
      paint.painting(api.getState())
    ) {
      painted.add(cacheKey);
      const copy = await device.read(uid, key).catch(() => null);
      // Read again: the session may have ended (or be confirmed) while the copy was read.
      if (copy !== null && paint.painting(api.getState()) && signedInUidIs(device, api.getState(), uid)) {
        api.dispatch(answeredFromDevice({ savedAt: copy.savedAt, painted: cacheKey }));
        setTimeout(() => paint.refresh(api, cacheKey), 0);
        return { data: copy.data, meta: PAINTED_META };
      }
    }

    // The server's answer is asked for with its own signal, so a weak signal can be given up on.
    const serverSignal = new AbortController();
    const giveUp = () => serverSignal.abort();
    if (api.signal.aborted) giveUp();
    else api.signal.addEventListener('abort', giveUp, { once: true });
    const serverApi = { ...api, signal: serverSignal.signal };

    const send = async (forceRefresh: boolean) => {
      let token: string | null;
      try {
        token = await options.tokens.idToken(forceRefresh);
      } catch (error) {
        if (error instanceof TokenUnreachableError) return { token: null, result: unreachable(error.message) };
        throw error;
      }
      const headers = headersOf(request.headers);
      if (token !== null) headers.set('authorization', `Bearer ${token}`);
      const minPosition = selectMinPosition(api.getState());
      if (api.type === 'query' && minPosition !== null) headers.set('x-min-position', minPosition);
      return { token, result: await raw({ ...request, headers }, serverApi, extraOptions) };
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

    // Still behind after these pauses: the answer is shown, and its entry is asked for again
    // later, until it has caught up (consistency-slice.ts `behind`, catch-up.ts).
    const ask = async () => {
      let result = await attempt();
      if (api.type === 'query') {
        for (const delay of options.catchUpDelaysMs ?? CATCH_UP_DELAYS_MS) {
          const minPosition = selectMinPosition(api.getState());
          if (result.error !== undefined || minPosition === null || !behind(result.meta?.response, minPosition)) break;
          // Offline the views cannot catch up: what came is shown, and asked for again once online.
          if (!browserOnline()) break;
          await pause(delay, serverSignal.signal);
          if (serverSignal.signal.aborted) break;
          result = await attempt();
        }
      }
      return result;
    };

    const saved =
      uid !== null && key !== null && options.device !== undefined
        ? options.device.read(uid, key).catch(() => null)
        : Promise.resolve(null);
    // With a copy on the device, a weak signal is waited for DEVICE_WAIT_MS at most.
    const waitOver = new AbortController();
    const waited = saved.then(async (copy) => {
      if (copy === null) return new Promise<never>(() => undefined);
      await pause(options.deviceWaitMs ?? DEVICE_WAIT_MS, waitOver.signal);
      return { copy };
    });
    let result: RawResult;
    try {
      const first = await Promise.race([ask().then((answer) => ({ answer })), waited]);
      if ('copy' in first) {
        giveUp();
        return fromDevice(first.copy);
      }
      result = first.answer;
    } finally {
      waitOver.abort();
      api.signal.removeEventListener('abort', giveUp);
    }

    if (isNetworkFailure(result) && !api.signal.aborted) {
      const copy = await saved;
      if (copy !== null) return fromDevice(copy);
    }
    if (result.error === undefined || !isNetworkFailure(result)) {
      const network = networkOf(api.getState());
      if (network !== null && (!network.online || network.shownAsOf !== null)) api.dispatch(answeredFromServer());
    }
    if (result.error !== undefined) return failed(result);
    if (api.type === 'mutation') {
      const position = positionOf(result.data, result.meta?.response);
      if (position !== null) api.dispatch(commandApplied(position));
    }
    if (uid !== null && key !== null && options.device !== undefined) {
      const answer: SavedAnswer = {
        key,
        data: result.data,
        savedAt: now().toISOString(),
        position: positionOf(result.data, result.meta?.response),
      };
      void options.device.save(uid, answer).catch(() => undefined);
    }
    return { data: result.data, meta: { ...result.meta, position: result.meta?.response?.headers.get('x-position') } };
  };
}
