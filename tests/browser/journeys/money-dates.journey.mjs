import assert from 'node:assert/strict';
import { postCommand, uuidV7 } from '../support/api.mjs';
import { expectHeading, openPage, screenshot, waitUntilCurrent } from '../support/browser.mjs';
import { catalog, say } from '../support/locale.mjs';
import { callApi, createUser, signIn } from '../support/users.mjs';

const ZONE = 'Asia/Vientiane';

/** Today in Vientiane, `YYYY-MM-DD`. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
const monthsBefore = (month, count) => {
  const [year, index] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 - count, 1));
  return date.toISOString().slice(0, 7);
};
const addDays = (iso, count) => {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + count)).toISOString().slice(0, 10);
};

/** Kip as every language writes it: its sign first, Lao with its own digit marks. */
const kip = (locale, amount) => {
  const english = new Intl.NumberFormat('en').format(amount);
  return `₭${locale === 'lo' ? english.replaceAll(',', '.') : english}`;
};

/** A date as the page's date field shows it: month first in English, day first in Thai (Buddhist era) and Lao. */
const fieldText = (locale, iso) => {
  const [year, month, day] = iso.split('-');
  if (locale === 'en') return `${month}/${day}/${year}`;
  return `${day}/${month}/${locale === 'th' ? Number(year) + 543 : year}`;
};

async function addExpense(baseUrl, user, amount, date) {
  await callApi(baseUrl, user, 'commands/AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: { amount, currency: 'LAK' },
    categoryId: 'builtin-food',
    date,
  });
}

/**
 * Loads `url` until `ready` holds (the read models may need a moment after the commands), each
 * load looked at for a few seconds: a reload paints the device copy first, then the server's.
 */
async function openUntil(page, url, heading, ready) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto(url);
    await expectHeading(page, heading);
    const loaded = Date.now();
    while (Date.now() - loaded < 5_000) {
      await waitUntilCurrent(page).catch(() => undefined);
      if (await ready().catch(() => false)) return;
      if (Date.now() > deadline) assert.fail(`not ready at ${page.url()}`);
      await page.waitForTimeout(300);
    }
  }
}

/** The names of the focused calendar day and of the calendar's month heading. */
async function calendarState(page) {
  return {
    focused: await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
    heading: await page.getByTestId('date-field-heading').innerText(),
  };
}

