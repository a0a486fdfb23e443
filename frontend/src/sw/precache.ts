/**
 * What the service worker keeps on the device at install (the app shell), decided from the
 * paths of the built app (relative to its folder, as Workbox lists them).
 *
 * - every JavaScript and CSS chunk in `assets/`: the pages, the language catalogs (`en-…js`,
 *   `th-…js`, `lo-…js`) and the page messages, so any page opens without a network;
 * - the woff2 fonts the app imports (Noto Sans latin, Thai and Lao, 400 and 700); never the
 *   `.woff` fallbacks, which a browser with a service worker never asks for;
 * - the icons, the web app manifests, `theme.js` and `boot-snapshot.js`;
 * - `index.html`, kept as `/`: the server fills in the sign-in settings (`plenty-auth`) when it
 *   serves the page, so the worker stores the page as `/` answers it, revised by the file's hash.
 *
 * Never source maps, the build manifest (`.vite/`) or the worker itself.
 */
const SHELL_FILE =
  /^(?:assets\/[^/]+\.(?:js|css|woff2)|icons\/[^/]+\.(?:png|svg)|manifest\.(?:en|th|lo)\.webmanifest|theme\.js|boot-snapshot\.js|index\.html)$/;

/** The navigation shell's address: every page of the app is this one document. */
export const SHELL_URL = '/';

export function isPrecached(path: string): boolean {
  return SHELL_FILE.test(path);
}

export interface PrecacheEntry {
  readonly url: string;
  readonly revision: string | null;
  readonly size: number;
}

/**
 * The precache list from everything the build wrote: the shell files only, `index.html`
 * replaced by `/` with the file's revision. Throws when the build wrote no `index.html`, as a
 * worker without its navigation shell would open nothing offline.
 */
export function shellManifest<E extends PrecacheEntry>(entries: readonly E[]): E[] {
  const kept = entries
    .filter((entry) => isPrecached(entry.url))
    .map((entry) => (entry.url === 'index.html' ? { ...entry, url: SHELL_URL } : entry));
  const shell = kept.find((entry) => entry.url === SHELL_URL);
  if (shell === undefined || shell.revision === null) {
    throw new Error('the built app has no index.html to precache as the navigation shell');
  }
  return kept;
}

/** Hashed file names (everything in `assets/`) are their own revision: no cache-busting query. */
export const HASHED_FILE = /^assets\//;

/** Where the service worker must never answer a navigation: the API, sign-in and health checks. */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [
  /^\/api\//,
  /^\/identitytoolkit\.googleapis\.com\//,
  /^\/securetoken\.googleapis\.com\//,
  /^\/emulator\//,
  /^\/__\//,
  /^\/readyz(?:$|[/?])/,
  /^\/healthz(?:$|[/?])/,
];

/**
 * Whether an answer may be stored in the precache: never an error (as Workbox's own check), and
 * for the navigation shell only the app's page itself, so a proxy's or a starting server's error
 * or maintenance page, even one sent with 200, never becomes what every page opens offline.
 * Refused, the worker's install fails and the browser tries again later; the old worker stays.
 */
export async function mayPrecache(url: string, response: Response): Promise<boolean> {
  if (response.status >= 400) return false;
  if (new URL(url).pathname !== SHELL_URL) return true;
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  const page = await response.clone().text();
  return page.includes('<div id="root">') && page.includes('name="plenty-auth"');
}
