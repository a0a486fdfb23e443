import type { Workbox } from 'workbox-window';

/** How often an open page asks whether a new version was deployed (and when it is shown again). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** What the page knows of a new version: none yet, or one ready to take over on reload. */
type Listener = () => void;
const listeners = new Set<Listener>();
let ready = false;
let reloading = false;
let activeRegistration: ServiceWorkerRegistration | null = null;
let workbox: Workbox | null = null;

function setReady(): void {
  if (ready) return;
  ready = true;
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: whether a new version is ready. */
export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const updateReady = (): boolean => ready;

/** The parts of the browser's service worker objects `watchRegistration` uses. */
export interface WatchedContainer extends Pick<EventTarget, 'addEventListener'> {
  readonly controller: unknown;
}

/**
 * Notices a new version: a worker that finished installing while this page is controlled by
 * another one waits for the person to choose to reload; and a page whose worker was replaced
 * by another tab's Reload runs old code on new files, so it is offered a reload too.
 */
export function watchRegistration(registration: ServiceWorkerRegistration, container: WatchedContainer): void {
  if (registration.waiting !== null && container.controller !== null) setReady();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller !== null) setReady();
    });
  });
  const hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (hadController && !reloading) setReady();
  });
}

/**
 * Registers `/sw.js` (production builds only, see main.tsx) once the page has loaded, so the
 * first paint never waits for it (workbox-window is downloaded then, not with the first page); then checks for a new version whenever the page is shown
 * again and every hour.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const start = () => {
    void register().catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const worker = new Workbox('/sw.js', { scope: '/' });
  workbox = worker;
  worker.addEventListener('waiting', () => {
    if (navigator.serviceWorker.controller !== null) setReady();
  });
  const registration = await worker.register();
  if (registration === undefined) return;
  activeRegistration = registration;
  watchRegistration(registration, navigator.serviceWorker);
  const check = () => {
    void registration.update().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
}

/**
 * The update prompt's Reload: the waiting worker takes over (SKIP_WAITING) and the page reloads
 * once it controls the page; with no worker waiting (another tab took it over) it reloads now.
 */
export function applyUpdate(reload: () => void = () => window.location.reload()): void {
  reloading = true;
  const waiting = activeRegistration?.waiting ?? null;
  if (workbox === null || waiting === null) {
    reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  workbox.messageSkipWaiting();
}
