import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { expectHeading, openPage, openSettingsTab, screenshot, viewport } from '../support/browser.mjs';
import { dateFromToday } from '../support/dates.mjs';
import { catalog, fill } from '../support/locale.mjs';
import { callApi, createUser, signInAs } from '../support/users.mjs';

async function progressOf(page, name, messages) {
  const bar = page.getByRole('progressbar', { name: fill(messages['goals.progressLabel'], { name }), exact: true });
  return Number(await bar.getAttribute('aria-valuenow'));
}

/**
 * Add a goal (every validation message first), meet the duplicate-name message from the list
 * and from the server, put money in until it is reached, try to take out too much, edit it and
 * delete it after a confirmation that says it cannot be undone. In English, then in Lao
 * (goals-screenshots has the pictures of the tab).
 */
export default async function goals({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Somchai Inthavong');
  const { context, page, errors } = await openSettingsTab(browser, baseUrl, user, 'goals');
  try {
    await expectHeading(page, en['page.settings'], { errors });
    const empty = page.getByTestId('goals-empty');
    await empty.getByText(en['goals.empty.title']).waitFor();

    // Add: nothing filled in, each field says what it needs and focus goes to the first.
    await empty.getByRole('button', { name: en['goals.empty.action'] }).click();
    const dialog = page.getByTestId('goal-dialog');
    await dialog.getByRole('heading', { name: en['goals.dialog.addTitle'] }).waitFor();
    const name = dialog.getByLabel(en['goals.field.name'], { exact: true });
    assert.ok(await name.evaluate((element) => element === document.activeElement), 'the name field has focus');
    assert.equal(await dialog.getByLabel(en['goals.field.currency']).inputValue(), 'LAK', 'the preferred currency');
    const submit = dialog.getByRole('button', { name: en['goals.dialog.add'], exact: true });
    await submit.click();
    await dialog.getByText(en['error.name_required']).waitFor();
    await dialog.getByText(en['error.target_required']).waitFor();
    await dialog.getByText(en['error.target_date_required']).waitFor();
    assert.equal(await name.getAttribute('aria-invalid'), 'true');

    await name.fill('New motorbike');
    await dialog.getByLabel(en['goals.field.target']).fill('25,000,000');
    await dialog.getByLabel(en['goals.field.saved']).fill('5,000,000');
    await dialog.getByLabel(en['goals.field.targetDate']).fill(dateFromToday(40));
    await viewport(page, screenshotDir, 'goals-dialog-en-dark');
    await submit.click();
    await page.getByTestId('toast').getByText('Goal “New motorbike” created.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const list = page.getByTestId('goals-list');
    await list.getByRole('heading', { name: 'New motorbike' }).waitFor();
    await list.getByText('40 days left', { exact: true }).waitFor();
    assert.equal(await progressOf(page, 'New motorbike', en), 20);

    // The same name in another case: the list already knows it.
    await page.getByRole('button', { name: en['goals.add'], exact: true }).click();
    await name.fill('  NEW MOTORBIKE ');
    await dialog.getByLabel(en['goals.field.target']).fill('100');
    await submit.click();
    await dialog.getByText('A goal with this name already exists.').waitFor();
    await dialog.getByRole('button', { name: en['common.cancel'] }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A name taken since the list was loaded: the server says so, next to the field.
    await callApi(baseUrl, user, 'commands/AddGoal', {
      goalId: randomUUID(),
      name: 'Emergency fund',
      target: { amount: 10_000_000, currency: 'LAK' },
      targetDate: '2027-12-31',
    });
    await page.getByRole('button', { name: en['goals.add'], exact: true }).click();
    await name.fill('emergency FUND');
    await dialog.getByLabel(en['goals.field.target']).fill('100');
    await dialog.getByLabel(en['goals.field.targetDate']).fill(dateFromToday(60));
    await submit.click();
    await dialog.getByText('A goal with this name already exists.').waitFor();
    assert.ok(await name.evaluate((element) => element === document.activeElement), 'focus back on the name');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await list.getByRole('heading', { name: 'Emergency fund' }).waitFor();

    // Put money in twice: the second reaches the goal.
    const money = page.getByTestId('goal-money-dialog');
    const moveButton = page.getByRole('button', { name: fill(en['goals.moveLabel'], { name: 'New motorbike' }) });
    await moveButton.click();
    await money.getByRole('heading', { name: fill(en['goals.move.title'], { name: 'New motorbike' }) }).waitFor();
    const amount = money.getByLabel(fill(en['goals.move.amount'], { currency: 'LAK' }));
    await amount.fill('10,000,000');
    await money.getByRole('button', { name: en['goals.move.submitIn'], exact: true }).click();
    await page
      .getByTestId('toast')
      .getByText(/10,000,000 added to “New motorbike”\.$/)
      .waitFor();
    await money.waitFor({ state: 'hidden' });
    for (let tries = 0; tries < 200 && (await progressOf(page, 'New motorbike', en)) !== 60; tries += 1) {
      await page.waitForTimeout(100);
    }
    assert.equal(await progressOf(page, 'New motorbike', en), 60);

    await moveButton.click();
    await amount.fill('10000000');
    await money.getByRole('button', { name: en['goals.move.submitIn'], exact: true }).click();
    await page.getByTestId('toast').getByText('Goal “New motorbike” reached — well done!').waitFor();
    const motorbike = list.getByTestId('goal-item').filter({ hasText: 'New motorbike' });
    await motorbike.getByText(en['goals.status.reached'], { exact: true }).waitFor();
    assert.equal(await progressOf(page, 'New motorbike', en), 100);

    // Taking out more than is saved is refused before it is sent.
    await moveButton.click();
    await money.getByText(en['goals.move.out'], { exact: true }).click();
    await amount.fill('30,000,000');
    await money.getByRole('button', { name: en['goals.move.submitOut'], exact: true }).click();
    await money.getByText(en['error.goal_withdrawal_too_large']).waitFor();
    await money.getByRole('button', { name: en['common.cancel'] }).click();
    await money.waitFor({ state: 'hidden' });

    // Edit: a new name and a higher target, so it is no longer reached.
    await page.getByRole('button', { name: fill(en['goals.editLabel'], { name: 'New motorbike' }) }).click();
    await dialog.getByRole('heading', { name: en['goals.dialog.editTitle'] }).waitFor();
    assert.equal(await name.inputValue(), 'New motorbike');
    assert.equal(await dialog.getByLabel(en['goals.field.target']).inputValue(), '25000000');
    assert.ok(await dialog.getByLabel(en['goals.field.currency']).isDisabled(), 'currency fixed once money is saved');
    await name.fill('Motorbike');
    await dialog.getByLabel(en['goals.field.target']).fill('30,000,000');
    await dialog.getByRole('button', { name: en['goals.dialog.save'] }).click();
    await page.getByTestId('toast').getByText('Goal “Motorbike” updated.').waitFor();
    await list.getByRole('heading', { name: 'Motorbike', exact: true }).waitFor();
    for (let tries = 0; tries < 200 && (await progressOf(page, 'Motorbike', en)) !== 83; tries += 1) {
      await page.waitForTimeout(100);
    }
    assert.equal(await progressOf(page, 'Motorbike', en), 83);
    await screenshot(page, screenshotDir, 'goals-tab-en-dark-journey');

    // Delete: the confirmation says it cannot be undone; Cancel keeps the goal.
    const deleteButton = page.getByRole('button', { name: fill(en['goals.deleteLabel'], { name: 'Motorbike' }) });
    await deleteButton.click();
    const confirm = page.getByRole('dialog', { name: en['goals.deleteDialog.title'] });
    await confirm.getByText(en['goals.deleteDialog.body']).waitFor();
    assert.match(en['goals.deleteDialog.body'], /cannot be undone/);
    await viewport(page, screenshotDir, 'goals-delete-en-dark');
    await confirm.getByRole('button', { name: en['common.cancel'] }).click();
    await list.getByRole('heading', { name: 'Motorbike', exact: true }).waitFor();
    await deleteButton.click();
    await confirm.getByRole('button', { name: en['goals.deleteDialog.confirm'] }).click();
    await page.getByTestId('toast').getByText('Goal “Motorbike” deleted.').waitFor();
    await list.getByRole('heading', { name: 'Motorbike', exact: true }).waitFor({ state: 'detached' });
    const remaining = (await callApi(baseUrl, user, 'queries/goals')).items.map((goal) => goal.name);
    assert.deepEqual(remaining, ['Emergency fund']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  await inLao(browser, baseUrl, screenshotDir);
  await loadFailure(browser, baseUrl, screenshotDir, user);
}

/** The same steps in Lao on a phone: Lao number format, messages, toasts. */
async function inLao(browser, baseUrl, screenshotDir) {
  const lo = catalog('lo');
  const user = await createUser(baseUrl, 'ນ້ອຍ ພົມມະຈັນ');
  const { context, page, errors } = await openSettingsTab(browser, baseUrl, user, 'goals', {
    prefix: '/lo',
    width: 360,
  });
  try {
    await expectHeading(page, lo['page.settings']);
    await page.getByTestId('goals-empty').getByRole('button', { name: lo['goals.empty.action'] }).click();
    const dialog = page.getByTestId('goal-dialog');
    const submit = dialog.getByRole('button', { name: lo['goals.dialog.add'], exact: true });
    await submit.click();
    await dialog.getByText(lo['error.name_required']).waitFor();
    await dialog.getByText(lo['error.target_required']).waitFor();
    await dialog.getByText(lo['error.target_date_required']).waitFor();
    const name = dialog.getByLabel(lo['goals.field.name'], { exact: true });
    await name.fill('ຊື້ລົດຈັກ');
    // Lao groups thousands with "." as the app shows numbers.
    await dialog.getByLabel(lo['goals.field.target']).fill('2.500.000');
    await dialog.getByLabel(lo['goals.field.targetDate']).fill(dateFromToday(20));
    await submit.click();
    await page
      .getByTestId('toast')
      .getByText(fill(lo['goals.toast.created'], { name: 'ຊື້ລົດຈັກ' }))
      .waitFor();
    const list = page.getByTestId('goals-list');
    await list.getByRole('heading', { name: 'ຊື້ລົດຈັກ' }).waitFor();
    await list.getByText(fill(lo['goals.status.daysLeft'], { days: 20 })).waitFor();

    await page.getByRole('button', { name: lo['goals.add'], exact: true }).click();
    await name.fill('ຊື້ລົດຈັກ');
    await dialog.getByLabel(lo['goals.field.target']).fill('5');
    await submit.click();
    await dialog.getByText(lo['error.goal_name_taken']).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const money = page.getByTestId('goal-money-dialog');
    await page.getByRole('button', { name: fill(lo['goals.moveLabel'], { name: 'ຊື້ລົດຈັກ' }) }).click();
    await money.getByLabel(fill(lo['goals.move.amount'], { currency: 'LAK' })).fill('2.500.000');
    await viewport(page, screenshotDir, 'goals-money-lo-dark-360');
    await money.getByRole('button', { name: lo['goals.move.submitIn'], exact: true }).click();
    await page
      .getByTestId('toast')
      .getByText(fill(lo['goals.toast.reached'], { name: 'ຊື້ລົດຈັກ' }))
      .waitFor();
    await list.getByText(lo['goals.status.reached'], { exact: true }).waitFor();

    await page.getByRole('button', { name: fill(lo['goals.editLabel'], { name: 'ຊື້ລົດຈັກ' }) }).click();
    await dialog.getByLabel(lo['goals.field.target']).fill('3.000.000');
    await dialog.getByLabel(lo['goals.field.targetDate']).fill(dateFromToday(10));
    await dialog.getByRole('button', { name: lo['goals.dialog.save'] }).click();
    await page
      .getByTestId('toast')
      .getByText(fill(lo['goals.toast.updated'], { name: 'ຊື້ລົດຈັກ' }))
      .waitFor();
    await list.getByText(fill(lo['goals.status.daysLeft'], { days: 10 })).waitFor();

    await page.getByRole('button', { name: fill(lo['goals.deleteLabel'], { name: 'ຊື້ລົດຈັກ' }) }).click();
    const confirm = page.getByRole('dialog', { name: lo['goals.deleteDialog.title'] });
    await confirm.getByText(lo['goals.deleteDialog.body']).waitFor();
    await viewport(page, screenshotDir, 'goals-delete-lo-dark-360');
    await confirm.getByRole('button', { name: lo['goals.deleteDialog.confirm'] }).click();
    await page
      .getByTestId('toast')
      .getByText(fill(lo['goals.toast.deleted'], { name: 'ຊື້ລົດຈັກ' }))
      .waitFor();
    await page.getByTestId('goals-empty').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(overflow, false, 'no sideways scrolling at 360 px');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

/** When the goals cannot be loaded, the tab says so in Thai and Try Again loads them. */
async function loadFailure(browser, baseUrl, screenshotDir, user) {
  const th = catalog('th');
  const { context, page, errors } = await openPage(browser, { width: 360, height: 800, reducedMotion: 'reduce' });
  try {
    // Refused until Try Again is pressed: nothing else that asks for the goals meanwhile (the
    // warm-up of the device copy) mends the failure before the button is used.
    let failing = true;
    await page.route('**/api/queries/goals', (route) =>
      failing
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"internal"}}' })
        : route.continue(),
    );
    await signInAs(context, page, baseUrl, user, '/th/dashboard/settings?tab=goals');
    await expectHeading(page, th['page.settings'], { errors });
    const failure = page.getByTestId('goals-error');
    await failure.getByText(th['goals.loadFailed']).waitFor();
    await screenshot(page, screenshotDir, 'goals-error-th-dark-360');
    const retry = failure.getByRole('button', { name: th['goals.retry'] });
    await retry.waitFor();
    failing = false;
    // Try Again loads them (or, on a busy machine, a request already on its way did first).
    const loadedGoal = page.getByTestId('goals-list').getByRole('heading', { name: 'Emergency fund' });
    await Promise.race([retry.click().catch(() => undefined), loadedGoal.waitFor()]);
    await loadedGoal.waitFor();
  } finally {
    await context.close();
  }
}
