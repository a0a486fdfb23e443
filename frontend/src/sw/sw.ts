/**
 * The service worker (built by vite-plugin-pwa's injectManifest into `/sw.js`): keeps the app
 * shell on the device and opens every page from it, so the app starts without a network. It
 * never touches `/api/`: offline data is the pages' business (IndexedDB, lib/offline).
 * Compiled with the worker library in a project of its own (`tsconfig.json` here, in
 * `npm run typecheck`), so the pages never see a worker's globals.
 */
import { clientsClaim } from 'workbox-core';
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { SYNC_TAG } from '../lib/outbox/types';
import { syncWithoutWindow } from '../lib/outbox/worker-sync';
import { syncThroughWindows } from './background-sync';
import { answeredWithShell } from './navigation';
import { mayPrecache, SHELL_URL } from './precache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Background Sync's event (not in TypeScript's worker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

cleanupOutdatedCaches();
// What is stored at install: no error, and as `/` only the app's page (`mayPrecache`).
addPlugins([
  {
    cacheWillUpdate: async ({ request, response }) => ((await mayPrecache(request.url, response)) ? response : null),
  },
]);
// The list is filled in at build (frontend/src/sw/precache.ts decides what is in it).
precacheAndRoute(self.__WB_MANIFEST);
// Every page of the app is the one document the server answers for `/`; the API, sign-in,
// health checks and files the build does not have stay on the network (`answeredWithShell`).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && answeredWithShell(url.pathname),
  createHandlerBoundToURL(SHELL_URL),
);

// A new version waits until the person chooses to reload (the update prompt), then takes over
// every open page at once.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
clientsClaim();

// ── Background Sync ────────────────────────────────────────────────────────────────────────────
// The pages register SYNC_TAG when they queue a command offline; the browser fires `sync` once
// the network is back, even if the page was closed meanwhile. An open page sends the outbox (it
// holds the session); with no window open the worker sends it itself with the token a page last
// saved (lib/outbox/worker-sync), and what it cannot send waits for the next page to open.
const withoutWindow = (): Promise<void> => syncWithoutWindow();

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    syncThroughWindows(
      {
        windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
        onMessage: (listener) => {
          const onMessage = (message: ExtendableMessageEvent) => listener(message.data);
          self.addEventListener('message', onMessage);
          return () => self.removeEventListener('message', onMessage);
        },
      },
      withoutWindow,
    ),
  );
});
