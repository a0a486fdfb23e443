import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { waitForServiceWorkerControl } from '../support/offline.mjs';

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
 */
export default async function pwaNavigation({ browser, baseUrl }) {
  const th = catalog('th');
  const { context, page, errors } = await openPage(browser, { serviceWorkers: 'allow' });
  try {
    await page.goto(`${baseUrl}/th/auth/login`);
    await expectHeading(page, th['page.login'], { errors });
    await waitForServiceWorkerControl(page);
    // The worker kept the app's page, as the server answers it, for every page to open from.
    const shell = await page.evaluate(async () => {
      const stored = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
      const request = stored.flat().find((entry) => new URL(entry.url).pathname === '/');
      const answer = request === undefined ? undefined : await caches.match(request);
      return answer === undefined ? '' : answer.text();
    });
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
}
