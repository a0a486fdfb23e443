import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';

// public/boot-snapshot.js, run as the browser runs it: a classic script, against a page of its own.
const SCRIPT = readFileSync(new URL('../../../public/boot-snapshot.js', import.meta.url), 'utf8');

const USER_KEY = 'firebase:authUser:plenty-embedded:[DEFAULT]';
const BUILD = '/assets/index-AbC123.js';

interface Saved {
  readonly [key: string]: unknown;
}

const snapshot = (overrides: Saved = {}): Saved => ({
  v: 1,
  uid: 'user-1',
  userKey: USER_KEY,
  locale: 'en',
  theme: 'dark',
  path: '/dashboard',
  build: BUILD,
  savedAt: '2026-11-27T08:00:00.000Z',
  day: '2026-11-27',
  zone: 'Asia/Bangkok',
  dayEndsAt: Date.parse('2026-11-27T17:00:00.000Z'),
  asOfToday: 'Updating — showing data as of 15:00',
  asOfLater: 'Updating — showing data as of 27 Nov 15:00',
  styles: [],
  html: '<div class="shell"><main><h1>Dashboard</h1><p class="card">THB 3,200.00</p><div class="banner"><p><span data-boot-snapshot-as-of=""></span></p></div></main></div>',
  ...overrides,
});

interface Page {
  readonly window: Window;
  readonly appended: readonly HTMLLinkElement[];
  readonly timers: (() => void)[];
  readonly frames: (() => void)[];
  readonly snapshot: () => Element | null;
  readonly root: () => HTMLElement;
}

/**
 * Runs the boot script on a page at `url` with this storage, the module entry `build`, and
 * `now` as the clock; timers and frames wait until the test runs them.
 */
