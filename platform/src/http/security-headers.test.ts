import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import {
  apiCspDirectives,
  installSecurityHeaders,
  webAppCspDirectives,
  type SignInOrigins,
} from './security-headers.js';

const SIGN_INS: SignInOrigins[] = [
  { kind: 'embedded' },
  { kind: 'emulator', origin: 'http://127.0.0.1:9099' },
  { kind: 'firebase', authDomain: 'plenty.firebaseapp.com' },
  { kind: 'firebase', authDomain: undefined },
];

/** The CSP header an instance sends with `csp`, on a plain page. */
async function cspHeader(csp: Record<string, string[]>): Promise<string> {
  const app = Fastify();
  await installSecurityHeaders(app, { csp });
  app.get('/', (_request, reply) => reply.type('text/html').send('<p>ok</p>'));
  const response = await app.inject({ url: '/' });
  await app.close();
  return String(response.headers['content-security-policy']);
}

describe('the web app content security policy', () => {
  it('lets the app register its own service worker and manifests only, whatever the sign-in', () => {
    for (const signIn of SIGN_INS) {
      const directives = webAppCspDirectives(signIn);
      expect(directives['worker-src'], signIn.kind).toEqual(["'self'"]);
      expect(directives['manifest-src'], signIn.kind).toEqual(["'self'"]);
    }
  });

  it('keeps scripts to its own origin (and Google’s iframe loader with Firebase) and never allows inline script', () => {
    expect(webAppCspDirectives({ kind: 'embedded' })['script-src']).toEqual(["'self'"]);
    expect(webAppCspDirectives({ kind: 'emulator', origin: 'http://127.0.0.1:9099' })['script-src']).toEqual([
      "'self'",
      'https://apis.google.com',
    ]);
    for (const signIn of SIGN_INS) {
      for (const sources of Object.values(webAppCspDirectives(signIn))) {
        expect(sources).not.toContain("'unsafe-eval'");
      }
      expect(webAppCspDirectives(signIn)['script-src']).not.toContain("'unsafe-inline'");
    }
  });

  it('is sent on every answer with worker-src and manifest-src', async () => {
    const header = await cspHeader(webAppCspDirectives({ kind: 'embedded' }));
    expect(header).toContain("worker-src 'self'");
    expect(header).toContain("manifest-src 'self'");
    expect(header).toContain("frame-ancestors 'none'");
  });

  it('allows nothing at all on the JSON-only services', async () => {
    const header = await cspHeader(apiCspDirectives);
    expect(header).toContain("default-src 'none'");
    expect(header).not.toContain('worker-src');
  });
});

describe('the security headers of every answer', () => {
  /** The headers of an answer, but those that differ between two answers (date) or come from the route. */
  const securityOf = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) => !['date', 'content-length', 'content-type', 'connection', 'keep-alive'].includes(name),
      ),
    );

  it('are the ones helmet sends with the same options, on a route, a 404 and an error', async () => {
    for (const csp of [apiCspDirectives, webAppCspDirectives({ kind: 'embedded' })]) {
      const ours = Fastify();
      await installSecurityHeaders(ours, { csp });
      const theirs = Fastify();
      await theirs.register(fastifyHelmet, {
        global: true,
        contentSecurityPolicy: { useDefaults: false, directives: csp },
        crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
        crossOriginEmbedderPolicy: false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        strictTransportSecurity: false,
        xFrameOptions: { action: 'deny' },
      });
      for (const app of [ours, theirs]) {
        app.get('/ok', async () => ({ ok: true }));
        app.get('/fails', async () => {
          throw new Error('no');
        });
      }
      for (const url of ['/ok', '/missing', '/fails']) {
        const [mine, helmets] = await Promise.all([ours.inject({ url }), theirs.inject({ url })]);
        expect(mine.statusCode, url).toBe(helmets.statusCode);
        expect(securityOf(mine.headers), url).toEqual(securityOf(helmets.headers));
        expect(mine.headers['x-content-type-options'], url).toBe('nosniff');
      }
      await Promise.all([ours.close(), theirs.close()]);
    }
  });

  it('add HSTS over TLS only', async () => {
    const app = Fastify({ trustProxy: true });
    await installSecurityHeaders(app, { csp: apiCspDirectives });
    app.get('/', async () => ({ ok: true }));
    const plain = await app.inject({ url: '/' });
    const tls = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    await app.close();
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
