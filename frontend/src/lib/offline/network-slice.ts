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
}

const initialState: NetworkState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  shownAsOf: null,
};

export const networkSlice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    wentOffline(state) {
      return { ...state, online: false };
    },
    wentOnline(state) {
      return { ...state, online: true };
    },
    /** An answer came from the device copy, saved at `savedAt`. */
    answeredFromDevice(state, action: PayloadAction<{ savedAt: string }>) {
      const { savedAt } = action.payload;
      const oldest = state.shownAsOf === null || savedAt < state.shownAsOf ? savedAt : state.shownAsOf;
      return { online: false, shownAsOf: oldest };
    },
    /** The server answered: what is shown from now on is current. */
    answeredFromServer() {
      return { online: true, shownAsOf: null };
    },
  },
});

export const { wentOffline, wentOnline, answeredFromDevice, answeredFromServer } = networkSlice.actions;

type WithNetwork = { readonly network: NetworkState };
export const selectOnline = (state: WithNetwork): boolean => state.network.online;
export const selectShownAsOf = (state: WithNetwork): string | null => state.network.shownAsOf;
