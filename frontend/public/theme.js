/* global document, matchMedia, location */
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
})();
