import 'fake-indexeddb/auto';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { sessionChanged } from '../auth/auth-slice';
import { deleteUserDb } from '../offline/db';
import { wentOffline, wentOnline } from '../offline/network-slice';
import { fakeApi, renderWithApp } from '../testing/render-app';
import { AddExpense, CATEGORY } from './add-expense.fixture';
import { outboxCleared } from './outbox-slice';
import { PageOutbox, pageOutbox, startOutbox, useOutboxActions, useOutboxEntry, type OutboxStore } from './outbox';
import { savePosition } from './position';
import { enqueue, markSending, readEntries, removeEntry } from './queue';
import { OUTBOX_CHANNEL, type AnyOutboxEntry } from './types';

let users = 0;
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const result = { streamId: 'transaction-1', revision: 0, position: '77' };

/** Renders `ui` for a signed-in user of its own; closes their outbox after the test. */
function signedIn(ui: React.ReactElement) {
  const uid = `dom-user-${++users}-${uuidV7()}`;
  const view = renderWithApp(ui);
  view.store.dispatch(sessionChanged({ uid, email: 'a@example.com', displayName: 'A', emailVerified: true }));
  stops.push(() => pageOutbox(view.store as OutboxStore, uid).close());
  return { uid, ...view };
}

describe('useCommand with the outbox', () => {
  it('offline, keeps the command on the device at once and sends nothing', async () => {
    const api = fakeApi([]);
    const user = userEvent.setup();
    const { uid, store } = signedIn(<AddExpense />);
    store.dispatch(wentOffline());

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('saved on this device')).toBeDefined();
    expect(api.sent).toEqual([]);
    const [entry] = await readEntries(uid);
    expect(entry).toMatchObject({ name: 'AddTransaction', state: 'waiting', body: { amount: { amount: 1500 } } });
    expect(store.getState().outbox.entries.map((e) => e.seq)).toEqual([entry?.seq]);
  });

  it('online, sends it and answers as the server does, leaving nothing in the outbox', async () => {
    const api = fakeApi([{ status: 200, body: result }]);
    const user = userEvent.setup();
    const { uid, store } = signedIn(<AddExpense />);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('saved')).toBeDefined();
    expect(api.sent.map((request) => request.url)).toEqual(['/api/commands/AddTransaction']);
    expect(await readEntries(uid)).toEqual([]);
    expect(store.getState().outbox.entries).toEqual([]);
    expect(store.getState().consistency.minPosition).toBe('77');
  });

  it('online, shows a refusal on the form and takes the command out of the outbox', async () => {
    fakeApi([
      {
        status: 400,
        body: { error: { code: 'validation_failed', fields: { 'amount.amount': 'amount_not_positive' } } },
      },
    ]);
    const user = userEvent.setup();
    const { uid } = signedIn(<AddExpense />);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('validation_failed')).toBeDefined();
    expect(await readEntries(uid)).toEqual([]);
  });

  it('online with a lost answer, keeps it to sync, and sends it again with the same commandId when the network is back', async () => {
    const api = fakeApi([{ status: 0 }, { status: 200, body: result }]);
    const user = userEvent.setup();
    const { uid, store } = signedIn(<AddExpense />);
    stops.push(startOutbox(store as OutboxStore & { subscribe: typeof store.subscribe }));
    // The app has opened: its outbox is read and what waited (nothing) sent.
    await vi.waitFor(() => expect(store.getState().outbox.uid).toBe(uid));
    await pageOutbox(store as OutboxStore, uid).engine.flush();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('saved on this device')).toBeDefined();
    expect((await readEntries(uid)).map((e) => [e.state, e.attempts])).toEqual([['waiting', 1]]);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    await vi.waitFor(async () => expect(await readEntries(uid)).toEqual([]));
    const [first, again] = api.sent.map((request) => request.body['commandId']);
    expect(api.sent).toHaveLength(2);
    expect(again).toBe(first);
    await vi.waitFor(() => expect(store.getState().outbox.lastSyncedAt).not.toBeNull());
  });

  it('counts a request without an answer in time as unanswered: it stays waiting', async () => {
    vi.stubGlobal(
      'fetch',
      (input: Request) =>
        new Promise<Response>((_resolve, reject) => {
          input.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const { uid, store } = signedIn(<p>app</p>);
    const outbox = new PageOutbox(uid, store as OutboxStore, { timeoutMs: 30 });
    stops.push(() => outbox.close());
    const { entry } = await enqueue(uid, 'AddTransaction', {
      commandId: uuidV7(),
      transactionId: uuidV7(),
      type: 'expense',
      amount: { amount: 100, currency: 'THB' },
      categoryId: CATEGORY,
      date: '2026-11-27',
    });

    expect(await outbox.engine.sendAndWait(entry?.seq ?? -1)).toEqual({ kind: 'queued' });
    expect((await readEntries(uid)).map((e) => [e.state, e.attempts])).toEqual([['waiting', 1]]);
  });
});

describe('a flush of many entries', () => {
  const add = (amount: number) => ({
    commandId: uuidV7(),
    transactionId: uuidV7(),
    type: 'expense' as const,
    amount: { amount, currency: 'LAK' as const },
    categoryId: CATEGORY,
    date: '2026-11-26',
  });

  /** The store as the outbox sees it, keeping every action it dispatches. */
  function recording(store: OutboxStore) {
    const actions: UnknownAction[] = [];
    const seen: OutboxStore = {
      dispatch: (action) => {
        actions.push(action);
        return store.dispatch(action);
      },
      getState: () => store.getState(),
    };
    const invalidated = () =>
      actions.filter((action) => api.util.invalidateTags.match(action)).flatMap((action) => action.payload);
    return { seen, actions, invalidated };
  }

  it('reads the views the entries change again once, when it stops, each tag once', async () => {
    const N = 5;
    const sent = fakeApi(
      Array.from({ length: N }, (_, n) => ({ status: 200, body: { ...result, position: String(80 + n) } })),
    );
    const { uid, store } = signedIn(<p>app</p>);
    const { seen, invalidated } = recording(store as OutboxStore);
    const outbox = new PageOutbox(uid, seen);
    stops.push(() => outbox.close());
    for (let n = 0; n < N; n += 1) await enqueue(uid, 'AddTransaction', add(1000 + n));
    const positions: string[] = [];
    const unsubscribe = store.subscribe(() => {
      const position = store.getState().consistency.minPosition;
      if (position !== null && positions.at(-1) !== position) positions.push(position);
    });

    expect(await outbox.engine.flush()).toEqual({ accepted: N, rejected: 0, stopped: null });
    unsubscribe();

    expect(sent.sent).toHaveLength(N);
    expect([...invalidated()].sort()).toEqual(['Tags', 'Transactions', 'Wallets']);
    // Each answer's position still counts at once, so reads made meanwhile wait for it.
    expect(positions).toEqual(['80', '81', '82', '83', '84']);
    // The mirror is the store as it is at the end: nothing left.
    expect(store.getState().outbox.entries).toEqual([]);
  });

  it('mirrors the store a few times for the whole flush, not after every write', async () => {
    const N = 6;
    fakeApi(Array.from({ length: N }, () => ({ status: 200, body: result })));
    const { uid, store } = signedIn(<p>app</p>);
    const { seen, actions } = recording(store as OutboxStore);
    const outbox = new PageOutbox(uid, seen);
    stops.push(() => outbox.close());
    for (let n = 0; n < N; n += 1) await enqueue(uid, 'AddTransaction', add(2000 + n));

    await outbox.engine.flush();

    const mirrored = actions.filter((action) => action.type === 'outbox/outboxRead').length;
    // The engine changes the store twice per entry (sending, then gone): 12 writes.
    expect(mirrored).toBeGreaterThanOrEqual(1);
    expect(mirrored).toBeLessThan(2 * N);
    expect(store.getState().outbox.entries).toEqual([]);
  });

  it('keeps an accepted entry on screen until the views it changed have answered, so nothing flickers back', async () => {
    const probe = api.injectEndpoints({
      endpoints: (build) => ({
        outboxProbe: build.query<{ n: number }, void>({ query: () => 'queries/probe', providesTags: ['Transactions'] }),
      }),
    });
    let answered = 0;
    let release: () => void = () => undefined;
    vi.stubGlobal('fetch', async (input: Request) => {
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (new URL(input.url).pathname.startsWith('/api/commands/')) return json(result);
      answered += 1;
      // The first read answers at once; the one after the command waits to be released.
      if (answered > 1) await new Promise<void>((resolve) => (release = resolve));
      return json({ n: answered });
    });
    const { uid, store } = signedIn(<p>app</p>);
    const view = store.dispatch(probe.endpoints.outboxProbe.initiate());
    await view;
    const outbox = new PageOutbox(uid, store as OutboxStore);
    stops.push(() => outbox.close());
    stops.push(() => view.unsubscribe());
    const probed = () => probe.endpoints.outboxProbe.select()(store.getState() as never);

    const fate = await outbox.submit('AddTransaction', add(4000));

    expect(fate).toEqual({ kind: 'accepted', result });
    expect(await readEntries(uid)).toEqual([]);
    await vi.waitFor(() => expect(probed().status).toBe('pending'));
    // Gone from the device and synced, but the screens still show it until the view holds it.
    await vi.waitFor(() => expect(store.getState().outbox.entries).toEqual([]));
    expect(store.getState().outbox.landing.map((entry) => entry.name)).toEqual(['AddTransaction']);
    release();
    await vi.waitFor(() => expect(store.getState().outbox.landing).toEqual([]));
    expect(probed().data).toEqual({ n: 2 });
  });

  it('reads the views again at once for an entry a form waits for, before it is told', async () => {
    fakeApi([{ status: 200, body: result }]);
    const { uid, store } = signedIn(<p>app</p>);
    const { seen, invalidated } = recording(store as OutboxStore);
    const outbox = new PageOutbox(uid, seen);
    stops.push(() => outbox.close());

    const fate = await outbox.submit('AddTransaction', add(3000));

    expect(fate).toEqual({ kind: 'accepted', result });
    expect([...invalidated()].sort()).toEqual(['Tags', 'Transactions', 'Wallets']);
    expect(store.getState().outbox.entries).toEqual([]);
  });
});

describe('startOutbox', () => {
  const add = () => ({
    commandId: uuidV7(),
    transactionId: uuidV7(),
    type: 'expense' as const,
    amount: { amount: 4500, currency: 'LAK' as const },
    categoryId: CATEGORY,
    date: '2026-11-26',
  });

  it('reads the signed-in user’s outbox into the store and sends what waits when the app opens', async () => {
    const api = fakeApi([{ status: 200, body: result }]);
    const { uid, store } = signedIn(<p>app</p>);
    const body = add();
    await enqueue(uid, 'AddTransaction', body);

    stops.push(startOutbox(store as OutboxStore & { subscribe: typeof store.subscribe }));

    await vi.waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]?.body['commandId']).toBe(body.commandId);
    await vi.waitFor(() => expect(store.getState().outbox).toMatchObject({ uid, entries: [], syncing: false }));
  });

  it('reads the outbox again when another tab or the worker says it changed', async () => {
    fakeApi([{ status: 0 }]);
    const { uid, store } = signedIn(<p>app</p>);
    store.dispatch(wentOffline());
    stops.push(startOutbox(store as OutboxStore & { subscribe: typeof store.subscribe }));
    await vi.waitFor(() => expect(store.getState().outbox.uid).toBe(uid));

    const { entry } = await enqueue(uid, 'AddTransaction', add());
    const otherTab = new BroadcastChannel(OUTBOX_CHANNEL);
    otherTab.postMessage({ type: 'outbox-changed', uid });
    await vi.waitFor(() => expect(store.getState().outbox.entries.map((e) => e.seq)).toEqual([entry?.seq]));

    // The other tab sent it: gone here too, and reads wait for its position.
    await removeEntry(uid, entry?.seq ?? -1);
    await savePosition(uid, '314');
    otherTab.postMessage({ type: 'outbox-changed', uid });
    otherTab.close();
    await vi.waitFor(() => expect(store.getState().outbox.entries).toEqual([]));
    await vi.waitFor(() => expect(store.getState().consistency.minPosition).toBe('314'));
  });

  it('sends when the service worker asks (Background Sync) and answers when done', async () => {
    const api = fakeApi([{ status: 200, body: result }]);
    const worker = new EventTarget();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: worker }));
    const { uid, store } = signedIn(<p>app</p>);
    store.dispatch(wentOffline());
    stops.push(startOutbox(store as OutboxStore & { subscribe: typeof store.subscribe }));
    await vi.waitFor(() => expect(store.getState().outbox.uid).toBe(uid));
    await enqueue(uid, 'AddTransaction', add());
    store.dispatch(wentOnline());

    const answers: unknown[] = [];
    const request = new MessageEvent('message', { data: { type: 'plenty:sync' } });
    Object.defineProperty(request, 'source', { value: { postMessage: (message: unknown) => answers.push(message) } });
    worker.dispatchEvent(request);

    await vi.waitFor(() => expect(answers).toEqual([{ type: 'plenty:synced' }]));
    expect(api.sent).toHaveLength(1);
    expect(await readEntries(uid)).toEqual([]);
  });

  it('stops when the user’s data is wiped, and does not bring the database back', async () => {
    const api = fakeApi([]);
    const { uid, store } = signedIn(<p>app</p>);
    await enqueue(uid, 'AddTransaction', add());
    store.dispatch(wentOffline());
    stops.push(startOutbox(store as OutboxStore & { subscribe: typeof store.subscribe }));
    await vi.waitFor(() => expect(store.getState().outbox.entries).toHaveLength(1));
    const running = pageOutbox(store as OutboxStore, uid);

    // What signing out does (lib/offline/device-data.ts).
    store.dispatch(outboxCleared());
    await deleteUserDb(uid);
    expect(running.isClosed).toBe(true);
    store.dispatch(wentOnline());
    window.dispatchEvent(new Event('online'));
    await running.engine.flush();

    expect(api.sent).toEqual([]);
    expect(store.getState().outbox.uid).toBeNull();
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(`plenty-user-${uid}`);
  });
});

