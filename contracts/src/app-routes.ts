/**
 * The web app's pages, in their English form. Every page also exists under `/th` and `/lo`.
 * The frontend builds its router from this list and the server uses it to answer unknown
 * paths with 404.
 */
export type PageAccess = 'signed-in' | 'guest-only' | 'public';

export interface AppRoute {
  readonly path: string;
  readonly access: PageAccess;
}

export const APP_ROUTES = [
  { path: '/', access: 'signed-in' },
  { path: '/auth/login', access: 'guest-only' },
  { path: '/auth/verify', access: 'guest-only' },
  { path: '/auth/register', access: 'guest-only' },
  { path: '/auth/forgot-password', access: 'guest-only' },
  { path: '/auth/reset-password/:token', access: 'guest-only' },
  { path: '/cookie-policy', access: 'public' },
  { path: '/privacy-policy', access: 'public' },
  { path: '/terms-of-service', access: 'public' },
  { path: '/dashboard', access: 'signed-in' },
  { path: '/dashboard/reports', access: 'signed-in' },
  { path: '/dashboard/settings', access: 'signed-in' },
  { path: '/dashboard/transactions', access: 'signed-in' },
  { path: '/dashboard/transactions/add', access: 'signed-in' },
  { path: '/dashboard/transactions/edit/:id', access: 'signed-in' },
  { path: '/dashboard/debt-tracker', access: 'signed-in' },
  { path: '/dashboard/debt-tracker/:id', access: 'signed-in' },
  { path: '/dashboard/wallets', access: 'signed-in' },
  { path: '/dashboard/wallets/:id', access: 'signed-in' },
  { path: '/dashboard/recurring', access: 'signed-in' },
  { path: '/dashboard/recurring/:id', access: 'signed-in' },
  { path: '/dashboard/import', access: 'signed-in' },
  { path: '/dashboard/import/:id', access: 'signed-in' },
  { path: '/dashboard/restore', access: 'signed-in' },
  { path: '/dashboard/budgets', access: 'signed-in' },
  { path: '/dashboard/tags', access: 'signed-in' },
  { path: '/activity', access: 'signed-in' },
] as const satisfies readonly AppRoute[];

export type AppPath = (typeof APP_ROUTES)[number]['path'];

/** Path prefixes of the languages other than English (the default has none). */
export const PREFIXED_LOCALES = ['th', 'lo'] as const;

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** The page a path shows (with or without a language prefix), or null for an unknown path. */
export function matchAppRoute(pathname: string): AppRoute | null {
  let parts = segments(pathname);
  if (parts.length > 0 && (PREFIXED_LOCALES as readonly string[]).includes(parts[0] ?? '')) parts = parts.slice(1);
  for (const route of APP_ROUTES) {
    const pattern = segments(route.path);
    if (pattern.length !== parts.length) continue;
    const matches = pattern.every((segment, index) => {
      const part = parts[index] ?? '';
      return segment.startsWith(':') ? part !== '' : segment === part;
    });
    if (matches) return route;
  }
  return null;
}
