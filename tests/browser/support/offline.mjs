// The app without a network, as journeys drive it: a profile whose service worker controls the
// page, the network cut and given back, the device's outbox read (and, for the bench, written)
// in IndexedDB, and what the server holds of a user's transactions once a sync is over.
import { postCommand, readAfter, uuidV7 } from './api.mjs';
import { expectHeading, expectToast, openPage } from './browser.mjs';
import { idTokenFor, signIn } from './users.mjs';

/** One database per user (frontend/src/lib/offline/db.ts). */
export const userDbName = (uid) => `plenty-user-${uid}`;
/** The BroadcastChannel on which pages say that a user's outbox changed (lib/outbox/types.ts). */
export const OUTBOX_CHANNEL = 'plenty-outbox';

/** An expense of today, written through the API (another device): the server's totals move on. */
export const spendElsewhere = (baseUrl, user, amount) =>
  postCommand(baseUrl, user, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: { amount, currency: 'THB' },
    categoryId: 'builtin-food',
    date: new Date().toISOString().slice(0, 10),
  });

/**
 * A fresh profile with service workers allowed (Playwright's default, said here because every
 * offline journey needs it), `user` signed in on every page it loads, reduced motion and the
 * `theme` (null: the app's own choice); any other option goes to openPage (`bypassCSP` for axe).
 * Answers what openPage answers.
 */
export async function openOfflineCapable(
  browser,
  { user, theme = 'dark', width = 1280, height = 900, ...pageOptions } = {},
) {
  const opened = await openPage(browser, {
    width,
    height,
    reducedMotion: 'reduce',
    serviceWorkers: 'allow',
    ...pageOptions,
  });
  if (theme !== null) await opened.context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
  if (user !== undefined) await signIn(opened.context, user);
  return opened;
}

/**
 * Waits until the app's service worker is active (its install, which precaches the app shell,
 * is over) and controls this page. A worker that does not claim the pages it was installed from
 * controls them from the next load, so the page is reloaded once when it is active but not yet
 * in control.
 */
export async function waitForServiceWorkerControl(page, { timeout = 60_000 } = {}) {
  const state = await page.evaluate(async (ms) => {
    if (!('serviceWorker' in navigator)) return 'unsupported';
    const ready = await Promise.race([
      navigator.serviceWorker.ready.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), ms)),
    ]);
    if (!ready) return 'not-registered';
    return navigator.serviceWorker.controller === null ? 'active' : 'controlling';
  }, timeout);
  if (state === 'unsupported') throw new Error('this browser has no service workers');
  if (state === 'not-registered') throw new Error(`no service worker became active within ${timeout} ms`);
  if (state === 'active') await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout });
}

/**
 * The expense the offline journeys enter with no network, as fillTransaction takes it: 120,000
 * kip from the bank wallet "BCEL One", split over food and shopping, tagged "Market day".
 */
export const MARKET_OFFLINE = Object.freeze({
  type: 'expense',
  amount: '120000',
  currency: 'LAK',
  wallet: 'BCEL One',
  note: 'Market offline',
  split: [
    { category: 'food', amount: '100000' },
    { category: 'shopping', amount: '20000' },
  ],
  tags: ['Market day'],
});

/**
 * Saves the transaction form with no network (`changes`: the edit form's "Save changes") and
 * waits for the toast that says it is kept on the device to sync, and for the list it goes back to.
 */
export async function saveOnDevice(page, messages, { changes = false } = {}) {
  const save = messages[changes ? 'transactions.form.saveChanges' : 'transactions.form.save'];
  await page.getByRole('button', { name: save }).click();
  await expectToast(page, messages['pending.queued']);
  await expectHeading(page, messages['page.transactions']);
}

/** The contexts taken offline by `goOffline`, until `goOnline`. */
const offlineContexts = new WeakSet();
/** The contexts whose pages are followed, and each page's own DevTools session. */
const followed = new WeakSet();
const sessions = new WeakMap();

