import { ANSWERS_BY_SAVED_AT, hasIndexedDb, inTransaction, request, userDbName } from './db';

/**
 * The device copy of a user's answers (offline reading): the last answer of each query they
 * saw, in the `answers` store of their database, so a page opens without a network.
 */
export interface SavedAnswer {
  /** The request's address with its sorted parameters (see answerKey). */
  readonly key: string;
  readonly data: unknown;
  /** When it was saved (ISO): "offline — as of <time>". */
  readonly savedAt: string;
  /** The views' position the answer reflects, when the server said. */
  readonly position: string | null;
}

/** At most this many answers per user; the least recently saved go first. */
export const MAX_ANSWERS = 500;
/** Answers larger than this (characters of their JSON) are not kept. */
export const MAX_ANSWER_SIZE = 2 * 1024 * 1024;

export interface AnswerRequest {
  readonly url: string;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly body?: unknown;
}

/**
 * The key of a request's answer: its path with every parameter (those in the address and
 * `params`) sorted by name, so `?b=2&a=1` and `{a: 1, b: 2}` share one answer. Parameters
 * RTK Query would leave out (undefined) are left out. A request other than GET has its method
 * and body in the key.
 */
export function answerKey({ url, method, params, body }: AnswerRequest): string {
  const [path = '', query = ''] = url.split('?', 2);
  const pairs: [string, string][] = [...new URLSearchParams(query).entries()];
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined) continue;
    pairs.push([name, String(value)]);
  }
  pairs.sort(([a, va], [b, vb]) => (a < b ? -1 : a > b ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  const search = new URLSearchParams(pairs).toString();
  const verb = (method ?? 'GET').toUpperCase();
  const address = search === '' ? path : `${path}?${search}`;
  return verb === 'GET' ? address : `${verb} ${address} ${body === undefined ? '' : JSON.stringify(body)}`;
}

/** The signed-in (verified) user in the store's state, whose answers are kept; null for anyone else. */
export function signedInUid(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('auth' in state)) return null;
  const { auth } = state as { auth: { status?: unknown; user?: { uid?: unknown } | null } };
  const uid = auth.user?.uid;
  return auth.status === 'signed-in' && typeof uid === 'string' && uid !== '' ? uid : null;
}

/** Users whose device copy was wiped on this page: nothing is read or written for them until they sign in again. */
const closed = new Set<string>();

/** Whether this page may read and write `uid`'s device copy. */
export function deviceCopyOpen(uid: string): boolean {
  return hasIndexedDb() && !closed.has(uid);
}

/** Stops reading and writing `uid`'s device copy on this page (it is being wiped). */
export function closeDeviceCopy(uid: string): void {
  closed.add(uid);
}

/** `uid` signed in (again): their device copy is read and written. */
export function reopenDeviceCopy(uid: string): void {
  closed.delete(uid);
}

/**
 * Saves an answer; when the store then holds more than MAX_ANSWERS, the least recently saved
 * are dropped. Too large an answer is not saved. Resolves false when nothing was saved.
 */
export async function saveAnswer(uid: string, answer: SavedAnswer): Promise<boolean> {
  if (!deviceCopyOpen(uid)) return false;
  if (answer.data === undefined) return false;
  const size = JSON.stringify(answer.data).length;
  if (size > MAX_ANSWER_SIZE) return false;
  return inTransaction(uid, 'answers', 'readwrite', async (tx) => {
    if (!deviceCopyOpen(uid)) return false;
    const store = tx.objectStore('answers');
    await request(store.put(answer));
    const over = (await request(store.count())) - MAX_ANSWERS;
    if (over > 0) await dropOldest(store, over);
    return true;
  });
}

function dropOldest(store: IDBObjectStore, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let left = count;
    const cursor = store.index(ANSWERS_BY_SAVED_AT).openCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (at === null || left === 0) return resolve();
      at.delete();
      left -= 1;
      at.continue();
    };
    cursor.onerror = () => reject(cursor.error ?? new Error('cannot drop old answers'));
  });
}

function isSavedAnswer(value: unknown): value is SavedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { key, savedAt } = value as { key?: unknown; savedAt?: unknown };
  return typeof key === 'string' && typeof savedAt === 'string' && 'data' in value;
}

/** The saved answer of `key`, or null (none, or the copy cannot be read). */
export async function readAnswer(uid: string, key: string): Promise<SavedAnswer | null> {
  if (!deviceCopyOpen(uid)) return null;
  try {
    const found = await inTransaction(uid, 'answers', 'readonly', (tx) =>
      request<unknown>(tx.objectStore('answers').get(key)),
    );
    return isSavedAnswer(found) ? found : null;
  } catch {
    return null;
  }
}

/**
 * Forgets what the device copy shows (the `answers` and `meta` stores) and keeps the `outbox`:
 * for a session that ended without the user signing out (account disabled, sign-in revoked
 * elsewhere), so nothing they typed is lost; it is sent when the same user signs in again.
 */
export async function forgetAnswers(uid: string): Promise<void> {
  if (!hasIndexedDb()) return;
  await inTransaction(uid, ['answers', 'meta'], 'readwrite', async (tx) => {
    await request(tx.objectStore('answers').clear());
    await request(tx.objectStore('meta').clear());
  });
}

/**
 * Whether `uid` has a device copy of any answer on this browser. Does not create their database
 * where the browser can list databases (it is not opened when it does not exist).
 */
export async function hasSavedAnswers(uid: string): Promise<boolean> {
  if (!deviceCopyOpen(uid)) return false;
  try {
    if (typeof indexedDB.databases === 'function') {
      const names = (await indexedDB.databases()).map((db) => db.name);
      if (!names.includes(userDbName(uid))) return false;
    }
    const count = await inTransaction(uid, 'answers', 'readonly', (tx) => request(tx.objectStore('answers').count()));
    return count > 0;
  } catch {
    return false;
  }
}
