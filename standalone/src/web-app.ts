import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchAppRoute } from '@plenty/contracts/app-routes';
import { sendError } from '@plenty/platform/http/errors';

/** Crawlers get a plain 404 for unknown paths instead of the app. */
const BOT_USER_AGENT = /bot|crawl|spider|slurp|facebookexternalhit|embedly|quora link preview|whatsapp|preview/i;

export interface WebAppOptions {
  /** The built app (`frontend/dist`). */
  readonly distDir: string;
  readonly projectId: string;
  /** The sign-in providers the operator configured (OpenID Connect), in the order offered. */
  readonly authProviders?: readonly { readonly id: string; readonly label: string }[];
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Serves the built web app. Its pages (/dashboard, /th/…, see contracts/app-routes) answer 200
 * with the app; any other path answers 404 with the same app, which shows its error page,
 * except for crawlers, which get a plain 404. Unknown API paths keep their JSON 404. The page
 * tells the app that it signs in with the embedded identity at its own origin, and which
 * providers to offer. Returns the handler for
 * paths no route matched.
 */
export async function serveWebApp(
  app: FastifyInstance,
  options: WebAppOptions,
): Promise<(request: FastifyRequest, reply: FastifyReply) => FastifyReply> {
  const indexPath = join(options.distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn('frontend/dist is missing: run `npm run build` to serve the web app');
    return (_request, reply) => sendError(reply, 404, 'not_found');
  }
  // The Firebase SDK signs in at this origin (the embedded identity), with the providers configured here.
  const authConfig = {
    apiKey: 'plenty-embedded',
    projectId: options.projectId,
    identity: 'embedded',
    providers: options.authProviders ?? [],
  };
  const indexHtml = (await readFile(indexPath, 'utf8')).replace(
    '<meta name="plenty-auth" content="" />',
    `<meta name="plenty-auth" content="${escapeAttribute(JSON.stringify(authConfig))}" />`,
  );
  await app.register(fastifyStatic, { root: options.distDir, wildcard: false, index: false });
  const page = (reply: FastifyReply, status: number) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  app.get('/', (_request, reply) => page(reply, 200));
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (!wantsPage) return sendError(reply, 404, 'not_found');
    if (matchAppRoute(path) !== null) return page(reply, 200);
    if (BOT_USER_AGENT.test(request.headers['user-agent'] ?? '')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return page(reply, 404);
  };
}