async function journey({ browser, baseUrl, screenshotDir }, locale, prefix) {
  const messages = catalog(locale);
  const user = await createUser(baseUrl, 'Dao');
  const now = today();
  const month = now.slice(0, 7);
  const lastMonth = monthsBefore(month, 1);
  await postCommand(baseUrl, user, 'ChangePreferences', {
    changes: { currency: 'LAK', timeZone: ZONE, monthlyBudget: { amount: 1_000_000_000, currency: 'LAK' } },
  });
  // ₭100,000 on food last month, ₭4,734,000 this month: 4,634 % more.
  await addExpense(baseUrl, user, 100_000, `${lastMonth}-15`);
  await addExpense(baseUrl, user, 4_734_000, now);
  // The browser speaks US English whatever the page's language, as on the machine that found the mixed dates.
  const { context, page, errors } = await openPage(browser, {
    locale: 'en-US',
    timezoneId: ZONE,
    reducedMotion: 'reduce',
  });
  const dashboard = `${baseUrl}${prefix}/dashboard`;
  try {
    await signIn(context, user);

    // Kip with its sign, never "LAK", in every language; the big rise in words, not "4,634 %".
    const expense = page.getByTestId('total-expense-value');
    await openUntil(
      page,
      dashboard,
      messages['page.dashboard'],
      async () => (await expense.innerText()) === kip(locale, 4_734_000),
    );
    const insight = page.getByTestId('insight-card');
    const wording = say(messages, locale, 'dashboard.insight.categoryMultiple', {
      category: messages['category.builtin.food'],
      times: 47,
      previous: kip(locale, 100_000),
      current: kip(locale, 4_734_000),
    });
    await insight.getByText(wording).waitFor({ timeout: 15_000 });
    assert.ok(!(await insight.innerText()).includes('%'), 'no percentage in the big-rise insight');
    for (const total of await page.locator('[data-testid^="total-"][data-testid$="-value"]').allInnerTexts()) {
      assert.match(total, /^[−-]?₭\d/, `a total written with kip's sign: ${total}`);
    }

    // The "As of" field shows today as the page's language writes it (Buddhist era in Thai).
    const asOf = page.getByLabel(messages['asof.label'], { exact: true });
    await asOf.waitFor({ timeout: 20_000 });
    assert.equal(await asOf.inputValue(), fieldText(locale, now), 'the As-of field in the page’s format');
    await screenshot(page, screenshotDir, `money-dates-dashboard-${locale}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390, null, { timeout: 5_000 });
    await screenshot(page, screenshotDir, `money-dates-dashboard-${locale}-390`);
    // The As-of calendar by keyboard on a phone: it stays on screen; the day before today, picked
    // with the arrow key and Enter, becomes the day shown.
    const asOfOpen = page.getByTestId('as-of').getByRole('button', { name: messages['datefield.open'], exact: true });
    await asOfOpen.focus();
    await page.keyboard.press('Enter');
    const asOfCalendar = page.getByRole('dialog', { name: messages['datefield.dialog'] });
    await asOfCalendar.waitFor();
    const asOfBox = await asOfCalendar.boundingBox();
    assert.ok(
      asOfBox !== null && asOfBox.x >= 0 && asOfBox.x + asOfBox.width <= 390,
      `on screen: ${JSON.stringify(asOfBox)}`,
    );
    // Today is the last day that may be chosen: the next one is marked so.
    assert.equal(await asOfCalendar.locator(`[data-date="${now}"]`).getAttribute('aria-disabled'), null);
    await screenshot(page, screenshotDir, `money-dates-as-of-calendar-${locale}-390`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await asOfCalendar.waitFor({ state: 'detached' });
    const yesterday = addDays(now, -1);
    await page.waitForURL(new RegExp(`asOf=${yesterday}`));
    assert.equal(await asOf.inputValue(), fieldText(locale, yesterday), 'the picked day in the page’s format');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Two months before the first transaction: no data, not "On track".
    const early = monthsBefore(month, 2);
    await page.goto(`${dashboard}?month=${early}`);
    await expectHeading(page, messages['page.dashboard']);
    const badge = page.getByTestId('budget-card').getByTestId('budget-status');
    await badge.and(page.locator('[data-status="no_data"]')).waitFor({ timeout: 20_000 });
    assert.equal(await badge.innerText().then((text) => text.includes(messages['dashboard.status.no_data'])), true);
    await page.getByTestId('budget-no-data').getByText(messages['dashboard.budget.noData']).waitFor();
    // The reports' six months: the four before last month have no data, last month and this one are rated.
    await page.goto(`${dashboard}/reports`);
    await expectHeading(page, messages['page.reports']);
    const rows = page.getByTestId('performance-table').locator('tbody [data-testid="budget-status"]');
    await rows.first().waitFor({ timeout: 20_000 });
    const statuses = await rows.evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status')));
    assert.deepEqual(statuses, ['no_data', 'no_data', 'no_data', 'no_data', 'on_track', 'on_track']);
    await screenshot(page, screenshotDir, `money-dates-reports-${locale}`);

    // The transaction form's date field: today in the page's format, the calendar by keyboard.
    await page.goto(`${dashboard}/transactions/add`);
    await expectHeading(page, messages['page.transactionAdd']);
    const date = page.getByLabel(messages['transactions.field.date'], { exact: true });
    await date.waitFor({ timeout: 20_000 });
    assert.equal(await date.inputValue(), fieldText(locale, now), 'the form’s date in the page’s format');
    const open = page.getByRole('button', { name: messages['datefield.open'], exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: messages['datefield.dialog'] });
    await calendar.waitFor();
    const monthName = (iso) =>
      locale === 'lo'
        ? null
        : new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
            new Date(`${iso}T00:00:00Z`),
          );
    let state = await calendarState(page);
    if (monthName(now) !== null) assert.equal(state.heading, monthName(now), 'the month in the page’s language');
    if (locale === 'th') assert.ok(state.heading.includes(String(Number(now.slice(0, 4)) + 543)), 'Buddhist era year');
    await screenshot(page, screenshotDir, `money-dates-calendar-${locale}`);
    // Left: yesterday; Page Up: the month before; Enter picks it and closes the calendar.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('PageUp');
    const picked = (() => {
      const yesterday = addDays(now, -1);
      const [y, m, d] = yesterday.split('-').map(Number);
      const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
      const before = new Date(Date.UTC(y, m - 2, 1));
      return `${before.toISOString().slice(0, 7)}-${String(Math.min(d, last)).padStart(2, '0')}`;
    })();
    state = await calendarState(page);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-date')), picked);
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    assert.equal(await date.inputValue(), fieldText(locale, picked), 'the picked day in the page’s format');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup')), 'dialog');
    // Escape closes it without a change; the form's dialog-free page keeps focus on the button.
    await page.keyboard.press('Enter');
    await calendar.waitFor();
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    assert.equal(await date.inputValue(), fieldText(locale, picked));
    // The month buttons keep the focus, so they can be pressed again and again.
    await page.keyboard.press('Enter');
    await calendar.waitFor();
    const back = page.getByTestId('date-field-previous-month');
    await back.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'date-field-previous-month',
    );
    const twoBefore = `${monthsBefore(picked.slice(0, 7), 2)}-01`;
    if (monthName(twoBefore) !== null) assert.equal((await calendarState(page)).heading, monthName(twoBefore));
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    // Typed in the page's own format: a Buddhist-era year in Thai.
    const typed = `${now.slice(0, 7)}-01`;
    await date.fill(fieldText(locale, typed).replace(/^0/, ''));
    await date.blur();
    assert.equal(await date.inputValue(), fieldText(locale, typed));
    assert.equal(await date.getAttribute('data-value'), typed);
    await page.setViewportSize({ width: 390, height: 844 });
    await open.click();
    await calendar.waitFor();
    const box = await calendar.boundingBox();
    assert.ok(
      box !== null && box.x >= 0 && box.x + box.width <= 390,
      `the calendar fits a phone: ${JSON.stringify(box)}`,
    );
    await screenshot(page, screenshotDir, `money-dates-calendar-${locale}-390`);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The time field: the 24-hour clock on the page's terms, never the browser's "--:-- --" with
    // AM and PM; a time typed the language's way is kept as HH:MM and shown on the detail.
    const time = page.getByLabel(new RegExp(`^${messages['transactions.field.time']}`));
    assert.equal(await time.getAttribute('type'), 'text', 'a text field, not the browser’s time input');
    assert.equal(await time.getAttribute('placeholder'), messages['timefield.pattern']);
    const timeHelp = say(messages, locale, 'timefield.format', { pattern: messages['timefield.pattern'] });
    const describedBy = (await time.getAttribute('aria-describedby')) ?? '';
    const described = await page.evaluate(
      (ids) => ids.map((one) => document.getElementById(one)?.textContent ?? '').join(' '),
      describedBy.split(/\s+/).filter(Boolean),
    );
    assert.ok(described.includes(timeHelp), `the format is described: ${described}`);
    // Not a time: the form's own message, and nothing saved.
    await page.getByLabel(messages['transactions.field.amount'], { exact: true }).fill('25000');
    await page
      .getByTestId('category-picker')
      .getByRole('radio', { name: messages['category.builtin.food'], exact: true })
      .click();
    const note = `Lunch at two ${locale}`;
    await page.getByLabel(new RegExp(`^${messages['transactions.field.note']}`)).fill(note);
    await time.fill('25:70');
    await page.getByRole('button', { name: messages['transactions.form.save'] }).click();
    await page.getByText(messages['error.time_invalid'], { exact: true }).waitFor();
    assert.equal(await time.getAttribute('aria-invalid'), 'true');
    // Typed as people write it: Thai digits with "น.", a 12-hour time in English, run together in Lao.
    const typedTime = { th: '๑๔.๓๐ น.', en: '2:30 pm', lo: '1430' }[locale];
    await time.fill(typedTime);
    await time.blur();
    assert.equal(await time.inputValue(), '14:30', 'the time on the 24-hour clock');
    assert.equal(await time.getAttribute('data-value'), '14:30');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390, null, { timeout: 5_000 });
    await time.scrollIntoViewIfNeeded();
    await screenshot(page, screenshotDir, `money-dates-time-${locale}-390`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: messages['transactions.form.save'] }).click();
    await expectHeading(page, messages['page.transactions']);
    const row = page.locator('[data-row-id]').filter({ hasText: note }).first();
    await row.waitFor({ timeout: 20_000 });
    assert.ok((await row.innerText()).includes('14:30'), 'the list shows the time');
    await row.click();
    const detail = page.getByRole('dialog', { name: messages['transactions.detail.title'] });
    const shownTime = detail
      .locator('dt', { hasText: messages['transactions.field.time'] })
      .locator('xpath=following-sibling::dd[1]');
    assert.equal((await shownTime.innerText()).trim(), '14:30', 'the detail shows the time typed');
    assert.ok(!/\b(AM|PM)\b/i.test(await detail.innerText()), 'no AM or PM on the detail');
    await page.keyboard.press('Escape');
    assert.deepEqual(errors, [], `no errors on the page (${locale})`);
  } finally {
    await context.close();
  }
}

/**
 * Money and dates read the same everywhere, in English, Thai and Lao: kip with its sign, the
 * date fields in the page's language and calendar (Buddhist era in Thai) whatever the browser's
 * language, the calendar by keyboard, the time field on the 24-hour clock, a big rise in words,
 * and months before the first record without a rating.
 */
export default async function moneyDatesJourney(options) {
  await journey(options, 'th', '/th');
  await journey(options, 'en', '');
  await journey(options, 'lo', '/lo');
}
