// The transaction pages as a person uses them: the add/edit form and a transaction's detail.
import { expectHeading, expectToast } from './browser.mjs';

/**
 * Fills the transaction form with what is given: the type (`expense`, `income`), the amount as
 * typed, the currency code, the wallet by the name the form shows ("BCEL One", "Cash (LAK)"),
 * a built-in category (`food`, `salary`, …) and the note; then, if given, splits the amount into
 * `split` lines (`{ category, amount }`, a built-in category and the amount as typed) and waits
 * until they add up, and adds the `tags` by name, each waited for as a chip.
 */
export async function fillTransaction(
  page,
  messages,
  { type, amount, currency, wallet, category, note, split, tags = [] },
) {
  if (type !== undefined)
    await page.getByRole('radio', { name: messages[`transactions.type.${type}`], exact: true }).check();
  if (amount !== undefined) await page.getByLabel(messages['transactions.field.amount'], { exact: true }).fill(amount);
  if (currency !== undefined)
    await page.getByLabel(messages['transactions.field.currency'], { exact: true }).selectOption(currency);
  if (wallet !== undefined)
    await page.getByLabel(messages['transaction.wallet.label'], { exact: true }).selectOption({ label: wallet });
  if (category !== undefined)
    await page
      .getByTestId('category-picker')
      .getByRole('radio', { name: messages[`category.builtin.${category}`], exact: true })
      .click();
  if (note !== undefined) await page.getByLabel(new RegExp(`^${messages['transactions.field.note']}`)).fill(note);
  if (split !== undefined) {
    await page.getByTestId('split-start').click();
    const lines = page.getByTestId('split-line');
    for (const [index, line] of split.entries()) {
      await lines
        .nth(index)
        .getByTestId('split-category')
        .selectOption({ label: messages[`category.builtin.${line.category}`] });
      await lines.nth(index).getByTestId('split-amount').fill(line.amount);
    }
    await page.getByTestId('split-left').filter({ hasText: messages['split.allAssigned'] }).waitFor();
  }
  const input = page.getByTestId('tags-input');
  for (const tag of tags) {
    await input.fill(tag);
    await input.press('Enter');
    await page.getByTestId('tag-chip').filter({ hasText: tag }).waitFor();
  }
}

/**
 * On the Add transaction page: fills the form (fillTransaction) and saves it with a click, a
 * double click (`submit: 'double-click'`) or Enter in the amount (`submit: 'enter'`); waits for
 * the toast and the list it sends the user back to.
 */
export async function addTransaction(page, messages, { submit = 'click', ...fields }) {
  await expectHeading(page, messages['page.transactionAdd']);
  await fillTransaction(page, messages, fields);
  const save = page.getByRole('button', { name: messages['transactions.form.save'] });
  if (submit === 'enter') await page.getByLabel(messages['transactions.field.amount'], { exact: true }).press('Enter');
  else if (submit === 'double-click') await save.dblclick();
  else await save.click();
  await expectToast(page, messages['transactions.added']);
  await expectHeading(page, messages['page.transactions']);
}

/** Opens the detail of the first row of the list that shows `note`; answers the dialog once its amount shows. */
export async function openDetail(page, messages, note) {
  await page.locator('[data-row-id]').filter({ hasText: note }).first().click();
  const dialog = page.getByRole('dialog', { name: messages['transactions.detail.title'] });
  await dialog.getByTestId('detail-amount').waitFor({ timeout: 15_000 });
  return dialog;
}
