import type { SyncDoneMessage, SyncRequestMessage } from '../lib/outbox/types';

/** How long the worker waits for a page to say it is done sending, at most. */
export const SYNC_ANSWER_TIMEOUT_MS = 60_000;

/** A window the worker can ask to send the outbox. */
export interface SyncWindow {
  postMessage(message: SyncRequestMessage): void;
}

/** What `syncThroughWindows` needs of the worker (the service worker global, or a test's fake). */
export interface SyncScope {
  /** Every open window of the app, controlled or not. */
  windows(): Promise<readonly SyncWindow[]>;
  /** Calls `listener` with every message a page posts to the worker; answers the unsubscribe. */
  onMessage(listener: (data: unknown) => void): () => void;
}

const isSyncDone = (data: unknown): data is SyncDoneMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'plenty:synced';

/**
 * Background Sync: the browser says the network is back. The pages hold the session that signs
 * the requests, so the worker asks every open window to send the outbox (`plenty:sync`) and is
 * done when one of them answers `plenty:synced`, or after `SYNC_ANSWER_TIMEOUT_MS`. With no
 * window open, `withoutWindow` sends it, if anything can.
 */
export async function syncThroughWindows(scope: SyncScope, withoutWindow: () => Promise<void>): Promise<void> {
  const windows = await scope.windows();
  if (windows.length === 0) {
    await withoutWindow();
    return;
  }
  await new Promise<void>((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const stop = scope.onMessage((data) => {
      if (isSyncDone(data)) finish();
    });
    const timer = setTimeout(finish, SYNC_ANSWER_TIMEOUT_MS);
    const request: SyncRequestMessage = { type: 'plenty:sync' };
    for (const window of windows) window.postMessage(request);
  });
}
