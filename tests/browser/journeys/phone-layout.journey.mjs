import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { readAfter, sendCommand } from '../support/api.mjs';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { createUser, idTokenFor, signIn } from '../support/users.mjs';
import { uuidV7 } from './transactions-screenshots.journey.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 800 };
/** Between a phone and a wide screen: the header's sections on a row of their own. */
const TABLET = { width: 800, height: 1280 };

/** A date `days` days before today (UTC, the user's default time zone). */
const daysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Something on every page, with long texts where they can push a page wider: transactions in
 * kip and baht, a budget, a goal, a loan with its schedule and one installment paid.
 */
async function seed(baseUrl, user) {
  const token = await idTokenFor(baseUrl, user);
  const send = (name, payload) => sendCommand(baseUrl, token, name, payload, { from: user.from });
  await send('ChangePreferences', { changes: { monthlyBudget: { amount: 9_000_000, currency: 'LAK' } } });
  const transactionId = uuidV7();
  await send('AddTransaction', {
    transactionId,
    type: 'expense',
    amount: { amount: 1_250_000, currency: 'LAK' },
    categoryId: 'builtin-food',
    date: daysAgo(0),
    note: 'Morning market with a note long enough to need more than one line on a phone screen',
  });
  await send('AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: { amount: 1_899_000, currency: 'THB' },
    categoryId: 'builtin-shopping',
    date: daysAgo(1),
    note: 'ตู้เย็นใหม่จากห้างในหนองคาย',
  });
  await send('AddTransaction', {
    transactionId: uuidV7(),
    type: 'income',
    amount: { amount: 12_500_000, currency: 'LAK' },
    categoryId: 'builtin-salary',
    date: daysAgo(2),
    note: 'ເງິນເດືອນ',
  });
  await send('AddGoal', {
    goalId: uuidV7(),
    name: 'New motorbike for the family',
    target: { amount: 25_000_000, currency: 'LAK' },
    saved: { amount: 4_500_000, currency: 'LAK' },
    targetDate: '2027-12-31',
  });
  const debtId = uuidV7();
  await send('OpenDebt', {
    debtId,
    name: 'House renovation loan',
    type: 'loan',
    initialAmount: 240_000_000,
    currentAmount: 240_000_000,
    annualRatePercent: '9.5',
    paymentDueDay: 5,
    icon: 'home',
    color: '#336699',
    currency: 'LAK',
    loanType: 'emi',
    termMonths: 24,
    openDate: '2026-01-05',
    startDate: '2026-01-05',
  });
  const last = await send('MarkInstallmentPaid', { debtId, number: 1, paymentId: uuidV7(), date: '2026-02-05' });
  await readAfter(baseUrl, token, 'debts', last.position);
  return { transactionId, debtId };
}

const GUEST_PAGES = [
  ['login', '/auth/login', 'page.login'],
  ['register', '/auth/register', 'page.register'],
  ['forgot-password', '/auth/forgot-password', 'page.forgotPassword'],
  ['reset-password', '/auth/reset-password/not-a-real-code', 'page.resetPassword'],
  ['privacy-policy', '/privacy-policy', 'page.privacyPolicy'],
  ['terms-of-service', '/terms-of-service', 'page.termsOfService'],
  ['cookie-policy', '/cookie-policy', 'page.cookiePolicy'],
  ['not-found', '/no-such-page', 'errorPage.notFoundTitle'],
];

const SETTINGS_TABS = ['account', 'preferences', 'categories', 'goals', 'privacy', 'about'];

/** Every signed-in page: [name, path, heading id or null (a name the user gave), text the loaded page shows]. */
function signedInPages({ transactionId, debtId }) {
  return [
    ['home', '/', 'home.heading', null],
    ['dashboard', '/dashboard', 'page.dashboard', null],
    ['transactions', '/dashboard/transactions', 'page.transactions', 'ตู้เย็นใหม่จากห้างในหนองคาย'],
    ['transaction-detail', `/dashboard/transactions?view=${transactionId}`, 'page.transactions', null],
    ['transaction-add', '/dashboard/transactions/add', 'page.transactionAdd', null],
    ['transaction-edit', `/dashboard/transactions/edit/${transactionId}`, 'page.transactionEdit', null],
    ['debt-tracker', '/dashboard/debt-tracker', 'page.debtTracker', 'House renovation loan'],
    ['debt-detail', `/dashboard/debt-tracker/${debtId}`, null, 'House renovation loan'],
    ['reports', '/dashboard/reports', 'page.reports', null],
    ['activity', '/activity', 'activity.title', 'House renovation loan'],
    ...SETTINGS_TABS.map((tab) => [`settings-${tab}`, `/dashboard/settings?tab=${tab}`, 'page.settings', null]),
    ['not-found-signed-in', '/dashboard/no-such-page', 'errorPage.notFoundTitle', null],
  ];
}

