import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { comparePositions } from '@plenty/platform/event-store/port';
import { appendOutOfRangeExpense } from '@plenty/platform/testing/out-of-range-event';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { runRebuildCommand } from '@plenty/standalone/rebuild-command';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, type TestUser } from '../support/users.js';

const env = useTestStandalone();
let alice: TestUser;
let bob: TestUser;
const today = localDate(new Date(), 'UTC');
let poison: { id: string; position: string };

const expense = (amount: number) => ({
  transactionId: randomUUID(),
  type: 'expense',
  amount: { amount, currency: 'THB' },
  categoryId: 'builtin-food',
  date: today,
});

/** A query as the web app sends it after a write: waiting for `position` first. */
async function queryAfter(user: TestUser, path: string, position: string) {
  const response = await env.standalone.app.inject({
    method: 'GET',
    url: `/api/queries/${path}`,
    headers: { authorization: user.authorization, 'x-min-position': position },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

beforeAll(async () => {
  alice = await createTestUser(env.standalone);
  bob = await createTestUser(env.standalone);
  expect((await new ApiClient(env.standalone.app, alice).command('AddTransaction', expense(12_000))).status).toBe(200);
  expect((await new ApiClient(env.standalone.app, bob).command('AddTransaction', expense(3_000))).status).toBe(200);
  // Hostile data of Alice's that got stored (before events were checked on append): an amount
  // past the largest one the app accepts, which no projection can apply.
  poison = await appendOutOfRangeExpense(env.standalone.eventStore, alice.uid, expense(0));
});

describe('one user’s event that cannot be applied', () => {
  it('leaves everyone else’s views keeping up: another user’s later write is applied and read back', async () => {
    const api = new ApiClient(env.standalone.app, bob);
    const written = await api.command('AddTransaction', expense(4_500));
    expect(written.status).toBe(200);
    expect(comparePositions(written.body.position, poison.position)).toBeGreaterThan(0);
    // Past Alice's event to Bob's, which came after it (the bound is for a projector that stops there).
    const reached = await env.standalone.projector.waitFor(written.body.position, 20_000);
    expect(comparePositions(reached, written.body.position)).toBeGreaterThanOrEqual(0);
    const list = await queryAfter(bob, 'transactions', written.body.position);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(2);
    expect((await queryAfter(bob, `dashboard?month=${monthOfDate(today)}`, written.body.position)).status).toBe(200);
  });

  it('keeps the service ready and says how many users are quarantined', async () => {
    await queryAfter(bob, 'preferences', poison.position);
    const ready = await env.standalone.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json() as {
      status: string;
      projections: { quarantinedUsers: number; head: string; position: string };
    };
    expect(body.status).toBe('ready');
    expect(body.projections.quarantinedUsers).toBe(1);
    expect(body.projections.position).toBe(body.projections.head);
  });

  it('answers the user’s queries of the affected views with view_quarantined, and the others as usual', async () => {
    for (const path of [
      'transactions',
      `dashboard?month=${monthOfDate(today)}`,
      `budget-alerts?month=${monthOfDate(today)}`,
    ]) {
      const answer = await queryAfter(alice, path, poison.position);
      expect(answer.status, path).toBe(409);
      expect(answer.body, path).toEqual({ error: { code: 'view_quarantined', message: expect.any(String) } });
    }
    for (const path of ['preferences', 'goals', 'debts', 'categories']) {
      expect((await queryAfter(alice, path, poison.position)).status, path).toBe(200);
    }
    // Her commands are still taken; their figures wait with the rest of the view.
    const api = new ApiClient(env.standalone.app, alice);
    const written = await api.command('AddTransaction', expense(800));
    expect(written.status).toBe(200);
    expect((await queryAfter(alice, 'transactions', written.body.position)).status).toBe(409);
  });

  it('is listed by the rebuild, which finishes and exits 0, and 1 with --strict', async () => {
    const masterKey = await loadMasterKey({ dataDir: env.dataDir });
    const keyStore = await openSqliteKeyStore({ path: join(env.dataDir, 'keys.db'), masterKey });
    // Into read models of its own: the running server keeps its read.db.
    const readStore = await openSqliteReadStore({ path: join(env.dataDir, 'rebuilt.db') });
    try {
      const rebuild = async (strict: boolean) => {
        let output = '';
        const code = await runRebuildCommand({
          args: { check: false, limit: 20, strict },
          deployment: 'embedded',
          eventStore: env.standalone.eventStore,
          readStore,
          codec: new EventCodec(keyStore),
          projections: allProjections,
          write: (text) => (output += text),
          interactive: false,
        });
        return { code, output };
      };
      const first = await rebuild(false);
      expect(first.code).toBe(0);
      expect(first.output).toMatch(/Rebuilt \d+ events in/);
      expect(first.output).toContain(
        `Quarantined: user=${alice.uid} projection=transactions (transactions) event=${poison.id} (TransactionAdded) ` +
          `position=${poison.position}: it could not be decoded: TransactionAdded does not match its schema: amount.amount`,
      );
      expect(first.output).toMatch(/1 user quarantined \(\d+ records\)/);
      expect(first.output).not.toContain(bob.uid);
      expect((await rebuild(true)).code).toBe(1);
    } finally {
      await readStore.close();
      await keyStore.close();
    }
  });
});
