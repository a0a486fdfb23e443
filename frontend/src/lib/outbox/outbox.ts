import { useMemo } from 'react';
import { useSelector, useStore } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { CommandRequest } from '@plenty/contracts/commands/registry';
import type { CommandResult } from '@plenty/contracts/commands/result';
import { comparePositions } from '@plenty/contracts/positions';
import type { ApiTag } from '../api/api';
import type { ApiError } from '../api/api-error';
import { commandApplied, selectBehind, selectMinPosition } from '../api/consistency-slice';
import { sessionTokens, type SessionUser } from '../auth/session';
import { selectBrowserOnline, selectOnline, type NetworkState } from '../offline/network-slice';
import {
  classify,
  createOutboxEngine,
  type EntryFate,
  type LockManagerLike,
  type OutboxEngine,
  type SendOutcome,
} from './engine';
import { outboxRead, syncStarted, syncStopped, type OutboxSliceState } from './outbox-slice';
import { readPosition, savePosition } from './position';
import { discardEntry, enqueue as enqueueEntry, readEntries, replaceEntry, resendEntry, restoreEntry } from './queue';
import { saveToken } from './token';
import {
  OUTBOX_CHANNEL,
  SYNC_TAG,
  type AnyOutboxEntry,
  type OutboxChangedMessage,
  type QueueableCommand,
  type SyncDoneMessage,
} from './types';

/**
 * The outbox in the page: one engine per store and signed-in user, the Redux mirror of the
 * user's `outbox` store, and the hooks the screens use. `startOutbox` (main.tsx) runs it for
 * whoever signs in; the hooks and `useCommand` also work without it (tests, a first command
 * before the session is known), on the same engine.
 */

interface OutboxRootState {
  readonly auth: { readonly status: string; readonly user: SessionUser | null };
  readonly network: NetworkState;
  readonly outbox: OutboxSliceState;
}

/** The part of the Redux store the outbox uses. */
export interface OutboxStore {
  dispatch(action: UnknownAction): unknown;
  getState(): unknown;
  subscribe?(listener: () => void): () => void;
}

const stateOf = (store: OutboxStore) => store.getState() as OutboxRootState;

/** Whether the browser says it is online (it may still not reach the server). */
export function browserOnline(state: { readonly network: NetworkState }): boolean {
  const browser = typeof navigator === 'undefined' || navigator.onLine !== false;
  return browser && selectBrowserOnline(state);
}

/**
 * Whether a command is tried at once: the browser says it is online and the server was reached
 * last time. Otherwise it is queued without waiting (and sent in the background when the
 * browser is online: sending is how a weak signal is found to be back).
 */
export function isOnline(state: { readonly network: NetworkState }): boolean {
  return browserOnline(state) && selectOnline(state);
}

/** How long an entry's request may take before it counts as unanswered (sent again later). */
export const COMMAND_TIMEOUT_MS = 15_000;

interface Endpoint {
  initiate(body: unknown, options?: { track?: boolean }): UnknownAction;
}

interface MutationRequest {
  unwrap(): Promise<CommandResult>;
  abort(): void;
}

function asApiError(caught: unknown): ApiError {
  if (typeof caught === 'object' && caught !== null && 'messageId' in caught && 'fields' in caught) {
    return caught as ApiError;
  }
  return { status: 'network', code: 'network', messageId: 'error.network', fields: {} };
}

/**
 * Sends an entry through the app's API (the token, X-Min-Position and the answer's position
 * work as for any command) without invalidating tags: `owe` is told the tags of the views the
 * command changed once it was answered (accepted or refused), and the outbox reads them again
 * once for the whole flush. RTK Query loads with the first entry sent.
 */
