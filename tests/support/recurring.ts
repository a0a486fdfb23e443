import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { Standalone } from '@plenty/standalone/app';
import { ApiClient } from './api-client.js';
import { createTestUser, type TestUser } from './users.js';
import { sendOk } from './wallets.js';

/*
 * What the recurring tests over the embedded default share: a new user with preferences of
 * their own, and rules made by CreateRecurringRule.
 */

/** A new user whose preferences are changed by `changes` (time zone, currency, language). */
export async function userWith(
  standalone: Standalone,
  changes: Record<string, unknown>,
): Promise<{ readonly user: TestUser; readonly api: ApiClient; readonly uid: string }> {
  const user = await createTestUser(standalone);
  const api = new ApiClient(standalone.app, user);
  await sendOk(api, 'ChangePreferences', { changes });
  return { user, api, uid: user.uid };
}

/**
 * A CreateRecurringRule body but its id: 150,000 kip of housing a month, posted by the server,
 * no reminders, never ending; `fields` and `schedule` change what differs (`startDate` at least).
 */
export const ruleBody = (fields: Record<string, unknown>, schedule: Record<string, unknown>) => ({
  type: 'expense',
  amount: { amount: 150_000, currency: 'LAK' },
  categoryId: 'builtin-housing',
  mode: 'auto',
  remind: false,
  ...fields,
  schedule: { frequency: 'month', interval: 1, end: { kind: 'never' }, ...schedule },
});

/** Creates a rule (see `ruleBody`) and answers its id. */
export async function createRule(
  api: ApiClient,
  fields: Record<string, unknown>,
  schedule: Record<string, unknown>,
): Promise<string> {
  const ruleId = uuidV7();
  await sendOk(api, 'CreateRecurringRule', { ruleId, ...ruleBody(fields, schedule) });
  return ruleId;
}