/** The sync panel's actions on one entry, as buttons. */
function EntryActions({ seq }: { seq: number }) {
  const actions = useOutboxActions();
  const entry = useOutboxEntry(seq);
  const [discarded, setDiscarded] = useState<AnyOutboxEntry | null>(null);
  return (
    <>
      <p>{entry === null ? 'no entry' : `entry ${entry.state} ${entry.body.commandId}`}</p>
      <button type="button" onClick={() => void actions.discard(seq).then(setDiscarded)}>
        Discard
      </button>
      <button type="button" onClick={() => void (discarded === null ? undefined : actions.restore(discarded))}>
        Undo
      </button>
    </>
  );
}

describe('useOutboxActions and useOutboxEntry', () => {
  it('discard takes an entry out and undo puts it back in its place', async () => {
    fakeApi([]);
    const user = userEvent.setup();
    const uid = `dom-user-${++users}-${uuidV7()}`;
    const first = await enqueue(uid, 'AddTransaction', {
      commandId: uuidV7(),
      transactionId: uuidV7(),
      type: 'income',
      amount: { amount: 900, currency: 'USD' },
      categoryId: CATEGORY,
      date: '2026-11-25',
    });
    const seq = first.entry?.seq ?? -1;
    const { store } = renderWithApp(<EntryActions seq={seq} />);
    store.dispatch(wentOffline());
    store.dispatch(sessionChanged({ uid, email: null, displayName: null, emailVerified: true }));
    stops.push(() => pageOutbox(store as OutboxStore, uid).close());
    await act(() => pageOutbox(store as OutboxStore, uid).refresh());
    expect(await screen.findByText(`entry waiting ${first.entry?.body.commandId}`)).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('no entry')).toBeDefined();
    expect(await readEntries(uid)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(`entry waiting ${first.entry?.body.commandId}`)).toBeDefined();
    expect((await readEntries(uid)).map((e) => e.seq)).toEqual([seq]);
  });

  it('discard leaves an entry that another tab is sending', async () => {
    fakeApi([]);
    const user = userEvent.setup();
    const uid = `dom-user-${++users}-${uuidV7()}`;
    const first = await enqueue(uid, 'AddTransaction', {
      commandId: uuidV7(),
      transactionId: uuidV7(),
      type: 'income',
      amount: { amount: 900, currency: 'USD' },
      categoryId: CATEGORY,
      date: '2026-11-25',
    });
    const seq = first.entry?.seq ?? -1;
    const { store } = renderWithApp(<EntryActions seq={seq} />);
    store.dispatch(wentOffline());
    store.dispatch(sessionChanged({ uid, email: null, displayName: null, emailVerified: true }));
    stops.push(() => pageOutbox(store as OutboxStore, uid).close());
    await act(() => pageOutbox(store as OutboxStore, uid).refresh());
    expect(await screen.findByText(`entry waiting ${first.entry?.body.commandId}`)).toBeDefined();
    // Another tab starts sending it; this page has not heard yet.
    await markSending(uid, seq);

    await user.click(screen.getByRole('button', { name: 'Discard' }));

    expect(await screen.findByText(`entry sending ${first.entry?.body.commandId}`)).toBeDefined();
    expect((await readEntries(uid)).map((e) => e.state)).toEqual(['sending']);
  });
});
