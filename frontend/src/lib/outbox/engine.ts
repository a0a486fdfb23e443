import type { CommandResult } from '@plenty/contracts/commands/result';
import type { ErrorCode } from '@plenty/contracts/errors';
import type { ApiError } from '../api/api-error';
import {
  addBecomesEdit,
  markRejected,
  markSending,
  markUnanswered,
  markWaiting,
  nextToSend,
  removeEntry,
  transactionOf,
} from './queue';
import { isQueueable, syncLockName, type AnyOutboxEntry, type OutboxRejection } from './types';

/**
 * The outbox's sender, the same in pages and in the service worker: under the user's Web Lock
 * it sends the waiting entries oldest first, one at a time, and
 *
 * - accepted: deletes the entry;
 * - refused (a 4xx that is not transient): marks it `rejected` with the reason, and goes on
 *   with the next entries;
 * - transient (no answer, timeout, 408, 429, 5xx, 409 `conflict`): counts an attempt, stops,
 *   and tries again after a pause (2 s doubling to 5 min, or the server's Retry-After);
 * - the session ended (401 after a fresh token): stops; the entries stay for the next sign-in.
 *
 * An entry is marked `sending` before its request; one found `sending` by whoever takes the
 * lock was cut off (tab closed, crash) and is sent again with the same commandId, which the
 * server applies once.
 */

export type SendOutcome =
  | { readonly kind: 'accepted'; readonly result: CommandResult | null }
  | { readonly kind: 'refused'; readonly error: ApiError & { readonly status: number; readonly code: ErrorCode } }
  | { readonly kind: 'transient'; readonly retryAfterMs: number | null }
  | { readonly kind: 'session-ended' };

/** How an answer counts: see the engine's description. */
export function classify(error: ApiError): SendOutcome {
  const { status, code } = error;
  if (status === 'network' || code === 'network') return { kind: 'transient', retryAfterMs: null };
  const retryAfterMs = error.retryAfterSeconds == null ? null : Math.max(0, error.retryAfterSeconds) * 1000;
  if (status === 408 || status === 429 || status >= 500 || (status === 409 && code === 'conflict'))
    return { kind: 'transient', retryAfterMs };
  if (status === 401) return { kind: 'session-ended' };
  return { kind: 'refused', error: { ...error, status, code } };
}

/**
 * Whether an entry read from the device can be sent at all: a queueable command with a body
 * that has its commandId (an entry changed by hand in the browser's tools may not).
 */
export function isSendable(entry: AnyOutboxEntry): boolean {
  const body: unknown = entry.body;
  return (
    typeof entry.name === 'string' &&
    isQueueable(entry.name) &&
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { commandId?: unknown }).commandId === 'string'
  );
}

/** What an entry that cannot be sent (see `isSendable`, or a send that threw) is refused with. */
const unsendable = (at: string): OutboxRejection => ({
  status: 400,
  code: 'unknown_command',
  messageId: 'error.unknown_command',
  fields: {},
  at,
});

/** `navigator.locks`, or what stands in for it. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** One lock per name in this page or worker, for browsers without Web Locks. */
export function inPageLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.then(callback, callback);
      const tail = run.catch(() => undefined);
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return run;
    },
  };
}

/** The browser's Web Locks where it has them, else a lock of this page alone. */
export function defaultLocks(): LockManagerLike {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManager | null }).locks;
  if (locks != null && typeof locks.request === 'function') {
    return { request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T> };
  }
  return inPageLocks();
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const FIRST_RETRY_MS = 2_000;
export const LAST_RETRY_MS = 5 * 60_000;

/** The pause after `failures` unanswered flushes in a row: 2 s, 4 s, 8 s … 5 min. */
export const backoffMs = (failures: number): number =>
  Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));

export interface EngineDeps {
  readonly uid: string;
  /** Sends one entry's command and says how it went (never throws for an answer). */
  send(entry: AnyOutboxEntry): Promise<SendOutcome>;
  /** The server accepted a command: where its change is in the event store (`position`). */
  accepted?(result: CommandResult): void | Promise<void>;
  /** The store changed (an entry's state, one gone): mirror it, tell other tabs. */
  changed(): void | Promise<void>;
  /** Whether to try at all (false: the browser says it is offline). */
  online?(): boolean;
  /**
   * A flush ends (before `syncing(false)`, whether anything was sent or not): whoever put work
   * off while it sent (mirroring the store, reading views again) does it now.
   */
  idle?(): void | Promise<void>;
  /** Sending began (`busy`), or ended, with when the last entry was accepted. */
  syncing?(busy: boolean, syncedAt: string | null): void;
  locks?: LockManagerLike;
  timers?: Timers;
  now?(): string;
}

