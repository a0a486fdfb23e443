import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '@plenty/platform/http/errors';
import { serveWebApp } from './web-app.js';

const INDEX = '<html><head><meta name="plenty-auth" content="" /></head><body><div id="root"></div></body></html>';

describe('the web app server', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'plenty-web-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets/app.js'), 'console.log(1)');
    // As the build writes them beside each script (frontend/vite.config.ts).
    await writeFile(join(dist, 'assets/app.js.br'), brotliCompressSync('console.log(1)'));
    await writeFile(join(dist, 'assets/app.js.gz'), gzipSync('console.log(1)'));
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("install", () => {})');
    await writeFile(join(dist, 'manifest.th.webmanifest'), '{"name":"Plenty","start_url":"/th/"}');
    await writeFile(join(dist, 'icon-192.png'), 'png');
    app = Fastify();
    installErrorHandling(app, {
      notFound: await serveWebApp(app, { distDir: dist, projectId: 'plenty-test' }),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers every page, in every language, with the app', async () => {
    for (const url of ['/', '/th/', '/lo/auth/login', '/dashboard/debt-tracker/abc', '/privacy-policy?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('tells the app to sign in with the embedded identity at its own origin, with no providers by default', async () => {
    const body = (await app.inject({ url: '/auth/login' })).body;
    expect(body).toContain(
      '<meta name="plenty-auth" content="{&quot;apiKey&quot;:&quot;plenty-embedded&quot;,&quot;projectId&quot;:&quot;plenty-test&quot;,&quot;identity&quot;:&quot;embedded&quot;,&quot;providers&quot;:[]}" />',
    );
  });

  it('offers the social providers it is given', async () => {
    const only = Fastify();
    installErrorHandling(only, {
      notFound: await serveWebApp(only, {
        distDir: dist,
        projectId: 'plenty-test',
        authProviders: [
          { id: 'google', label: 'Google' },
          { id: 'work', label: 'Work <SSO> & "more"' },
        ],
      }),
    });
    const body = (await only.inject({ url: '/auth/login' })).body;
    const meta = /<meta name="plenty-auth" content="([^"]*)" \/>/.exec(body)?.[1] ?? '';
    expect(meta).not.toMatch(/[<>]/);
    const config = JSON.parse(
      meta.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
    ) as unknown;
    expect(config).toEqual({
      apiKey: 'plenty-embedded',
      projectId: 'plenty-test',
      identity: 'embedded',
      providers: [
        { id: 'google', label: 'Google' },
        { id: 'work', label: 'Work <SSO> & "more"' },
      ],
    });
    await only.close();
  });

  it('never answers the page without its sign-in settings, not even as /index.html', async () => {
    const response = await app.inject({ url: '/index.html' });
    expect(response.body).toContain('<div id="root">');
    expect(response.body).not.toContain('<meta name="plenty-auth" content="" />');
    expect(response.body).toContain('plenty-embedded');
  });

  it('answers an unknown path with 404 and the app, which shows its error page', async () => {
    const response = await app.inject({ url: '/th/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('gives crawlers a plain 404 without the app', async () => {
    const response = await app.inject({ url: '/no-such-page', headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
    const known = await app.inject({ url: '/terms-of-service', headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(known.statusCode).toBe(200);
  });

  it('keeps the JSON 404 for unknown API paths and other methods', async () => {
    const api = await app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
  });

  it('has the service worker script checked on every update, never kept from a cache', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url: '/sw.js' });
      expect(response.statusCode, method).toBe(200);
      expect(response.headers['cache-control'], method).toBe('no-cache');
      expect(response.headers['content-type'], method).toMatch(/^(application|text)\/javascript/);
    }
    expect((await app.inject({ url: '/sw.js' })).body).toContain('addEventListener');
  });

  it('serves a web app manifest as application/manifest+json, checked on every use', async () => {
    const response = await app.inject({ url: '/manifest.th.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ name: 'Plenty', start_url: '/th/' });
  });

  it('lets browsers keep the hashed assets for a year, and other files as before', async () => {
    const asset = await app.inject({ url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ url: '/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
    const page = await app.inject({ url: '/th/dashboard' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing manifest or worker like any unknown path, without the long cache', async () => {
    const response = await app.inject({ url: '/manifest.fr.webmanifest' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).not.toContain('immutable');
    const asset = await app.inject({ url: '/assets/gone-1a2b.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('serves the built files', async () => {
    const response = await app.inject({ url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('sends a script as the build compressed it to a browser that accepts Brotli or gzip', async () => {
    const brotli = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });
});

describe('the service worker as the server answers it', () => {
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  // As vite-plugin-pwa's injectManifest writes it: the page precached as "/", revised by index.html's bytes.
  const WORKER = `(()=>{const m=[{"revision":"0f0f","url":"manifest.en.webmanifest"},{"revision":"${md5(INDEX)}","url":"/"}];self.m=m})();`;
  let dist: string;
  const servers: FastifyInstance[] = [];

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'plenty-web-sw-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'sw.js'), WORKER);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await rm(dist, { recursive: true, force: true });
  });

  async function serving(authProviders: { id: string; label: string }[]) {
    const app = Fastify();
    servers.push(app);
    installErrorHandling(app, {
      notFound: await serveWebApp(app, { distDir: dist, projectId: 'plenty-test', authProviders }),
    });
    await app.ready();
    const page = (await app.inject({ url: '/' })).body;
    const worker = await app.inject({ url: '/sw.js' });
    return { page, worker };
  }

  it('revises the precached page by the page "/" answers, so new sign-in settings reach devices as a new version', async () => {
    const before = await serving([]);
    const after = await serving([{ id: 'work', label: 'Work SSO' }]);
    expect(before.page).not.toBe(after.page);
    for (const { page, worker } of [before, after]) {
      expect(worker.statusCode).toBe(200);
      expect(worker.body).toContain(`{"revision":"${md5(page)}","url":"/"}`);
      expect(worker.body).toContain('{"revision":"0f0f","url":"manifest.en.webmanifest"}');
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(worker.headers['content-type']).toMatch(/^text\/javascript/);
    }
    expect(before.worker.body).not.toBe(after.worker.body);
    expect(before.worker.headers.etag).not.toBe(after.worker.headers.etag);
    expect(before.worker.body).not.toContain(md5(INDEX));
  });

  it('serves the worker a deployment put in place while the server runs, and none once it is gone', async () => {
    const app = Fastify();
    servers.push(app);
    installErrorHandling(app, { notFound: await serveWebApp(app, { distDir: dist, projectId: 'plenty-test' }) });
    const page = (await app.inject({ url: '/' })).body;
    await writeFile(join(dist, 'sw.js'), WORKER.replace('0f0f', '1e1e'));
    const replaced = await app.inject({ url: '/sw.js' });
    expect(replaced.body).toContain('{"revision":"1e1e","url":"manifest.en.webmanifest"}');
    expect(replaced.body).toContain(`{"revision":"${md5(page)}","url":"/"}`);
    await rm(join(dist, 'sw.js'));
    const gone = await app.inject({ url: '/sw.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control'] ?? '').not.toContain('immutable');
    await writeFile(join(dist, 'sw.js'), WORKER);
  });

  it('answers an update check of an unchanged worker with 304 and no bytes', async () => {
    const app = Fastify();
    servers.push(app);
    installErrorHandling(app, { notFound: await serveWebApp(app, { distDir: dist, projectId: 'plenty-test' }) });
    const first = await app.inject({ url: '/sw.js' });
    const etag = String(first.headers.etag);
    const again = await app.inject({ url: '/sw.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
    const stale = await app.inject({ url: '/sw.js', headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('answers HEAD for the worker like GET, without a body', async () => {
    const app = Fastify();
    servers.push(app);
    installErrorHandling(app, { notFound: await serveWebApp(app, { distDir: dist, projectId: 'plenty-test' }) });
    const head = await app.inject({ method: 'HEAD', url: '/sw.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.body).toBe('');
  });
});
