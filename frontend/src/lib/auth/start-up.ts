import type { Dispatch } from '@reduxjs/toolkit';
import { hasSavedAnswers } from '../offline/answers';
import { sessionRestoring } from './auth-slice';
import { readStoredSession, type StoredSession } from './session';

/** What the start-up decision reads: the SDK's saved session and the device copy. */
export interface StartUpSources {
  readonly storedSession: () => StoredSession | null;
  readonly hasDeviceCopy: (uid: string) => Promise<boolean>;
}

const browserSources: StartUpSources = { storedSession: readStoredSession, hasDeviceCopy: hasSavedAnswers };

/**
 * A repeat visit: when the browser holds a session the Firebase SDK saved, for a verified user
 * who has a device copy on this browser, the app starts signed in as that user at once
 * (`sessionRestoring`), so pages paint their device copies while the SDK restores the session
 * and the first queries go out (signed with the saved token, see `earlyIdToken`). Only the uid
 * the SDK saved is ever shown: the device copy is that uid's own database. Resolves whether it
 * did; it does nothing once the SDK has spoken (the store's status is no longer `unknown`).
 */
export async function paintFromDevice(
  store: { dispatch: Dispatch; getState(): unknown },
  sources: StartUpSources = browserSources,
): Promise<boolean> {
  const stored = sources.storedSession();
  if (stored === null || !stored.user.emailVerified) return false;
  if (!(await sources.hasDeviceCopy(stored.user.uid))) return false;
  const { auth } = store.getState() as { auth: { status: string } };
  if (auth.status !== 'unknown') return false;
  store.dispatch(sessionRestoring(stored.user));
  return true;
}
