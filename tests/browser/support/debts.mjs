// The debt tracker as a person uses it: the add-debt form with its live preview, schedule rows
// and confirmation dialogs.

/** The text of each cell of the first `count` rows, without the status and action columns. */
export async function rowTexts(rows, count) {
  const texts = [];
  for (let index = 0; index < count; index += 1) {
    const cells = await rows.nth(index).locator('td').allInnerTexts();
    texts.push(cells.slice(0, 6).map((text) => text.trim()));
  }
  return texts;
}

/** Fills the add-debt form; returns what its live preview showed. */
export async function addDebt(page, messages, debt) {
  const dialog = page.getByTestId('debt-dialog');
  await dialog.getByRole('heading', { name: messages['debts.dialog.addTitle'] }).waitFor();
  const field = (id) => dialog.getByLabel(messages[id], { exact: true });
  await field('debts.field.name').fill(debt.name);
  if (debt.type) await field('debts.field.type').selectOption(debt.type);
  await field('debts.field.initialAmount').fill(debt.initialAmount);
  await field('debts.field.rate').fill(debt.rate);
  if (debt.monthlyPayment) {
    await dialog.getByRole('radio', { name: messages['debts.loanType.fixed'] }).check();
    await field('debts.field.monthlyPayment').fill(debt.monthlyPayment);
  } else {
    await field('debts.field.termMonths').fill(debt.termMonths);
  }
  await field('debts.field.dueDay').fill(debt.dueDay);
  await field('debts.field.startDate').fill(debt.startDate);
  const preview = dialog.getByTestId('schedule-preview');
  await preview.getByTestId('preview-installment').waitFor();
  const shown = {
    installment: await preview.getByTestId('preview-installment').innerText(),
    interest: await preview.getByTestId('preview-interest').innerText(),
    total: await preview.getByTestId('preview-total').innerText(),
    rows: await rowTexts(preview.getByTestId('preview-row'), 2),
  };
  return { dialog, shown };
}

/** Answers the dialog with this title by its button `confirm`; waits until it closes. */
export async function confirmIn(page, title, confirm) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}
