import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
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

/** A year: the longest a browser is asked to keep a file. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * How long a browser keeps a built file, by its path in the build (`sw.js`, `assets/app-1a2b.js`):
 * the service worker script and the web app manifests are checked on every use (a browser looks
 * for a new worker on each update check, and a stale manifest keeps old names); the files under
 * `assets/` have their content's hash in their names and never change. Null: as @fastify/static
 * answers (`public, max-age=0`).
 */
export function builtFileCaching(path: string): { cacheControl: string; contentType?: string } | null {
  if (path === 'sw.js') return { cacheControl: 'no-cache' };
  if (path.endsWith('.webmanifest')) return { cacheControl: 'no-cache', contentType: 'application/manifest+json' };
  if (path.startsWith('assets/')) return { cacheControl: IMMUTABLE };
  return null;
}

/** How Workbox revises a precached file: the MD5 of its bytes, in hex. */
const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/**
 * The service worker as this server must serve it: the build revised its navigation shell (`/`)
 * by the bytes of `index.html`, but `/` answers the page with this server's sign-in settings
 * filled in. The shell's revision becomes the hash of the page `/` answers, so a change of
 * settings (providers, project) without a new build is a new worker to the browser: it stores
 * the page again and offers the reload, instead of keeping the old settings on every device.
 * Null when the worker names no such revision (then it is served as built).
 */
export function servedWorker(worker: string, builtIndex: string, servedIndex: string): string | null {
  const built = `{"revision":"${md5(builtIndex)}","url":"/"}`;
  if (!worker.includes(built)) return null;
  return worker.replaceAll(built, `{"revision":"${md5(servedIndex)}","url":"/"}`);
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Serves the built web app. Its pages (/dashboard, /th/…, see contracts/app-routes) answer 200
 * with the app; any other path answers 404 with the same app, which shows its error page,
 * except for crawlers, which get a plain 404. Unknown API paths keep their JSON 404. The page
 * tells the app that it signs in with the embedded identity at its own origin, and which
 * providers to offer; the service worker's copy of that page is revised by what this server
 * answers (`servedWorker`). The service worker and the manifests are revalidated on every use, the
 * hashed assets kept for a year (`builtFileCaching`). Returns the handler for paths no route
 * matched.
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
  const builtIndex = await readFile(indexPath, 'utf8');
  const indexHtml = builtIndex.replace(
    '<meta name="plenty-auth" content="" />',
    `<meta name="plenty-auth" content="${escapeAttribute(JSON.stringify(authConfig))}" />`,
  );
  const workerPath = join(options.distDir, 'sw.js');
  /** The worker as built now (a deployment may replace it while the server runs), as served. */
  const currentWorker = async (): Promise<string | null> => {
    const built = await readFile(workerPath, 'utf8').catch(() => null);
    return built === null ? null : (servedWorker(built, builtIndex, indexHtml) ?? built);
  };
  if (existsSync(workerPath) && servedWorker(await readFile(workerPath, 'utf8'), builtIndex, indexHtml) === null) {
    app.log.warn('sw.js does not precache index.html as "/": devices keep the sign-in settings of its build');
  }
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    // The page only as filled in (`/index.html` is an unknown path); the worker is answered
    // below, with the revision of the page this server serves.
    globIgnore: ['index.html', 'sw.js'],
    // The build writes each asset also as `.br` and `.gz` (frontend/vite.config.ts): sent as
    // they are to a browser that accepts them.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const caching = builtFileCaching(relative(options.distDir, filePath).split(sep).join('/'));
      if (caching === null) return;
      reply.header('cache-control', caching.cacheControl);
      if (caching.contentType !== undefined) reply.header('content-type', caching.contentType);
    },
  });
  const page = (reply: FastifyReply, status: number) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  app.get('/', (_request, reply) => page(reply, 200));
  // Browsers ask for it on every update check: an unchanged worker answers 304 without its bytes.
  app.get('/sw.js', async (request, reply) => {
    const worker = await currentWorker();
    if (worker === null) return reply.callNotFound();
    const etag = `"${md5(worker)}"`;
    reply.header('cache-control', builtFileCaching('sw.js')?.cacheControl ?? 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').send(worker);
  });
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
