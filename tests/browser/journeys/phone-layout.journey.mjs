import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readAfter, sendCommand, uuidV7 } from '../support/api.mjs';
import { seriousViolations } from '../support/axe.mjs';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { checkFits, contentEdges, PHONE, SMALL_PHONE } from '../support/layout.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { GUEST_PAGES } from '../support/pages.mjs';
import { createUser, idTokenFor, signIn } from '../support/users.mjs';

const WIDE = { width: 1280, height: 800 };
/** Between a phone and a wide screen: the header's sections on a row of their own. */
const TABLET = { width: 800, height: 1280 };

/** A date `days` days before today (UTC, the user's default time zone). */
const daysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Transactions today, yesterday and the day before: [type, amount, currency, category, note]. */
const SEED_TRANSACTIONS = [
  [
    'expense',
    1_250_000,
    'LAK',
    'builtin-food',
    'Morning market with a note long enough to need more than one line on a phone screen',
  ],
  ['expense', 1_899_000, 'THB', 'builtin-shopping', 'ตู้เย็นใหม่จากห้างในหนองคาย'],
  ['income', 12_500_000, 'LAK', 'builtin-salary', 'ເງິນເດືອນ'],
];

/**
 * Something on every page, with long texts where they can push a page wider: transactions in
 * kip and baht, a budget, a goal, a loan with its schedule and one installment paid.
 */
async function seed(baseUrl, user) {
  const token = await idTokenFor(baseUrl, user);
  const send = (name, payload) => sendCommand(baseUrl, token, name, payload, { from: user.from });
  await send('ChangePreferences', { changes: { monthlyBudget: { amount: 9_000_000, currency: 'LAK' } } });
  const transactionId = uuidV7();
  for (const [index, [type, amount, currency, category, note]] of SEED_TRANSACTIONS.entries()) {
    const id = index === 0 ? transactionId : uuidV7();
    await send('AddTransaction', {
      transactionId: id,
      type,
      amount: { amount, currency },
      categoryId: category,
      date: daysAgo(index),
      note,
    });
  }
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

/** The bottom bar's sections: [tab label id, path, heading id, in the "More" menu]. */
const SECTIONS = [
  ['nav.dashboard', '/dashboard', 'page.dashboard', false],
  ['nav.transactions', '/dashboard/transactions', 'page.transactions', false],
  ['nav.debts', '/dashboard/debt-tracker', 'page.debtTracker', false],
  ['nav.reports', '/dashboard/reports', 'page.reports', false],
  ['nav.wallets', '/dashboard/wallets', 'page.wallets', true],
  ['nav.recurring', '/dashboard/recurring', 'page.recurring', true],
  ['nav.budgets', '/dashboard/budgets', 'budget.page.title', true],
  ['nav.import', '/dashboard/import', 'page.import', true],
  ['nav.tags', '/dashboard/tags', 'page.tags', true],
  ['nav.activity', '/activity', 'activity.title', true],
  ['nav.settings', '/dashboard/settings', 'page.settings', true],
];
/** Sections only the phone's bar lists (the wide header reaches them from Settings). */
const PHONE_ONLY = new Set(['nav.import', 'nav.tags', 'nav.budgets']);

/**
 * On a phone the sections are in a bar at the bottom, labelled, with the current one marked;
 * Wallets, Recurring, Import, Activity and Settings are behind "More", which says when one of them is current.
 * Labels fit their tabs, focus shows, and the bar covers nothing: the page ends above it.
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
      const findings = (await seriousViolations(page)).map(
        ({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`,
      );
      assert.deepEqual(findings, [], `accessibility of the open bar (${where})`);
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
        assert.equal(
          await navigation.getByRole('link').count(),
          SECTIONS.filter(([label]) => !PHONE_ONLY.has(label)).length,
          `every section in the header`,
        );
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