async function sendThroughApi(
  store: OutboxStore,
  entry: AnyOutboxEntry,
  timeoutMs: number,
  owe: (tags: readonly ApiTag[]) => void,
): Promise<SendOutcome> {
  const { outboxApi, COMMAND_INVALIDATES } = await import('./send-through-api');
  const endpoint = outboxApi.endpoints.sendQueuedCommand as unknown as Endpoint;
  const sent = { name: entry.name, body: entry.body };
  const request = store.dispatch(endpoint.initiate(sent, { track: false })) as MutationRequest;
  // A weak signal can hold a request for minutes: given up after the timeout, it is sent again
  // later with the same commandId (applied once if it did reach the server).
  const timer = setTimeout(() => request.abort(), timeoutMs);
  try {
    const result = await request.unwrap();
    owe(COMMAND_INVALIDATES[entry.name]);
    return { kind: 'accepted', result };
  } catch (caught) {
    const outcome = classify(asApiError(caught));
    // A refusal (a changed or deleted transaction …) says the views were behind: read them too.
    if (outcome.kind === 'refused') owe(COMMAND_INVALIDATES[entry.name]);
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}

/** Tags of the read models the given entries' commands change (for entries gone elsewhere). */
async function invalidateFor(store: OutboxStore, gone: readonly AnyOutboxEntry[]): Promise<void> {
  if (gone.length === 0) return;
  const { api, COMMAND_INVALIDATES } = await import('./send-through-api');
  const tags = new Set(gone.flatMap((entry) => COMMAND_INVALIDATES[entry.name]));
  store.dispatch(api.util.invalidateTags([...tags]));
}

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
}

/** Asks the browser to wake the service worker when the network is back (where it can). */
async function registerBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || navigator.serviceWorker === undefined) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync (or not allowed): the page sends on reconnect and on open instead.
  }
}

/**
 * Keeps the user's current ID token on the device, where the service worker finds it to send
 * the outbox without a page (Background Sync). Works offline while the token is valid.
 */
async function saveSessionToken(uid: string): Promise<void> {
  try {
    const token = await sessionTokens.idToken(false);
    if (token !== null) await saveToken(uid, token);
  } catch {
    // No token now (signed out, offline with an expired one): the worker leaves the entries.
  }
}

/** How often, and for how long at most, the outbox looks whether the views asked again have answered. */
const VIEWS_POLL_MS = 50;
const VIEWS_WAIT_MS = 60_000;

/**
 * Resolves once no query of the app's API is on its way and none answered behind the last
 * command (it is asked again: lib/api/catch-up.ts), or after VIEWS_WAIT_MS.
 */
async function viewsAnswered(store: OutboxStore): Promise<void> {
  const deadline = Date.now() + VIEWS_WAIT_MS;
  const asking = () => {
    const state = store.getState();
    if (selectBehind(state).length > 0) return true;
    const queries = (state as { api?: { queries?: Record<string, { status?: string } | undefined> } }).api?.queries;
    return queries !== undefined && Object.values(queries).some((query) => query?.status === 'pending');
  };
  while (asking() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, VIEWS_POLL_MS));
}

/**
 * How long the Redux mirror may lag the outbox store while a flush sends: the engine's changes
 * within it are read once (not after every write), and all at the flush's end.
 */
export const MIRROR_EVERY_MS = 100;

/** One user's outbox in one page. */
export class PageOutbox {
  readonly engine: OutboxEngine;
  private seen: readonly AnyOutboxEntry[] | null = null;
  private closed = false;
  private readonly broadcast = channel();
  /** Tags of the views that commands sent in this flush changed, not yet read again. */
  private readonly owed = new Set<ApiTag>();
  /** Entries a form waits for (`submit`): their views are read again as soon as answered. */
  private readonly awaited = new Set<number>();
  /**
   * Entries the server accepted whose views are not read again yet: the mirror keeps them apart
   * (`landing`), for the screens to show over the views, so a screen never shows the old state
   * between the entry leaving the device and the views that hold its change arriving.
   */
  private readonly landing = new Map<number, AnyOutboxEntry>();
  /** A mirror of the store planned (the engine changed it); null when none. */
  private mirrorTimer: ReturnType<typeof setTimeout> | null = null;
  /** Reads of the store into the mirror, one after another (a later read is dispatched last). */
  private reading: Promise<unknown> = Promise.resolve();