/** What became of an entry a caller waits for (`useCommand` online). */
export type EntryFate =
  | { readonly kind: 'accepted'; readonly result: CommandResult | null }
  | { readonly kind: 'refused'; readonly error: ApiError }
  /** Still in the outbox (not sent, or sent without an answer): it syncs later. */
  | { readonly kind: 'queued' };

export interface FlushReport {
  readonly accepted: number;
  readonly rejected: number;
  /** Stopped on a transient failure or an ended session, with entries left to send. */
  readonly stopped: 'transient' | 'session-ended' | 'offline' | 'gone' | null;
}

export interface OutboxEngine {
  readonly uid: string;
  /** Sends what is waiting now (after any flush already going); no-op offline. */
  flush(): Promise<FlushReport>;
  /** As `flush`, and forgets the backoff (the network is back, the app opened). */
  kick(): Promise<FlushReport>;
  /**
   * Flushes and resolves with what became of entry `seq`; a refused entry it waits for is taken
   * out of the outbox instead of kept `rejected` (the form on screen shows the refusal).
   */
  sendAndWait(seq: number): Promise<EntryFate>;
  /** Pause before the next automatic try, or null when none is planned. */
  readonly retryInMs: number | null;
  /** Stops: no more tries planned; a flush under way ends after its current entry. */
  stop(): void;
}

