import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seriousViolations } from '../support/axe.mjs';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { waitForServiceWorkerControl } from '../support/offline.mjs';
import { startServer } from '../support/server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The pixel size of an image the page loads (0×0 for an SVG without a size of its own). */
const imageSize = (page, src) =>
  page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, src);

/** The precache revision sw.js gives theme.js (a file without a hash in its name). */
const themeRevision = (sw) => /\{"revision":"([^"]+)","url":"theme\.js"\}/.exec(sw)?.[1];

/**
 * The app installs in every language: each page links its language's manifest, which names the
 * app, starts it on that language's dashboard and lists icons that load at their sizes; the
 * service worker installs, controls the page and opens the login and policy pages with the
 * network cut. A new deployment shows "A new version is ready" in the page's language, and
 * Reload puts the page under the new worker.
 */
export default async function pwaInstall({ browser, baseUrl, screenshotDir }) {
  for (const [locale, prefix] of LOCALES) {
    const messages = catalog(locale);
    const { context, page, errors } = await openPage(browser, { serviceWorkers: 'allow' });
    try {
      await page.goto(`${baseUrl}${prefix}/auth/login`);
      await expectHeading(page, messages['page.login'], { errors });

      // The manifest of the page's language, with what installing needs.
      const manifestHref = `/manifest.${locale}.webmanifest`;
      await page.waitForFunction(
        (href) => document.querySelector('link[rel="manifest"]')?.getAttribute('href') === href,
        manifestHref,
      );
      const answer = await context.request.get(`${baseUrl}${manifestHref}`);
      assert.equal(answer.status(), 200);
      assert.match(answer.headers()['content-type'] ?? '', /^application\/manifest\+json/);
      const manifest = JSON.parse(await answer.text());
      assert.deepEqual(
        {
          id: manifest.id,
          scope: manifest.scope,
          start_url: manifest.start_url,
          lang: manifest.lang,
          display: manifest.display,
          name: manifest.name,
          short_name: manifest.short_name,
          background_color: manifest.background_color,
          theme_color: manifest.theme_color,
          categories: manifest.categories,
          shortcut: manifest.shortcuts.map(({ name, url }) => ({ name, url })),
        },
        {
          id: '/',
          scope: '/',
          start_url: `${prefix}/dashboard`,
          lang: locale,
          display: 'standalone',
          name: messages['pwa.manifest.name'],
          short_name: 'Plenty',
          background_color: '#0f1828',
          theme_color: '#0f1828',
          categories: ['finance'],
          shortcut: [{ name: messages['pwa.manifest.shortcut.add'], url: `${prefix}/dashboard/transactions/add` }],
        },
      );
      // Every icon loads at the size the manifest says, a maskable one among them.
      assert.ok(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512'));
      for (const icon of manifest.icons) {
        const size = await imageSize(page, icon.src);
        if (icon.sizes === 'any') assert.equal(icon.type, 'image/svg+xml', icon.src);
        else assert.equal(size.join('x'), icon.sizes, icon.src);
      }
      // The page's own icons: the favicon and the home screen icon of iOS.
      const linked = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]')].map((link) => [
          link.getAttribute('href'),
          link.getAttribute('sizes'),
        ]),
      );
      assert.deepEqual(linked, [
        ['/icons/icon.svg', null],
        ['/icons/favicon-32.png', '32x32'],
        ['/icons/apple-touch-icon.png', null],
      ]);
      assert.deepEqual(await imageSize(page, '/icons/favicon-32.png'), [32, 32]);
      assert.deepEqual(await imageSize(page, '/icons/apple-touch-icon.png'), [180, 180]);
      // The browser's bar is the theme's colour (dark by default).
      assert.deepEqual(
        await page.evaluate(() =>
          [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('content')),
        ),
        ['#0f1828', '#0f1828'],
      );

      // A chosen light theme paints the bar light from the first paint, and follows a switch.
      if (locale === 'th') {
        const barColors = () =>
          page.evaluate(() =>
            [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('content')),
          );
        await page.evaluate(() => localStorage.setItem('theme', 'light'));
        await page.reload();
        await expectHeading(page, messages['page.login'], { errors });
        assert.deepEqual(await barColors(), ['#f5f7fb', '#f5f7fb']);
        await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
        assert.deepEqual(await barColors(), ['#0f1828', '#0f1828']);
      }

      // The worker installs (precaching the shell) and controls the page; offline, the pages open.
      await waitForServiceWorkerControl(page);
      // Chrome finds nothing missing for installing (a journey's profile is incognito-like, which
      // is the one reason it gives), and reads the manifest without errors.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(
        installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'),
        [],
      );
      const appManifest = await cdp.send('Page.getAppManifest');
      assert.equal(new URL(appManifest.url).pathname, manifestHref);
      assert.deepEqual(appManifest.errors, []);
      await context.setOffline(true);
      const reloaded = await page.reload();
      assert.equal(reloaded?.fromServiceWorker(), true);
      await expectHeading(page, messages['page.login'], { errors });
      const policy = await page.goto(`${baseUrl}${prefix}/privacy-policy`);
      assert.equal(policy?.fromServiceWorker(), true);
      await expectHeading(page, messages['page.privacyPolicy'], { errors });
      await page.getByRole('heading', { name: messages['policy.privacy.s1.title'] }).waitFor();
      assert.equal(await page.getAttribute('html', 'lang'), locale);
      await context.setOffline(false);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  await newVersionPrompt({ browser, screenshotDir });
}