  constructor(
    readonly uid: string,
    private readonly store: OutboxStore,
    options: { locks?: LockManagerLike; timeoutMs?: number } = {},
  ) {
    const { locks, timeoutMs = COMMAND_TIMEOUT_MS } = options;
    this.engine = createOutboxEngine({
      uid,
      send: async (entry) => {
        const outcome = await sendThroughApi(store, entry, timeoutMs, (tags) => {
          for (const tag of tags) this.owed.add(tag);
        });
        if (outcome.kind === 'accepted') this.landing.set(entry.seq, entry);
        if (this.awaited.has(entry.seq)) await this.readOwedViews();
        return outcome;
      },
      changed: () => this.mirrorSoon(),
      idle: async () => {
        await this.mirrorNow();
        await this.readOwedViews();
      },
      accepted: (result) => savePosition(uid, result.position),
      online: () => browserOnline(stateOf(store)),
      syncing: (busy, syncedAt) => {
        if (this.closed) return;
        store.dispatch(busy ? syncStarted() : syncStopped({ syncedAt }));
      },
      ...(locks === undefined ? {} : { locks }),
    });
    // Another tab or the worker changed the outbox (this page's own messages do not come back).
    if (this.broadcast !== null) {
      this.broadcast.onmessage = (event: MessageEvent) => {
        const data = event.data as Partial<OutboxChangedMessage> | null;
        if (data?.type !== 'outbox-changed' || data.uid !== this.uid) return;
        void this.refresh({ fromElsewhere: true }).catch(() => undefined);
      };
    }
  }

  /**
   * Reads the store into the Redux mirror; `tell`: says so to other tabs and the worker;
   * `fromElsewhere`: entries that went were sent by someone else, so their screens are read again.
   */
  refresh(options: { tell?: boolean; fromElsewhere?: boolean } = {}): Promise<void> {
    const read = () => this.read(options);
    const done = this.reading.then(read, read);
    this.reading = done.catch(() => undefined);
    return done;
  }

  private async read(options: { tell?: boolean; fromElsewhere?: boolean }): Promise<void> {
    if (this.closed) return;
    const entries = await readEntries(this.uid);
    if (this.closed) return;
    const before = this.seen;
    this.seen = entries;
    const held = new Set(entries.map((entry) => entry.seq));
    const landing = [...this.landing.values()].filter((entry) => !held.has(entry.seq));
    this.store.dispatch(outboxRead({ uid: this.uid, entries, landing }));
    if (options.fromElsewhere === true && before !== null) {
      await this.catchUp();
      const now = new Set(entries.map((entry) => entry.seq));
      await invalidateFor(
        this.store,
        before.filter((entry) => !now.has(entry.seq) && entry.state !== 'rejected'),
      );
    }
    if (options.tell === true) {
      const message: OutboxChangedMessage = { type: 'outbox-changed', uid: this.uid };
      this.broadcast?.postMessage(message);
    }
  }

  /** The engine changed the store: mirrored within `MIRROR_EVERY_MS`, with the changes after it. */
  private mirrorSoon(): void {
    if (this.closed || this.mirrorTimer !== null) return;
    this.mirrorTimer = setTimeout(() => {
      this.mirrorTimer = null;
      void this.refresh({ tell: true }).catch(() => undefined);
    }, MIRROR_EVERY_MS);
  }

  /** The planned mirror, now (a flush ends). */
  private async mirrorNow(): Promise<void> {
    if (this.mirrorTimer === null) return;
    clearTimeout(this.mirrorTimer);
    this.mirrorTimer = null;
    await this.refresh({ tell: true }).catch(() => undefined);
  }

  /** The views the commands sent changed are read again: each tag once. */
  private async readOwedViews(): Promise<void> {
    if (this.closed) return;
    const landed = [...this.landing.keys()];
    if (this.owed.size > 0) {
      const tags = [...this.owed];
      this.owed.clear();
      const { api } = await import('./send-through-api');
      if (this.closed) return;
      this.store.dispatch(api.util.invalidateTags(tags));
    }
    // The accepted entries leave the mirror once the views asked again have answered (not
    // waited for here: a form goes on as soon as its entry is answered).
    if (landed.length > 0) void this.landWhenRead(landed);
  }