/** Waits until the page has its heading, its data and its fonts; no spinner is left. */
async function settle(page, messages, heading, text) {
  if (heading === null) await page.locator('h1').first().waitFor({ timeout: 20_000 });
  else await expectHeading(page, messages[heading]);
  if (text !== null) await page.getByText(text).first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, null, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
}

/**
 * What reaches past `width` on the page as it is now: the page's own scroll width, and each
 * element whose right edge lies past `width` and that no ancestor between it and the body clips
 * or scrolls sideways. A sideways-scrolling box whose content is wider than itself must be a
 * region a keyboard can reach and a screen reader can name.
 */
function overflowIn(width) {
  const found = [];
  const describe = (element) => {
    const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
    const classes = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
    return `${element.tagName.toLowerCase()}${classes === '' ? '' : `.${classes}`} "${name.trim().slice(0, 40)}"`;
  };
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width) found.push(`the page is ${scrollWidth} px wide`);
  const clips = (style) => ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX);
  // Whether a box that scrolls or clips sideways holds the element: only the element's containing
  // blocks count, so an absolutely placed element escapes a scrolling box that is not positioned.
  const clippedOnTheWay = (element) => {
    let position = getComputedStyle(element).position;
    for (
      let parent = element.parentElement;
      parent !== null && parent !== document.body;
      parent = parent.parentElement
    ) {
      const style = getComputedStyle(parent);
      const positioned = style.position !== 'static' || style.transform !== 'none';
      const contains = position === 'fixed' ? style.transform !== 'none' : position !== 'absolute' || positioned;
      if (!contains) continue;
      if (clips(style)) return true;
      position = style.position;
    }
    return false;
  };
  for (const element of document.body.querySelectorAll('*')) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    if (rect.right > width + 0.5) {
      const clipped = clippedOnTheWay(element);
      if (!clipped) found.push(`${describe(element)} ends at ${Math.round(rect.right)} px`);
    }
    const style = getComputedStyle(element);
    if (!['auto', 'scroll'].includes(style.overflowX) || element.scrollWidth <= element.clientWidth + 1) continue;
    const named = element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby');
    const reachable =
      element.tabIndex >= 0 || element.querySelector('a, button, input, select, [tabindex="0"]') !== null;
    if (!named || !reachable) found.push(`${describe(element)} scrolls sideways without a name or keyboard access`);
  }
  return found;
}

/**
 * Notes in `problems` what reaches past `width` on the page (after waiting a moment for charts
 * that follow a resize), so that one run lists every page that does not fit.
 */
async function checkFits(page, width, where, problems) {
  await page
    .waitForFunction((wide) => document.documentElement.scrollWidth <= wide, width, { timeout: 3_000 })
    .catch(() => undefined);
  for (const found of await page.evaluate(overflowIn, width)) problems.push(`${where} at ${width} px: ${found}`);
}

/** The bottom bar's sections: [tab label id, path, heading id, in the "More" menu]. */
const SECTIONS = [
  ['nav.dashboard', '/dashboard', 'page.dashboard', false],
  ['nav.transactions', '/dashboard/transactions', 'page.transactions', false],
  ['nav.debts', '/dashboard/debt-tracker', 'page.debtTracker', false],
  ['nav.reports', '/dashboard/reports', 'page.reports', false],
  ['nav.activity', '/activity', 'activity.title', true],
  ['nav.settings', '/dashboard/settings', 'page.settings', true],
];

