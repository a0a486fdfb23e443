/* global document, location, requestAnimationFrame */
// Runs before any module: on the dashboard, paints the last dashboard this person saw (saved by
// the app, src/lib/boot-snapshot/save.ts) as not current, until the app's own first cards
// replace it (src/lib/boot-snapshot/reveal.ts), at most BOUND_MS. Only the same user (the
// Firebase SDK's saved session), language, build and page; never otherwise. A file rather than
// an inline script: the Content-Security-Policy allows scripts from 'self' only.
(function () {
  var KEY = 'plenty:boot-snapshot';
  var BOUND_MS = 10000;
  var MAX_CHARS = 64 * 1024;

  var match = /^\/(?:(th|lo)\/)?dashboard\/?$/.exec(location.pathname);
  if (match === null || /[?&](?:month|asOf)=/.test(location.search)) return;
  var locale = match[1] || 'en';

  var snapshot;
  var user;
  try {
    var saved = localStorage.getItem(KEY);
    if (saved === null || saved.length > MAX_CHARS) return;
    snapshot = JSON.parse(saved);
    if (snapshot === null || snapshot.v !== 1 || typeof snapshot.userKey !== 'string') return;
    if (snapshot.userKey.indexOf('firebase:authUser:') !== 0) return;
    var stored = localStorage.getItem(snapshot.userKey);
    user = stored === null ? null : JSON.parse(stored);
  } catch {
    return;
  }
  if (user === null || typeof user !== 'object' || user.emailVerified !== true) return;
  if (typeof user.uid !== 'string' || user.uid === '' || user.uid !== snapshot.uid) return;
  if (snapshot.locale !== locale || typeof snapshot.html !== 'string') return;
  var entry = document.querySelector('script[type="module"][src]');
  if ((entry === null ? '' : entry.getAttribute('src')) !== snapshot.build) return;

  var root = document.getElementById('root');
  if (root === null || !root.parentNode) return;

  var copy = document.createElement('div');
  copy.id = 'boot-snapshot';
  copy.setAttribute('inert', '');
  copy.setAttribute('aria-hidden', 'true');
  // Unseen until its style sheets are in (from the service worker): never unstyled.
  copy.style.visibility = 'hidden';
  copy.innerHTML = snapshot.html;
  var asOf = copy.querySelector('[data-boot-snapshot-as-of]');
  // The time alone until the day it was saved on ends in the person's time zone, then with the date
  // (the app worked out when that is: no formatter is made here, which costs a slow phone dearly).
  if (asOf !== null) asOf.textContent = Date.now() < snapshot.dayEndsAt ? snapshot.asOfToday : snapshot.asOfLater;

  var removed = false;
  var remove = function () {
    if (removed) return;
    removed = true;
    if (copy.parentNode) copy.parentNode.removeChild(copy);
    if (root.hasAttribute('data-boot-snapshot')) {
      root.removeAttribute('data-boot-snapshot');
      root.hidden = false;
    }
  };

  // Unseen until the faces its text is set in are in as well (from the service worker): painted
  // in a stand-in font first, its lines would change width under the reader's eyes when they came.
  // Checked before each frame (a busy start-up settles the loads' promises late), and given up
  // waiting for once the loads have settled, loaded or not.
  var fontsIn = function () {
    return true;
  };
  var fonts = document.fonts;
  if (fonts && typeof fonts.load === 'function' && typeof fonts.check === 'function') {
    var text = copy.textContent || '';
    var family = '"Noto Sans", "Noto Sans Thai", "Noto Sans Lao"';
    var faces = ['400 16px ' + family, '700 16px ' + family];
    var settled = false;
    fontsIn = function () {
      if (settled) return true;
      for (var f = 0; f < faces.length; f += 1) if (!fonts.check(faces[f], text)) return false;
      return true;
    };
    var fontsSettled = function () {
      settled = true;
      show();
    };
    Promise.all([fonts.load(faces[0], text), fonts.load(faces[1], text)]).then(fontsSettled, fontsSettled);
  }

  var styles = Array.isArray(snapshot.styles) ? snapshot.styles : [];
  var added = [];
  // Shown in the first frame where every style sheet it needs is in (checked before each frame,
  // not only on their load events, which a busy start-up delivers late).
  var show = function () {
    if (removed || copy.style.visibility === '' || !fontsIn()) return;
    for (var s = 0; s < added.length; s += 1) if (!added[s].sheet) return;
    copy.style.visibility = '';
  };
  var eachFrame = function () {
    show();
    if (!removed && copy.style.visibility !== '' && typeof requestAnimationFrame === 'function')
      requestAnimationFrame(eachFrame);
  };
  // The build's loader writes its links with whole addresses, and adds none for an address present.
  var present = {};
  var links = document.querySelectorAll('link[rel="stylesheet"]');
  for (var l = 0; l < links.length; l += 1) present[links[l].href] = true;
  for (var i = 0; i < styles.length; i += 1) {
    var href = styles[i];
    if (typeof href !== 'string' || href.indexOf('/assets/') !== 0) continue;
    if (present[location.origin + href] === true) continue;
    present[location.origin + href] = true;
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', show);
    link.addEventListener('error', remove);
    added.push(link);
    document.head.appendChild(link);
  }

  if (removed) return;
  root.setAttribute('data-boot-snapshot', '');
  root.hidden = true;
  root.parentNode.insertBefore(copy, root.nextSibling);
  eachFrame();
  setTimeout(remove, BOUND_MS);
})();
