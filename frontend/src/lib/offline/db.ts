/**
 * The browser's copy of one user's data, in IndexedDB: one database per user
 * (`plenty-user-<uid>`), so wiping a user is one `deleteDatabase` and no user ever reads
 * another's rows. It holds three stores:
 *
 * - `answers`: the last answer of each query the user saw (offline reading), keyed by `key`;
 * - `outbox`: commands made on this device and not yet accepted by the server (offline entry),
 *   in the order they were made (`seq`, auto-incremented);
 * - `meta`: small records (`key` → value), such as when the copy was last refreshed.
 *
 * Works in pages and in the service worker (no `window`).
 */

export const USER_DB_PREFIX = 'plenty-user-';
/** 2: the `answers` store's `savedAt` index, to drop the least recently saved answers. */
const VERSION = 2;

/** The `answers` store's index on `savedAt`. */
export const ANSWERS_BY_SAVED_AT = 'savedAt';

export type UserStore = 'answers' | 'outbox' | 'meta';

export const userDbName = (uid: string): string => `${USER_DB_PREFIX}${uid}`;

/** An IndexedDB request as a promise. */
export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves when the transaction commits; rejects when it aborts. */
export function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

const open = new Map<string, Promise<IDBDatabase>>();

/** Whether this browser has IndexedDB at all (private modes of some browsers do not). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** The user's database, opened once per page (or worker) and shared. */
export function openUserDb(uid: string): Promise<IDBDatabase> {
  const name = userDbName(uid);
  let db = open.get(name);
  if (db === undefined) {
    db = new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name, VERSION);
      req.onupgradeneeded = () => {
        const created = req.result;
        const answers = created.objectStoreNames.contains('answers')
          ? (req.transaction?.objectStore('answers') ?? null)
          : created.createObjectStore('answers', { keyPath: 'key' });
        if (answers !== null && !answers.indexNames.contains(ANSWERS_BY_SAVED_AT))
          answers.createIndex(ANSWERS_BY_SAVED_AT, 'savedAt');
        if (!created.objectStoreNames.contains('outbox'))
          created.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        if (!created.objectStoreNames.contains('meta')) created.createObjectStore('meta');
      };
      req.onsuccess = () => {
        const opened = req.result;
        // Another tab deleting this user's data (sign-out, account deletion) must not wait on us.
        opened.onversionchange = () => {
          opened.close();
          open.delete(name);
        };
        opened.onclose = () => open.delete(name);
        resolve(opened);
      };
      req.onerror = () => {
        open.delete(name);
        reject(req.error ?? new Error(`cannot open ${name}`));
      };
      req.onblocked = () => undefined;
    });
    open.set(name, db);
    // A failed open (also one that throws at once, as a browser refusing storage does) is not
    // kept: the next call tries again instead of failing until the page is reloaded.
    const opening = db;
    opening.catch(() => {
      if (open.get(name) === opening) open.delete(name);
    });
  }
  return db;
}

/**
 * Runs `work` in one transaction over `stores` and resolves with its result once the
 * transaction has committed (so a caller told "saved" knows it is on disk).
 */
export async function inTransaction<T>(
  uid: string,
  stores: UserStore | readonly UserStore[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const db = await openUserDb(uid);
  const tx = db.transaction(stores as string | string[], mode);
  const done = committed(tx);
  let result: T;
  try {
    result = await work(tx);
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already finished.
    }
    await done.catch(() => undefined);
    throw error;
  }
  await done;
  return result;
}

/** Deletes the user's whole database (their cached answers and queued commands). */
export async function deleteUserDb(uid: string): Promise<void> {
  const name = userDbName(uid);
  const opened = open.get(name);
  open.delete(name);
  if (opened !== undefined) (await opened.catch(() => null))?.close();
  await new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error(`cannot delete ${name}`));
    // Open connections elsewhere close on `versionchange` (see openUserDb); the delete then goes on.
    req.onblocked = () => undefined;
  });
}

/** The users whose data this browser holds (where the browser can list its databases). */
export async function storedUserIds(): Promise<string[]> {
  if (!hasIndexedDb() || typeof indexedDB.databases !== 'function') return [];
  const databases = await indexedDB.databases();
  return databases
    .map((db) => db.name ?? '')
    .filter((name) => name.startsWith(USER_DB_PREFIX))
    .map((name) => name.slice(USER_DB_PREFIX.length));
}