export function createOutboxEngine(deps: EngineDeps): OutboxEngine {
  const locks = deps.locks ?? defaultLocks();
  const timers = deps.timers ?? realTimers;
  const now = deps.now ?? (() => new Date().toISOString());
  /** Who waits for which entry, and how many flushes had started when they began to wait. */
  const waiters = new Map<number, { resolve: (fate: EntryFate) => void; since: number }>();
  let started = 0;
  let failures = 0;
  let retryTimer: unknown = null;
  let retryInMs: number | null = null;
  let stopped = false;
  let queued: Promise<FlushReport> | null = null;
  let tail: Promise<unknown> = Promise.resolve();

  const settle = (seq: number, fate: EntryFate) => {
    const waiter = waiters.get(seq);
    if (waiter === undefined) return;
    waiters.delete(seq);
    waiter.resolve(fate);
  };

  /** Nothing more is sent now: whoever waits is told their entry stays queued. */
  const settleAllQueued = () => {
    for (const seq of [...waiters.keys()]) settle(seq, { kind: 'queued' });
  };

  const cancelRetry = () => {
    if (retryTimer !== null) timers.clear(retryTimer);
    retryTimer = null;
    retryInMs = null;
  };

  /** `progressed`: this flush got answers before it stopped, so the pause starts over. */
  const planRetry = (retryAfterMs: number | null, progressed: boolean) => {
    cancelRetry();
    if (stopped) return;
    if (progressed) failures = 0;
    failures += 1;
    retryInMs = Math.max(backoffMs(failures), retryAfterMs ?? 0);
    retryTimer = timers.set(() => {
      retryTimer = null;
      retryInMs = null;
      void flush();
    }, retryInMs);
  };

  const changed = async () => {
    try {
      await deps.changed();
    } catch {
      // A mirror that cannot be read now is read again on the next change.
    }
  };

  const sendAll = async (): Promise<FlushReport> => {
    let accepted = 0;
    let rejected = 0;
    let syncedAt: string | null = null;
    let stop: FlushReport['stopped'] = null;
    // "Syncing" only once there is something to send (a flush on every page show finds nothing).
    let busy = false;
    try {
      for (;;) {
        if (stopped) {
          stop = 'gone';
          break;
        }
        const next = await nextToSend(deps.uid);
        if (next === null) break;
        if (!isSendable(next)) {
          await markRejected(deps.uid, next.seq, unsendable(now()));
          rejected += 1;
          await changed();
          continue;
        }
        const sending = await markSending(deps.uid, next.seq);
        if (sending === null) continue;
        if (!busy) {
          busy = true;
          deps.syncing?.(true, null);
        }
        await changed();
        let outcome: SendOutcome;
        try {
          outcome = await deps.send(sending);
        } catch {
          // Nothing the server said: the entry could not be made into a request.
          const { status, code, messageId, fields } = unsendable(now());
          outcome = { kind: 'refused', error: { status, code, messageId, fields } };
        }
        // Stopped meanwhile (signed out, data wiped): writing now would bring the database back.
        if (stopped) {
          stop = 'gone';
          break;
        }
        const { commandId } = sending.body;
        const transactionId = sending.name === 'AddTransaction' ? transactionOf(sending) : null;
        if (outcome.kind === 'accepted') {
          const removed = await removeEntry(deps.uid, next.seq, commandId);
          // Corrected while on its way: the correction now edits the transaction just added.
          if (removed === null && transactionId !== null) {
            await addBecomesEdit(deps.uid, next.seq, transactionId, { notCommandId: commandId });
          }
          const { result } = outcome;
          if (result !== null) await Promise.resolve(deps.accepted?.(result)).catch(() => undefined);
          accepted += 1;
          syncedAt = now();
          settle(next.seq, { kind: 'accepted', result: outcome.result });
        } else if (
          outcome.kind === 'refused' &&
          outcome.error.code === 'transaction_exists' &&
          transactionId !== null &&
          (await addBecomesEdit(deps.uid, next.seq, transactionId, { commandId })) !== null
        ) {
          // An earlier version of this add got there (its answer lost, then corrected): the
          // entry is now the edit that makes the transaction what it says, sent next.
        } else if (outcome.kind === 'refused') {
          const { error } = outcome;
          if (waiters.has(next.seq)) {
            await removeEntry(deps.uid, next.seq, commandId);
            settle(next.seq, { kind: 'refused', error });
          } else {
            const rejection: OutboxRejection = {
              status: error.status,
              code: error.code,
              messageId: error.messageId,
              fields: error.fields,
              at: now(),
            };
            await markRejected(deps.uid, next.seq, rejection, commandId);
            rejected += 1;
          }
        } else if (outcome.kind === 'transient') {
          await markUnanswered(deps.uid, next.seq, commandId);
          await changed();
          planRetry(outcome.retryAfterMs, accepted + rejected > 0);
          stop = 'transient';
          settleAllQueued();
          break;
        } else {
          await markWaiting(deps.uid, next.seq, commandId);
          stop = 'session-ended';
          settleAllQueued();
          break;
        }
        await changed();
      }
    } catch {
      // The database went away (signed out, account deleted) or cannot be read: stop here.
      stop = 'gone';
    } finally {
      // What was put off while sending (the mirror, the views to read again) is done now.
      await Promise.resolve()
        .then(() => deps.idle?.())
        .catch(() => undefined);
      if (busy) deps.syncing?.(false, syncedAt);
    }
    if (stop === null) {
      failures = 0;
      cancelRetry();
    }
    return { accepted, rejected, stopped: stop };
  };

  const flushOnce = async (): Promise<FlushReport> => {
    queued = null;
    started += 1;
    const generation = started;
    let report: FlushReport;
    if (stopped) report = { accepted: 0, rejected: 0, stopped: 'gone' };
    else if (deps.online?.() === false) report = { accepted: 0, rejected: 0, stopped: 'offline' };
    else report = await locks.request(syncLockName(deps.uid), sendAll);
    // Whatever is still waited for stays in the outbox, or was taken out by someone else.
    // (A waiter that came during this flush is answered by the next one, which is planned.)
    for (const [seq, waiter] of [...waiters]) if (waiter.since < generation) settle(seq, { kind: 'queued' });
    return report;
  };

  const flush = (): Promise<FlushReport> => {
    if (queued !== null) return queued;
    const next = tail.then(flushOnce, flushOnce);
    queued = next;
    tail = next.catch(() => undefined);
    return next;
  };

  return {
    uid: deps.uid,
    flush,
    kick() {
      failures = 0;
      cancelRetry();
      return flush();
    },
    sendAndWait(seq) {
      const fate = new Promise<EntryFate>((resolve) => waiters.set(seq, { resolve, since: started }));
      void flush();
      return fate;
    },
    get retryInMs() {
      return retryInMs;
    },
    stop() {
      stopped = true;
      cancelRetry();
      settleAllQueued();
    },
  };
}
