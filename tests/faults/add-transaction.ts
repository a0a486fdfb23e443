import { randomUUID } from 'node:crypto';
import type { StandaloneProcess } from '../support/standalone-process.js';
import type { TestUser } from '../support/users.js';

/** Sends AddTransaction for an expense with this note, as the web app would. */
export function addTransaction(server: StandaloneProcess, user: TestUser, note: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/commands/AddTransaction`, {
    method: 'POST',
    headers: { authorization: user.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      commandId: randomUUID(),
      transactionId: randomUUID(),
      type: 'expense',
      amount: { amount: 1500, currency: 'LAK' },
      categoryId: 'builtin-food',
      date: '2026-11-01',
      note,
    }),
  });
}
