import { endOfLocalDay, todayIn } from '@plenty/contracts/calendar/zone';
import banner from '../../ui/offline-banner/offline-banner.module.css';
import { BOOT_SNAPSHOT_ID, BOOT_SNAPSHOT_KEY } from './reveal';

/** The largest copy kept (UTF-16 code units of its JSON, about its size in localStorage). */
export const BOOT_SNAPSHOT_MAX_CHARS = 64 * 1024;

/** Marks, inside the dashboard's figures, where the first cards end: what follows is not kept. */
export const SNAPSHOT_END_ATTRIBUTE = 'data-boot-snapshot-end';
/** The element of the copy's banner whose text the boot script sets (today's or a later day's). */
export const SNAPSHOT_AS_OF_ATTRIBUTE = 'data-boot-snapshot-as-of';

/** What `public/boot-snapshot.js` reads (version 1). Keep both in step. */
export interface BootSnapshot {
  readonly v: 1;
  readonly uid: string;
  /** The key under which the Firebase SDK saves the signed-in user (the boot script compares its uid). */
  readonly userKey: string;
  readonly locale: string;
  readonly theme: string | null;
  readonly path: string;
  /** The module entry's address: hashed, so it changes with every build (and its CSS class names). */
  readonly build: string;
  readonly savedAt: string;
  /** The day it was saved on in `zone`: the banner says the time alone on that day, the date too after. */
  readonly day: string;
  readonly zone: string;
  /** When that day ends (ms since the epoch), so the boot script tells the day without a formatter. */
  readonly dayEndsAt: number;
  readonly asOfToday: string;
  readonly asOfLater: string;
  /** The app's style sheets on the page when it was saved (same-origin, hashed). */
  readonly styles: readonly string[];
  readonly html: string;
}

export interface SnapshotFacts {
  readonly uid: string;
  readonly userKey: string;
  readonly locale: string;
  readonly path: string;
  readonly savedAt: Date;
  readonly timeZone: string;
  /** "Updating — showing data as of {time}" with the save time as it reads on the day itself, then on a later day. */
  readonly asOf: (now: Date) => string;
}

/** Never kept: what acts, what is below the first screen, what points at the live page. */
const DROPPED =
  'script, noscript, template, iframe, object, embed, dialog, [role="dialog"], footer, a[href="#main-content"]';
const STRIPPED = [
  'id',
  'data-testid',
  'for',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-live',
  'autofocus',
  'tabindex',
];

/**
 * The copy of the dashboard on screen: the layout's shell (header, the page heading, the cards
 * down to the end of the first cards), without anything below them, the footer, dialogs, ids
 * and test ids, with the "updating" banner in place of the live one. Null when the page is not
 * a dashboard with its first cards, when a copy is already on screen, on the dev server (its
 * styles are not files), or when even without its charts it is over BOOT_SNAPSHOT_MAX_CHARS.
 */
