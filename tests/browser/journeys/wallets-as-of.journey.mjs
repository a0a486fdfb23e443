import assert from 'node:assert/strict';
import { postCommand, uuidV7 } from '../support/api.mjs';
import { expectHeading, expectToast, openSignedIn, screenshot, viewport } from '../support/browser.mjs';
import { dateFromToday } from '../support/dates.mjs';
import { assertFits } from '../support/layout.mjs';
import { catalog, fill, LOCALES } from '../support/locale.mjs';
import { createUser } from '../support/users.mjs';
import { WALLETS, expectAmount, walletRow } from '../support/wallets.mjs';

/** The day the list is looked at: after the loan was taken, before the later spending. */
const AS_OF = dateFromToday(-25);

/**
 * A wallet's movements as of a past day, and a loan's money moved to another wallet. BCEL One
 * (₭1,000,000 from 60 days ago) got a ₭2,000,000 motorbike loan 30 days ago, paid ₭100,000 45
 * days ago and ₭50,000 20 days ago and got ₭300,000 3 days ago. As of 25 days ago its card says
 * ₭2,900,000 and its list ends that day: the loan, the payment and the opening balance, the
 * first row's running balance the card's. Then the loan's "Money received into" moves to Pocket
 * cash: BCEL One loses the ₭2,000,000 and Pocket cash gains it from the loan's open date, in the
 * list, as of that day and in the debt's history. Then the same look in Thai and Lao on a phone.
 */
