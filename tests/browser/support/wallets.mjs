// The wallet pages as a person uses them: the add-wallet dialog, the transfer dialog's wallet
// choices and the figures of the list and the detail page.

export const WALLETS = '/dashboard/wallets';

/** Money as the app writes it in English: the currency's sign, grouping, "−" (U+2212) before a negative. */
export function money(text) {
  return text.replace(/^-/, '\u2212');
}

/** Fills the add-wallet dialog (opened already) and sends it; waits until it closes. */
export async function addWallet(page, messages, { name, kind, currency, opening }) {
  const dialog = page.getByTestId('wallet-dialog');
  await dialog.getByRole('heading', { name: messages['wallet.dialog.addTitle'] }).waitFor();
  await dialog.getByLabel(messages['wallet.field.name'], { exact: true }).fill(name);
  await dialog.getByRole('radio', { name: messages[`wallet.kind.${kind}`], exact: true }).check();
  await dialog.getByLabel(messages['wallet.field.currency'], { exact: true }).selectOption(currency);
  const openingLabel = messages['wallet.field.openingBalance'].replace('{currency}', currency);
  await dialog.getByLabel(openingLabel, { exact: true }).fill(opening);
  await dialog.getByRole('button', { name: messages['wallet.dialog.add'], exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Chooses the wallet named `name` in a wallet select (its options read "<name> · <balance>"). */
export async function chooseWallet(select, name) {
  const value = await select
    .locator('option', { hasText: `${name} · ` })
    .first()
    .getAttribute('value');
  await select.selectOption(value);
}

/** The list's row of the wallet named `name`. */
export function walletRow(page, name) {
  return page.getByTestId('wallet-item').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/**
 * Waits until the element's `data-amount` (integer minor units) is `amount`, and returns the
 * text it shows (a negative amount's spoken form, "minus …", is for screen readers only).
 */
export async function expectAmount(locator, amount, what) {
  try {
    await locator.and(locator.page().locator(`[data-amount="${amount}"]`)).waitFor({ timeout: 15_000 });
  } catch (error) {
    const shown = await locator.getAttribute('data-amount').catch(() => null);
    throw new Error(`${what}: expected ${amount} minor units, shown ${shown}`, { cause: error });
  }
  const shown = locator.locator('[aria-hidden="true"]');
  return ((await shown.count()) > 0 ? await shown.innerText() : await locator.innerText()).trim();
}
