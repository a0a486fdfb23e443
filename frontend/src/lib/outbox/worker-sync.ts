import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { toApiError } from '../api/api-error';
import { storedUserIds } from '../offline/db';
import { classify, createOutboxEngine, type LockManagerLike, type SendOutcome } from './engine';
import { isCommandResult, savePosition } from './position';
import { readEntries } from './queue';
import { validToken } from './token';
import { OUTBOX_CHANNEL, type AnyOutboxEntry, type OutboxChangedMessage } from './types';

/**
 * Background Sync with no window open: the service worker sends each user's waiting entries
 * itself, with plain `fetch` and the ID token a page last saved (`token.ts`), under the same Web
 * Lock as the pages, and classifies the answers as they do (`engine.ts`). A user whose saved
 * token has expired is left alone: the next page that opens sends their entries. Pages are told
 * of every change on the BroadcastChannel, and read again the screens of the commands that went.
 */

export interface WorkerSyncOptions {
  readonly fetch?: typeof fetch;
  /** Where the API is (the worker's origin + `/api`). */
  readonly baseUrl?: string;
  readonly now?: () => Date;
  readonly locks?: LockManagerLike;
  /** The users whose databases this browser holds. */
  readonly userIds?: () => Promise<string[]>;
  /** Says that a user's outbox changed (the BroadcastChannel by default). */
  readonly tell?: (uid: string) => void;
  readonly timeoutMs?: number;
}

const TIMEOUT_MS = 15_000;

function defaultTell(): (uid: string) => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  return (uid) => {
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    const message: OutboxChangedMessage = { type: 'outbox-changed', uid };
    channel.postMessage(message);
    channel.close();
  };
}

async function bodyOf(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

/** Sends one entry as the page's API would, and says how it went. */
export async function sendWithFetch(
  entry: AnyOutboxEntry,
  token: string,
  options: { fetch: typeof fetch; baseUrl: string; timeoutMs: number },
): Promise<SendOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const response = await options.fetch(`${options.baseUrl}/commands/${entry.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(entry.body),
      signal: controller.signal,
    });
    if (response.ok) {
      const body = await bodyOf(response);
      return { kind: 'accepted', result: isCommandResult(body) ? body : null };
    }
    const error: FetchBaseQueryError = { status: response.status, data: await bodyOf(response) };
    return classify(toApiError(error, response));
  } catch (caught) {
    return classify(toApiError({ status: 'FETCH_ERROR', error: String(caught) }));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Entries got no answer (a weak signal, the server busy): the sync event fails so that the
 * browser fires it again later (Background Sync retries a failed sync with a growing pause),
 * rather than leaving them until a page opens.
 */
export class EntriesLeftToSend extends Error {
  constructor(readonly uids: readonly string[]) {
    super(`outbox entries left to send for ${uids.length} user(s)`);
    this.name = 'EntriesLeftToSend';
  }
}

/**
 * Sends the waiting entries of every user of this browser whose saved token is still valid.
 * Resolves when done, or when what is left needs a page (refused, an expired token); rejects
 * with `EntriesLeftToSend`, after trying every user, when an entry got no answer.
 */
export async function syncWithoutWindow(options: WorkerSyncOptions = {}): Promise<void> {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = options.baseUrl ?? '/api';
  const now = options.now ?? (() => new Date());
  const tell = options.tell ?? defaultTell();
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  let uids: string[];
  try {
    uids = await (options.userIds ?? storedUserIds)();
  } catch {
    return;
  }
  const unanswered: string[] = [];
  for (const uid of uids) {
    try {
      const entries = await readEntries(uid);
      if (!entries.some((entry) => entry.state !== 'rejected')) continue;
      if ((await validToken(uid, now())) === null) continue;
      const engine = createOutboxEngine({
        uid,
        // The token is read again for each entry: a long sync never sends one that has expired
        // meanwhile, and takes the newer one a page saved.
        send: async (entry) => {
          const token = await validToken(uid, now());
          if (token === null) return { kind: 'session-ended' };
          return sendWithFetch(entry, token, { fetch: fetchFn, baseUrl, timeoutMs });
        },
        changed: () => tell(uid),
        accepted: (result) => savePosition(uid, result.position),
        now: () => now().toISOString(),
        ...(options.locks === undefined ? {} : { locks: options.locks }),
      });
      const report = await engine.flush();
      // The worker does not stay to try again: the next sync event or page does.
      engine.stop();
      if (report.stopped === 'transient') unanswered.push(uid);
    } catch {
      // This user's data cannot be read now (wiped meanwhile): the others are still sent.
    }
  }
  if (unanswered.length > 0) throw new EntriesLeftToSend(unanswered);
}
