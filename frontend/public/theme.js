/* global document, matchMedia, location, MutationObserver */
// Runs before the first paint: the saved theme and the page's language, so nothing flashes.
// A file rather than an inline script, so the Content-Security-Policy allows scripts from 'self' only.
(function () {
  var root = document.documentElement;
  var theme = 'dark';
  try {
    var saved = localStorage.getItem('theme');
    if (saved === 'light') theme = 'light';
    else if (saved === 'system' && matchMedia('(prefers-color-scheme: light)').matches) theme = 'light';
  } catch {
    // Storage may be blocked; the dark default stays.
  }
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
  var prefix = location.pathname.split('/')[1];
  if (prefix === 'th' || prefix === 'lo') root.lang = prefix;

  // The installed app's manifest in the page's language (the app keeps it in step afterwards).
  var manifest = document.querySelector('link[rel="manifest"]');
  if (manifest && (prefix === 'th' || prefix === 'lo'))
    manifest.setAttribute('href', '/manifest.' + prefix + '.webmanifest');

  // The browser's bar takes the colour of the theme shown, now and whenever the app switches it
  // (both metas, whatever their media says: the chosen theme wins over the system's).
  var BAR = { dark: '#0f1828', light: '#f5f7fb' };
  var paintBar = function () {
    var color = BAR[root.getAttribute('data-theme')] || BAR.dark;
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var i = 0; i < metas.length; i += 1) metas[i].setAttribute('content', color);
  };
  paintBar();
  new MutationObserver(paintBar).observe(root, { attributes: true, attributeFilter: ['data-theme'] });
})();
