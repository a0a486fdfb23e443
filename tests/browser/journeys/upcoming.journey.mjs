import assert from 'node:assert/strict';
import { readAfter, sendCommand, uuidV7 } from '../support/api.mjs';
import { seriousViolations } from '../support/axe.mjs';
import { expectHeading, expectToast, openPage, screenshot } from '../support/browser.mjs';
import { dateFromToday } from '../support/dates.mjs';
import { assertFits, PHONE } from '../support/layout.mjs';
import { catalog, LOCALES, say } from '../support/locale.mjs';
import { createUser, idTokenFor, signIn } from '../support/users.mjs';

const WIDE = { width: 1280, height: 900 };
const RENT = 'Rent for the flat';
const INTERNET = 'Fibre internet';
const LOAN = 'Scooter loan';

/** `date` plus `months` calendar months, its day kept or clamped to the month's last day. */
function addMonths(date, months) {
  const [year, month, day] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/**
 * A user (UTC, the default) with a monthly rent to confirm, due today, with reminders on; an
 * internet bill posted automatically from 10 days ahead; and a 0 % loan whose first installment
 * is past due and whose second falls due in 3 days.
 */
async function seed(baseUrl, user) {
  const token = await idTokenFor(baseUrl, user);
  const send = (name, payload) => sendCommand(baseUrl, token, name, payload, { from: user.from });
  const today = dateFromToday(0);
  const rentId = uuidV7();
  const monthly = (startDate) => ({ frequency: 'month', interval: 1, startDate, end: { kind: 'never' } });
  await send('CreateRecurringRule', {
    ruleId: rentId,
    type: 'expense',
    amount: { amount: 2_500_000, currency: 'LAK' },
    categoryId: 'builtin-housing',
    note: RENT,
    mode: 'confirm',
    remind: true,
    schedule: monthly(today),
  });
  const internetStart = dateFromToday(10);
  await send('CreateRecurringRule', {
    ruleId: uuidV7(),
    type: 'expense',
    amount: { amount: 350_000, currency: 'LAK' },
    categoryId: 'builtin-utilities',
    note: INTERNET,
    mode: 'auto',
    remind: false,
    schedule: monthly(internetStart),
  });
  // Installment k falls due on the due day of the k-th month after the start.
  const second = dateFromToday(3);
  const debtId = uuidV7();
  const opened = await send('OpenDebt', {
    debtId,
    name: LOAN,
    type: 'loan',
    initialAmount: 12_000_000,
    currentAmount: 12_000_000,
    annualRatePercent: '0',
    paymentDueDay: Number(second.slice(8, 10)),
    icon: 'car',
    color: '#336699',
    currency: 'LAK',
    loanType: 'emi',
    termMonths: 12,
    openDate: `${addMonths(second, -2).slice(0, 7)}-01`,
    startDate: `${addMonths(second, -2).slice(0, 7)}-01`,
  });
  await readAfter(baseUrl, token, 'upcoming?days=30', opened.position);
  return { today, rentId, debtId, internetStart, rentNext: addMonths(today, 1) };
}

async function open(browser, baseUrl, user, path, size) {
  const opened = await openPage(browser, {
    ...size,
    reducedMotion: 'reduce',
    ...(size.width < 500 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  await signIn(opened.context, user);
  await opened.page.goto(`${baseUrl}${path}`);
  return opened;
}

const digits = (text) => text.replace(/[^\d๐-๙໐-໙]/g, '');

/** The card's items by what they name: the rent, the installment due soon, the overdue one. */
function cardItems(page, messages, locale) {
  const items = page.getByTestId('upcoming-card').getByTestId('upcoming-item');
  return {
    all: items,
    rent: items.filter({ hasText: RENT }),
    soon: items.filter({ hasText: say(messages, locale, 'upcoming.installment', { name: LOAN, number: 2 }) }),
    overdue: items.filter({ hasText: say(messages, locale, 'upcoming.installment', { name: LOAN, number: 1 }) }),
  };
}

/**
 * The dashboard's Upcoming card, reminders, the list's scheduled rows, the debt tracker's overdue
 * count and the reminder preference, for a user with a confirm rule due today, an installment
 * due in 3 days and one overdue: the card lists the three with their totals and states, the
 * reminder strip names the rent (dismissed for good on this device); Post now posts it once and
 * takes it off the card; "Show scheduled" (kept in the address) lists the occurrences to come;
 * the tracker counts 1 overdue; "Remind me" sticks after a reload. Texts in Thai and Lao from
 * the catalogs; pictures of the card and the scheduled rows at 1280 and 390 px in each language.
 */
export default async function upcoming({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Upcoming');
  const seeded = await seed(baseUrl, user);

  // Every language: the card, its states and the scheduled rows, in pictures wide and on a phone.
  for (const [locale, prefix] of LOCALES) {
    const messages = catalog(locale);
    for (const size of [WIDE, PHONE]) {
      const opened = await open(browser, baseUrl, user, `${prefix}/dashboard`, size);
      const { page } = opened;
      try {
        await expectHeading(page, messages['page.dashboard'], { errors: opened.errors });
        const card = page.getByTestId('upcoming-card');
        await card.getByRole('heading', { name: messages['upcoming.title'], exact: true }).waitFor();
        const items = cardItems(page, messages, locale);
        await items.rent.waitFor();
        assert.equal(await items.all.count(), 3, `${locale}: the rent and both installments are upcoming`);
        assert.equal(
          (await items.rent.getByTestId('upcoming-when').innerText()).trim(),
          messages['upcoming.when.today'],
          `${locale}: the rent is due today`,
        );
        assert.equal(
          (await items.rent.getByTestId('upcoming-due').innerText()).trim(),
          messages['upcoming.state.due'],
          `${locale}: the rent waits for a confirmation`,
        );
        assert.equal(
          (await items.overdue.getByTestId('upcoming-overdue').innerText()).replace(/^!\s*/, '').trim(),
          messages['upcoming.state.unpaid'],
          `${locale}: the first installment is flagged overdue`,
        );
        assert.equal(await items.soon.getByTestId('upcoming-overdue').count(), 0, `${locale}: the second is not`);
        assert.match(
          (await items.rent.getByTestId('upcoming-post').getAttribute('aria-label')) ?? '',
          new RegExp(RENT),
          `${locale}: Post now is named with what it posts`,
        );
        assert.equal(
          await items.soon.getByTestId('upcoming-post').count(),
          0,
          `${locale}: an installment is paid on its debt`,
        );
        assert.equal(
          await items.soon.getByTestId('upcoming-name').getAttribute('href'),
          `${prefix}/dashboard/debt-tracker/${seeded.debtId}`,
          `${locale}: an installment links to its debt`,
        );
        // Rent 2,500,000 and two installments of 1,000,000 go out; nothing comes in.
        const out = await card.getByTestId('upcoming-out').innerText();
        assert.equal(digits(out), '4500000', `${locale}: money out in the next days (${out})`);
        const reminder = page.getByTestId('reminder').filter({
          hasText: say(messages, locale, 'upcoming.reminder.due', { name: RENT, days: 0 }),
        });
        await reminder.waitFor();
        if (size === PHONE) await assertFits(page, size.width, `${locale} dashboard with upcoming items`);
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, screenshotDir, `upcoming-dashboard-${locale}-${size.width}`);

        await page.goto(`${baseUrl}${prefix}/dashboard/transactions?scheduled=1`);
        const scheduled = page.getByTestId('scheduled-rows');
        await scheduled
          .getByRole('heading', { name: say(messages, locale, 'transactions.scheduled.title', { days: 30 }) })
          .waitFor();
        await scheduled.locator(`[data-testid="scheduled-row"][data-date="${seeded.internetStart}"]`).waitFor();
        assert.equal(
          await page.getByTestId('show-scheduled').getAttribute('aria-pressed'),
          'true',
          `${locale}: the toggle reads from the address`,
        );
        if (size === PHONE) await assertFits(page, size.width, `${locale} transactions with scheduled rows`);
        await screenshot(page, screenshotDir, `upcoming-scheduled-${locale}-${size.width}`);
      } finally {
        await opened.context.close();
      }
    }
  }

  // English: dismiss the reminder, post the rent, and find it in the list once.
  const en = catalog('en');
  const opened = await open(browser, baseUrl, user, '/dashboard', { ...WIDE, bypassCSP: true });
  const { page } = opened;
  try {
    await expectHeading(page, en['page.dashboard'], { errors: opened.errors });
    const reminder = page.getByTestId('reminder').filter({ hasText: RENT });
    await reminder.waitFor();
    await page.getByTestId('upcoming-post').waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'the card and the reminders pass axe');
    await reminder.getByRole('button', { name: new RegExp(RENT) }).click();
    await reminder.waitFor({ state: 'detached' });
    await page.reload();
    const items = cardItems(page, en, 'en');
    await items.rent.waitFor();
    assert.equal(await page.getByTestId('reminder').filter({ hasText: RENT }).count(), 0, 'dismissed stays dismissed');

    await items.rent.getByTestId('upcoming-post').click();
    await expectToast(page, say(en, 'en', 'upcoming.toast.posted', { name: RENT }));
    await items.rent.waitFor({ state: 'detached' });
    assert.equal(await items.all.count(), 2, 'the installments are still upcoming');

    await page.goto(`${baseUrl}/dashboard/transactions`);
    await expectHeading(page, en['page.transactions'], { errors: opened.errors });
    const posted = page.locator('[data-row-id]').filter({ hasText: RENT });
    await posted.first().waitFor();
    assert.equal(await posted.count(), 1, 'the rent is posted once');
    await posted.getByTestId('recurring-badge').waitFor();
    assert.equal(await page.getByTestId('scheduled-rows').count(), 0, 'scheduled rows are shown on request');

    await page.getByTestId('show-scheduled').click();
    await page.waitForURL(/[?&]scheduled=1/);
    const scheduled = page.getByTestId('scheduled-rows');
    await scheduled.locator(`[data-date="${seeded.internetStart}"]`).waitFor();
    // The rent's next occurrence is listed when it falls within the 30 days, never today's posted one.
    assert.deepEqual(await seriousViolations(page), [], 'the scheduled rows and the badge pass axe');
    const rentRows = scheduled.getByTestId('scheduled-row').filter({ hasText: RENT });
    const withinMonth = seeded.rentNext <= dateFromToday(30);
    assert.equal(await rentRows.count(), withinMonth ? 1 : 0, `the rent's next occurrence (${seeded.rentNext})`);
    if (withinMonth) assert.equal(await rentRows.getAttribute('data-date'), seeded.rentNext);
    assert.equal(
      await scheduled.locator(`[data-date="${seeded.today}"]`).count(),
      0,
      'the posted rent is no longer scheduled',
    );

    // The detail names the rule it was posted by.
    await posted.click();
    const link = page.getByTestId('detail-recurrence-link');
    await link.waitFor();
    assert.equal((await link.innerText()).trim(), RENT);
    assert.equal(await link.getAttribute('href'), `/dashboard/recurring/${seeded.rentId}`);
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/dashboard/debt-tracker`);
    const overdue = page.getByTestId('debt-item').filter({ hasText: LOAN }).getByTestId('debt-overdue-count');
    await overdue.waitFor();
    assert.equal(
      (await overdue.innerText()).replace(/^!\s*/, '').trim(),
      say(en, 'en', 'debts.overdueCount', { count: 1 }),
      'the tracker counts one overdue installment',
    );

    // Remind me 5 days before: saved, and read back after a reload.
    await page.goto(`${baseUrl}/dashboard/settings?tab=preferences`);
    const days = page.getByTestId('preferences-reminder-days');
    await days.waitFor();
    assert.equal(await days.inputValue(), '2', 'two days before by default');
    await days.selectOption('5');
    await page.getByTestId('preferences-save').click();
    await expectToast(page, en['preferences.saved']);
    await page.reload();
    await page.getByTestId('preferences-reminder-days').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="preferences-reminder-days"]')?.value === '5',
      undefined,
      { timeout: 10_000 },
    );
    assert.equal(await page.getByTestId('preferences-bill-reminders').isChecked(), true, 'bill reminders on');
    await page.getByTestId('preferences-email').uncheck();
    assert.equal(
      await page.getByTestId('preferences-bill-reminders').isDisabled(),
      true,
      'no bill reminder mails without email notifications',
    );
  } catch (error) {
    await screenshot(page, screenshotDir, 'upcoming-failed').catch(() => undefined);
    throw error;
  } finally {
    await opened.context.close();
  }
}
