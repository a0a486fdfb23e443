import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { currentLocaleDecision } from './app/locale-root';
import { whenIdle } from './app/after-first-paint';
import { createAppRouter } from './app/router';
import { createStore } from './app/store';
import { paintedSessionEnds, sessionChanged } from './lib/auth/auth-slice';
import { authConfig, finishSocialSignIn, hasStoredSession, watchSession, type SessionUser } from './lib/auth/session';
import { takeSocialReturn } from './lib/auth/social-return';
import { bootSnapshotSessionSeen, revealApp } from './lib/boot-snapshot/reveal';
import { loadMessages } from './lib/messages';
import { registerServiceWorker } from './ui/update-prompt/service-worker';
import { startOfflineListeners } from './lib/offline/listeners';
import { deviceCopyCleared } from './lib/offline/network-slice';
import { startOutboxWhenSignedIn } from './lib/outbox/start-when-signed-in';
// Fonts ship with the app (no font is fetched from the internet); each face is downloaded by
// the browser only when the page uses its script.
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-thai/thai-400.css';
import '@fontsource/noto-sans-thai/thai-700.css';
import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-700.css';
import './app/tokens.css';
import './ui/layout.css';

// First of all, a provider's one-time code leaves the address, and is exchanged for a session.
const socialReturn = authConfig().embedded ? takeSocialReturn() : null;
if (socialReturn?.kind === 'code') void finishSocialSignIn(socialReturn.code).catch(() => undefined);

const store = createStore();
// Offline reading: the network's state, refetching on reconnect, and warming the device copy after sign-in.
startOfflineListeners(store, () => import('./app/layouts/warm-up').then((module) => module.default));
// Offline entry: the signed-in user's outbox is read and sent (on start, reconnect, Background
// Sync); the engine is downloaded once someone is signed in, not with a guest's first page.
startOutboxWhenSignedIn(store, () => import('./lib/outbox/outbox').then((module) => module.startOutbox));

// Without a saved session the visitor is a guest at once; the Firebase SDK loads afterwards.
const storedSession = hasStoredSession();
if (!storedSession) store.dispatch(sessionChanged(null));
// A repeat visit: the saved user's device copy is painted at once, while the SDK restores the
// session (lib/auth/start-up.ts); decided while the messages load.
const painting = storedSession
  ? import('./lib/auth/start-up').then(({ paintFromDevice }) => paintFromDevice(store)).catch(() => false)
  : Promise.resolve(false);
const sessionSeen = (user: SessionUser | null) => {
  // The restored session ended or is someone else's: nothing painted for it stays on screen.
  if (paintedSessionEnds(store.getState().auth, user)) {
    store.dispatch(deviceCopyCleared());
    void import('./lib/api/api').then(({ api }) => store.dispatch(api.util.resetApiState()));
  }
  // Signed out, or someone else: the last dashboard painted at boot goes, and is forgotten if not theirs.
  bootSnapshotSessionSeen(user?.uid ?? null);
  store.dispatch(sessionChanged(user));
};
const startSession = () => watchSession(sessionSeen).catch(() => sessionSeen(null));
// Painting from the device, the SDK starts once the page is idle (at most 1 s later): its chunk's
// work and its round trip then no longer come before the first paint; the first queries do
// not wait for it (they are signed with the saved token while it is valid).
if (storedSession)
  void painting.then((painted) => {
    // The banner that says the copy is being updated comes with the copy, not after it.
    if (painted) void import('./ui/offline-banner/offline-banner').catch(() => undefined);
    // The dashboard's first queries start now, from their device copies, not once it has rendered.
    if (painted && window.location.pathname.endsWith('/dashboard'))
      void import('./features/dashboard/prefetch')
        .then(({ isPlainDashboard, prefetchDashboard }) => {
          if (isPlainDashboard(window.location.pathname, window.location.search)) prefetchDashboard(store);
        })
        .catch(() => undefined);
    if (painted) whenIdle(() => void startSession());
    else void startSession();
  });
else if (document.readyState === 'complete') void startSession();
else window.addEventListener('load', () => void startSession(), { once: true });

// The service worker keeps the app on the device (built apps only: the dev server has none).
if (import.meta.env.PROD) registerServiceWorker();

// The router starts at once: it downloads the page's code while the messages come.
const router = createAppRouter();
// The last dashboard painted at boot (public/boot-snapshot.js) is the dashboard's only: it goes
// on any other page, and on an error, whatever the dashboard shows by then.
router.subscribe((state) => {
  if (!/^(?:\/(?:th|lo))?\/dashboard\/?$/.test(state.location.pathname) || state.errors !== null) revealApp();
});
window.addEventListener('error', () => revealApp(), { once: true });

const root = document.getElementById('root');
if (root === null) throw new Error('missing #root');
const mount = root;
// A guest's first page downloads only the guest's messages; with a saved session the signed-in
// app's come at once, alongside (lib/catalog-parts.ts).
void Promise.all([
  loadMessages(currentLocaleDecision(window.location.pathname, null).locale, storedSession ? 'all' : 'guest'),
  painting,
]).then(() =>
  createRoot(mount).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  ),
);
