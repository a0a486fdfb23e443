import assert from 'node:assert/strict';
import { expectHeading, openSignedIn, screenshot, viewport } from '../support/browser.mjs';
import { addDebt, confirmIn, rowTexts } from '../support/debts.mjs';
import { catalog, fill, LOCALES } from '../support/locale.mjs';
import { createUser } from '../support/users.mjs';

const TRACKER = '/dashboard/debt-tracker';

async function toast(page, text) {
  const toastBox = page.getByTestId('toast');
  await (text instanceof RegExp ? toastBox.getByText(text) : toastBox.getByText(text, { exact: true })).waitFor();
}

/**
 * Open an EMI loan and a fixed-payment card, each saved with the schedule its preview showed;
 * pay two installments and unpay one, make an extra payment that shortens the schedule, pay
 * the card off and find it behind the paid-off toggle, delete the loan with the phrase. In
 * English, then an EMI loan typed in Lao; pictures of both pages in every language and theme.
 */
export default async function debts({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Khamla Phommavong');
  const { context, page, errors } = await openSignedIn(browser, baseUrl, user, TRACKER, { height: 900 });
  try {
    await expectHeading(page, en['page.debtTracker'], { errors });
    const empty = page.getByTestId('debts-empty');
    await empty.getByText(en['debts.empty.title']).waitFor();

    // An EMI loan: what the preview shows is what the detail page shows once saved.
    await empty.getByRole('button', { name: en['debts.empty.action'] }).click();
    const loan = await addDebt(page, en, {
      name: 'Car loan',
      initialAmount: '12,000,000',
      rate: '6',
      termMonths: '12',
      dueDay: '15',
      startDate: '2026-01-10',
    });
    assert.match(loan.shown.installment, /\b1,032,797$/, 'EMI of 12,000,000 at 6 % over 12 months');
    await loan.dialog.getByRole('button', { name: en['debts.dialog.add'], exact: true }).click();
    await toast(page, fill(en['debts.toast.created'], { name: 'Car loan' }));
    await loan.dialog.waitFor({ state: 'hidden' });

    // A fixed-payment credit card: the payment decides the term.
    await page.getByTestId('add-debt').click();
    const card = await addDebt(page, en, {
      name: 'Credit card',
      type: 'credit_card',
      initialAmount: '3,000,000',
      rate: '12',
      monthlyPayment: '1,000,000',
      dueDay: '31',
      startDate: '2026-01-20',
    });
    assert.match(card.shown.installment, /\b1,000,000$/);
    await page.getByTestId('debt-dialog').getByRole('button', { name: en['debts.dialog.add'], exact: true }).click();
    await toast(page, fill(en['debts.toast.created'], { name: 'Credit card' }));

    const active = page.getByTestId('debts-active');
    await active.getByRole('link', { name: 'Credit card' }).waitFor();
    assert.equal(await active.getByTestId('debt-item').count(), 2);
    await page
      .getByTestId('debts-active')
      .getByRole('progressbar', { name: fill(en['debts.progressLabel'], { name: 'Car loan' }) })
      .waitFor();
    await screenshot(page, screenshotDir, 'debts-journey-tracker-en-dark');

    // The saved schedule equals the preview.
    await active.getByRole('link', { name: 'Car loan' }).click();
    await page.getByTestId('debt-detail').waitFor();
    await expectHeading(page, 'Car loan');
    const schedule = page.getByTestId('schedule-row');
    await schedule.first().waitFor();
    assert.equal(await schedule.count(), 12);
    assert.deepEqual(await rowTexts(schedule, 2), loan.shown.rows, 'first rows as previewed');
    assert.equal(await page.getByTestId('debt-total-interest').innerText(), loan.shown.interest);
    assert.equal(await page.getByTestId('debt-total-payment').innerText(), loan.shown.total);

    // Two installments paid, the second unpaid again; each behind a confirmation.
    for (const number of [1, 2]) {
      await page
        .getByRole('button', { name: fill(en['debts.schedule.markPaidLabel'], { number }), exact: true })
        .click();
      await confirmIn(page, en['debts.confirm.markPaid.title'], en['debts.schedule.markPaid']);
      await toast(page, fill(en['debts.toast.installmentPaid'], { number }));
    }
    await page
      .getByRole('button', { name: fill(en['debts.schedule.markUnpaidLabel'], { number: 2 }), exact: true })
      .click();
    const unpayDialog = page.getByRole('dialog', { name: en['debts.confirm.markUnpaid.title'] });
    await unpayDialog.getByText(en['debts.confirm.markUnpaid.body']).waitFor();
    await confirmIn(page, en['debts.confirm.markUnpaid.title'], en['debts.schedule.markUnpaid']);
    await toast(page, fill(en['debts.toast.installmentUnpaid'], { number: 2 }));
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="schedule-row"][data-status="paid"]').length === 1,
    );
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="payment-row"]').length === 1);

    // An extra payment: same installment, fewer rows.
    await page.getByTestId('record-payment').click();
    const paymentDialog = page.getByTestId('payment-dialog');
    await paymentDialog.getByLabel(en['debts.payments.amount'], { exact: true }).fill('5,000,000');
    await paymentDialog.getByRole('button', { name: en['debts.paymentDialog.save'] }).click();
    await toast(page, /5,000,000 recorded/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="schedule-row"]').length < 12);
    const shortened = await schedule.count();
    assert.ok(shortened < 12, `the schedule shortened to ${shortened} rows`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="payment-row"]').length === 2);
    await screenshot(page, screenshotDir, 'debts-journey-detail-en-dark');

    // The extra payment's notes edited, then the payment deleted: the schedule is long again.
    const extraRow = page.getByTestId('payment-row').filter({ hasText: en['debts.payments.extra'] });
    await extraRow.getByRole('button', { name: en['debts.payments.edit'] }).click();
    await paymentDialog.getByLabel(en['debts.payments.notes'], { exact: true }).fill('Year-end bonus');
    await paymentDialog.getByRole('button', { name: en['debts.paymentDialog.save'] }).click();
    await toast(page, en['debts.toast.paymentUpdated']);
    await extraRow.getByText('Year-end bonus').waitFor();
    await extraRow.getByRole('button', { name: en['debts.payments.delete'] }).click();
    const removeDialog = page.getByRole('dialog', { name: en['debts.paymentDelete.title'] });
    await removeDialog.getByText(en['debts.paymentDelete.body']).waitFor();
    await confirmIn(page, en['debts.paymentDelete.title'], en['debts.paymentDelete.confirm']);
    await toast(page, en['debts.toast.paymentDeleted']);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="schedule-row"]').length === 12);

    // The loan's lender edited.
    await page.getByRole('button', { name: en['debts.detail.edit'] }).click();
    const editDialog = page.getByTestId('debt-dialog');
    await editDialog.getByRole('heading', { name: en['debts.dialog.editTitle'] }).waitFor();
    await editDialog.getByLabel(en['debts.field.lender'], { exact: true }).fill('Lao Development Bank');
    await editDialog.getByRole('button', { name: en['debts.dialog.save'], exact: true }).click();
    await toast(page, fill(en['debts.toast.updated'], { name: 'Car loan' }));
    await page.getByTestId('debt-detail').getByText('Lao Development Bank', { exact: true }).waitFor();

    // The history tells the lender edit and the installment marked paid, newest first.
    const history = page.getByTestId('debt-history');
    const lenderSet = fill(en['debts.history.fieldSet'], {
      field: en['debts.history.field.lender'],
      to: '“Lao Development Bank”',
    });
    const edit = history.getByTestId('debt-history-entry').first();
    await edit.getByText(en['debts.history.edited']).waitFor();
    await edit.getByText(lenderSet, { exact: true }).waitFor();
    await history
      .getByText(fill(en['debts.history.installmentPaid'], { number: 1 }))
      .first()
      .waitFor();

    // The card paid off with one payment of what is owed: it moves behind the toggle.
    await page.getByRole('link', { name: en['debts.detail.back'] }).click();
    await expectHeading(page, en['page.debtTracker']);
    await active.getByRole('link', { name: 'Credit card' }).click();
    await expectHeading(page, 'Credit card');
    await page.getByTestId('record-payment').click();
    await paymentDialog.getByLabel(en['debts.payments.amount'], { exact: true }).fill('3,000,001');
    await paymentDialog.getByRole('button', { name: en['debts.paymentDialog.save'] }).click();
    await paymentDialog.getByText(en['debts.validation.paymentTooLarge'].split(' (')[0]).waitFor();
    await paymentDialog.getByLabel(en['debts.payments.amount'], { exact: true }).fill('3,000,000');
    await paymentDialog.getByRole('button', { name: en['debts.paymentDialog.save'] }).click();
    await toast(page, /3,000,000 recorded/);
    await page.getByTestId('debt-detail').getByTestId('debt-status').getByText(en['debts.status.paidOff']).waitFor();
    await page.getByRole('link', { name: en['debts.detail.back'] }).click();
    await expectHeading(page, en['page.debtTracker']);
    await page.getByTestId('debts-summary-paidOff').getByText('1', { exact: true }).waitFor();
    await page.getByTestId('toggle-paid-off').waitFor();
    assert.equal(await active.getByTestId('debt-item').count(), 1);
    const toggle = page.getByTestId('toggle-paid-off');
    assert.equal(await toggle.innerText(), fill(en['debts.showPaidOff'], { count: 1 }));
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    await page.getByTestId('debts-paid-off').getByRole('link', { name: 'Credit card' }).waitFor();
    assert.equal(await toggle.innerText(), fill(en['debts.hidePaidOff'], { count: 1 }));

    // Deleting the loan needs the phrase, exactly.
    await active.getByRole('link', { name: 'Car loan' }).click();
    await expectHeading(page, 'Car loan');
    await page.getByTestId('delete-debt').click();
    const deleteDialog = page.getByTestId('delete-debt-dialog');
    await deleteDialog.getByText(en['debts.delete.body']).waitFor();
    const phrase = deleteDialog.getByRole('textbox');
    await phrase.fill('delete debt');
    await deleteDialog.getByTestId('confirm-delete-debt').click();
    await deleteDialog.getByText(en['debts.delete.phraseMismatch']).waitFor();
    await phrase.fill('Delete Debt');
    await deleteDialog.getByTestId('confirm-delete-debt').click();
    await toast(page, fill(en['debts.toast.deleted'], { name: 'Car loan' }));
    await expectHeading(page, en['page.debtTracker']);
    await page.getByText(en['debts.noActive']).waitFor();
    await screenshot(page, screenshotDir, 'debts-journey-deleted-en-dark');
    const left = await page.getByTestId('debt-item').allInnerTexts();
    assert.equal(await page.getByTestId('debts-active').count(), 0, `no active debt is left: ${JSON.stringify(left)}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  // In Lao: amounts typed the Lao way; the preview is still what is saved.
  const lo = catalog('lo');
  {
    const lao = await openSignedIn(browser, baseUrl, user, TRACKER, { height: 900, prefix: '/lo' });
    const { context: loContext, page: loPage, errors: loErrors } = lao;
    try {
      await expectHeading(loPage, lo['page.debtTracker']);
      await loPage.getByTestId('add-debt').click();
      const house = await addDebt(loPage, lo, {
        name: 'ເຮືອນ',
        type: 'mortgage',
        initialAmount: '120.000.000',
        rate: '4,5',
        termMonths: '24',
        dueDay: '1',
        startDate: '2026-02-01',
      });
      await house.dialog.getByRole('button', { name: lo['debts.dialog.add'], exact: true }).click();
      await toast(loPage, fill(lo['debts.toast.created'], { name: 'ເຮືອນ' }));
      await loPage.getByTestId('debts-active').getByRole('link', { name: 'ເຮືອນ' }).click();
      await expectHeading(loPage, 'ເຮືອນ');
      const rows = loPage.getByTestId('schedule-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), 24);
      assert.deepEqual(await rowTexts(rows, 2), house.shown.rows, 'Lao: first rows as previewed');
      assert.equal(await loPage.getByTestId('debt-total-interest').innerText(), house.shown.interest);
      assert.deepEqual(loErrors, []);
    } finally {
      await loContext.close();
    }
  }

  // Pictures: the tracker (with the paid-off card shown) and the mortgage's detail.
  for (const theme of ['dark', 'light']) {
    for (const [locale, prefix] of LOCALES) {
      const messages = catalog(locale);
      const { context: shotContext, page: shotPage } = await openSignedIn(browser, baseUrl, user, TRACKER, {
        height: 900,
        prefix,
        theme,
      });
      try {
        await expectHeading(shotPage, messages['page.debtTracker']);
        await shotPage.getByTestId('toggle-paid-off').click();
        await shotPage.getByTestId('debts-paid-off').waitFor();
        await screenshot(shotPage, screenshotDir, `debts-tracker-${locale}-${theme}`);
        await shotPage.getByTestId('debts-active').getByRole('link', { name: 'ເຮືອນ' }).click();
        await expectHeading(shotPage, 'ເຮືອນ');
        await shotPage.getByTestId('schedule-row').first().waitFor();
        await screenshot(shotPage, screenshotDir, `debts-detail-${locale}-${theme}`);
        if (theme === 'dark') {
          await shotPage.getByRole('link', { name: messages['debts.detail.back'] }).click();
          await shotPage.getByTestId('add-debt').click();
          await addDebt(shotPage, messages, {
            name: 'Preview',
            initialAmount: '1000000',
            rate: '5',
            termMonths: '36',
            dueDay: '10',
            startDate: '2026-03-01',
          });
          await viewport(shotPage, screenshotDir, `debts-add-${locale}-dark`);
          await shotPage.getByTestId('schedule-preview').scrollIntoViewIfNeeded();
          await shotPage.screenshot({ path: `${screenshotDir}/debts-add-preview-${locale}-dark.png` });
        }
      } finally {
        await shotContext.close();
      }
    }
  }
}
