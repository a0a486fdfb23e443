import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { wipeDeviceData, forgetDeviceAnswers } from '../offline/device-data';
import { BOOT_SNAPSHOT_KEY, bootSnapshotSessionSeen, clearBootSnapshot, revealApp } from './reveal';
import { BOOT_SNAPSHOT_MAX_CHARS, saveBootSnapshot, takeBootSnapshot, type SnapshotFacts } from './save';

const facts: SnapshotFacts = {
  uid: 'user-1',
  userKey: 'firebase:authUser:key:[DEFAULT]',
  locale: 'en',
  path: '/dashboard',
  savedAt: new Date('2026-11-27T08:00:00.000Z'),
  timeZone: 'Asia/Bangkok',
  asOf: (now) => `Updating — as of ${now.toISOString().slice(0, 10)}`,
};

/** The app's page as the signed-in layout and the dashboard render it (the parts the copy cares about). */
function page(
  firstCards = '<p data-testid="total-expense-value" id="x1">THB 3,200.00</p>' +
    '<select aria-label="Month"><option>January</option><option>November</option></select>' +
    '<div class="recharts-responsive-container" style="height: 240px"><svg><text>Spent so far</text></svg></div>',
): void {
  document.head.innerHTML =
    '<script type="module" src="/assets/index-AbC.js"></script>' +
    '<link rel="stylesheet" href="/assets/index-AbC.css">' +
    `<link rel="stylesheet" href="${location.origin}/assets/dashboard-DeF.css">` +
    '<link rel="stylesheet" href="https://fonts.elsewhere.test/x.css">';
  document.body.innerHTML = `<div id="root"><div role="region" aria-label="Notifications">Saved</div><div class="shell">
    <a href="#main-content">Skip to content</a>
    <header><nav aria-label="Main"><a href="/dashboard">Dashboard</a></nav></header>
    <div data-testid="offline-banner" role="status" aria-live="polite" class="idle"></div>
    <main id="main-content"><h1>Dashboard</h1>
      <section aria-labelledby="t1"><h2 id="t1">This month</h2>
        <div data-testid="dashboard-content">${firstCards}
          <span data-boot-snapshot-end="" hidden></span>
          <div data-testid="wallets-card">Wallets below the first screen</div>
        </div>
      </section>
    </main>
    <footer>Privacy</footer>
    <div role="dialog">Add a transaction</div>
  </div></div>`;
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the copy of the dashboard kept for the next visit', () => {
  it('holds the header, the heading and the first cards, marked as being updated, and nothing below them', () => {
    page();
    (document.querySelector('select') as HTMLSelectElement).selectedIndex = 1;
    const snapshot = takeBootSnapshot(document, facts);
    expect(snapshot).not.toBeNull();
    const html = snapshot?.html ?? '';
    expect(html).toContain('THB 3,200.00');
    expect(html).toContain('<header>');
    expect(html).toContain('<h1>Dashboard</h1>');
    expect(html).not.toContain('Wallets below the first screen');
    expect(html).not.toContain('Privacy');
    expect(html).not.toContain('Add a transaction');
    expect(html).not.toContain('Skip to content');
    expect(html).not.toContain('Notifications');
    expect(html).not.toContain('data-boot-snapshot-end');
    // Nothing a test, a label or a script of the live page could take for its own.
    expect(html).not.toMatch(/\sid="|data-testid|aria-labelledby|aria-live/);
    // The banner's text is the boot script's to set, from the two wordings kept.
    expect(html).toContain('data-boot-snapshot-as-of');
    expect(snapshot?.asOfToday).toBe('Updating — as of 2026-11-27');
    expect(snapshot?.asOfLater).toBe('Updating — as of 2026-11-29');
    expect(snapshot?.day).toBe('2026-11-27');
    // Midnight in Bangkok (UTC+7).
    expect(snapshot?.dayEndsAt).toBe(Date.parse('2026-11-27T17:00:00.000Z'));
    expect(snapshot?.build).toBe('/assets/index-AbC.js');
    expect(snapshot?.styles).toEqual(['/assets/index-AbC.css', '/assets/dashboard-DeF.css']);
    // The chart's box, without the drawing made for another width.
    expect(html).toContain('<div class="recharts-responsive-container" style="height: 240px"></div>');
    // The month the picker shows (a property of the live field, not in its markup).
    expect(html).toContain('<option selected="">November</option>');
    // The live page is untouched.
    expect(document.querySelector('[data-testid="wallets-card"]')).not.toBeNull();
  });

  it('keeps the cards without their drawings when they are too large, and nothing when even that is', () => {
    const drawing = `<svg viewBox="0 0 10 10">${'<path d="M0 0L10 10"></path>'.repeat(3000)}</svg>`;
    page(`<p>THB 3,200.00</p>${drawing}`);
    const withoutDrawings = takeBootSnapshot(document, facts);
    expect(withoutDrawings?.html).toContain('THB 3,200.00');
    expect(withoutDrawings?.html).not.toContain('<svg');
    expect(JSON.stringify(withoutDrawings).length).toBeLessThanOrEqual(BOOT_SNAPSHOT_MAX_CHARS);

    page(`<p>${'THB 3,200.00 '.repeat(6000)}</p>`);
    expect(takeBootSnapshot(document, facts)).toBeNull();
    expect(saveBootSnapshot(document, facts)).toBe(false);
    expect(localStorage.getItem(BOOT_SNAPSHOT_KEY)).toBeNull();
  });

  it('is not taken of a page without the first cards, nor while a painted copy is on screen', () => {
    page();
    document.querySelector('[data-boot-snapshot-end]')?.remove();
    expect(takeBootSnapshot(document, facts)).toBeNull();
    page();
    const painted = document.createElement('div');
    painted.id = 'boot-snapshot';
    document.body.append(painted);
    expect(takeBootSnapshot(document, facts)).toBeNull();
  });

  it('is saved where the boot script reads it', () => {
    page();
    expect(saveBootSnapshot(document, facts)).toBe(true);
    const saved = JSON.parse(localStorage.getItem(BOOT_SNAPSHOT_KEY) ?? 'null') as { uid: string; html: string };
    expect(saved.uid).toBe('user-1');
    expect(saved.html).toContain('THB 3,200.00');
  });
});

