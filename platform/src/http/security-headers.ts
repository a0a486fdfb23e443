import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Where the web app signs in: the app's own origin (the embedded identity), the Auth emulator's
 * origin, or a real Firebase project.
 */
export type SignInOrigins =
  | { readonly kind: 'embedded' }
  | { readonly kind: 'emulator'; readonly origin: string }
  | { readonly kind: 'firebase'; readonly authDomain?: string | undefined };

/** The endpoints of Firebase Auth a browser talks to with a real project. */
const FIREBASE_CONNECT = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** Popup sign-in loads Google's iframe loader (gapi) from here, with the emulator too. */
const GAPI = 'https://apis.google.com';

/**
 * The Content-Security-Policy of the web app: no inline script anywhere; scripts from our
 * origin and Google's iframe loader, calls to our origin and the identity provider, the
 * identity provider's sign-in frame, and the service worker and manifests from our origin
 * only. The popup itself is the provider's own page.
 */
export function webAppCspDirectives(signIn: SignInOrigins): Record<string, string[]> {
  const identity =
    signIn.kind === 'embedded'
      ? { connect: [], frame: [] }
      : signIn.kind === 'emulator'
        ? { connect: [signIn.origin], frame: [signIn.origin] }
        : {
            connect: FIREBASE_CONNECT,
            frame: signIn.authDomain ? [`https://${signIn.authDomain}`] : ['https://*.firebaseapp.com'],
          };
  return {
    'default-src': ["'self'"],
    // Popup sign-in with Firebase loads Google's iframe loader; the embedded identity needs none.
    'script-src': signIn.kind === 'embedded' ? ["'self'"] : ["'self'", GAPI],
    // Inline style attributes only (React sets them through the DOM); no inline script.
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", ...identity.connect],
    'frame-src': ["'self'", ...identity.frame],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // The service worker (`/sw.js`) and the web app manifests (`/manifest.<locale>.webmanifest`).
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** For services that answer JSON only: nothing may load, frame or be framed. */
export const apiCspDirectives: Record<string, string[]> = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** Helmet's options for the given CSP: the headers every answer carries. */
function helmetOptions(csp: Record<string, string[]>) {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: csp },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  } as const;
}

/**
 * The headers helmet sets with these options, read once from an instance of its own: they
 * depend on the options only, so every answer gets the same, without helmet building its
 * policy again for each request (4–5 % of the requests' thread at saturation).
 */
export async function helmetHeaders(csp: Record<string, string[]>): Promise<readonly [string, string][]> {
  const probe = Fastify();
  try {
    await probe.register(fastifyHelmet, helmetOptions(csp));
    probe.get('/', async (_request, reply) => reply.raw.getHeaders());
    const answer = await probe.inject({ url: '/' });
    const headers = answer.json<Record<string, string | number | string[]>>();
    return Object.entries(headers).map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

/**
 * Security headers on every answer of the instance (register at the root, before routes):
 * the CSP, nosniff, a referrer policy, no framing, and HSTS only on requests that came over
 * TLS (directly, or through a proxy the instance trusts). The opener policy lets the
 * sign-in popup talk back to the page. They are helmet's (`helmetHeaders`), set as the
 * request arrives, as helmet sets them.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: { readonly csp: Record<string, string[]> },
): Promise<void> {
  const headers = await helmetHeaders(options.csp);
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    if (request.protocol === 'https') raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
}