/** A second server on a copy of the built app, whose worker is then changed as a deployment would. */
async function newVersionPrompt({ browser, screenshotDir }) {
  const built = process.env.WEB_APP_DIR ?? join(root, 'frontend/dist');
  const copy = mkdtempSync(join(tmpdir(), 'plenty-pwa-app-'));
  cpSync(built, copy, { recursive: true });
  const server = await startServer({ env: { WEB_APP_DIR: copy } });
  // bypassCSP: axe-core is injected as a script of the page, which the app's CSP forbids.
  const { context, page, errors } = await openPage(browser, { serviceWorkers: 'allow', bypassCSP: true });
  try {
    const en = catalog('en');
    await page.goto(`${server.baseUrl}/auth/login`);
    await expectHeading(page, en['page.login'], { errors });
    await waitForServiceWorkerControl(page);
    await page.getByTestId('update-prompt').waitFor({ state: 'detached' });

    // A new version: theme.js changed, so the worker's precache list did.
    const swPath = join(copy, 'sw.js');
    const sw = readFileSync(swPath, 'utf8');
    const before = themeRevision(sw);
    assert.ok(before, 'sw.js lists theme.js with a revision');
    const after = `${before.slice(0, -1)}${before.endsWith('0') ? '1' : '0'}`;
    writeFileSync(
      swPath,
      sw.replace(`{"revision":"${before}","url":"theme.js"}`, `{"revision":"${after}","url":"theme.js"}`),
    );
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    // The prompt, in each language, at phone and desktop widths.
    for (const [locale, prefix] of LOCALES) {
      const messages = catalog(locale);
      if (locale !== 'en') {
        await page.goto(`${server.baseUrl}${prefix}/auth/login`);
        await expectHeading(page, messages['page.login'], { errors });
      }
      const prompt = page.getByTestId('update-prompt');
      await prompt.getByText(messages['pwa.update.ready'], { exact: true }).waitFor({ timeout: 30_000 });
      assert.equal(await prompt.locator('xpath=..').getAttribute('role'), 'status');
      await prompt.getByRole('button', { name: messages['pwa.update.reload'], exact: true }).waitFor();
      assert.deepEqual(await seriousViolations(page), []);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await screenshot(page, screenshotDir, `pwa-update-prompt-${locale}-${width}`);
      }
    }

    // Closing leaves the page as it is; Reload puts it under the new worker.
    const lo = catalog('lo');
    await page.getByRole('button', { name: lo['common.close'], exact: true }).click();
    await page.getByTestId('update-prompt').waitFor({ state: 'detached' });
    await page.reload();
    await expectHeading(page, lo['page.login'], { errors });
    const reload = page.getByRole('button', { name: lo['pwa.update.reload'], exact: true });
    await reload.focus();
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await expectHeading(page, lo['page.login'], { errors });
    await page.waitForFunction(
      async (revision) => {
        const registration = await navigator.serviceWorker.getRegistration();
        if (navigator.serviceWorker.controller === null || registration?.waiting !== null) return false;
        const cached = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
        return cached.flat().some((request) => request.url.endsWith(`/theme.js?__WB_REVISION__=${revision}`));
      },
      after,
      { timeout: 30_000 },
    );
    assert.equal(await page.getByTestId('update-prompt').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
    rmSync(copy, { recursive: true, force: true });
  }
}
