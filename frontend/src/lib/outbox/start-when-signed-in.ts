import type { SyncDoneMessage } from './types';

/** The part of the Redux store this start-up reads: who is signed in. */
export interface SessionStore {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
}

interface AuthRootState {
  readonly auth?: { readonly status?: string; readonly user?: { readonly uid?: string } | null };
}

/** What `startOutbox` (outbox.ts) is to this start-up: it follows the store from then on. */
export type StartOutbox<S extends SessionStore> = (store: S) => () => void;

const isSignedIn = (store: SessionStore): boolean => {
  const auth = (store.getState() as AuthRootState).auth;
  return auth?.status === 'signed-in' && typeof auth.user?.uid === 'string';
};

const isSyncRequest = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'plenty:sync';

/**
 * Starts the outbox engine the first time someone is signed in, loading it then: a guest's
 * first page (the login page) does not download it. Until then the page answers the service
 * worker's Background Sync request at once, as a running outbox with nobody signed in does;
 * once loaded, `startOutbox` follows the store itself (sign-out, another user, a wipe).
 * Returns a stop function.
 */
export function startOutboxWhenSignedIn<S extends SessionStore>(
  store: S,
  load: () => Promise<StartOutbox<S>>,
): () => void {
  let requested = false;
  let stopped = false;
  let stopOutbox: (() => void) | null = null;
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;

  const answerWhileGuest = (event: MessageEvent) => {
    if (requested || !isSyncRequest(event.data)) return;
    const done: SyncDoneMessage = { type: 'plenty:synced' };
    (event.source as { postMessage?(message: unknown): void } | null)?.postMessage?.(done);
  };
  const follow = () => {
    if (requested || !isSignedIn(store)) return;
    requested = true;
    unsubscribe();
    worker?.removeEventListener('message', answerWhileGuest);
    void load()
      .then((startOutbox) => {
        if (!stopped) stopOutbox = startOutbox(store);
      })
      .catch(() => {
        // Not loaded (the network went before the chunk came): tried again on the next change.
        if (stopped) return;
        requested = false;
        unsubscribe = store.subscribe(follow);
        worker?.addEventListener('message', answerWhileGuest);
      });
  };

  let unsubscribe = store.subscribe(follow);
  worker?.addEventListener('message', answerWhileGuest);
  follow();
  return () => {
    stopped = true;
    unsubscribe();
    worker?.removeEventListener('message', answerWhileGuest);
    stopOutbox?.();
  };
}
