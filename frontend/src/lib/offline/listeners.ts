import { restoringSession } from '../auth/auth-slice';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { reopenDeviceCopy, signedInUid } from './answers';
import { bindDeviceData } from './device-data';
import { wentOffline, wentOnline } from './network-slice';
import { resetWarmUp, scheduleWarmUp, type WarmUp } from './warm-up';

interface OfflineStore {
  readonly dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
  getState(): unknown;
  subscribe(listener: () => void): () => void;
}

/**
 * Starts offline reading for the app's store: the browser's `online`/`offline` events go to
 * the network slice; RTK Query asks again for what is on screen when the network is back
 * (`refetchOnReconnect`); a user who signs in has their device copy read and written again,
 * and warmed once per session with what they open offline (see warm-up.ts).
 */
export function startOfflineListeners(store: OfflineStore, loadWarmUp: () => Promise<WarmUp>): () => void {
  bindDeviceData(store.dispatch);
  const offline = () => store.dispatch(wentOffline());
  const online = () => store.dispatch(wentOnline());
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  // RTK Query's own listeners (refetchOnReconnect) load with the first signed-in user, as the API
  // does, so the first page of a guest does not download RTK Query.
  let stopRefetching: (() => void) | null = null;
  let stopped = false;
  const startRefetching = () => {
    if (stopRefetching !== null) return;
    stopRefetching = () => undefined;
    void import('@reduxjs/toolkit/query').then(({ setupListeners }) => {
      if (!stopped) stopRefetching = setupListeners(store.dispatch);
    });
  };
  let uid: string | null = null;
  const watchUser = () => {
    const state = store.getState();
    const now = signedInUid(state);
    if (now !== uid) {
      uid = now;
      if (now === null) resetWarmUp();
      else {
        startRefetching();
        reopenDeviceCopy(now);
      }
    }
    // Warmed from the server once the session is confirmed: while a saved one is being restored,
    // first answers are painted from the device, which is not what a warm-up is for.
    if (now !== null && !restoringSession(state)) scheduleWarmUp(now, store.dispatch, loadWarmUp);
  };
  const unsubscribe = store.subscribe(watchUser);
  watchUser();
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
    stopped = true;
    stopRefetching?.();
    unsubscribe();
  };
}
