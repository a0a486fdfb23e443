import assert from 'node:assert/strict';
import { postCommand, readAfter, uuidV7 } from '../support/api.mjs';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { createUser, signIn } from '../support/users.mjs';

/** The entries' texts on the page, newest first. */
async function entryTexts(page, count) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const texts = await page.getByTestId('activity-entry').allInnerTexts();
    if (texts.length === count) return texts;
    if (Date.now() > deadline) assert.fail(`expected ${count} entries, saw ${texts.length}: ${texts.join(' | ')}`);
    await page.waitForTimeout(150);
  }
}

/** A message's words before and after its `{date}`, which the page fills in its own way. */
const around = (message) =>
  message
    .split(/\{date\}/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * A recurring rule's audit history: created, paused, resumed, changed from a date on and one
 * occurrence skipped read as sentences of the rule's Activity page, newest first, in English,
 * Thai and Lao, with a link to the rule; pictures at desk and phone widths.
 */
export default async function activityRecurring({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Kham');
  const ruleId = uuidV7();
  const rent = {
    type: 'expense',
    amount: { amount: 450_000, currency: 'THB' },
    categoryId: 'builtin-housing',
    note: 'Rent',
    mode: 'confirm',
    remind: true,
  };
  const schedule = { frequency: 'month', interval: 1, end: { kind: 'never' } };
  await postCommand(baseUrl, user, 'CreateRecurringRule', {
    ruleId,
    ...rent,
    schedule: { ...schedule, startDate: '2027-01-05' },
  });
  await postCommand(baseUrl, user, 'PauseRecurringRule', { ruleId });
  await postCommand(baseUrl, user, 'ResumeRecurringRule', { ruleId });
  await postCommand(baseUrl, user, 'EditRecurringRule', {
    ruleId,
    from: '2027-01-05',
    rule: { ...rent, amount: { amount: 480_000, currency: 'THB' }, schedule: { ...schedule, startDate: '2027-01-05' } },
  });
  const last = await postCommand(baseUrl, user, 'SkipOccurrence', { ruleId, date: '2027-01-05' });
  await readAfter(baseUrl, user.stored.stsTokenManager.accessToken, 'activity?limit=1', last.position);

  for (const [locale, prefix] of LOCALES) {
    const messages = catalog(locale);
    for (const width of [1280, 390]) {
      const { context, page, errors } = await openPage(browser, { width, height: 900, reducedMotion: 'reduce' });
      try {
        await signIn(context, user);
        await page.goto(`${baseUrl}${prefix}/activity?kind=recurring&subject=${ruleId}`);
        await expectHeading(page, messages['activity.title'], { errors });
        const texts = await entryTexts(page, 5);
        const expected = [
          'activity.recurring.skipped',
          'activity.recurring.edited',
          'activity.recurring.resumed',
          'activity.recurring.paused',
          'activity.recurring.created',
        ];
        expected.forEach((id, index) => {
          for (const part of around(messages[id]))
            assert.ok(texts[index]?.includes(part), `${locale} ${id}: ${texts[index]}`);
        });
        assert.ok(texts[1]?.includes(messages['recurring.field.mode']) === false, 'the edit changed the amount only');
        assert.equal(
          await page
            .getByTestId('activity-item')
            .getByRole('link', { name: messages['activity.item.open.recurring'] })
            .getAttribute('href'),
          `${prefix}/dashboard/recurring/${ruleId}`,
        );
        await screenshot(page, screenshotDir, `activity-recurring-${locale}-${width}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  }
}