/** Sets a page's network emulation through a DevTools session of its own, kept for the page's life. */
async function emulateOffline(page, offline) {
  let session = sessions.get(page);
  if (session === undefined) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  await (
    await session
  ).send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

/**
 * Chromium gives a document that the service worker serves while the profile is offline
 * `navigator.onLine === true` (the emulation does not reach the new document), where a phone
 * without a network says false. Each page's main-frame navigation in an offline context gets the
 * emulation again, which the page hears as an `offline` event, as when a network goes away.
 */
function followPages(context) {
  if (followed.has(context)) return;
  followed.add(context);
  const follow = (page) =>
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || !offlineContexts.has(context)) return;
      emulateOffline(page, true).catch(() => undefined);
    });
  for (const page of context.pages()) follow(page);
  context.on('page', follow);
}

/** Cuts the profile's network (pages and the service worker's own fetches). */
export async function goOffline(context) {
  followPages(context);
  offlineContexts.add(context);
  await context.setOffline(true);
}

/** Gives the profile its network back; the app sees `online` and starts sending its outbox. */
export async function goOnline(context) {
  offlineContexts.delete(context);
  await context.setOffline(false);
  // The pages whose emulation was set again by their own session: online there too.
  await Promise.all(
    context
      .pages()
      .filter((page) => sessions.has(page))
      .map((page) => emulateOffline(page, false).catch(() => undefined)),
  );
}

/**
 * Every record (or, with `keys`, every key) of one store of the user's database on the device,
 * in key order. [] when the device holds no database of the user or the database has no such
 * store (none is made for asking).
 */