describe('the painted copy and the saved one, as the session changes', () => {
  /** The page as the boot script leaves it: the app hidden, the copy beside it. */
  function painted(): HTMLElement {
    document.body.innerHTML = '<div id="root" data-boot-snapshot hidden></div><div id="boot-snapshot" inert></div>';
    return document.getElementById('root') as HTMLElement;
  }

  it('shows the app in place of the copy, and leaves an app it did not hide alone', () => {
    const root = painted();
    revealApp();
    expect(document.getElementById('boot-snapshot')).toBeNull();
    expect(root.hidden).toBe(false);
    expect(root.hasAttribute('data-boot-snapshot')).toBe(false);
    document.body.innerHTML = '<div id="root" hidden></div>';
    revealApp();
    expect((document.getElementById('root') as HTMLElement).hidden).toBe(true);
  });

  it('is forgotten on sign-out and when someone else signs in, and kept for the same user', () => {
    page();
    saveBootSnapshot(document, facts);
    bootSnapshotSessionSeen('user-1');
    expect(localStorage.getItem(BOOT_SNAPSHOT_KEY)).not.toBeNull();
    bootSnapshotSessionSeen('user-2');
    expect(localStorage.getItem(BOOT_SNAPSHOT_KEY)).toBeNull();

    saveBootSnapshot(document, facts);
    const root = painted();
    bootSnapshotSessionSeen(null);
    expect(localStorage.getItem(BOOT_SNAPSHOT_KEY)).toBeNull();
    expect(document.getElementById('boot-snapshot')).toBeNull();
    expect(root.hidden).toBe(false);
  });

  it('is forgotten wherever the device copy is wiped or forgotten', async () => {
    page();
    saveBootSnapshot(document, facts);
    await wipeDeviceData('user-1');
    expect(localStorage.getItem(BOOT_SNAPSHOT_KEY)).toBeNull();

    page();
    saveBootSnapshot(document, facts);
    await forgetDeviceAnswers('user-1');
    expect(localStorage.getItem(BOOT_SNAPSHOT_KEY)).toBeNull();

    page();
    saveBootSnapshot(document, facts);
    clearBootSnapshot();
    expect(localStorage.getItem(BOOT_SNAPSHOT_KEY)).toBeNull();
  });
});
