import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Home } from './app/home';
import { detectLocale, LOCALES, type Locale } from './lib/messages';
// Fonts ship with the app (no font is fetched from the internet); each face is downloaded by
// the browser only when the page uses its script.
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-thai/thai-400.css';
import '@fontsource/noto-sans-thai/thai-700.css';
import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-700.css';
import './app/tokens.css';

function localeFromPath(pathname: string): Locale | null {
  const prefix = pathname.split('/')[1];
  return LOCALES.find((locale) => locale !== 'en' && locale === prefix) ?? null;
}

function storedLocale(): Locale | null {
  const stored = window.localStorage.getItem('locale');
  return LOCALES.find((locale) => locale === stored) ?? null;
}

// The path prefix decides; a choice made earlier comes next, then the browser's languages.
const locale = localeFromPath(window.location.pathname) ?? storedLocale() ?? detectLocale(navigator.languages);
document.documentElement.lang = locale;

const root = document.getElementById('root');
if (root === null) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <Home locale={locale} />
  </StrictMode>,
);
