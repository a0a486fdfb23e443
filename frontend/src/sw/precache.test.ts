import { describe, expect, it } from 'vitest';
import { isPrecached, mayPrecache, shellManifest, NAVIGATION_DENYLIST, type PrecacheEntry } from './precache';

// What a build writes (frontend/dist), as Workbox lists it: one file of each kind the build makes.
const BUILT = [
  'index.html',
  'theme.js',
  'boot-snapshot.js',
  'sw.js',
  '.vite/manifest.json',
  'manifest.en.webmanifest',
  'manifest.th.webmanifest',
  'manifest.lo.webmanifest',
  'icons/icon.svg',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/icon-maskable-512.png',
  'icons/apple-touch-icon.png',
  'icons/favicon-32.png',
  'assets/index-Cc_XpMF7.js',
  'assets/index-Cc_XpMF7.js.map',
  'assets/index-BguckSiq.css',
  'assets/en-VIylQgEn.js',
  'assets/en-VIylQgEn.js.map',
  'assets/th-DNOeqYgb.js',
  'assets/lo-D8J_roK3.js',
  'assets/en-B7_lhd3F.js',
  'assets/dashboard-page-ClB2GaXi.js',
  'assets/dashboard-page-CivWyJKy.css',
  'assets/noto-sans-thai-thai-700-normal-Cm52XUnT.woff2',
  'assets/noto-sans-thai-thai-700-normal-C9ISMlQq.woff',
  'assets/noto-sans-lao-lao-400-normal-CNKshTz3.woff2',
  'assets/noto-sans-latin-400-normal-BTkUljjl.woff2',
];

const entries: PrecacheEntry[] = BUILT.map((url, index) => ({
  url,
  revision: url.startsWith('assets/') ? null : `rev${index}`,
  size: 1000 + index,
}));

describe('the precached app shell', () => {
  const urls = shellManifest(entries).map((entry) => entry.url);

  it('holds the three language catalogs and the page chunks and styles', () => {
    expect(urls).toEqual(
      expect.arrayContaining([
        'assets/en-VIylQgEn.js',
        'assets/th-DNOeqYgb.js',
        'assets/lo-D8J_roK3.js',
        'assets/index-Cc_XpMF7.js',
        'assets/index-BguckSiq.css',
        'assets/dashboard-page-ClB2GaXi.js',
        'assets/dashboard-page-CivWyJKy.css',
      ]),
    );
  });

  it('holds the woff2 fonts but not their woff fallbacks', () => {
    expect(urls.filter((url) => url.endsWith('.woff2'))).toHaveLength(3);
    expect(urls.some((url) => url.endsWith('.woff'))).toBe(false);
  });

  it('holds the icons, the three manifests, the theme script and the boot snapshot script', () => {
    for (const file of [
      'icons/icon.svg',
      'icons/icon-192.png',
      'icons/icon-maskable-512.png',
      'manifest.th.webmanifest',
      'manifest.lo.webmanifest',
      'theme.js',
      'boot-snapshot.js',
    ]) {
      expect(urls).toContain(file);
    }
  });

  it('never holds source maps, the build manifest or the worker itself', () => {
    expect(urls.filter((url) => url.endsWith('.map') || url.startsWith('.vite/') || url === 'sw.js')).toEqual([]);
  });

  it('keeps index.html as "/" with the file’s revision, as the server answers it', () => {
    const shell = shellManifest(entries).find((entry) => entry.url === '/');
    expect(shell?.revision).toBe('rev0');
    expect(urls).not.toContain('index.html');
  });

  it('refuses a build without index.html', () => {
    expect(() => shellManifest(entries.filter((entry) => entry.url !== 'index.html'))).toThrow(/index\.html/);
  });

  it('decides each path alone too', () => {
    expect(isPrecached('assets/th-DNOeqYgb.js')).toBe(true);
    expect(isPrecached('assets/th-DNOeqYgb.js.map')).toBe(false);
    expect(isPrecached('assets/nested/deeper.js')).toBe(false);
  });
});

describe('navigations the worker leaves to the network', () => {
  const leftAlone = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));

  it('are the API, the sign-in endpoints and the health checks', () => {
    for (const path of [
      '/api/transactions/export.csv',
      '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp',
      '/securetoken.googleapis.com/v1/token',
      '/emulator/auth/handler',
      '/__/auth/handler',
      '/readyz',
      '/healthz',
    ]) {
      expect(leftAlone(path), path).toBe(true);
    }
  });

  it('are not the pages, whatever their language', () => {
    for (const path of ['/', '/dashboard', '/th/dashboard/transactions', '/lo/auth/login', '/apiary', '/readyzone']) {
      expect(leftAlone(path), path).toBe(false);
    }
  });
});

describe('what the worker stores at install', () => {
  const PAGE =
    '<!doctype html><html><head><meta name="plenty-auth" content="{}" /></head><body><div id="root"></div></body></html>';
  const SHELL = 'https://plenty.example/?__WB_REVISION__=0adef75f';
  const html = (body: string, status = 200) =>
    new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });

  it('keeps the app’s page as the shell, and can still read it afterwards', async () => {
    const page = html(PAGE);
    expect(await mayPrecache(SHELL, page)).toBe(true);
    expect(await page.text()).toBe(PAGE);
  });

  it('never keeps an error or a stand-in page as the shell, even one sent with 200', async () => {
    expect(await mayPrecache(SHELL, html(PAGE, 503))).toBe(false);
    expect(await mayPrecache(SHELL, html(PAGE, 404))).toBe(false);
    expect(await mayPrecache(SHELL, html('<html><body><h1>502 Bad Gateway</h1></body></html>'))).toBe(false);
    expect(await mayPrecache(SHELL, html('<h1>Down for maintenance</h1><div id="root"></div>'))).toBe(false);
    const json = new Response('{"error":{"code":"unavailable"}}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(await mayPrecache(SHELL, json)).toBe(false);
  });

  it('keeps the other files unless they are errors', async () => {
    const chunk = 'https://plenty.example/assets/index-Cc_XpMF7.js';
    expect(await mayPrecache(chunk, new Response('export {}', { status: 200 }))).toBe(true);
    expect(await mayPrecache(chunk, new Response('gone', { status: 404 }))).toBe(false);
    expect(
      await mayPrecache('https://plenty.example/theme.js?__WB_REVISION__=1', new Response('', { status: 500 })),
    ).toBe(false);
  });
});
