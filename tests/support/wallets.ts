import { expect } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { WalletMovement, WalletMovements } from '@plenty/contracts/views/wallets';
import type { ApiClient } from './api-client.js';

/*
 * Set-up shared by the wallet API tests: commands and queries that must succeed, the bodies of
 * OpenWallet, an expense and a kip loan, and a wallet's movements read page by page. Ids are
 * UUIDv7, so movements of one moment list in the order they were recorded.
 */

export const lak = (amount: number) => ({ amount, currency: 'LAK' });
export const thb = (amount: number) => ({ amount, currency: 'THB' });

/** Sends a command (with a new command id) and expects it accepted. */
export async function sendOk(api: ApiClient, name: string, payload: Record<string, unknown>): Promise<void> {
  const answer = await api.command(name, payload, uuidV7());
  expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
}

/** Queries a path and expects an answer. */
export async function queryOk<T>(api: ApiClient, path: string): Promise<T> {
  const answer = await api.query<T>(path);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** The body of OpenWallet: a bank wallet "BCEL One" of 1,000,000 kip from 1 October 2026, with a new id. */
export const openWalletBody = (fields: Record<string, unknown> = {}) => ({
  walletId: uuidV7(),
  name: 'BCEL One',
  kind: 'bank',
  currency: 'LAK',
  openingBalance: 1_000_000,
  openingDate: '2026-10-01',
  icon: 'wallet',
  color: '#2563eb',
  excludeFromTotals: false,
  ...fields,
});

/** Opens a wallet (see openWalletBody) and answers its id. */
export async function openWallet(api: ApiClient, fields: Record<string, unknown> = {}): Promise<string> {
  const body = openWalletBody(fields);
  await sendOk(api, 'OpenWallet', body);
  return body.walletId;
}

/** The body of AddTransaction: a food expense of `amount` on `date` with a new id. */
export const walletExpense = (
  amount: { amount: number; currency: string },
  date: string,
  fields: Record<string, unknown> = {},
) => ({
  transactionId: uuidV7(),
  type: 'expense',
  amount,
  categoryId: 'builtin-food',
  date,
  ...fields,
});

/** The body of OpenDebt: a 12-month loan of 12,000,000 kip at 12 % opened on 15 September 2026. */
export const kipLoan = (fields: Record<string, unknown> = {}) => ({
  debtId: uuidV7(),
  name: 'Motorbike',
  type: 'loan',
  initialAmount: 12_000_000,
  currentAmount: 12_000_000,
  annualRatePercent: '12',
  paymentDueDay: 15,
  icon: 'car',
  color: '#336699',
  currency: 'LAK',
  loanType: 'emi',
  termMonths: 12,
  openDate: '2026-09-15',
  startDate: '2026-09-15',
  ...fields,
});

/** Every movement of a wallet, newest first, read `limit` at a time through the cursors. */
export async function allMovements(api: ApiClient, walletId: string, limit: number): Promise<WalletMovement[]> {
  const items: WalletMovement[] = [];
  let cursor: string | null = null;
  do {
    const after = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: WalletMovements = await queryOk(api, `wallets/${walletId}/movements?limit=${limit}${after}`);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
}
