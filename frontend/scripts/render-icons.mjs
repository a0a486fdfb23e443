#!/usr/bin/env node
// Draws the P logo as the app's icons in frontend/public/icons/: the SVG (favicon and manifest),
// and PNGs rendered from it once with Chromium (playwright-core, Debian's /usr/bin/chromium).
// The PNGs are committed; run this again only when the logo changes:
//   node frontend/scripts/render-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ICONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../public/icons');
const GREEN = '#22c55e'; // --color-accent (dark theme), the logo's tile
const INK = '#0f1828'; // --color-accent-text, the letter

// The letter P on a 512 grid: a stem and a bowl with its counter cut out (even-odd), drawn as a
// path so it looks the same everywhere, whatever fonts the device has.
const LETTER_P = 'M156 112H260A96 96 0 0 1 260 304H220V400H156ZM220 168V248H256A40 40 0 0 0 256 168Z';

/** The logo as the app shows it: a rounded green tile (transparent corners). */
const roundedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="${GREEN}"/><path d="${LETTER_P}" fill="${INK}" fill-rule="evenodd"/></svg>\n`;

/**
 * Full bleed, for masks the platform cuts (Android's maskable icons, iOS's home screen): the
 * letter scaled to 80 % about the centre stays well inside the safe zone (a circle of 40 % radius).
 */
const fullBleedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="${GREEN}"/><path d="${LETTER_P}" fill="${INK}" fill-rule="evenodd" transform="translate(256 256) scale(0.8) translate(-256 -256)"/></svg>\n`;

const PNGS = [
  { file: 'icon-192.png', size: 192, svg: roundedSvg },
  { file: 'icon-512.png', size: 512, svg: roundedSvg },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleedSvg },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleedSvg },
  { file: 'favicon-32.png', size: 32, svg: roundedSvg },
];

mkdirSync(ICONS_DIR, { recursive: true });
writeFileSync(join(ICONS_DIR, 'icon.svg'), roundedSvg);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const { file, size, svg } of PNGS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${source}" width="${size}" height="${size}">`,
    );
    await page.locator('img').evaluate((image) => image.decode());
    await page.screenshot({
      path: join(ICONS_DIR, file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