export default async function walletsAsOf({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Somphone Keo');
  const bcel = uuidV7();
  const pocket = uuidV7();
  const loan = uuidV7();
  for (const [walletId, name, kind, openingBalance] of [
    [bcel, 'BCEL One', 'bank', 1_000_000],
    [pocket, 'Pocket cash', 'cash', 0],
  ]) {
    await postCommand(baseUrl, user, 'OpenWallet', {
      walletId,
      name,
      kind,
      currency: 'LAK',
      openingBalance,
      openingDate: dateFromToday(-60),
      icon: 'wallet',
      color: '#2563eb',
      excludeFromTotals: false,
    });
  }
  for (const [type, amount, daysAgo, categoryId] of [
    ['expense', 100_000, 45, 'builtin-food'],
    ['expense', 50_000, 20, 'builtin-transport'],
    ['income', 300_000, 3, 'builtin-salary'],
  ]) {
    await postCommand(baseUrl, user, 'AddTransaction', {
      transactionId: uuidV7(),
      type,
      amount: { amount, currency: 'LAK' },
      categoryId,
      date: dateFromToday(-daysAgo),
      walletId: bcel,
    });
  }
  await postCommand(baseUrl, user, 'OpenDebt', {
    debtId: loan,
    name: 'Motorbike loan',
    type: 'loan',
    initialAmount: 2_000_000,
    currentAmount: 2_000_000,
    annualRatePercent: '12',
    paymentDueDay: 15,
    icon: 'bank',
    color: '#336699',
    currency: 'LAK',
    loanType: 'emi',
    termMonths: 12,
    openDate: dateFromToday(-30),
    startDate: dateFromToday(-30),
    walletId: bcel,
  });

  const { context, page, errors } = await openSignedIn(browser, baseUrl, user, `${WALLETS}/${bcel}`, { height: 900 });
  try {
    await expectHeading(page, 'BCEL One', { errors });
    const balance = page.getByTestId('wallet-detail-balance').locator('[data-amount]');
    const rows = page.getByTestId('wallet-movement');
    await expectAmount(balance, 3_150_000, 'BCEL One today');
    await rows.nth(4).waitFor();

    // As of 25 days ago: the card and the list agree, and the list ends on that day.
    await page.getByLabel(en['asof.label'], { exact: true }).fill(AS_OF);
    await page.waitForURL(new RegExp(`asOf=${AS_OF}`));
    await expectAmount(balance, 2_900_000, 'BCEL One as of the day');
    await expectRows(rows, [
      ['debt_borrowed', 2_000_000, 2_900_000],
      ['expense', -100_000, 900_000],
      ['opening', 1_000_000, 1_000_000],
    ]);
    await screenshot(page, screenshotDir, 'wallets-as-of-en-1280');

    // The loan's money moves to Pocket cash.
    await page.goto(`${baseUrl}/dashboard/debt-tracker/${loan}`);
    await expectHeading(page, 'Motorbike loan', { errors });
    await page.getByRole('button', { name: en['debts.detail.edit'] }).click();
    const dialog = page.getByTestId('debt-dialog');
    await dialog.getByRole('heading', { name: en['debts.dialog.editTitle'] }).waitFor();
    const receivedInto = dialog.getByLabel(en['debts.wallet.receivedInto']);
    await receivedInto.locator('option', { hasText: 'Pocket cash' }).waitFor({ state: 'attached' });
    assert.equal(await receivedInto.inputValue(), bcel, 'the form starts from the wallet the money went into');
    await receivedInto.selectOption({ label: 'Pocket cash' });
    await dialog.getByText(en['debts.wallet.receivedEditHint']).waitFor();
    await viewport(page, screenshotDir, 'wallets-as-of-debt-edit-en-1280');
    await dialog.getByRole('button', { name: en['debts.dialog.save'], exact: true }).click();
    await expectToast(page, fill(en['debts.toast.updated'], { name: 'Motorbike loan' }));
    const moved = fill(en['debts.history.fieldChanged'], {
      field: en['debts.history.field.receivedInto'],
      from: 'BCEL One',
      to: 'Pocket cash',
    });
    await page.getByTestId('debt-history').getByText(moved, { exact: true }).waitFor();
    await screenshot(page, screenshotDir, 'wallets-as-of-debt-history-en-1280');

    // Both wallets' balances follow, today and as of the day.
    await page.goto(`${baseUrl}${WALLETS}`);
    await expectHeading(page, en['page.wallets'], { errors });
    await expectAmount(walletRow(page, 'BCEL One').getByTestId('wallet-balance'), 1_150_000, 'BCEL One after the move');
    await expectAmount(walletRow(page, 'Pocket cash').getByTestId('wallet-balance'), 2_000_000, 'Pocket cash after');
    await page.goto(`${baseUrl}${WALLETS}/${bcel}?asOf=${AS_OF}`);
    await expectHeading(page, 'BCEL One', { errors });
    await expectAmount(balance, 900_000, 'BCEL One as of the day, without the loan');
    await expectRows(rows, [
      ['expense', -100_000, 900_000],
      ['opening', 1_000_000, 1_000_000],
    ]);
    await page.goto(`${baseUrl}${WALLETS}/${pocket}?asOf=${AS_OF}`);
    await expectHeading(page, 'Pocket cash', { errors });
    await expectAmount(balance, 2_000_000, 'Pocket cash as of the day, with the loan');
    await expectRows(rows, [
      ['debt_borrowed', 2_000_000, 2_000_000],
      ['opening', 0, 0],
    ]);
    await screenshot(page, screenshotDir, 'wallets-as-of-moved-en-1280');
    assert.deepEqual(errors, [], 'no page errors (en)');
  } finally {
    await context.close();
  }

  // Thai and Lao on a phone: the "As of" field ends the list on the day; the edit form and the history in words.
  for (const [locale, prefix] of LOCALES.filter(([code]) => code !== 'en')) {
    const m = catalog(locale);
    const opened = await openSignedIn(browser, baseUrl, user, `${WALLETS}/${bcel}`, {
      prefix,
      width: 390,
      height: 844,
    });
    try {
      const { page: phone, errors: phoneErrors } = opened;
      await expectHeading(phone, 'BCEL One', { errors: phoneErrors });
      const phoneRows = phone.getByTestId('wallet-movement');
      await phoneRows.nth(3).waitFor();
      await phone.getByLabel(m['asof.label'], { exact: true }).fill(AS_OF);
      await phone.waitForURL(new RegExp(`asOf=${AS_OF}`));
      await expectAmount(
        phone.getByTestId('wallet-detail-balance').locator('[data-amount]'),
        900_000,
        `BCEL One as of the day (${locale})`,
      );
      await expectRows(
        phoneRows,
        [
          ['expense', -100_000, 900_000],
          ['opening', 1_000_000, 1_000_000],
        ],
        locale,
      );
      await assertFits(phone, 390, `wallet as of a day (${locale})`);
      await screenshot(phone, screenshotDir, `wallets-as-of-${locale}-390`);

      await phone.goto(`${baseUrl}${prefix}/dashboard/debt-tracker/${loan}`);
      await expectHeading(phone, 'Motorbike loan', { errors: phoneErrors });
      const moved = fill(m['debts.history.fieldChanged'], {
        field: m['debts.history.field.receivedInto'],
        from: 'BCEL One',
        to: 'Pocket cash',
      });
      await phone.getByTestId('debt-history').getByText(moved, { exact: true }).waitFor();
      await phone.getByTestId('debt-history').getByText(moved, { exact: true }).scrollIntoViewIfNeeded();
      await viewport(phone, screenshotDir, `wallets-as-of-debt-history-${locale}-390`);
      await phone.getByRole('button', { name: m['debts.detail.edit'] }).click();
      const dialog = phone.getByTestId('debt-dialog');
      const receivedInto = dialog.getByLabel(m['debts.wallet.receivedInto']);
      await receivedInto.locator('option', { hasText: 'Pocket cash' }).waitFor({ state: 'attached' });
      assert.equal(await receivedInto.inputValue(), pocket, `the form starts from Pocket cash (${locale})`);
      await receivedInto.scrollIntoViewIfNeeded();
      await dialog.getByText(m['debts.wallet.receivedEditHint']).waitFor();
      await viewport(phone, screenshotDir, `wallets-as-of-debt-edit-${locale}-390`);
      // The form fits the dialog: only the schedule preview's table scrolls sideways, inside it.
      const sideways = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
      assert.ok(sideways <= 1, `the debt dialog scrolls ${sideways} px sideways (${locale})`);
      await phone.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.deepEqual(phoneErrors, [], `no page errors (${locale})`);
    } finally {
      await opened.context.close();
    }
  }
}

/** Kip as the page writes it: "₭2,900,000" ("₭2.900.000" in Lao). */
const kip = (locale, amount) => {
  const english = new Intl.NumberFormat('en').format(amount);
  return `₭${locale === 'lo' ? english.replaceAll(',', '.') : english}`;
};

/** Waits until the list shows exactly these rows, newest first: [kind, amount, running balance] each. */
async function expectRows(rows, expected, locale = 'en') {
  const m = catalog(locale);
  for (const [index, [kind, amount, balanceAfter]] of expected.entries()) {
    const row = rows.nth(index);
    await expectAmount(row.getByTestId('movement-amount'), amount, `row ${index + 1}`);
    assert.equal(await row.getAttribute('data-kind'), kind, `row ${index + 1} kind`);
    const running = fill(m['wallet.movement.balanceAfter'], { balance: kip(locale, balanceAfter) });
    await row.getByText(running, { exact: true }).waitFor();
  }
  await rows.nth(expected.length).waitFor({ state: 'detached' });
}