export function takeBootSnapshot(doc: Document, facts: SnapshotFacts): BootSnapshot | null {
  if (doc.getElementById(BOOT_SNAPSHOT_ID) !== null) return null;
  if (doc.querySelector('style[data-vite-dev-id]') !== null) return null;
  // The layout's shell: the app's element that holds the first cards (not a toast or a portal beside it).
  const root = doc.getElementById('root');
  const shell = [...(root?.children ?? [])].find(
    (child) => child.querySelector(`[${SNAPSHOT_END_ATTRIBUTE}]`) !== null,
  );
  if (shell === undefined) return null;
  const copy = shell.cloneNode(true) as Element;
  keepFormValues(shell, copy);
  const end = copy.querySelector(`[${SNAPSHOT_END_ATTRIBUTE}]`);
  if (end === null) return null;
  while (end.nextSibling !== null) end.nextSibling.remove();
  end.remove();
  for (const dropped of copy.querySelectorAll(DROPPED)) dropped.remove();
  // A chart is drawn for the width it was drawn at: its box stays, empty, as before the app draws it.
  for (const chart of copy.querySelectorAll('.recharts-responsive-container')) chart.replaceChildren();
  placeBanner(doc, copy);
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    for (const name of STRIPPED) element.removeAttribute(name);
    for (const attribute of [...element.attributes])
      if (attribute.name.startsWith('on')) element.removeAttribute(attribute.name);
  }
  const savedAt = facts.savedAt;
  const base = {
    v: 1 as const,
    uid: facts.uid,
    userKey: facts.userKey,
    locale: facts.locale,
    theme: doc.documentElement.getAttribute('data-theme'),
    path: facts.path,
    build: doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '',
    savedAt: savedAt.toISOString(),
    day: todayIn(facts.timeZone, savedAt),
    zone: facts.timeZone,
    dayEndsAt: endOfLocalDay(todayIn(facts.timeZone, savedAt), facts.timeZone).getTime(),
    asOfToday: facts.asOf(savedAt),
    asOfLater: facts.asOf(new Date(savedAt.getTime() + 2 * 24 * 60 * 60 * 1000)),
    styles: appStyleSheets(doc),
  };
  const fits = (html: string): BootSnapshot | null => {
    const snapshot: BootSnapshot = { ...base, html };
    return JSON.stringify(snapshot).length <= BOOT_SNAPSHOT_MAX_CHARS ? snapshot : null;
  };
  const whole = fits(copy.outerHTML);
  if (whole !== null) return whole;
  // The charts' drawings are the bulk: without them, their cards keep their size.
  for (const drawing of copy.querySelectorAll('svg')) if (drawing.closest('button') === null) drawing.remove();
  return fits(copy.outerHTML);
}

/** What the live fields show (properties, which a copy's markup does not hold) written into the copy's attributes. */
function keepFormValues(live: Element, copy: Element): void {
  const liveSelects = live.querySelectorAll('select');
  copy.querySelectorAll('select').forEach((select, index) => {
    const chosen = liveSelects[index]?.selectedIndex ?? -1;
    select.querySelectorAll('option').forEach((option, at) => option.toggleAttribute('selected', at === chosen));
  });
  const liveInputs = live.querySelectorAll('input');
  copy.querySelectorAll('input').forEach((input, index) => {
    const field = liveInputs[index];
    if (field === undefined) return;
    if (field.type === 'checkbox' || field.type === 'radio') input.toggleAttribute('checked', field.checked);
    else input.setAttribute('value', field.value);
  });
}

/** The app's own style sheets on the page (hashed, under `/assets/`), as paths; the build's loader writes them as whole addresses. */
function appStyleSheets(doc: Document): string[] {
  const origin = doc.location.origin;
  const paths: string[] = [];
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    try {
      const address = new URL(link.getAttribute('href') ?? '', doc.location.href);
      if (address.origin === origin && address.pathname.startsWith('/assets/') && address.pathname.endsWith('.css'))
        paths.push(address.pathname);
    } catch {
      // Not an address: not one of the app's.
    }
  }
  return [...new Set(paths)];
}

/** The live banner (empty while all is current) becomes the painted copy's "updating" strip. */
function placeBanner(doc: Document, copy: Element): void {
  const strip = doc.createElement('div');
  strip.className = `${banner.banner ?? ''} ${banner.refreshing ?? ''}`;
  const text = doc.createElement('p');
  text.className = banner.text ?? '';
  const dot = doc.createElement('span');
  dot.className = banner.dot ?? '';
  dot.setAttribute('aria-hidden', 'true');
  const words = doc.createElement('span');
  words.setAttribute(SNAPSHOT_AS_OF_ATTRIBUTE, '');
  text.append(dot, words);
  strip.append(text);
  const live = copy.querySelector('[data-testid="offline-banner"]');
  if (live !== null) live.replaceWith(strip);
  else copy.querySelector('header')?.after(strip);
}

/** Keeps the copy for the next visit's boot script; a copy too large, or storage full or blocked, is not kept. */
export function saveBootSnapshot(doc: Document, facts: SnapshotFacts, storage: Storage = localStorage): boolean {
  const snapshot = takeBootSnapshot(doc, facts);
  if (snapshot === null) return false;
  try {
    storage.setItem(BOOT_SNAPSHOT_KEY, JSON.stringify(snapshot));
    return true;
  } catch {
    return false;
  }
}
