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
}

/**
 * What `navigator.onLine` says now: false only when the browser knows it has no network; true
 * where there is no navigator (node) or it does not say.
 */
export const navigatorSaysOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

const initialOnline = navigatorSaysOnline();
const initialState: NetworkState = { online: initialOnline, shownAsOf: null, browserOnline: initialOnline };

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
      return { ...state, shownAsOf: null };
    },
    /** An answer came from the device copy, saved at `savedAt`. */
    answeredFromDevice(state, action: PayloadAction<{ savedAt: string }>) {
      const { savedAt } = action.payload;
      const oldest = state.shownAsOf === null || savedAt < state.shownAsOf ? savedAt : state.shownAsOf;
      return { ...state, online: false, shownAsOf: oldest };
    },
    /** The server answered: what is shown from now on is current. */
    answeredFromServer(state) {
      return { ...state, online: true, shownAsOf: null, browserOnline: true };
    },
  },
});

export const { wentOffline, wentOnline, answeredFromDevice, answeredFromServer, serverUnreachable, deviceCopyCleared } =
  networkSlice.actions;

type WithNetwork = { readonly network: NetworkState };
export const selectOnline = (state: WithNetwork): boolean => state.network.online;
export const selectShownAsOf = (state: WithNetwork): string | null => state.network.shownAsOf;
export const selectBrowserOnline = (state: WithNetwork): boolean => state.network.browserOnline;
/**
 * Whether the browser says it is online, by its last event and by `navigator.onLine` now (an
 * event may not have reached the store yet); it may still not reach the server.
 */
export const selectBrowserSaysOnline = (state: WithNetwork): boolean =>
  selectBrowserOnline(state) && navigatorSaysOnline();