/** Serious and critical findings of axe-core on the page as it is now. */
async function audit(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

/**
 * On a phone the sections are in a bar at the bottom, labelled, with the current one marked;
 * Activity and Settings are behind "More", which says when one of them is current. Labels fit
 * their tabs, focus shows, and the bar covers nothing: the page ends above it.
 */
async function checkPhoneNavigation(page, { baseUrl, prefix, messages, where, picture }) {
  const navigation = page.getByRole('navigation', { name: messages['nav.main'] });
  assert.equal(await navigation.count(), 1, `one main navigation on a phone (${where})`);
  const more = navigation.getByRole('button', { name: messages['nav.more'] });
  const box = await navigation.boundingBox();
  assert.ok(box !== null && Math.round(box.y + box.height) === PHONE.height, `the bar sits at the bottom (${where})`);
  for (const [label, path, heading, inMore] of SECTIONS) {
    if (inMore) {
      await more.click();
      assert.equal(await more.getAttribute('aria-expanded'), 'true');
    }
    await navigation.getByRole('link', { name: messages[label], exact: true }).click();
    await expectHeading(page, messages[heading]);
    assert.equal(new URL(page.url()).pathname, `${prefix}${path}`);
    if (inMore) {
      assert.equal(await more.getAttribute('aria-expanded'), 'false', `More closes after a choice (${where})`);
      assert.equal(await more.getAttribute('aria-current'), 'true', `More marks ${label} as current (${where})`);
      await more.click();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: picture });
      assert.deepEqual(await audit(page), [], `accessibility of the open bar (${where})`);
    } else assert.equal(await more.getAttribute('aria-current'), null);
    const current = await navigation.locator('[aria-current="page"]').allInnerTexts();
    assert.deepEqual(
      current.map((text) => text.trim()),
      [messages[label]],
      `${label} is the current page (${where})`,
    );
    if (inMore) {
      await page.keyboard.press('Escape');
      assert.equal(await more.getAttribute('aria-expanded'), 'false');
      assert.ok(await more.evaluate((element) => element === document.activeElement), 'Escape gives focus back');
    }
  }
  // Every label is whole inside its tab, in this language too, on the smaller phone as well.
  const cutLabels = () =>
    navigation.evaluate((element) =>
      [...element.querySelectorAll('a, button')]
        .filter((item) => item.scrollWidth > item.clientWidth + 1 || item.scrollHeight > item.clientHeight + 1)
        .map((item) => item.textContent),
    );
  assert.deepEqual(await cutLabels(), [], `labels that do not fit their tab (${where})`);
  await page.setViewportSize(SMALL_PHONE);
  assert.deepEqual(await cutLabels(), [], `labels that do not fit their tab at 360 px (${where})`);
  await page.setViewportSize(PHONE);
  // The keyboard reaches the bar, and the focused tab shows it.
  await more.focus();
  await page.keyboard.press('Shift+Tab');
  const focus = await page.evaluate(() => {
    const active = document.activeElement;
    return { visible: active.matches(':focus-visible'), outline: getComputedStyle(active).outlineStyle };
  });
  assert.deepEqual(focus, { visible: true, outline: 'solid' }, `the focused tab shows it (${where})`);
  // More opens from the keyboard, its sections come next, and tabbing past them closes it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  assert.equal(await more.getAttribute('aria-expanded'), 'true');
  for (const [label] of SECTIONS.filter((section) => section[3])) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    assert.equal(focused, messages[label], `Tab reaches ${label} in the open list (${where})`);
  }
  await page.keyboard.press('Tab');
  assert.equal(await more.getAttribute('aria-expanded'), 'false', `the list closes once focus leaves it (${where})`);
  // The end of the page (the footer) stays above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const gap = await page.evaluate(() => {
    const footer = document.querySelector('footer').getBoundingClientRect();
    const bar = document.querySelector('[data-tab-bar]').getBoundingClientRect();
    return bar.top - footer.bottom;
  });
  assert.ok(gap > -1, `the footer ends ${-gap} px under the bar (${where})`);
  await page.goto(`${baseUrl}${prefix}/dashboard`);
}

