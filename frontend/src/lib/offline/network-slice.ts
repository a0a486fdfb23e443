import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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
   * How many answers painted from the device at start-up (a repeat visit, while the session is
   * restored) are still being asked of the server: "updating — showing data as of <time>".
   */
  readonly refreshing: number;
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
  refreshing: 0,
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
      return { ...state, shownAsOf: null, refreshing: 0 };
    },
    /**
     * An answer came from the device copy, saved at `savedAt`: because the server could not be
     * reached, or (`refreshing`) painted at start-up while the server is asked for it.
     */
    answeredFromDevice(state, action: PayloadAction<{ savedAt: string; refreshing?: boolean }>) {
      const { savedAt, refreshing = false } = action.payload;
      const oldest = state.shownAsOf === null || savedAt < state.shownAsOf ? savedAt : state.shownAsOf;
      return refreshing
        ? { ...state, shownAsOf: oldest, refreshing: state.refreshing + 1 }
        : { ...state, online: false, shownAsOf: oldest };
    },
    /**
     * The server answered: what is shown from now on is current, except answers painted from
     * the device that are still being asked for (`refreshing`).
     */
    answeredFromServer(state) {
      return { ...state, online: true, shownAsOf: state.refreshing > 0 ? state.shownAsOf : null, browserOnline: true };
    },
    /**
     * An answer painted from the device at start-up was asked of the server (answered or not);
     * once none is left and the server answers, nothing on screen comes from the device.
     */
    paintRefreshed(state) {
      const refreshing = Math.max(0, state.refreshing - 1);
      return { ...state, refreshing, shownAsOf: refreshing === 0 && state.online ? null : state.shownAsOf };
    },
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
export const selectRefreshing = (state: WithNetwork): boolean => state.network.refreshing > 0;
/**
 * Whether the browser says it is online, by its last event and by `navigator.onLine` now (an
 * event may not have reached the store yet); it may still not reach the server.
 */
export const selectBrowserSaysOnline = (state: WithNetwork): boolean =>
  selectBrowserOnline(state) && navigatorSaysOnline();
