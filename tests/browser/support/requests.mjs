// What a journey's page asks of the network: requests to other origins, refusals from the API,
// and API requests made with a token from before the address was verified.

/**
 * Records what a page asks for: every request a page of the app makes must go to the app's own
 * origin. A navigation may leave for the sign-in provider (the user chose it), and what the
 * provider's own page loads is the provider's business.
 */
export function recordRequests(page, baseUrl, providerOrigins = []) {
  const origin = new URL(baseUrl).origin;
  const outside = [];
  page.on('request', (request) => {
    const target = new URL(request.url());
    if (target.origin === origin || target.protocol === 'data:' || target.protocol === 'blob:') return;
    if (request.isNavigationRequest() && providerOrigins.includes(target.origin)) return;
    const frameUrl = request.frame().url();
    if (frameUrl !== '' && providerOrigins.includes(new URL(frameUrl).origin)) return;
    outside.push(request.url());
  });
  return outside;
}

/** Answers from the API that refused the signed-in user (401, 403). */
export function recordRefusals(page) {
  const refused = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && [401, 403].includes(response.status())) {
      refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return refused;
}

/**
 * The API requests a page makes with an ID token that does not (yet) say the address is
 * verified, other than the verification commands themselves: after verifying, the page must not
 * use the token it had before, whatever the server would make of it.
 */
export function recordUnverifiedTokens(page) {
  const stale = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/') || /\/(SendVerificationCode|VerifyEmail)$/.test(pathname)) return;
    const token = /^Bearer (.+)$/.exec(request.headers()['authorization'] ?? '')?.[1];
    if (token === undefined) return;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    if (claims.email_verified !== true) stale.push(`${request.method()} ${pathname}`);
  });
  return stale;
}
