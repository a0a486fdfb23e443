import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { RecurringRuleList } from '@plenty/contracts/views/recurring';
import {
  startStandaloneProcess,
  useStandaloneProcesses,
  type StandaloneProcess,
} from '../support/standalone-process.js';
import { until } from '../support/until.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { between } from './command-mix.js';
import { expectViewsEqualRebuild, settled, storedEvents } from './verify.js';

/*
 * The embedded server killed like a power cut (SIGKILL) while its poster posts a backlog of
 * recurring occurrences, then restarted: each occurrence is posted exactly once, none skipped.
 */

const servers = useStandaloneProcesses('recurring-kill');
const RULES = 60;
const DAYS = 20;

async function command(server: StandaloneProcess, user: TestUser, name: string, body: object): Promise<void> {
  const answer = await fetch(`${server.baseUrl}/api/commands/${name}`, {
    method: 'POST',
    headers: { authorization: user.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ commandId: randomUUID(), ...body }),
  });
  expect(answer.status, `${name}: ${await answer.clone().text()}`).toBe(200);
}

/** How many occurrences the server's rules say were posted. */
async function postedCount(server: StandaloneProcess, user: TestUser): Promise<number> {
  const answer = await fetch(`${server.baseUrl}/api/queries/recurring`, {
    headers: { authorization: user.authorization },
  });
  if (answer.status !== 200) return -1;
  const list = (await answer.json()) as RecurringRuleList;
  return list.items.reduce((sum, rule) => sum + rule.postedCount, 0);
}

describe('a server killed while posting recurring occurrences', { timeout: 180_000 }, () => {
  it('posts each due occurrence exactly once after restarts, skipping none', async () => {
    const dataDir = await servers.dataFolder();
    const off = { RECURRING_INTERVAL_MS: '0' };
    const on = { RECURRING_INTERVAL_MS: '100' };
    let server = await servers.start(dataDir, off);
    const user = await createTestUser(server.baseUrl, {}, server.outboxDir);
    const today = localDate(new Date(), 'UTC');
    const from = addDays(today, -(DAYS - 1));
    const ruleIds = Array.from({ length: RULES }, () => uuidV7());
    for (const [index, ruleId] of ruleIds.entries()) {
      await command(server, user, 'CreateRecurringRule', {
        ruleId,
        type: index % 3 === 0 ? 'income' : 'expense',
        amount: { amount: 10_000 + index, currency: 'LAK' },
        categoryId: index % 3 === 0 ? 'builtin-salary' : 'builtin-housing',
        note: `Rule ${index}`,
        mode: 'auto',
        remind: false,
        schedule: { frequency: 'day', interval: 1, startDate: from, end: { kind: 'never' } },
      });
    }
    await settled(server);
    await server.stop();

    // Killed while it catches up, three times: the first tick runs as the server starts.
    const kills: number[] = [];
    const seen: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      // Up as soon as it listens, not once the projections caught up: the poster is at work by then.
      server = await startStandaloneProcess({ dataDir, env: on, readyPath: '/healthz' });
      const delay = between(0, 400);
      kills.push(delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
      seen.push(await postedCount(server, user));
      await server.kill();
    }
    const label = `killed ${kills.join(', ')} ms after listening, with ${seen.join(', ')} of ${RULES * DAYS} posted (-1: not answering yet)`;
    process.stdout.write(`recurring-kill: ${label}\n`);

    server = await servers.start(dataDir, on);
    const expected = RULES * DAYS;
    await until(`every occurrence posted (${label})`, async () => (await postedCount(server, user)) === expected, {
      timeoutMs: 120_000,
      everyMs: 200,
    });
    await settled(server);
    await server.stop();

    const posted = new Map<string, number>();
    for (const event of await storedEvents(dataDir)) {
      if (event.type !== 'TransactionAdded') continue;
      const recurrence = event.data.recurrence as { ruleId: string; date: string } | undefined;
      if (recurrence === undefined) continue;
      const key = `${recurrence.ruleId}/${recurrence.date}`;
      posted.set(key, (posted.get(key) ?? 0) + 1);
    }
    const wanted = ruleIds.flatMap((ruleId) => Array.from({ length: DAYS }, (_, i) => `${ruleId}/${addDays(from, i)}`));
    expect([...posted.keys()].sort(), label).toEqual([...wanted].sort());
    expect(
      [...posted.entries()].filter(([, count]) => count !== 1),
      label,
    ).toEqual([]);
    await expectViewsEqualRebuild(dataDir, [user.uid]);
  });
});
