import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startOutboxWhenSignedIn, type SessionStore } from './start-when-signed-in';

interface Auth {
  readonly status: string;
  readonly user: { readonly uid: string } | null;
}

function sessionStore(auth: Auth) {
  let state = { auth };
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Auth) {
      state = { auth: next };
      for (const listener of [...listeners]) listener();
    },
    listenerCount: () => listeners.size,
  };
}

const GUEST: Auth = { status: 'guest', user: null };
const LOADING: Auth = { status: 'loading', user: null };
const signedIn = (uid: string): Auth => ({ status: 'signed-in', user: { uid } });

/** A page's `navigator.serviceWorker`, and what the page answered the worker. */
let worker: EventTarget;
let answers: unknown[];
const askToSync = () => {
  const event = new MessageEvent('message', { data: { type: 'plenty:sync' } });
  Object.defineProperty(event, 'source', { value: { postMessage: (message: unknown) => answers.push(message) } });
  worker.dispatchEvent(event);
};

beforeEach(() => {
  worker = new EventTarget();
  answers = [];
  vi.stubGlobal('navigator', { serviceWorker: worker });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('starting the outbox once someone is signed in', () => {
  it('does not load the engine for a guest or while the session is being restored', async () => {
    const store = sessionStore(LOADING);
    const load = vi.fn(() => Promise.resolve(() => () => undefined));
    startOutboxWhenSignedIn(store, load);
    store.set(GUEST);
    await flush();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the engine once when a user signs in and hands it the store, which it follows from then on', async () => {
    const store = sessionStore(GUEST);
    const startOutbox = vi.fn((_: SessionStore) => () => undefined);
    const load = vi.fn(() => Promise.resolve(startOutbox));
    startOutboxWhenSignedIn(store, load);
    store.set(signedIn('u1'));
    await flush();
    store.set(GUEST);
    store.set(signedIn('u2'));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(startOutbox).toHaveBeenCalledTimes(1);
    expect(startOutbox).toHaveBeenCalledWith(store);
    expect(store.listenerCount()).toBe(0);
  });

  it('starts at once for a page opened with a signed-in user', async () => {
    const store = sessionStore(signedIn('u1'));
    const startOutbox = vi.fn(() => () => undefined);
    startOutboxWhenSignedIn(store, () => Promise.resolve(startOutbox));
    await flush();
    expect(startOutbox).toHaveBeenCalledTimes(1);
  });

  it("answers the service worker's sync request at once while nobody is signed in, and leaves it to the engine after", async () => {
    const store = sessionStore(GUEST);
    startOutboxWhenSignedIn(store, () => Promise.resolve(() => () => undefined));
    askToSync();
    expect(answers).toEqual([{ type: 'plenty:synced' }]);
    store.set(signedIn('u1'));
    await flush();
    askToSync();
    expect(answers).toHaveLength(1);
  });

  it('tries again on the next change when the engine could not be downloaded', async () => {
    const store = sessionStore(GUEST);
    const startOutbox = vi.fn(() => () => undefined);
    const load = vi
      .fn<() => Promise<typeof startOutbox>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(startOutbox);
    startOutboxWhenSignedIn(store, load);
    store.set(signedIn('u1'));
    await flush();
    expect(startOutbox).not.toHaveBeenCalled();
    askToSync();
    expect(answers).toHaveLength(1);
    store.set(signedIn('u1'));
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(startOutbox).toHaveBeenCalledTimes(1);
  });

  it('stops the engine it started, and starts none when stopped before the download finished', async () => {
    const stopEngine = vi.fn();
    const started = sessionStore(signedIn('u1'));
    const stopStarted = startOutboxWhenSignedIn(started, () => Promise.resolve(() => stopEngine));
    await flush();
    stopStarted();
    expect(stopEngine).toHaveBeenCalledTimes(1);

    const early = sessionStore(signedIn('u2'));
    const startOutbox = vi.fn(() => () => undefined);
    const stopEarly = startOutboxWhenSignedIn(early, () => Promise.resolve(startOutbox));
    stopEarly();
    await flush();
    expect(startOutbox).not.toHaveBeenCalled();
  });
});
