import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isQueryRemoved, isQuerySettled, type QuerySettled } from '../store/query-actions';

/**
 * Whether the app reaches its server, and how old the data on screen is when it does not.
 * Written by the offline reading layer (`lib/offline/`); read by the offline banner and
 * anything that behaves differently offline (the receipt field, the outbox).
 */
export interface NetworkState {
  /** False when the browser says it is offline or the last request could not reach the server. */
  readonly online: boolean;
  /**
   * The oldest `savedAt` (ISO) of the answers shown from this device since the server last
   * answered: "offline — as of <time>". Null while every answer on screen came from the server.
   */
  readonly shownAsOf: string | null;
  /**
   * What the browser says (`navigator.onLine` and its `online`/`offline` events): false is
   * "offline"; true with `online` false is a weak signal or a server that cannot be reached.
   */
  readonly browserOnline: boolean;
  /**
   * The cache entries (RTK Query's `queryCacheKey`) whose answer was painted from the device at
   * start-up (a repeat visit, while the session is restored) and has not yet been replaced by
   * an answer of the server: "updating — showing data as of <time>". An entry leaves the list
   * when the server answers it (or fails to) and when it leaves the cache.
   */
  readonly refreshing: readonly string[];
}

/** The meta of a base query's answer painted from the device at start-up, so it is not taken for the server's. */
export const PAINTED_META = { painted: true } as const;

/** A server that answered with an error of its own (5xx): the painted copy stays, as not current. */
const serverFailed = (action: QuerySettled): boolean => {
  if (action.meta.requestStatus !== 'rejected') return false;
  const status = (action.payload as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' && status >= 500;
};

const paintedAnswer = (meta: unknown): boolean =>
  typeof meta === 'object' && meta !== null && (meta as { painted?: unknown }).painted === true;

/** `state` without `cacheKey` among the painted entries; once none is left and the server answers, all is current. */
function replaced(state: NetworkState, cacheKey: string): NetworkState {
  if (!state.refreshing.includes(cacheKey)) return state;
  const refreshing = state.refreshing.filter((key) => key !== cacheKey);
  return { ...state, refreshing, shownAsOf: refreshing.length === 0 && state.online ? null : state.shownAsOf };
}

/**
 * What `navigator.onLine` says now: false only when the browser knows it has no network; true
 * where there is no navigator (node) or it does not say.
 */
export const navigatorSaysOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

const initialOnline = navigatorSaysOnline();
const initialState: NetworkState = {
  online: initialOnline,
  shownAsOf: null,
  browserOnline: initialOnline,
  refreshing: [],
};

export const networkSlice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    wentOffline(state) {
      return { ...state, online: false, browserOnline: false };
    },
    wentOnline(state) {
      return { ...state, online: true, browserOnline: true };
    },
    /** A request could not reach the server and nothing from the device was shown instead. */
    serverUnreachable(state) {
      return { ...state, online: false };
    },
    /** The device copy was wiped (sign-out): nothing on screen comes from it any more. */
    deviceCopyCleared(state) {
      return { ...state, shownAsOf: null, refreshing: [] };
    },
    /**
     * An answer came from the device copy, saved at `savedAt`: because the server could not be
     * reached, or painted at start-up into the cache entry `painted` while the server is asked for it.
     */
    answeredFromDevice(state, action: PayloadAction<{ savedAt: string; painted?: string }>) {
      const { savedAt, painted } = action.payload;
      const oldest = state.shownAsOf === null || savedAt < state.shownAsOf ? savedAt : state.shownAsOf;
      if (painted === undefined) return { ...state, online: false, shownAsOf: oldest };
      const refreshing = state.refreshing.includes(painted) ? state.refreshing : [...state.refreshing, painted];
      return { ...state, shownAsOf: oldest, refreshing };
    },
    /**
     * The server answered: what is shown from now on is current, except answers painted from
     * the device that are still being asked for (`refreshing`).
     */
    answeredFromServer(state) {
      return {
        ...state,
        online: true,
        shownAsOf: state.refreshing.length > 0 ? state.shownAsOf : null,
        browserOnline: true,
      };
    },
    /**
     * The answer painted into the cache entry `painted` will not be replaced by the server's
     * (the entry could not be asked again); it no longer counts as being updated.
     */
    paintRefreshed(state, action: PayloadAction<string>) {
      return replaced(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    // A painted entry is no longer being updated once any later request for it settled: the
    // server answered (or refused), or it could not be reached and the device answered again,
    // which the banner tells as offline.
    builder.addMatcher(isQuerySettled, (state, action) => {
      const cacheKey = action.meta.arg?.queryCacheKey;
      if (typeof cacheKey !== 'string' || action.meta.condition === true) return state;
      if (paintedAnswer(action.meta.baseQueryMeta)) return state;
      // The server could not give the answer: what is on screen is still the device copy, and
      // the banner says so ("can't be reached — showing data as of …").
      if (state.refreshing.includes(cacheKey) && serverFailed(action))
        return { ...replaced({ ...state, online: false }, cacheKey), online: false };
      return replaced(state, cacheKey);
    });
    builder.addMatcher(isQueryRemoved, (state, action) => replaced(state, action.payload.queryCacheKey));
  },
});

export const {
  wentOffline,
  wentOnline,
  answeredFromDevice,
  answeredFromServer,
  serverUnreachable,
  deviceCopyCleared,
  paintRefreshed,
} = networkSlice.actions;

type WithNetwork = { readonly network: NetworkState };
export const selectOnline = (state: WithNetwork): boolean => state.network.online;
export const selectShownAsOf = (state: WithNetwork): string | null => state.network.shownAsOf;
export const selectBrowserOnline = (state: WithNetwork): boolean => state.network.browserOnline;
/** Whether answers painted from the device at start-up are still being asked of the server. */
export const selectRefreshing = (state: WithNetwork): boolean => state.network.refreshing.length > 0;
/** The cache entries (`queryCacheKey`) whose painted answer is still being asked of the server. */
export const selectRefreshingKeys = (state: WithNetwork): readonly string[] => state.network.refreshing;
/**
 * Whether the browser says it is online, by its last event and by `navigator.onLine` now (an
 * event may not have reached the store yet); it may still not reach the server.
 */
export const selectBrowserSaysOnline = (state: WithNetwork): boolean =>
  selectBrowserOnline(state) && navigatorSaysOnline();