  private async landWhenRead(landed: readonly number[]): Promise<void> {
    await viewsAnswered(this.store);
    for (const seq of landed) this.landing.delete(seq);
    await this.refresh().catch(() => undefined);
  }

  /** Reads wait for the commands another tab or the worker sent (their last position). */
  private async catchUp(): Promise<void> {
    const position = await readPosition(this.uid).catch(() => null);
    if (position === null || this.closed) return;
    const current = selectMinPosition(this.store.getState());
    if (current === null || comparePositions(current, position) < 0) this.store.dispatch(commandApplied(position));
  }

  /** Queues a command; when online, sends it (behind earlier entries) and says how it went. */
  async submit<N extends QueueableCommand>(name: N, body: CommandRequest<N>): Promise<EntryFate> {
    const { entry } = await enqueueEntry(this.uid, name, body);
    void saveSessionToken(this.uid);
    await this.refresh({ tell: true });
    // A delete of a transaction never sent: it is gone from the device and nothing is sent.
    if (entry === null) return { kind: 'queued' };
    if (!isOnline(stateOf(this.store))) {
      void registerBackgroundSync();
      if (browserOnline(stateOf(this.store))) void this.engine.flush();
      return { kind: 'queued' };
    }
    this.awaited.add(entry.seq);
    let fate: EntryFate;
    try {
      fate = await this.engine.sendAndWait(entry.seq);
    } finally {
      this.awaited.delete(entry.seq);
    }
    if (fate.kind === 'queued') void registerBackgroundSync();
    // The form shows what comes next with the mirror as the store is now (its entry gone).
    else await this.refresh({ tell: true }).catch(() => undefined);
    return fate;
  }

  syncNow(): void {
    if (!browserOnline(stateOf(this.store))) return;
    void saveSessionToken(this.uid);
    void this.engine.kick();
  }

  /** Stops sending and listening (signed out, another user, the data wiped). */
  close(): void {
    this.closed = true;
    if (this.mirrorTimer !== null) clearTimeout(this.mirrorTimer);
    this.mirrorTimer = null;
    this.engine.stop();
    this.broadcast?.close();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

const pages = new WeakMap<OutboxStore, PageOutbox>();

/** The page's outbox of `uid` in this store: the running one, or a new one. */
export function pageOutbox(store: OutboxStore, uid: string): PageOutbox {
  const current = pages.get(store);
  if (current !== undefined && current.uid === uid && !current.isClosed) return current;
  current?.close();
  const created = new PageOutbox(uid, store);
  pages.set(store, created);
  return created;
}

/** The signed-in user whose outbox this store runs, if any (not one still to verify their address). */
const signedInUid = (state: OutboxRootState): string | null =>
  state.auth.status === 'signed-in' ? (state.auth.user?.uid ?? null) : null;

/**
 * Runs the outbox for whoever is signed in: reads it into the store and sends what waits, at
 * once on start, when the network comes back, when the page is shown again, when the service
 * worker says so (Background Sync) and when another tab or the worker changed it. Stops on
 * sign-out and when the user's data is wiped (`outboxCleared`). Returns a stop function.
 */
export function startOutbox(store: OutboxStore & { subscribe(listener: () => void): () => void }): () => void {
  let running: PageOutbox | null = null;
  let runningUid: string | null = null;
  /** The user whose data was wiped while signed in: not started again until another signs in. */
  let wipedUid: string | null = null;
  /** The running outbox has been read into the store (so a null `outbox.uid` means wiped). */
  let mirrored = false;

  const follow = () => {
    const state = stateOf(store);
    const uid = signedInUid(state);
    if (running !== null && mirrored && state.outbox.uid === null) {
      // The reading layer wiped this user's data (outboxCleared): stop before a write re-creates it.
      wipedUid = running.uid;
      running.close();
      running = null;
      mirrored = false;
    }
    if (uid === runningUid) return;
    running?.close();
    running = null;
    mirrored = false;
    runningUid = uid;
    if (uid !== wipedUid) wipedUid = null;
    if (uid === null || uid === wipedUid) return;
    const page = pageOutbox(store, uid);
    running = page;
    void page
      .refresh()
      .then(() => {
        mirrored = !page.isClosed && stateOf(store).outbox.uid === uid;
        if (page.isClosed) return;
        void saveSessionToken(uid);
        void page.engine.kick();
      })
      .catch(() => undefined);
  };

  const onOnline = () => void running?.engine.kick();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void running?.engine.flush();
  };
  const onWorkerMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== 'plenty:sync') return;
    const done: SyncDoneMessage = { type: 'plenty:synced' };
    const answer = () => (event.source as { postMessage?(message: unknown): void } | null)?.postMessage?.(done);
    if (running === null) return answer();
    void running.engine.kick().finally(answer);
  };
  const unsubscribe = store.subscribe(follow);
  follow();
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  worker?.addEventListener('message', onWorkerMessage);

  return () => {
    unsubscribe();
    running?.close();
    running = null;
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    worker?.removeEventListener('message', onWorkerMessage);
  };
}

