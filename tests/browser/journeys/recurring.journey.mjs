import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { expectHeading, expectToast, openSignedIn, screenshot, viewport } from '../support/browser.mjs';
import { dateFromToday } from '../support/dates.mjs';
import { assertFits } from '../support/layout.mjs';
import { catalog, fill, LOCALES, say } from '../support/locale.mjs';
import { callApi, createUser } from '../support/users.mjs';

const RECURRING = '/dashboard/recurring';
const RENT = 'Flat rent';
const POWER = 'Electricity';

const isLeap = (year) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const lastDay = (year, month) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const iso = (year, month, day) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** `date` plus `months` calendar months, its day kept or clamped to the month's last day. */
function addMonths(date, months) {
  const [year, month, day] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return iso(y, m, Math.min(day, lastDay(y, m)));
}

/** The 31st of the latest month with 31 days that has begun (today's month when it has one). */
function lastThirtyFirst(today) {
  let [year, month] = today.split('-').map(Number);
  for (;;) {
    const day = iso(year, month, 31);
    if (lastDay(year, month) === 31 && day <= today) return day;
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
}

const longDate = (date) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** The dates of the rule dialog's live preview. */
async function previewDates(dialog) {
  const items = dialog.getByTestId('rule-preview-date');
  await items.first().waitFor();
  return items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-date')));
}

/**
 * Recurring items as a person uses them: "Repeat…" on a rent paid on the 31st makes a monthly
 * rule on the 31st (the preview shows February's last day), a bill to confirm is posted with
 * the amount it came to (one transaction, listed once), the next one is skipped, the rule is
 * paused and resumed and then deleted, and the transaction it recorded stays. Then the list,
 * the dialog and the rule page in Thai and Lao, wide and on a phone.
 */
export default async function recurring({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Khamla Phommachanh');
  const today = dateFromToday(0);
  const paidOn = lastThirtyFirst(today);
  const transactionId = randomUUID();
  await callApi(baseUrl, user, 'commands/AddTransaction', {
    transactionId,
    type: 'expense',
    amount: { amount: 2_500_000, currency: 'LAK' },
    categoryId: 'builtin-housing',
    date: paidOn,
    note: RENT,
  });

  const { context, page, errors } = await openSignedIn(
    browser,
    baseUrl,
    user,
    `/dashboard/transactions?view=${transactionId}`,
    { height: 900 },
  );
  try {
    // "Repeat…" on the transaction: monthly on the 31st from the next month, its amount and note kept.
    const detail = page.getByTestId('transaction-detail');
    await detail.getByRole('button', { name: en['recurring.repeat'], exact: true }).click();
    const dialog = page.getByTestId('rule-dialog');
    await dialog.getByRole('heading', { name: en['recurring.dialog.addTitle'] }).waitFor();
    assert.equal(await dialog.getByTestId('rule-amount').inputValue(), '2500000');
    assert.equal(await dialog.getByTestId('rule-note').inputValue(), RENT);
    assert.equal(await dialog.getByTestId('rule-month-day').inputValue(), '31');
    assert.equal((await previewDates(dialog))[0], addMonths(paidOn, 1), 'starts the next month');
    await dialog
      .getByTestId('rule-short-month-note')
      .getByText(fill(en['recurring.field.shortMonthsNote'], { day: '31' }))
      .waitFor();

    // From 31 January next year the preview shows February's last day, the 29th in a leap year.
    const year = Number(today.slice(0, 4)) + 1;
    await dialog.getByLabel(en['recurring.field.startDate'], { exact: true }).fill(iso(year, 1, 31));
    await dialog.getByLabel(en['recurring.field.startDate'], { exact: true }).press('Tab');
    const february = iso(year, 2, isLeap(year) ? 29 : 28);
    await dialog.locator(`[data-testid="rule-preview-date"][data-date="${february}"]`).waitFor();
    assert.deepEqual(await previewDates(dialog), [
      iso(year, 1, 31),
      february,
      iso(year, 3, 31),
      iso(year, 4, 30),
      iso(year, 5, 31),
    ]);
    await dialog.getByTestId('rule-preview').getByText(longDate(february)).waitFor();
    const rentWords = `${say(en, 'en', 'recurring.every.month', { interval: 1, day: 31 })} — ${en['recurring.note.shortMonths']}`;
    await dialog.getByTestId('rule-preview').getByText(rentWords).waitFor();
    await dialog.getByTestId('rule-preview').scrollIntoViewIfNeeded();
    await viewport(page, screenshotDir, 'recurring-dialog-en-1280');
    await dialog.getByRole('button', { name: en['recurring.dialog.add'], exact: true }).click();
    await expectToast(page, en['recurring.toast.created']);

    // The rule's page: what it records, the schedule in words, the next date.
    await expectHeading(page, RENT, { errors });
    await page.getByTestId('rule-detail-schedule').getByText(rentWords).waitFor();
    await page
      .getByTestId('rule-detail-next')
      .getByText(longDate(iso(year, 1, 31)))
      .waitFor();
    await page.getByTestId('next-occurrence').first().waitFor();
    assert.equal(await page.getByTestId('next-occurrence').nth(1).getAttribute('data-date'), february);
    await screenshot(page, screenshotDir, 'recurring-detail-en-1280');

    // A bill to confirm, from the list: due today, it waits for the user.
    await page.getByRole('link', { name: en['recurring.detail.back'] }).click();
    await expectHeading(page, en['page.recurring'], { errors });
    const rows = page.getByTestId('rule-item');
    const rent = rows.filter({ hasText: RENT });
    await rent.getByTestId('rule-schedule').getByText(rentWords).waitFor();

    // Edit from the list: the rule changes from its next date on.
    await rent.getByRole('button', { name: fill(en['recurring.editLabel'], { name: RENT }) }).click();
    await dialog.getByRole('heading', { name: en['recurring.dialog.editTitle'] }).waitFor();
    await dialog.getByText(fill(en['recurring.dialog.editFrom'], { date: longDate(iso(year, 1, 31)) })).waitFor();
    await dialog.getByTestId('rule-amount').fill('2,600,000');
    await dialog.getByRole('button', { name: en['recurring.dialog.save'], exact: true }).click();
    await expectToast(page, en['recurring.toast.updated']);
    await rent.getByTestId('rule-amount').getByText('₭2,600,000').waitFor();
    await page.getByTestId('add-rule').click();
    await dialog.getByRole('heading', { name: en['recurring.dialog.addTitle'] }).waitFor();
    await dialog.getByLabel(en['transactions.field.currency'], { exact: true }).selectOption('LAK');
    await dialog.getByTestId('rule-amount').fill('150,000');
    await dialog.getByRole('radio', { name: en['category.builtin.utilities'], exact: true }).click();
    await dialog.getByTestId('rule-note').fill(POWER);
    await dialog.getByTestId('rule-mode-confirm').check();
    assert.equal((await previewDates(dialog))[0], today);
    await dialog.getByRole('button', { name: en['recurring.dialog.add'], exact: true }).click();
    await expectToast(page, en['recurring.toast.created']);
    await dialog.waitFor({ state: 'hidden' });
    const power = rows.filter({ hasText: POWER });
    await power.getByTestId('rule-mode').getByText(en['recurring.mode.confirm']).waitFor();
    await screenshot(page, screenshotDir, 'recurring-list-en-1280');

    // Post now with what the bill came to: one transaction, listed once on the rule's page.
    await power.getByTestId('rule-link').click();
    await expectHeading(page, POWER, { errors });
    const ruleId = page.url().split('/').pop();
    const waiting = page.getByTestId('waiting-occurrence');
    assert.equal(await waiting.first().getAttribute('data-date'), today);
    await waiting.first().getByTestId('post-other-amount').click();
    const occurrence = page.getByTestId('occurrence-dialog');
    await occurrence.getByTestId('occurrence-amount').fill('182,500');
    await viewport(page, screenshotDir, 'recurring-post-amount-en-1280');
    await occurrence.getByRole('button', { name: en['recurring.occurrence.postSubmit'], exact: true }).click();
    await expectToast(page, fill(en['recurring.toast.posted'], { date: longDate(today) }));
    await page.getByTestId('rule-waiting').waitFor({ state: 'detached' });
    const posted = page.getByTestId('posted-transaction');
    await posted.first().getByTestId('posted-amount').getByText('₭182,500').waitFor();
    assert.equal(await posted.count(), 1);
    const recorded = await callApi(baseUrl, user, `queries/transactions?ruleId=${ruleId}`);
    assert.equal(recorded.items.length, 1, 'one transaction for the occurrence');
    assert.equal(recorded.items[0].amount.amount, 182_500);
    assert.deepEqual(recorded.items[0].recurrence, { ruleId, date: today });

    // Skip the next one: it leaves the dates to come.
    const next = page.getByTestId('next-occurrence');
    const skipped = await next.first().getAttribute('data-date');
    assert.equal(skipped, addMonths(today, 1));
    await next.first().getByTestId('skip-occurrence').click();
    const skipDialog = page.getByRole('dialog', {
      name: fill(en['recurring.skipDialog.title'], { date: longDate(skipped) }),
    });
    await skipDialog.getByRole('button', { name: en['recurring.occurrence.skip'], exact: true }).click();
    await expectToast(page, fill(en['recurring.toast.skipped'], { date: longDate(skipped) }));
    await page.locator(`[data-testid="next-occurrence"][data-date="${skipped}"]`).waitFor({ state: 'detached' });
    assert.equal(await next.first().getAttribute('data-date'), addMonths(today, 2));

    // "This one only": the one after it comes to another amount; the rest stay as they are.
    const third = addMonths(today, 2);
    await next.first().getByTestId('edit-occurrence').click();
    const scope = page.getByRole('dialog', {
      name: fill(en['recurring.scopeDialog.title'], { date: longDate(third) }),
    });
    await scope.getByTestId('scope-one').check();
    await scope.getByRole('button', { name: en['recurring.scopeDialog.continue'], exact: true }).click();
    await occurrence
      .getByRole('heading', { name: fill(en['recurring.occurrence.editTitle'], { date: longDate(third) }) })
      .waitFor();
    await occurrence.getByTestId('occurrence-amount').fill('160,000');
    await occurrence.getByRole('button', { name: en['recurring.dialog.save'], exact: true }).click();
    await expectToast(page, fill(en['recurring.toast.occurrenceEdited'], { date: longDate(third) }));
    await next.first().getByTestId('occurrence-edited').waitFor();
    await next.first().getByText('₭160,000').waitFor();
    await next.nth(1).getByText('₭150,000').waitFor();

    // Pause and resume.
    await page.getByTestId('pause-rule').click();
    await expectToast(page, fill(en['recurring.toast.paused'], { name: POWER }));
    await page.getByTestId('rule-status').getByText(en['recurring.status.paused']).waitFor();
    await page.getByTestId('rule-paused-note').waitFor();
    await screenshot(page, screenshotDir, 'recurring-paused-en-1280');
    await page.getByTestId('resume-rule').click();
    await expectToast(page, fill(en['recurring.toast.resumed'], { name: POWER }));
    await page.getByTestId('rule-status').waitFor({ state: 'detached' });

    // Delete: the transaction it recorded stays.
    await page.getByTestId('delete-rule').click();
    const confirm = page.getByRole('dialog', { name: fill(en['recurring.deleteDialog.title'], { name: POWER }) });
    await confirm.getByText(en['recurring.deleteDialog.body']).waitFor();
    await confirm.getByRole('button', { name: en['recurring.delete'], exact: true }).click();
    await expectToast(page, fill(en['recurring.toast.deleted'], { name: POWER }));
    await expectHeading(page, en['page.recurring'], { errors });
    await rows.filter({ hasText: POWER }).waitFor({ state: 'detached' });
    const kept = await callApi(baseUrl, user, `queries/transactions?ruleId=${ruleId}`);
    assert.equal(kept.items.length, 1, 'the recorded transaction stays');

    // A rule that is not the user's (or none at all) is "Page not found".
    const missing = `${RECURRING}/${randomUUID()}`;
    await page.goto(`${baseUrl}${missing}`);
    await expectHeading(page, en['errorPage.notFoundTitle'], { errors });
    assert.deepEqual(errors, [], 'no page errors');
  } finally {
    await context.close();
  }

  // The list, the dialog and the rule page in each language, wide and on a phone.
  for (const [locale, prefix] of LOCALES) {
    const m = catalog(locale);
    for (const width of [1280, 390]) {
      if (locale === 'en' && width === 1280) continue;
      const opened = await openSignedIn(browser, baseUrl, user, RECURRING, { prefix, width, height: 900 });
      try {
        await pictures(opened, m, { screenshotDir, name: `${locale}-${width}`, width });
        assert.deepEqual(opened.errors, [], `no page errors (${locale}, ${width})`);
      } finally {
        await opened.context.close();
      }
    }
  }
}

async function pictures({ page, errors }, m, { screenshotDir, name, width }) {
  await expectHeading(page, m['page.recurring'], { errors });
  const rent = page.getByTestId('rule-item').filter({ hasText: RENT });
  await rent.waitFor();
  await assertFits(page, width, `recurring list (${name})`);
  await screenshot(page, screenshotDir, `recurring-list-${name}`);
  await page.getByTestId('add-rule').click();
  const dialog = page.getByTestId('rule-dialog');
  await dialog.getByRole('heading', { name: m['recurring.dialog.addTitle'] }).waitFor();
  await dialog.getByTestId('rule-month-day').selectOption('31');
  await dialog.getByTestId('rule-short-month-note').waitFor();
  await dialog.getByTestId('rule-preview-date').first().waitFor();
  await dialog.getByTestId('rule-preview').scrollIntoViewIfNeeded();
  await viewport(page, screenshotDir, `recurring-dialog-${name}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await rent.getByTestId('rule-link').click();
  await expectHeading(page, RENT, { errors });
  await page.getByTestId('next-occurrence').first().waitFor();
  await assertFits(page, width, `recurring detail (${name})`);
  await screenshot(page, screenshotDir, `recurring-detail-${name}`);
}
