import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tagKey } from '@plenty/contracts/tags';
import type { TransactionList } from '@plenty/contracts/views/transactions';
import {
  startStandaloneProcess,
  useStandaloneProcesses,
  type StandaloneProcess,
} from '../support/standalone-process.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { between } from './command-mix.js';
import { expectViewsEqualRebuild, settled } from './verify.js';

/*
 * The embedded server killed like a power cut (SIGKILL) while it projects the rename of a tag that
 * many transactions carry (a respelling, a rename, a merge into a tag some of them already carry):
 * after the restart every transaction carries the last name exactly once, the tags list counts
 * them, and the views equal a rebuild.
 */

const servers = useStandaloneProcesses('tag-rename-kill');
const TRANSACTIONS = 250;

async function send(server: StandaloneProcess, user: TestUser, name: string, body: object): Promise<void> {
  const answer = await fetch(`${server.baseUrl}/api/commands/${name}`, {
    method: 'POST',
    headers: { authorization: user.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ commandId: randomUUID(), ...body }),
  });
  expect(answer.status, `${name}: ${await answer.clone().text()}`).toBe(200);
}

async function read<T>(server: StandaloneProcess, user: TestUser, path: string): Promise<T> {
  const answer = await fetch(`${server.baseUrl}/api/queries/${path}`, {
    headers: { authorization: user.authorization },
  });
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as T;
}

async function everyTransaction(server: StandaloneProcess, user: TestUser): Promise<TransactionList['items']> {
  const items: TransactionList['items'] = [];
  let cursor: string | null = null;
  do {
    const page: TransactionList = await read<TransactionList>(
      server,
      user,
      `transactions?limit=200${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
}

describe('a server killed while it projects a tag rename', { timeout: 240_000 }, () => {
  it('leaves every transaction with the new tag exactly once after the restart', async () => {
    const dataDir = await servers.dataFolder();
    let server = await servers.start(dataDir);
    const user = await createTestUser(server.baseUrl, {}, server.outboxDir);
    for (let index = 0; index < TRANSACTIONS; index += 1) {
      await send(server, user, 'AddTransaction', {
        transactionId: randomUUID(),
        type: 'expense',
        amount: { amount: 1_000 + index, currency: 'THB' },
        categoryId: 'builtin-food',
        date: '2026-11-01',
        note: `Trip day ${index}`,
        // Every third one already carries the tag the last rename merges into.
        tags: index % 3 === 0 ? ['Japan trip', 'ญี่ปุ่น'] : ['Japan trip'],
      });
    }
    await settled(server);
    await server.stop();

    const renames = [
      { from: 'japan trip', to: 'JAPAN TRIP' },
      { from: 'JAPAN TRIP', to: 'Tokyo 2026' },
      { from: 'tokyo 2026', to: 'ญี่ปุ่น' },
    ];
    const kills: number[] = [];
    for (const rename of renames) {
      server = await startStandaloneProcess({ dataDir });
      await send(server, user, 'RenameTag', rename);
      const delay = between(0, 60);
      kills.push(delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
      await server.kill();
    }
    const label = `killed ${kills.join(', ')} ms after each rename was stored`;

    server = await servers.start(dataDir);
    await settled(server);
    const items = await everyTransaction(server, user);
    expect(items, label).toHaveLength(TRANSACTIONS);
    const wrong = items.filter(
      (item) => JSON.stringify((item.tags ?? []).map(tagKey)) !== JSON.stringify([tagKey('ญี่ปุ่น')]),
    );
    expect(
      wrong.map((item) => item.tags),
      label,
    ).toEqual([]);
    const tags = await read<{ items: { name: string; count: number }[] }>(server, user, 'tags');
    expect(
      tags.items.map(({ name, count }) => ({ name, count })),
      label,
    ).toEqual([{ name: 'ญี่ปุ่น', count: TRANSACTIONS }]);
    const byTag = await read<{ count: number }>(server, user, `transactions/totals?tag=${encodeURIComponent('ญี่ปุ่น')}`);
    expect(byTag.count, label).toBe(TRANSACTIONS);
    await server.stop();
    await expectViewsEqualRebuild(dataDir, [user.uid]);
  });
});