/** Pages in one language on a phone: each fits 390 and 360 px (and a small tablet); a picture at 390. */
async function phoneRun(browser, baseUrl, screenshotDir, { locale, prefix, pages, user, problems }) {
  const messages = catalog(locale);
  const { context, page, errors } = await openPage(browser, {
    ...PHONE,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    // axe-core is put in the page as a script, which the app's CSP forbids.
    bypassCSP: true,
  });
  try {
    if (user !== undefined) await signIn(context, user);
    for (const [name, path, heading, text = null] of pages) {
      await page.goto(`${baseUrl}${prefix}${path}`);
      await settle(page, messages, heading, text);
      await checkFits(page, PHONE.width, `${prefix}${path}`, problems);
      await screenshot(page, screenshotDir, `phone-${name}-${locale}-390`);
      await page.setViewportSize(SMALL_PHONE);
      await checkFits(page, SMALL_PHONE.width, `${prefix}${path}`, problems);
      await page.setViewportSize(TABLET);
      await checkFits(page, TABLET.width, `${prefix}${path}`, problems);
      await page.setViewportSize(PHONE);
      if (user !== undefined && name !== 'not-found-signed-in') {
        if (await page.locator('header nav').isVisible())
          problems.push(`${prefix}${path} at 390 px: the header shows the navigation`);
      }
    }
    if (user !== undefined) {
      await page.goto(`${baseUrl}${prefix}/dashboard`);
      await expectHeading(page, messages['page.dashboard']);
      const where = `${locale} at 390`;
      const picture = join(screenshotDir, `phone-more-menu-${locale}-390.png`);
      await checkPhoneNavigation(page, { baseUrl, prefix, messages, where, picture }).catch((error) => {
        problems.push(`phone navigation in ${locale}: ${error.message}`);
      });
    }
    assert.deepEqual(errors, [], `no page errors (${locale}, phone)`);
  } finally {
    await context.close();
  }
}

/** Where the header's content and the page's content begin and end, in px from the left. */
function contentEdges() {
  const edges = (element) => {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const inset = (side) => parseFloat(style[`padding${side}`]) + parseFloat(style[`border${side}Width`]);
    return [Math.round(rect.left + inset('Left')), Math.round(rect.right - inset('Right'))];
  };
  return {
    header: edges(document.querySelector('header > div')),
    page: edges(document.querySelector('#main-content > :first-child')),
  };
}

/** Pages in one language on a wide screen: a picture of each, and pages as wide as the header. */
async function wideRun(browser, baseUrl, screenshotDir, { locale, prefix, pages, user, problems }) {
  const messages = catalog(locale);
  const { context, page, errors } = await openPage(browser, { ...WIDE, reducedMotion: 'reduce' });
  try {
    if (user !== undefined) await signIn(context, user);
    for (const [name, path, heading, text = null] of pages) {
      await page.goto(`${baseUrl}${prefix}${path}`);
      await settle(page, messages, heading, text);
      await checkFits(page, WIDE.width, `${prefix}${path}`, problems);
      await screenshot(page, screenshotDir, `wide-${name}-${locale}-1280`);
      if (user !== undefined && !name.startsWith('not-found')) {
        const { header, page: content } = await page.evaluate(contentEdges);
        if (content.join() !== header.join())
          problems.push(
            `${prefix}${path} at 1280 px: the page spans ${content.join('–')} px, the header ${header.join('–')}`,
          );
        const navigation = page.getByRole('navigation', { name: messages['nav.main'] });
        assert.equal(await navigation.count(), 1, `one main navigation (${path})`);
        assert.equal(await navigation.getByRole('link').count(), SECTIONS.length, `every section in the header`);
      }
    }
    assert.deepEqual(errors, [], `no page errors (${locale}, wide)`);
  } finally {
    await context.close();
  }
}

/**
 * Every page in English, Thai and Lao fits a 390 px and a 360 px phone (and an 800 px tablet)
 * with nothing reaching past the screen's edge; on a phone the sections are in a bottom bar; on
 * a wide screen each signed-in page is as wide as the header. Pictures of each page at 390 and
 * 1280 px.
 */
export default async function phoneLayout({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Phonsavanh Vongsakoun');
  const ids = await seed(baseUrl, user);
  const signedIn = signedInPages(ids);
  const problems = [];
  // The languages side by side, each in browser profiles of its own; all end before a failure counts.
  const runs = await Promise.allSettled(
    LOCALES.map(async ([locale, prefix]) => {
      await phoneRun(browser, baseUrl, screenshotDir, { locale, prefix, pages: GUEST_PAGES, problems });
      await wideRun(browser, baseUrl, screenshotDir, { locale, prefix, pages: GUEST_PAGES, problems });
      await wideRun(browser, baseUrl, screenshotDir, { locale, prefix, pages: signedIn, user, problems });
      await phoneRun(browser, baseUrl, screenshotDir, { locale, prefix, pages: signedIn, user, problems });
    }),
  );
  for (const run of runs) if (run.status === 'rejected') throw run.reason;
  assert.deepEqual(problems, [], `pages that do not fit:\n${problems.join('\n')}`);
}
