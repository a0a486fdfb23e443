import type { Dispatch } from '@reduxjs/toolkit';
import { outboxCleared } from '../outbox/outbox-slice';
import { clearBootSnapshot } from '../boot-snapshot/reveal';
import { closeDeviceCopy, forgetAnswers } from './answers';
import { deleteUserDb, hasIndexedDb } from './db';
import { deviceCopyCleared } from './network-slice';

let dispatch: Dispatch | null = null;
/** Users whose database is being deleted on this page. */
const wiping = new Set<string>();

/** The store whose caches a wipe clears (main.tsx binds the app's store at start). */
export function bindDeviceData(storeDispatch: Dispatch): void {
  dispatch = storeDispatch;
}

/** Forgets every answer in memory (RTK Query's cache) and that anything came from the device. */
async function clearShown(): Promise<void> {
  if (dispatch === null) return;
  dispatch(deviceCopyCleared());
  const { api } = await import('../api/api');
  dispatch(api.util.resetApiState());
}

/**
 * Everything this browser holds of `uid`, gone: their database (answers, outbox, meta), the
 * answers in memory and the outbox on screen. On sign-out and after the account is deleted.
 * What is in memory goes at once; the returned promise resolves once the database is deleted,
 * which waits for other tabs to close it (they do on `versionchange`, see db.ts).
 */
export async function wipeDeviceData(uid: string): Promise<void> {
  closeDeviceCopy(uid);
  clearBootSnapshot();
  wiping.add(uid);
  dispatch?.(outboxCleared());
  try {
    await clearShown().catch(() => undefined);
    if (hasIndexedDb()) await deleteUserDb(uid).catch(() => undefined);
  } finally {
    wiping.delete(uid);
  }
}

/**
 * For a session that ended without the user signing out (account disabled, sign-in revoked):
 * what the device shows of `uid` is forgotten (answers, meta, the answers in memory), their
 * outbox is kept and sent when they sign in again.
 */
export async function forgetDeviceAnswers(uid: string): Promise<void> {
  // Being wiped already: opening the database to clear it would only bring it back.
  if (wiping.has(uid)) return;
  closeDeviceCopy(uid);
  clearBootSnapshot();
  await clearShown().catch(() => undefined);
  await forgetAnswers(uid).catch(() => undefined);
}
