import { describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';

/** The embedded default with a limit of three commands a minute for each user. */
const env = useTestStandalone({ commandsPerMinutePerUser: 3 });
const users = useTestUsers(env, ['busy', 'other']);

describe('security: rate limits', () => {
  it('answers 429 with Retry-After once a user sends too many commands, and changes nothing; others go on', async () => {
    const api = new ApiClient(env.standalone.app, users.busy);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (await api.command('ChangePreferences', { changes: { currency: i % 2 === 0 ? 'USD' : 'THB' } })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await env.standalone.app.inject({
      method: 'POST',
      url: '/api/commands/ChangePreferences',
      headers: { authorization: users.busy.authorization },
      payload: { commandId: uuidV7(), changes: { currency: 'LAK' } },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.json() as { error: { code: string } }).error.code).toBe('rate_limited');
    const events = await env.standalone.eventStore.readStream(`profile-${users.busy.uid}`);
    expect(events).toHaveLength(3);
    expect(
      (
        await new ApiClient(env.standalone.app, users.other).command('ChangePreferences', {
          changes: { currency: 'USD' },
        })
      ).status,
    ).toBe(200);
  });
});