export async function readUserStore(page, uid, store, { keys = false } = {}) {
  return page.evaluate(
    async ({ name, store: wanted, keys: keysOnly }) => {
      const known = await indexedDB.databases();
      if (!known.some((db) => db.name === name)) return [];
      const db = await new Promise((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        if (!db.objectStoreNames.contains(wanted)) return [];
        return await new Promise((resolve, reject) => {
          const all = db.transaction(wanted, 'readonly').objectStore(wanted);
          const req = keysOnly ? all.getAllKeys() : all.getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      } finally {
        db.close();
      }
    },
    { name: userDbName(uid), store, keys },
  );
}

/**
 * The user's outbox as stored on the device (`outbox` store of `plenty-user-<uid>`), in queue
 * order: `{ seq, name, body, queuedAt, state, attempts, rejection }` each. [] when the device
 * holds no database of the user (none is made for asking).
 */
export function readOutbox(page, uid) {
  return readUserStore(page, uid, 'outbox');
}

/** Resolves when the page has drawn its next frame: the moment to look at the device again. */
export function nextFrame(page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
}

/**
 * Reads the user's outbox on the device until `done(entries)` holds and answers those entries.
 * After `timeout` ms it fails with `what` and what the outbox held.
 */
export async function waitForOutbox(page, uid, done, what, { timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const entries = await readOutbox(page, uid);
    if (done(entries)) return entries;
    if (Date.now() > deadline)
      throw new Error(
        `${what}: the outbox holds ${entries.length}: ${JSON.stringify(entries.map((e) => [e.seq, e.name, e.state]))}`,
      );
    // The outbox changes when the app or the server acts; ask again when the page has had a frame.
    await nextFrame(page);
  }
}

/**
 * Waits until the device holds the user's copy of an answer (lib/offline/answers.ts): the one
 * whose key is `key` exactly, or, with `{ containing }`, any whose key (its path and query)
 * contains that text.
 */
export async function waitForSavedAnswer(page, uid, key, { containing = false, timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const keys = (await readUserStore(page, uid, 'answers', { keys: true })).map(String);
    if (keys.some((saved) => (containing ? saved.includes(key) : saved === key))) return;
    if (Date.now() > deadline)
      throw new Error(`the device holds no answer ${containing ? 'containing' : 'of'} ${key}: ${JSON.stringify(keys)}`);
    await nextFrame(page);
  }
}

/**
 * Puts commands in the user's outbox on the device as the outbox engine stores them (state
 * `waiting`, no attempts, no rejection, `seq` given by the store), in one transaction, then says
 * so on the outbox channel so the open pages read it. `commands` are `{ name, body }` with the
 * body's `commandId`. The app makes the database (at its own version) when a signed-in page
 * opens; this waits for it. Answers the entries' `seq`s.
 */
export async function writeOutbox(page, uid, commands, { timeout = 30_000 } = {}) {
  await page.waitForFunction(
    async (name) => (await indexedDB.databases()).some((db) => db.name === name),
    userDbName(uid),
    { timeout },
  );
  return page.evaluate(
    async ({ name, uid: owner, channel, commands: queued }) => {
      const db = await new Promise((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        const tx = db.transaction('outbox', 'readwrite');
        const store = tx.objectStore('outbox');
        const seqs = [];
        const queuedAt = new Date().toISOString();
        for (const command of queued) {
          const req = store.add({
            name: command.name,
            body: command.body,
            queuedAt,
            state: 'waiting',
            attempts: 0,
            rejection: null,
          });
          req.onsuccess = () => seqs.push(req.result);
        }
        await new Promise((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onabort = () => reject(tx.error);
        });
        const bc = new BroadcastChannel(channel);
        bc.postMessage({ type: 'outbox-changed', uid: owner });
        bc.close();
        return seqs;
      } finally {
        db.close();
      }
    },
    { name: userDbName(uid), uid, channel: OUTBOX_CHANNEL, commands },
  );
}

/** Waits until the user's outbox on the device is empty (everything accepted by the server). */
export async function waitForEmptyOutbox(page, uid, { timeout = 60_000 } = {}) {
  await waitForOutbox(page, uid, (entries) => entries.length === 0, 'not emptied', { timeout });
}

/**
 * Every transaction the server lists for the user, newest first, as the server holds it once
 * everything sent before this call is in its views: a command sent now (a preference set to what
 * it is) gives a position, and the list is read at or past it, so a command the app sent and
 * the server accepted is counted, and a second copy of it would be too.
 */
export async function serverTransactions(baseUrl, user) {
  const probe = await postCommand(baseUrl, user, 'ChangePreferences', { changes: { analyticsConsent: false } });
  const token = await idTokenFor(baseUrl, user);
  const items = [];
  let cursor = null;
  do {
    const path = `transactions?limit=200${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const page = await (await readAfter(baseUrl, token, path, probe.position)).json();
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
}

/** How many transactions the server lists for the user (see serverTransactions). */
export async function countServerTransactions(baseUrl, user) {
  return (await serverTransactions(baseUrl, user)).length;
}

/**
 * Waits until the user's outbox on the device is empty and the header's sync status says so:
 * `allSynced` (the message "All synced", shown for a few seconds after the sync that emptied the
 * outbox) or, once that moment has passed (or the header's status came after the sync), no
 * status at all, which the header shows only when nothing waits. A failure says what the status
 * showed and what the outbox still held (each entry's name, state, attempts and refusal).
 */
export async function expectAllSynced(page, uid, allSynced, { timeout = 60_000 } = {}) {
  const status = page.getByTestId('sync-status');
  try {
    await waitForEmptyOutbox(page, uid, { timeout });
    await page.waitForFunction(
      (text) => {
        const shown = document.querySelector('[data-testid="sync-status"]');
        return shown === null || (shown.textContent ?? '').includes(text);
      },
      allSynced,
      { timeout },
    );
  } catch (error) {
    const shown = await status.innerText({ timeout: 1000 }).catch(() => '(no sync status)');
    const state = await status.getAttribute('data-state', { timeout: 1000 }).catch(() => null);
    const entries = await readOutbox(page, uid).catch(() => []);
    const held = entries.map((e) => ({
      seq: e.seq,
      name: e.name,
      state: e.state,
      attempts: e.attempts,
      rejection: e.rejection,
    }));
    throw new Error(
      `not all synced: the status shows ${JSON.stringify(shown)} (${state}), the outbox holds ${JSON.stringify(held)}`,
      { cause: error },
    );
  }
}

/**
 * Puts in the user's outbox an expense in a category that does not exist and opens the page
 * again, which sends it: the server refuses it and it stays on the device, "Not synced", with
 * the header's status asking for attention and the list's row offering "See why and fix".
 */
export async function queueRefusedAdd(page, uid, { note = 'Refused lunch' } = {}) {
  const commandId = uuidV7();
  await writeOutbox(page, uid, [
    {
      name: 'AddTransaction',
      body: {
        commandId,
        transactionId: uuidV7(),
        type: 'expense',
        amount: { amount: 15_000, currency: 'LAK' },
        categoryId: uuidV7(),
        date: new Date().toISOString().slice(0, 10),
        note,
      },
    },
  ]);
  await page.reload();
  await waitForOutbox(
    page,
    uid,
    (entries) => entries.some((entry) => entry.body.commandId === commandId && entry.state === 'rejected'),
    'the add in a missing category was not refused',
  );
}
