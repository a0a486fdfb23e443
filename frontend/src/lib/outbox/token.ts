import { inTransaction, request } from '../offline/db';

/**
 * The ID token a page last had, kept in the user's `meta` store under `idToken` so that the
 * service worker can send the outbox when no page is open (Background Sync). It is the same
 * short-lived token the page sends with every request (an hour for Firebase and the embedded
 * identity), wiped with the rest of the user's data; an expired one is never sent.
 */
export interface SavedToken {
  readonly idToken: string;
  /** When the token stops being accepted (ISO), from its `exp` claim. */
  readonly expiresAt: string;
}

export const TOKEN_KEY = 'idToken';

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return atob(padded);
}

function claimsOf(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` of a JWT as an ISO time, or null when the token cannot be read. */
export function tokenExpiry(token: string): string | null {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000).toISOString() : null;
}

/** Whether the token is the user's own: its subject (`sub`, Firebase and the embedded identity) is `uid`. */
export function tokenIsFor(token: string, uid: string): boolean {
  return claimsOf(token)?.sub === uid;
}

/**
 * Saves the token (nothing when its expiry cannot be read). A token of someone else (the
 * session changed while it was fetched) is never kept in this user's database: the worker would
 * send this user's entries as that person; whatever was kept is taken out instead.
 */
export async function saveToken(uid: string, idToken: string): Promise<void> {
  const expiresAt = tokenExpiry(idToken);
  if (expiresAt === null) return;
  const saved: SavedToken = { idToken, expiresAt };
  const own = tokenIsFor(idToken, uid);
  await inTransaction(uid, 'meta', 'readwrite', async (tx) => {
    const meta = tx.objectStore('meta');
    if (own) await request(meta.put(saved, TOKEN_KEY));
    else await request(meta.delete(TOKEN_KEY));
  });
}

/** The saved token if it is the user's and still valid at `now` (with a minute to spare), else null. */
export async function validToken(uid: string, now: Date = new Date()): Promise<string | null> {
  const saved = await inTransaction(uid, 'meta', 'readonly', async (tx) => {
    const found: unknown = await request(tx.objectStore('meta').get(TOKEN_KEY));
    return found as Partial<SavedToken> | undefined;
  });
  if (typeof saved?.idToken !== 'string' || typeof saved.expiresAt !== 'string') return null;
  if (!tokenIsFor(saved.idToken, uid)) return null;
  return Date.parse(saved.expiresAt) - 60_000 > now.getTime() ? saved.idToken : null;
}
