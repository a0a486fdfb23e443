import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { createUser, signIn } from '../support/users.mjs';

/** The month before this one, `YYYY-MM`: every day of it is past, whatever today is. */
const previousMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};
/** A day of the previous month. */
const day = (n) => `${previousMonth()}-${String(n).padStart(2, '0')}`;
/** Noon in Vientiane (05:00 UTC) of a day. */
const at = (date) => `${date}T05:00:00.000Z`;

/** Kip as the page writes it in every language: its sign first, "₭120,000" ("₭120.000" in Lao's marks). */
const kip = (locale, amount) => {
  const english = new Intl.NumberFormat('en').format(amount);
  return `₭${locale === 'lo' ? english.replaceAll(',', '.') : english}`;
};

/**
 * Writes a past history of the user straight into the embedded event store, as commands on
 * those days would have (the API stamps events with the present): in the previous month, a
 * budget of ₭3,000,000, a salary, the rent, and a lunch added on the 5th, edited on the 15th
 * and deleted on the 25th. No personal text, so nothing to encrypt.
 */
function recordPast(dataDir, userId) {
  const db = new Database(join(dataDir, 'events.db'));
  db.pragma('busy_timeout = 5000');
  const head = db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?');
  const insert = db.prepare(
    'INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const lunch = randomUUID();
  const event = (streamId, type, data, occurredAt) => {
    const revision = (head.get(streamId)?.revision ?? -1) + 1;
    const commandId = randomUUID();
    insert.run(
      randomUUID(),
      streamId,
      revision,
      type,
      JSON.stringify(data),
      JSON.stringify({ userId, commandId, correlationId: commandId, occurredAt, schemaVersion: 1 }),
      occurredAt,
    );
  };
  const transaction = (id, fields, date) =>
    event(
      `transaction-${id}`,
      'TransactionAdded',
      { transactionId: id, type: 'expense', categoryId: 'builtin-food', date, ...fields },
      at(date),
    );
  db.transaction(() => {
    event(
      `profile-${userId}`,
      'PreferencesChanged',
      {
        changes: {
          currency: 'LAK',
          timeZone: 'Asia/Vientiane',
          monthlyBudget: { amount: 3_000_000, currency: 'LAK' },
        },
      },
      at(day(1)),
    );
    transaction(
      randomUUID(),
      { type: 'income', categoryId: 'builtin-salary', amount: { amount: 8_000_000, currency: 'LAK' } },
      day(2),
    );
    transaction(
      randomUUID(),
      { categoryId: 'builtin-housing', amount: { amount: 2_000_000, currency: 'LAK' } },
      day(3),
    );
    transaction(lunch, { amount: { amount: 150_000, currency: 'LAK' } }, day(5));
    event(
      `transaction-${lunch}`,
      'TransactionEdited',
      { transactionId: lunch, changes: { amount: { amount: 800_000, currency: 'LAK' } } },
      at(day(15)),
    );
    event(`transaction-${lunch}`, 'TransactionDeleted', { transactionId: lunch }, at(day(25)));
  })();
  db.close();
}

/** The amounts of the newest transactions as the dashboard lists them. */
async function recentAmounts(page) {
  const recent = page.getByTestId('recent-transactions');
  await recent.waitFor({ timeout: 30_000 });
  return recent.locator('[data-recent-id]').allInnerTexts();
}

/** Waits for the dashboard computed for `date` (its content says which day it is of). */
async function waitForDay(page, testId, date) {
  await page.locator(`[data-testid="${testId}"][data-today="${date}"]`).waitFor({ timeout: 30_000 });
}

async function budgetStatus(page) {
  const badge = page.getByTestId('budget-card').getByTestId('budget-status');
  await badge.waitFor({ timeout: 20_000 });
  return badge.getAttribute('data-status');
}

async function journey({ browser, baseUrl, dataDir, screenshotDir }, locale, prefix, { full }) {
  const messages = catalog(locale);
  const user = await createUser(baseUrl, 'Noy');
  recordPast(dataDir, user.stored.uid);
  const browserLocale = { en: 'en-US', th: 'th-TH', lo: 'lo-LA' }[locale];
  const { context, page, errors } = await openPage(browser, {
    locale: browserLocale,
    timezoneId: 'Asia/Vientiane',
    reducedMotion: 'reduce',
  });
  const dashboard = `${baseUrl}${prefix}/dashboard`;
  try {
    await signIn(context, user);
    await page.goto(dashboard);
    await expectHeading(page, messages['page.dashboard']);

    // The "As of" field: on the 10th the lunch is as it was first recorded, the budget on track.
    const field = page.getByLabel(messages['asof.label'], { exact: true });
    await field.waitFor({ timeout: 20_000 });
    await field.fill(day(10));
    await page.waitForURL(new RegExp(`asOf=${day(10)}`));
    await waitForDay(page, 'dashboard-content', day(10));
    const banner = page.getByTestId('as-of-banner');
    const bannerStart = messages['asof.banner'].split('{date}')[0].trim();
    await banner.getByText(bannerStart, { exact: false }).waitFor();
    let amounts = await recentAmounts(page);
    assert.equal(amounts.length, 3, `three transactions then: ${JSON.stringify(amounts)}`);
    assert.ok(
      amounts.some((text) => text.includes(kip(locale, 150_000))),
      `the lunch as added: ${JSON.stringify(amounts)}`,
    );
    assert.equal(await budgetStatus(page), 'on_track');
    // Nothing can be added to the past; the reports link keeps the day.
    for (const action of ['dashboard.actions.addIncome', 'dashboard.actions.addExpense'])
      await page.getByRole('link', { name: messages[action] }).first().waitFor({ state: 'detached', timeout: 10_000 });

    // The day survives a reload; on the 20th the lunch has its edited amount and the budget is
    // critical (₭2,800,000 of ₭3,000,000).
    await page.goto(`${dashboard}?asOf=${day(20)}`);
    await expectHeading(page, messages['page.dashboard']);
    await waitForDay(page, 'dashboard-content', day(20));
    amounts = await recentAmounts(page);
    assert.ok(
      amounts.some((text) => text.includes(kip(locale, 800_000))),
      `the lunch as edited: ${JSON.stringify(amounts)}`,
    );
    assert.ok(!amounts.some((text) => text.includes(kip(locale, 150_000))), 'not as added');
    assert.equal(await budgetStatus(page), 'critical');
    await page.getByTestId('as-of-banner').getByText(bannerStart, { exact: false }).waitFor();
    await screenshot(page, screenshotDir, `as-of-dashboard-${locale}-dark`);
    // On a phone the field and the banner wrap without a sideways scroll.
    await page.setViewportSize({ width: 375, height: 800 });
    // The charts follow the new width once their resize observers have run.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 375, null, { timeout: 5_000 });
    await screenshot(page, screenshotDir, `as-of-dashboard-${locale}-dark-375`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The reports of that day, from the quick action.
    await page.getByRole('link', { name: messages['dashboard.actions.reports'] }).click();
    await expectHeading(page, messages['page.reports']);
    await page.waitForURL(new RegExp(`/dashboard/reports\\?asOf=${day(20)}`));
    await waitForDay(page, 'reports-content', day(20));
    await page.getByTestId('as-of-banner').getByText(bannerStart, { exact: false }).waitFor();
    await screenshot(page, screenshotDir, `as-of-reports-${locale}-dark`);
    if (!full) return;

    // Back to today: the banner goes, adding comes back; the lunch is gone since it was deleted.
    await page.getByTestId('as-of-back').click();
    await page.waitForURL((url) => !url.search.includes('asOf'));
    await page.getByTestId('reports-content').waitFor({ timeout: 20_000 });
    // Today's figures replace the past day's once they arrive; the banner goes with them.
    await page.getByTestId('as-of-banner').waitFor({ state: 'detached', timeout: 20_000 });
    await page.goto(`${dashboard}?asOf=${day(27)}`);
    await waitForDay(page, 'dashboard-content', day(27));
    amounts = await recentAmounts(page);
    assert.equal(amounts.length, 2, `the deleted lunch is gone: ${JSON.stringify(amounts)}`);
    assert.equal(await budgetStatus(page), 'on_track');
    await page.getByTestId('as-of-back').click();
    await page.waitForURL((url) => !url.search.includes('asOf'));
    await page.getByRole('link', { name: messages['dashboard.actions.addExpense'] }).waitFor({ timeout: 20_000 });

    // A day before 2000 is refused with a message in the reader's language.
    await page.goto(`${dashboard}?asOf=1999-12-31`);
    const refused = page.getByTestId('as-of-error');
    await refused.waitFor({ timeout: 20_000 });
    assert.ok(
      (await refused.innerText()).includes(messages['asof.error.date_invalid'].split('{first}')[0].trim()),
      'the refusal explained',
    );
    await screenshot(page, screenshotDir, `as-of-refused-${locale}-dark`);
    // The refused request is reported by the browser; nothing else may be.
    const unexpected = errors.filter((error) => !/400|Bad Request/.test(error));
    assert.deepEqual(unexpected, [], `no errors on the page (${locale})`);
  } finally {
    await context.close();
  }
}

/**
 * The dashboard and the reports as of past days, computed from the user's events: an edit
 * and a deletion seen at the days between, the day kept in the address, Back to today, and a
 * refused day; in English and Lao, with pictures in English, Thai and Lao.
 */
export default async function asOfJourney(options) {
  await journey(options, 'en', '', { full: true });
  await journey(options, 'lo', '/lo', { full: true });
  await journey(options, 'th', '/th', { full: false });
}
