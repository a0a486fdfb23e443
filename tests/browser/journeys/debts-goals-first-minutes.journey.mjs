import assert from 'node:assert/strict';
import { readAfter, sendCommand, uuidV7 } from '../support/api.mjs';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { assertFits, PHONE, SMALL_PHONE } from '../support/layout.mjs';
import { catalog, LOCALES, say } from '../support/locale.mjs';
import { createUser, idTokenFor, signIn } from '../support/users.mjs';

const WIDE = { width: 1280, height: 900 };

/** Today as the app reads it for a user in UTC (the default time zone). */
const today = () => new Date().toISOString().slice(0, 10);

/** The due date of installment `k`: the due day of the k-th month after the start (contracts/loan-schedule). */
function dueDate(startDate, day, k) {
  const [year, month] = startDate.split('-').map(Number);
  const index = year * 12 + (month - 1) + k;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** The first day of the month `months` months before this one. */
function monthsAgo(months) {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return first.toISOString().slice(0, 10);
}

/**
 * A loan started six months ago (several installments past due, none due within two days of
 * today so the user's time zone cannot move one), a small debt already paid off, and a goal.
 */
async function seed(baseUrl, user) {
  const token = await idTokenFor(baseUrl, user);
  const send = (name, payload) => sendCommand(baseUrl, token, name, payload, { from: user.from });
  const dueDay = ((Number(today().slice(8, 10)) + 13) % 28) + 1;
  const loan = {
    debtId: uuidV7(),
    name: 'Motorbike loan from Lao Development Bank',
    type: 'loan',
    initialAmount: 24_000_000,
    currentAmount: 24_000_000,
    annualRatePercent: '7.5',
    paymentDueDay: dueDay,
    icon: 'car',
    color: '#336699',
    currency: 'LAK',
    loanType: 'emi',
    termMonths: 12,
    openDate: monthsAgo(6),
    startDate: monthsAgo(6),
  };
  await send('OpenDebt', loan);
  const small = uuidV7();
  await send('OpenDebt', {
    ...loan,
    debtId: small,
    name: 'Phone from a cousin',
    type: 'other',
    initialAmount: 1_000_000,
    currentAmount: 1_000_000,
    annualRatePercent: '0',
    termMonths: 2,
  });
  await send('RecordPayment', { debtId: small, paymentId: uuidV7(), amount: 1_000_000, date: monthsAgo(1) });
  const last = await send('AddGoal', {
    goalId: uuidV7(),
    name: 'Rainy-day fund',
    target: { amount: 5_000_000, currency: 'LAK' },
    saved: { amount: 2_000_000, currency: 'LAK' },
    targetDate: dueDate(today(), 1, 8),
  });
  await readAfter(baseUrl, token, 'debts', last.position);
  await readAfter(baseUrl, token, 'goals', last.position);
  const overdue = [];
  for (let k = 1; k <= 12; k += 1) if (dueDate(loan.startDate, dueDay, k) < today()) overdue.push(k);
  return { loanId: loan.debtId, smallId: small, overdue };
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

/** Every label on the detail page that names the "still owed" figure shows the one amount. */
async function stillOwedFigures(page, messages) {
  const name = messages['debts.detail.outstanding'].toLocaleLowerCase();
  return page.getByTestId('debt-detail').evaluate((root, owed) => {
    const figures = [];
    for (const term of root.querySelectorAll('dt')) {
      if (term.textContent.toLocaleLowerCase().includes(owed)) figures.push(term.nextElementSibling?.textContent ?? '');
    }
    return figures;
  }, name);
}

/**
 * The debt pages and goals in a user's first minutes, in English, Thai and Lao: one "still owed"
 * figure everywhere (paid-off debt 0 with nothing else called still owed; the tracker and the
 * detail agree); overdue installments counted on the tracker and marked in words on the
 * schedule; Mark as Paid says how it is undone, and it is (Mark as Unpaid); a later installment
 * is paid before earlier ones after a warning naming them; the goal form requires the target
 * amount and date with the spec's messages; the dashboard's goal card shows saved of target.
 * The tracker, the detail, its dialogs fit a 390 and a 360 px phone; pictures at 390 and 1280.
 */
export default async function debtsGoalsFirstMinutes({ browser, baseUrl, screenshotDir }) {
  for (const [locale, prefix] of LOCALES) {
    const messages = catalog(locale);
    const user = await createUser(baseUrl, `Debts ${locale}`);
    const { loanId, smallId, overdue } = await seed(baseUrl, user);
    assert.ok(overdue.length >= 4, `the loan has installments past due (${overdue.length})`);

    // Wide: tracker and detail.
    const wide = await open(browser, baseUrl, user, `${prefix}/dashboard/debt-tracker`, WIDE);
    const { page } = wide;
    try {
      await expectHeading(page, messages['page.debtTracker'], { errors: wide.errors });
      const item = page.getByTestId('debts-active').getByTestId('debt-item');
      await item.getByTestId('debt-overdue-count').waitFor();
      assert.equal(
        (await item.getByTestId('debt-overdue-count').innerText()).replace(/^!\s*/, '').trim(),
        say(messages, locale, 'debts.overdueCount', { count: overdue.length }),
        `${locale}: the tracker counts the overdue installments`,
      );
      const trackerOwed = (await item.locator('strong').first().innerText()).trim();

      // The add-debt form sent empty: the spec's messages, as the server's codes read.
      await page.getByTestId('add-debt').click();
      const debtDialog = page.getByTestId('debt-dialog');
      await debtDialog.getByRole('button', { name: messages['debts.dialog.add'], exact: true }).click();
      await debtDialog.getByText(messages['error.name_required'], { exact: true }).waitFor();
      await debtDialog.getByText(messages['error.amount_required'], { exact: true }).waitFor();
      assert.equal(
        await debtDialog.getByText(messages['error.field_required'], { exact: true }).count(),
        2,
        `${locale}: the rate and the term are required`,
      );
      await page.keyboard.press('Escape');
      await debtDialog.waitFor({ state: 'hidden' });
      await screenshot(page, screenshotDir, `debts-first-minutes-tracker-${locale}-1280`);

      await page.goto(`${baseUrl}${prefix}/dashboard/debt-tracker/${loanId}`);
      await page.getByTestId('debt-detail').waitFor();
      const owed = (await page.getByTestId('debt-outstanding').innerText()).trim();
      assert.equal(owed, trackerOwed, `${locale}: the tracker and the detail show one still-owed figure`);
      assert.deepEqual(await stillOwedFigures(page, messages), [owed], `${locale}: one figure is called still owed`);

      // Overdue rows say so in words; the others do not.
      const rows = page.getByTestId('schedule-row');
      assert.equal(await rows.count(), 12);
      const statuses = await rows.getByTestId('schedule-status').allInnerTexts();
      for (let k = 1; k <= 12; k += 1) {
        const expected = overdue.includes(k) ? 'debts.schedule.overdue' : 'debts.schedule.pending';
        const status = statuses[k - 1].replace(/^[!✓]\s*/, '').trim();
        assert.equal(status, messages[expected], `${locale}: installment ${k} is ${expected}`);
      }

      // Installment 3 first: a warning names 1 and 2, then it is paid and they stay unpaid.
      const markPaid = (number) =>
        page.getByRole('button', {
          name: say(messages, locale, 'debts.schedule.markPaidLabel', { number }),
          exact: true,
        });
      await markPaid(3).click();
      const skip = page.getByRole('dialog', { name: say(messages, locale, 'debts.confirm.skip.title', { number: 3 }) });
      await skip.waitFor();
      // The list as the page's own language writes it ("1 and 2", "1 และ 2", …).
      const list = await page.evaluate(() => new Intl.ListFormat(document.documentElement.lang).format(['1', '2']));
      await skip
        .getByText(say(messages, locale, 'debts.confirm.skip.body', { count: 2, list, number: 3 }), { exact: true })
        .waitFor();
      await screenshot(page, screenshotDir, `debts-first-minutes-skip-${locale}-1280`);
      await skip.getByRole('button', { name: messages['debts.confirm.skip.confirm'], exact: true }).click();
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid="schedule-row"]')].map((row) => row.dataset.status).join() ===
          'pending,pending,paid,pending,pending,pending,pending,pending,pending,pending,pending,pending',
      );

      // Installment 1: no skip, and the question says how to undo it; Mark as Unpaid undoes it.
      await markPaid(1).click();
      const confirm = page.getByRole('dialog', { name: messages['debts.confirm.markPaid.title'] });
      await confirm.getByText(messages['debts.confirm.markPaid.body'], { exact: true }).waitFor();
      assert.ok(
        messages['debts.confirm.markPaid.body'].includes(messages['debts.schedule.markUnpaid']),
        `${locale}: Mark as Paid says it is undone with Mark as Unpaid`,
      );
      await confirm.getByRole('button', { name: messages['debts.schedule.markPaid'], exact: true }).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="schedule-row"]')?.dataset.status === 'paid',
      );
      // Mark as Unpaid once the mark has reached the server and the row is the server's again (no
      // mark waiting on it): pressed while the mark lands, the row is drawn anew under the click.
      await page.waitForFunction(() => {
        const row = document.querySelector('[data-testid="schedule-row"]');
        return row?.dataset.status === 'paid' && row.dataset.pending === undefined;
      });
      await page
        .getByRole('button', {
          name: say(messages, locale, 'debts.schedule.markUnpaidLabel', { number: 1 }),
          exact: true,
        })
        .click();
      const undo = page.getByRole('dialog', { name: messages['debts.confirm.markUnpaid.title'] });
      await undo.getByRole('button', { name: messages['debts.schedule.markUnpaid'], exact: true }).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="schedule-row"]')?.dataset.status === 'pending',
      );
      // The row shows the mark at once; the count follows when the server's schedule is read again.
      await page
        .getByTestId('debt-overdue-count')
        .filter({
          hasText: say(messages, locale, 'debts.overdueCount', { count: overdue.filter((k) => k !== 3).length }),
        })
        .waitFor();
      await screenshot(page, screenshotDir, `debts-first-minutes-detail-${locale}-1280`);

      // The paid-off debt: still owed 0 and nothing else called still owed.
      await page.goto(`${baseUrl}${prefix}/dashboard/debt-tracker/${smallId}`);
      await page
        .getByTestId('debt-detail')
        .getByTestId('debt-status')
        .getByText(messages['debts.status.paidOff'])
        .waitFor();
      const paidOffOwed = (await page.getByTestId('debt-outstanding').innerText()).trim();
      assert.match(paidOffOwed, /(^|\D)0$/, `${locale}: a paid-off debt owes 0 (${paidOffOwed})`);
      assert.deepEqual(await stillOwedFigures(page, messages), [paidOffOwed], `${locale}: paid off, one figure`);

      // The dashboard's goal card: saved of target with the percent; the goal form's required fields.
      await page.goto(`${baseUrl}${prefix}/dashboard`);
      const goals = page.getByTestId('goals-card');
      const goal = goals.getByRole('listitem').filter({ hasText: 'Rainy-day fund' });
      await goal.waitFor();
      const goalText = await goal.innerText();
      assert.match(goalText, /2\D?000\D?000/, `${locale}: the card shows what is saved (${goalText})`);
      assert.match(goalText, /5\D?000\D?000/, `${locale}: … of the target`);
      assert.match(goalText, /40\s?%/, `${locale}: … with the percent`);
      await goals.getByRole('button', { name: messages['goals.add'], exact: true }).click();
      const dialog = page.getByTestId('goal-dialog');
      await dialog.getByRole('heading', { name: messages['goals.dialog.addTitle'] }).waitFor();
      await dialog.getByRole('button', { name: messages['goals.dialog.add'], exact: true }).click();
      for (const id of ['error.name_required', 'error.target_required', 'error.target_date_required']) {
        await dialog.getByText(messages[id], { exact: true }).waitFor();
      }
      await dialog.getByLabel(messages['goals.field.target']).fill('0');
      await dialog.getByRole('button', { name: messages['goals.dialog.add'], exact: true }).click();
      await dialog.getByText(messages['error.target_not_positive'], { exact: true }).waitFor();
      await screenshot(page, screenshotDir, `debts-first-minutes-goal-form-${locale}-1280`);
    } finally {
      await wide.context.close();
    }

    // Phone: the detail, tracker and dialogs fit 390 (and 360 in English) with nothing past the edge.
    const phone = await open(browser, baseUrl, user, `${prefix}/dashboard/debt-tracker/${loanId}`, PHONE);
    try {
      const { page: small } = phone;
      await small.getByTestId('debt-detail').waitFor();
      await small.getByTestId('schedule-row').first().waitFor();
      await assertFits(small, PHONE.width, `${locale} debt detail`);
      const action = small.getByRole('button', {
        name: say(messages, locale, 'debts.schedule.markPaidLabel', { number: 4 }),
      });
      const box = await action.boundingBox();
      assert.ok(box !== null && box.x + box.width <= PHONE.width, `${locale}: Mark as Paid is on screen`);
      await screenshot(small, screenshotDir, `debts-first-minutes-detail-${locale}-390`);
      await action.click();
      const skip = small.getByRole('dialog', {
        name: say(messages, locale, 'debts.confirm.skip.title', { number: 4 }),
      });
      await skip.waitFor();
      await assertFits(small, PHONE.width, `${locale} skip question`);
      await skip.getByRole('button', { name: messages['common.cancel'] }).click();
      await small.getByTestId('record-payment').click();
      await small.getByTestId('payment-dialog').waitFor();
      await assertFits(small, PHONE.width, `${locale} payment dialog`);
      await screenshot(small, screenshotDir, `debts-first-minutes-payment-${locale}-390`);
      await small.keyboard.press('Escape');
      await small.getByRole('button', { name: messages['debts.detail.edit'] }).click();
      await small.getByTestId('debt-dialog').waitFor();
      await assertFits(small, PHONE.width, `${locale} edit dialog`);
      await small.keyboard.press('Escape');
      await small.goto(`${baseUrl}${prefix}/dashboard/debt-tracker`);
      await small.getByTestId('debt-item').first().waitFor();
      await assertFits(small, PHONE.width, `${locale} debt tracker`);
      await screenshot(small, screenshotDir, `debts-first-minutes-tracker-${locale}-390`);
      if (locale === 'en') {
        await small.setViewportSize(SMALL_PHONE);
        await assertFits(small, SMALL_PHONE.width, 'en debt tracker');
        await small.getByTestId('add-debt').click();
        await small.getByTestId('debt-dialog').waitFor();
        await assertFits(small, SMALL_PHONE.width, 'en add-debt dialog');
        await small.keyboard.press('Escape');
        await small.goto(`${baseUrl}${prefix}/dashboard/debt-tracker/${loanId}`);
        await small.getByTestId('schedule-row').first().waitFor();
        await assertFits(small, SMALL_PHONE.width, 'en debt detail');
      }
    } finally {
      await phone.context.close();
    }
  }
}
