import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { waitForServiceWorkerControl } from '../support/offline.mjs';
import { freePort } from '../support/standalone.mjs';

/** Where the worker must leave a tab's navigation to the network (frontend/src/sw/navigation.ts). */
const LEFT_TO_THE_NETWORK = [
  '/sw.js',
  '/robots.txt',
  '/assets/dashboard-page-OLD12345.js',
  '/api/queries/dashboard',
  '/api/files/receipts/0f3a1c2e',
  '/api/identity/oidc/work/callback?state=x&code=y',
  '/readyz',
];

/**
 * What the service worker answers when a tab is opened on something that is not a page: online,
 * the server's own answer (the worker script as JavaScript, the API's 401), never the app; with
 * the network cut, the browser's offline error, never the app dressed as the file or the API's
 * answer. An unknown page still opens offline, with the app's not-found page in its language.
 * A stand-in page (a proxy's "maintenance", sent with 200) where the app's page should be never
 * becomes what the pages open offline: the worker does not install with it, and does once the
 * server answers with the app.
 */
export default async function pwaNavigation({ browser, baseUrl }) {
  const th = catalog('th');
  const { context, page, errors } = await openPage(browser, { serviceWorkers: 'allow' });
  try {
    await page.goto(`${baseUrl}/th/auth/login`);
    await expectHeading(page, th['page.login'], { errors });
    await waitForServiceWorkerControl(page);
    // The worker kept the app's page, as the server answers it, for every page to open from.
    const shell = await keptShell(page);
    assert.equal(shell, await (await fetch(`${baseUrl}/`)).text());

    const worker = await page.goto(`${baseUrl}/sw.js`);
    assert.equal(worker?.fromServiceWorker(), false);
    assert.match(worker?.headers()['content-type'] ?? '', /javascript/);
    const api = await page.goto(`${baseUrl}/api/queries/dashboard`);
    assert.equal(api?.fromServiceWorker(), false);
    assert.equal(api?.status(), 401);
    assert.match(api?.headers()['content-type'] ?? '', /json/);

    await context.setOffline(true);
    // Each in a tab of its own, as a person opens a link (the page's own error navigation then
    // never interrupts the next one).
    for (const path of LEFT_TO_THE_NETWORK) {
      const tab = await context.newPage();
      await assert.rejects(tab.goto(`${baseUrl}${path}`), /ERR_INTERNET_DISCONNECTED/, path);
      await tab.close();
    }
    const unknown = await page.goto(`${baseUrl}/th/no-such-page`);
    assert.equal(unknown?.fromServiceWorker(), true);
    await expectHeading(page, th['errorPage.notFoundTitle'], { errors });
    const login = await page.goto(`${baseUrl}/th/auth/login`);
    assert.equal(login?.fromServiceWorker(), true);
    await expectHeading(page, th['page.login'], { errors });
    await context.setOffline(false);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
  await standInPageNeverKept({ browser, baseUrl });
}

/** The app's page as the worker keeps it in the precache (`/?__WB_REVISION__=…`); '' when none. */
const keptShell = (page) =>
  page.evaluate(async () => {
    const stored = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
    const request = stored.flat().find((entry) => new URL(entry.url).pathname === '/');
    const answer = request === undefined ? undefined : await caches.match(request);
    return answer === undefined ? '' : answer.text();
  });

/**
 * An HTTP front for the server (the proxy a deployment may have), on its own origin, which can
 * answer the worker's own request for the app's page (`/`, not a navigation) with a stand-in
 * page. Playwright does not route a service worker's requests, so this front does it.
 */
async function frontOf(baseUrl) {
  const target = new URL(baseUrl);
  let standIn = false;
  const server = createServer((request, response) => {
    if (standIn && request.url === '/' && request.headers['sec-fetch-mode'] !== 'navigate') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Down for maintenance</h1>');
      return;
    }
    const options = { host: target.hostname, port: target.port, path: request.url, method: request.method };
    const forwarded = httpRequest({ ...options, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  const port = await freePort();
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${port}`,
    setStandIn: (on) => {
      standIn = on;
    },
    close: () => new Promise((done) => server.close(done)),
  };
}

async function standInPageNeverKept({ browser, baseUrl }) {
  const en = catalog('en');
  const front = await frontOf(baseUrl);
  const { context, page, errors } = await openPage(browser, { serviceWorkers: 'allow' });
  try {
    front.setStandIn(true);
    await page.goto(`${front.url}/auth/login`);
    await expectHeading(page, en['page.login'], { errors });
    // The install fails: the browser drops the worker it was installing; nothing controls the page.
    await page.waitForFunction(
      async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        if (registration?.installing) window.sawWorkerInstalling = true;
        return window.sawWorkerInstalling === true && registration === undefined;
      },
      null,
      { timeout: 60_000 },
    );
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null);
    assert.equal(await keptShell(page), '');

    front.setStandIn(false);
    await page.reload();
    await expectHeading(page, en['page.login'], { errors });
    await waitForServiceWorkerControl(page);
    assert.match(await keptShell(page), /<div id="root">/);
    await context.setOffline(true);
    const offline = await page.goto(`${front.url}/th/auth/login`);
    assert.equal(offline?.fromServiceWorker(), true);
    await expectHeading(page, catalog('th')['page.login'], { errors });
    await context.setOffline(false);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await front.close();
  }
}
