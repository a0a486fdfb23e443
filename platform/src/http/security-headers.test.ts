import Fastify from 'fastify';
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
