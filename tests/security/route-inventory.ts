import type { FastifyInstance } from 'fastify';
import { transactionCommandSchemas } from '@plenty/contracts/commands/transaction';
import { profileCommandSchemas } from '@plenty/contracts/commands/profile';
import { debtCommandSchemas } from '@plenty/contracts/debts';

/** Commands the identity and account routes take besides the ones of the domain's streams. */
const ACCOUNT_COMMANDS = ['SendVerificationCode', 'VerifyEmail', 'RequestPasswordReset', 'DeleteAccount'] as const;

/** Every command name the command API accepts at `POST /api/commands/<name>`. */
export function commandNames(): string[] {
  return [
    ...Object.keys(transactionCommandSchemas),
    ...Object.keys(profileCommandSchemas),
    ...Object.keys(debtCommandSchemas),
    ...ACCOUNT_COMMANDS,
  ].sort();
}

/**
 * The paths of the embedded identity that the web app's Firebase SDK calls at the app's own
 * origin (the Identity Toolkit and Secure Token REST subset).
 */
export const IDENTITY_PATH = /^\/(identitytoolkit|securetoken)\.googleapis\.com\//;

/**
 * Every route of the app under /api, the embedded identity's routes and the health routes, as
 * "METHOD /path" (HEAD left out: Fastify answers it with the GET handler), read from the router
 * itself so that a route added later shows up here without anyone listing it. A parameter is
 * `/:name`; a colon inside a segment is part of the path (`accounts:signUp`).
 */
export function httpRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: { depth: number; path: string }[] = [];
  const routes = new Set<string>();
  for (const line of tree.split('\n')) {
    const match = /^([\s│]*)[└├]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (match === null) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length;
    while (stack.length > 0 && (stack.at(-1)?.depth ?? 0) >= depth) stack.pop();
    const parent = stack.at(-1)?.path ?? '';
    const path = parent === '' ? (segment.startsWith('/') ? segment : `/${segment}`) : `${parent}${segment}`;
    stack.push({ depth, path });
    if (!/^\/(api|healthz|readyz)/.test(path) && !IDENTITY_PATH.test(path)) continue;
    for (const method of methods.split(',').map((m) => m.trim()))
      if (method !== 'HEAD') routes.add(`${method} ${path.replace(/\/$/, '')}`);
  }
  return [...routes].sort();
}