/** The signed-in user's uid, as the hooks read it. */
const selectUid = (state: OutboxRootState): string | null => state.auth.user?.uid ?? null;

export interface OutboxActions {
  /** Sends the waiting entries now (no-op offline). */
  syncNow(): void;
  /** Removes entry `seq` and returns it (for undo), or null when it is not there. */
  discard(seq: number): Promise<AnyOutboxEntry | null>;
  /** Undo of `discard`: the entry back in its place (its own `seq`), waiting. */
  restore(entry: AnyOutboxEntry): Promise<void>;
  /** A refused entry waiting again with a new commandId; an EditTransaction loses `baseRevision`. */
  resendAnyway(seq: number): Promise<void>;
  /** A corrected entry: the same place, the new body with a new commandId, waiting; then sync. */
  replace<N extends QueueableCommand>(seq: number, name: N, body: CommandRequest<N>): Promise<void>;
}

/** What the sync panel and the transaction form do with the signed-in user's outbox. */
export function useOutboxActions(): OutboxActions {
  const store = useStore() as OutboxStore;
  const uid = useSelector(selectUid);
  return useMemo(() => {
    const page = () => (uid === null ? null : pageOutbox(store, uid));
    const changed = async (outbox: PageOutbox, send: boolean) => {
      await outbox.refresh({ tell: true });
      if (send) outbox.syncNow();
    };
    return {
      syncNow() {
        page()?.syncNow();
      },
      async discard(seq) {
        const outbox = page();
        if (outbox === null) return null;
        // Not one on its way (another tab or the worker may be sending it).
        const removed = await discardEntry(outbox.uid, seq);
        await changed(outbox, false);
        return removed;
      },
      async restore(entry) {
        const outbox = page();
        if (outbox === null) return;
        const back: AnyOutboxEntry = entry.state === 'sending' ? { ...entry, state: 'waiting' } : entry;
        await restoreEntry(outbox.uid, back);
        await changed(outbox, back.state === 'waiting');
      },
      async resendAnyway(seq) {
        const outbox = page();
        if (outbox === null) return;
        await resendEntry(outbox.uid, seq);
        await changed(outbox, true);
      },
      async replace(seq, name, body) {
        const outbox = page();
        if (outbox === null) return;
        await replaceEntry(outbox.uid, seq, name, body);
        await changed(outbox, true);
      },
    };
  }, [store, uid]);
}

/** One entry of the signed-in user's outbox, as mirrored in the store; null when not there. */
export function useOutboxEntry(seq: number | null): AnyOutboxEntry | null {
  return useSelector((state: OutboxRootState) =>
    seq === null ? null : (state.outbox.entries.find((entry) => entry.seq === seq) ?? null),
  );
}