function boot(
  url: string,
  storage: { readonly snapshot?: Saved | string | null; readonly user?: Saved | null },
  {
    build = BUILD,
    now = '2026-11-27T09:00:00.000Z',
    fonts,
  }: {
    build?: string;
    now?: string;
    fonts?: { load(font: string, text: string): Promise<unknown>; check(font: string, text: string): boolean };
  } = {},
): Page {
  const window = new Window({
    url,
    settings: { disableCSSFileLoading: true, disableJavaScriptFileLoading: true, disableJavaScriptEvaluation: true },
  });
  const document = window.document;
  document.write(
    `<!doctype html><html><head><script type="module" src="${build}"></script><link rel="stylesheet" href="${build.replace('.js', '.css')}"></head><body><div id="root"></div></body></html>`,
  );
  const saved = storage.snapshot === undefined ? snapshot() : storage.snapshot;
  if (saved !== null)
    window.localStorage.setItem('plenty:boot-snapshot', typeof saved === 'string' ? saved : JSON.stringify(saved));
  const user = storage.user === undefined ? { uid: 'user-1', emailVerified: true } : storage.user;
  if (user !== null) window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  const timers: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const fixed = new Date(now).getTime();
  // The script asks only for the time now.
  const FixedDate = { now: () => fixed };
  // The head takes the style sheets' links without loading them: the test says when they load or fail.
  const head = { appendChild: (link: unknown) => appended.push(link as HTMLLinkElement) };
  const appended: HTMLLinkElement[] = [];
  const page = new Proxy(document, {
    get(target, property) {
      if (property === 'head') return head;
      // The page's font faces (document.fonts) only when the test gives them.
      if (property === 'fonts') return fonts;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  runInNewContext(SCRIPT, {
    document: page,
    localStorage: window.localStorage,
    location: window.location,
    setTimeout: (work: () => void) => timers.push(work),
    requestAnimationFrame: (work: () => void) => frames.push(work),
    Intl,
    Date: FixedDate,
    JSON,
    Array,
  });
  return {
    window,
    appended,
    timers,
    frames,
    snapshot: () => document.getElementById('boot-snapshot') as unknown as Element | null,
    root: () => document.getElementById('root') as unknown as HTMLElement,
  };
}

describe('the boot script', () => {
  it('paints the saved dashboard beside the hidden app, out of reach of screen readers and the keyboard', () => {
    const page = boot('https://plenty.test/dashboard', {});
    const copy = page.snapshot();
    expect(copy).not.toBeNull();
    expect(copy?.previousElementSibling).toBe(page.root());
    expect(copy?.hasAttribute('inert')).toBe(true);
    expect(copy?.getAttribute('aria-hidden')).toBe('true');
    expect(copy?.textContent).toContain('THB 3,200.00');
    expect(page.root().hidden).toBe(true);
    // Marked as not current, with the time alone on the day it was saved.
    expect(copy?.querySelector('[data-boot-snapshot-as-of]')?.textContent).toBe('Updating — showing data as of 15:00');
    // Nothing to wait for: shown in the first frame.
    expect((copy as HTMLElement).style.visibility).toBe('');
  });

  it('says the date as well when the copy is from an earlier day', () => {
    const page = boot('https://plenty.test/dashboard', {}, { now: '2026-11-29T09:00:00.000Z' });
    expect(page.snapshot()?.querySelector('[data-boot-snapshot-as-of]')?.textContent).toBe(
      'Updating — showing data as of 27 Nov 15:00',
    );
  });

  it('paints the Thai and Lao dashboards from copies saved in their language', () => {
    expect(
      boot('https://plenty.test/th/dashboard', { snapshot: snapshot({ locale: 'th' }) }).snapshot(),
    ).not.toBeNull();
    expect(
      boot('https://plenty.test/lo/dashboard/', { snapshot: snapshot({ locale: 'lo' }) }).snapshot(),
    ).not.toBeNull();
  });

  it('paints nothing for another language, user, build or page, an unverified user, or no saved session', () => {
    const none = (page: Page) => {
      expect(page.snapshot()).toBeNull();
      expect(page.root().hidden).toBe(false);
    };
    none(boot('https://plenty.test/th/dashboard', {}));
    none(boot('https://plenty.test/dashboard', { snapshot: snapshot({ locale: 'lo' }) }));
    none(boot('https://plenty.test/dashboard', { user: { uid: 'user-2', emailVerified: true } }));
    none(boot('https://plenty.test/dashboard', { user: { uid: 'user-1', emailVerified: false } }));
    none(boot('https://plenty.test/dashboard', { user: null }));
    none(boot('https://plenty.test/dashboard', {}, { build: '/assets/index-Other9.js' }));
    none(boot('https://plenty.test/transactions', {}));
    none(boot('https://plenty.test/dashboard?month=2026-10', {}));
    none(boot('https://plenty.test/dashboard?asOf=2026-10-01', {}));
    none(boot('https://plenty.test/dashboard', { snapshot: null }));
    none(boot('https://plenty.test/dashboard', { snapshot: '{not json' }));
    none(boot('https://plenty.test/dashboard', { snapshot: snapshot({ v: 2 }) }));
    none(boot('https://plenty.test/dashboard', { snapshot: snapshot({ userKey: 'theme' }) }));
    none(boot('https://plenty.test/dashboard', { snapshot: snapshot({ html: 'x'.repeat(70 * 1024) }) }));
  });

  it('takes the copy away and shows the app after its bound, whatever happens', () => {
    const page = boot('https://plenty.test/dashboard', {});
    expect(page.timers).toHaveLength(1);
    for (const timer of page.timers) timer();
    expect(page.snapshot()).toBeNull();
    expect(page.root().hidden).toBe(false);
  });

  it('stays unseen until its style sheets are in, and goes when one cannot be loaded', () => {
    const styles = ['/assets/dashboard-X1.css', '/assets/card-Y2.css'];
    const page = boot('https://plenty.test/dashboard', { snapshot: snapshot({ styles }) });
    const copy = page.snapshot() as HTMLElement;
    expect(page.appended.map((link) => link.getAttribute('href'))).toEqual(styles);
    expect(copy.style.visibility).toBe('hidden');
    // Checked again before each frame while a sheet is missing.
    expect(page.frames).toHaveLength(1);
    page.appended[1]?.dispatchEvent(new page.window.Event('error') as unknown as Event);
    expect(page.snapshot()).toBeNull();
    expect(page.root().hidden).toBe(false);
  });

  it('stays unseen until the faces its text is set in are in, and shows when they cannot be loaded too', async () => {
    const asked: { font: string; text: string }[] = [];
    const settle: ((ok: boolean) => void)[] = [];
    let loaded = false;
    const fonts = {
      load(font: string, text: string) {
        asked.push({ font, text });
        return new Promise((resolve, reject) => settle.push((ok) => (ok ? resolve([]) : reject(new Error('x')))));
      },
      check: () => loaded,
    };
    const page = boot('https://plenty.test/dashboard', {}, { fonts });
    const copy = page.snapshot() as HTMLElement;
    expect(copy.style.visibility).toBe('hidden');
    expect(asked.map(({ font }) => font)).toEqual([
      '400 16px "Noto Sans", "Noto Sans Thai", "Noto Sans Lao"',
      '700 16px "Noto Sans", "Noto Sans Thai", "Noto Sans Lao"',
    ]);
    expect(asked[0]?.text).toContain('THB 3,200.00');
    // The frames before they are in leave it unseen; the first frame after they are shows it,
    // before the loads' promises have settled.
    for (const frame of page.frames.splice(0)) frame();
    expect(copy.style.visibility).toBe('hidden');
    loaded = true;
    for (const frame of page.frames.splice(0)) frame();
    expect(copy.style.visibility).toBe('');

    // Faces that cannot be loaded: shown once the loads have settled.
    loaded = false;
    const failing = boot('https://plenty.test/dashboard', {}, { fonts });
    const failed = failing.snapshot() as HTMLElement;
    for (const frame of failing.frames.splice(0)) frame();
    expect(failed.style.visibility).toBe('hidden');
    settle[2]?.(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failed.style.visibility).toBe('');
  });

  it('adds no link for a style sheet the page already has, nor for one that is not the app’s', () => {
    const page = boot('https://plenty.test/dashboard', {
      snapshot: snapshot({ styles: [BUILD.replace('.js', '.css'), 'https://elsewhere.test/x.css'] }),
    });
    expect(page.appended).toEqual([]);
    expect(page.snapshot()).not.toBeNull();
  });
});
