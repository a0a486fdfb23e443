/**
 * The last dashboard a person saw, painted at boot by `public/boot-snapshot.js` before any
 * module runs (docs/FRONTEND.md "The last dashboard painted at boot"). This part is in the
 * entry: it takes the painted copy away and shows the app, and forgets the saved copy. What
 * saves it (`save.ts`) comes with the dashboard's page.
 */

/** Where the copy is kept (localStorage, read synchronously by the boot script). */
export const BOOT_SNAPSHOT_KEY = 'plenty:boot-snapshot';
/** The element the boot script paints the copy into, a sibling of `#root`. */
export const BOOT_SNAPSHOT_ID = 'boot-snapshot';
/** What the boot script sets on `#root` when it hid it for the copy. */
export const HIDDEN_FOR_SNAPSHOT = 'data-boot-snapshot';

/**
 * Takes the painted copy off the screen and shows the app, in the same frame (call it from a
 * layout effect, or anywhere the app's own screen must show). Does nothing when no copy is on
 * screen; safe to call any number of times.
 */
export function revealApp(doc: Document = document): void {
  doc.getElementById(BOOT_SNAPSHOT_ID)?.remove();
  const root = doc.getElementById('root');
  if (root?.hasAttribute(HIDDEN_FOR_SNAPSHOT) === true) {
    root.removeAttribute(HIDDEN_FOR_SNAPSHOT);
    root.hidden = false;
  }
}

/** Whether the boot script painted a copy that is still on screen. */
export function bootSnapshotShown(doc: Document = document): boolean {
  return doc.getElementById(BOOT_SNAPSHOT_ID) !== null;
}

/** The uid whose dashboard the saved copy is; null when none is saved (or storage is blocked). */
export function bootSnapshotUid(storage: Storage | null = safeStorage()): string | null {
  try {
    const saved = storage?.getItem(BOOT_SNAPSHOT_KEY) ?? null;
    if (saved === null) return null;
    const uid: unknown = (JSON.parse(saved) as { uid?: unknown }).uid;
    return typeof uid === 'string' ? uid : null;
  } catch {
    return null;
  }
}

/**
 * Forgets the saved copy, and takes it off the screen: wherever the device copy is wiped or
 * forgotten (sign-out, account deleted, session revoked) and when someone else signs in.
 */
export function clearBootSnapshot(
  storage: Storage | null = safeStorage(),
  doc: Document | null = safeDocument(),
): void {
  try {
    storage?.removeItem(BOOT_SNAPSHOT_KEY);
  } catch {
    // Storage blocked: nothing was saved either.
  }
  if (doc !== null) revealApp(doc);
}

/**
 * What the session now says, against the saved copy: signed out, or signed in as someone else,
 * and the copy is forgotten; the same user keeps it.
 */
export function bootSnapshotSessionSeen(uid: string | null): void {
  const saved = bootSnapshotUid();
  if (uid === null) revealApp();
  if (saved !== null && saved !== uid) clearBootSnapshot();
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function safeDocument(): Document | null {
  return typeof document === 'undefined' ? null : document;
}
