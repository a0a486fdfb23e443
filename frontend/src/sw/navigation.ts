import { matchAppRoute } from '@plenty/contracts/app-routes';
import { NAVIGATION_DENYLIST } from './precache';

/** A path whose last segment names a file (`/sw.js`, `/robots.txt`, `/export.csv`). */
const FILE_PATH = /\/[^/]*\.[A-Za-z0-9]{1,10}$/;

/**
 * Whether the worker answers a navigation to `pathname` with the app (the precached `/`): every
 * page of the app, in every language, and any other path that does not name a file, which the
 * app answers with its not-found page, offline too. Never the API, sign-in, health checks
 * (`NAVIGATION_DENYLIST`), nor a file the build does not have (the worker answers the files it
 * has before this): opening `/sw.js`, an old chunk or a download in a tab reaches the server,
 * and offline the browser says it is offline instead of showing the app as if it were the file.
 */
export function answeredWithShell(pathname: string): boolean {
  if (NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname))) return false;
  if (matchAppRoute(pathname) !== null) return true;
  return !FILE_PATH.test(pathname);
}
