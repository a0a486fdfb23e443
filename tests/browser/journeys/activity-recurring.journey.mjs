import assert from 'node:assert/strict';
import { postCommand, uuidV7 } from '../support/api.mjs';
import { activityEntryTexts, eachActivityPage, messageAround } from '../support/activity.mjs';
import { createUser } from '../support/users.mjs';

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
  await eachActivityPage(
    { browser, baseUrl, screenshotDir },
    { user, kind: 'recurring', subject: ruleId, position: last.position },
    async ({ page, messages, locale }) => {
      const texts = await activityEntryTexts(page, 5);
      const expected = [
        'activity.recurring.skipped',
        'activity.recurring.edited',
        'activity.recurring.resumed',
        'activity.recurring.paused',
        'activity.recurring.created',
      ];
      expected.forEach((id, index) => {
        for (const part of messageAround(messages[id], 'date'))
          assert.ok(texts[index]?.includes(part), `${locale} ${id}: ${texts[index]}`);
      });
      assert.ok(texts[1]?.includes(messages['recurring.field.mode']) === false, 'the edit changed the amount only');
    },
  );
}
