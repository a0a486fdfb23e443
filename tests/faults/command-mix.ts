import { randomUUID } from 'node:crypto';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { StandaloneProcess } from '../support/standalone-process.js';
import type { TestUser } from '../support/users.js';

/** A realistic mix of commands sent to a server process, for the kill and restart tests. */

/** A random delay; the seed of each run is in the failure message through `label`. */
export const between = (min: number, max: number) => Math.round(min + Math.random() * (max - min));

interface Sent {
  readonly name: string;
  readonly body: Record<string, unknown>;
  readonly answer: { streamId: string; revision: number; position: string };
}

/** Sends a user's commands to the current server and keeps those it acknowledged. */
export function commander(server: () => StandaloneProcess, user: TestUser) {
  const acknowledged: Sent[] = [];
  /** Waiters for a number of acknowledged commands (`whenAcknowledged`). */
  const waiters: { readonly count: number; readonly done: () => void }[] = [];
  const transactions: string[] = [];
  const goals: string[] = [];
  const send = async (name: string, body: Record<string, unknown>) => {
    const full = { commandId: randomUUID(), ...body };
    const response = await fetch(`${server().baseUrl}/api/commands/${name}`, {
      method: 'POST',
      headers: { authorization: user.authorization, 'content-type': 'application/json' },
      body: JSON.stringify(full),
    });
    if (response.status !== 200) return response.status;
    acknowledged.push({ name, body: full, answer: (await response.json()) as Sent['answer'] });
    for (const waiter of waiters.filter((w) => acknowledged.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.done();
    }
    return 200;
  };
  /** Resolves once `count` commands in all were acknowledged (a moment set by work, not by time). */
  const whenAcknowledged = (count: number) =>
    new Promise<void>((done) => {
      if (acknowledged.length >= count) done();
      else waiters.push({ count, done });
    });
  /** One command of a realistic mix; edits and contributions target what was acknowledged. */
  const next = async () => {
    const roll = Math.random();
    const known = transactions[Math.floor(Math.random() * transactions.length)];
    if (roll < 0.55 || known === undefined) {
      const transactionId = uuidV7();
      const amount = { amount: between(100, 90_000), currency: 'THB' };
      const body = {
        transactionId,
        type: 'expense',
        amount,
        categoryId: 'builtin-food',
        date: '2026-11-01',
        note: `n ${transactionId}`,
      };
      if ((await send('AddTransaction', body)) === 200) transactions.push(transactionId);
    } else if (roll < 0.8) {
      await send('EditTransaction', {
        transactionId: known,
        changes: { amount: { amount: between(100, 90_000), currency: 'THB' } },
      });
    } else if (roll < 0.85) {
      await send('DeleteTransaction', { transactionId: known });
    } else if (roll < 0.9 || goals.length === 0) {
      const goalId = uuidV7();
      if (
        (await send('AddGoal', {
          goalId,
          name: `Goal ${goalId}`,
          target: { amount: 10_000_000, currency: 'THB' },
          targetDate: '2027-12-31',
        })) === 200
      )
        goals.push(goalId);
    } else {
      await send('ContributeToGoal', {
        goalId: goals[0],
        amount: { amount: between(1, 1000), currency: 'THB' },
        date: '2026-11-02',
      });
    }
  };
  return { acknowledged, next, send, whenAcknowledged };
}

/** Keeps `width` commands in flight until `stop` resolves. */
export async function underLoad(width: number, next: () => Promise<unknown>, stop: Promise<void>): Promise<void> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const inFlight = new Set<Promise<unknown>>();
  while (!stopped) {
    const request: Promise<unknown> = next()
      .catch(() => undefined)
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
    if (inFlight.size >= width) await Promise.race(inFlight);
  }
  await Promise.allSettled(inFlight);
}
