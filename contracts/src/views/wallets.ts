import { z } from 'zod';
import { calendarDateSchema, instantSchema, monthSchema } from '../calendar/schema.js';
import { currencySchema, moneySchema } from '../money.js';
import { walletKindSchema } from '../wallets.js';
import { activityTransferSchema } from './activity.js';
import { asOfSchema } from './dashboard.js';

/*
 * Answers of the wallet queries. Balances are integers in minor units of the wallet's currency
 * (signed: a card or an overdraft is below zero); totals in the display currency are converted
 * from each currency's total once with the user's rate table, and `perCurrency` keeps the
 * totals as recorded. A figure too large to be exact is saturated at ±(2^53 − 1) and the
 * answer's `outOfRange` is true (see views/dashboard.ts). Names are null once the user's key is
 * erased; a default wallet not renamed has `name` null and `nameKey` set.
 *
 * The balance of a wallet at the end of day D = its opening balance (when `openingDate` ≤ D)
 * + every movement dated ≤ D: income +, expense −, transfers out − and in +, reconcile
 * adjustments ±, debt payments − (principal and interest), borrowed money +.
 */

const minor = z.number().int();

/** `?asOf=YYYY-MM-DD`: balances at the end of that day (movements dated up to it); default today in the user's zone. */
export const walletQuerySchema = z.object({ asOf: asOfSchema.optional() }).strict();
export type WalletQuery = z.infer<typeof walletQuerySchema>;

export const walletViewSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** `wallet.default` for a default wallet the user has not renamed, else null. */
  nameKey: z.string().nullable(),
  isDefault: z.boolean(),
  kind: walletKindSchema,
  currency: currencySchema,
  icon: z.string(),
  color: z.string(),
  openingBalance: minor,
  /** Null for a default wallet whose opening balance was never set. */
  openingDate: calendarDateSchema.nullable(),
  excludeFromTotals: z.boolean(),
  archived: z.boolean(),
  /** As of the answer's `asOf`. */
  balance: minor,
  /** The last day the user reconciled it; null if never. */
  lastReconciledOn: calendarDateSchema.nullable(),
  /** Movements of every kind up to `asOf`, the opening balance left out. */
  movementCount: z.number().int().nonnegative(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type WalletView = z.infer<typeof walletViewSchema>;

/** A sum in one currency as recorded. */
export const currencyAmountSchema = z.object({ currency: currencySchema, amount: minor });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/** `GET /wallets`: unarchived wallets by name (default wallets among them), then archived ones. */
export const walletListSchema = z.object({
  asOf: calendarDateSchema,
  displayCurrency: currencySchema,
  items: z.array(walletViewSchema),
  /** Unarchived wallets not left out of totals: converted, and per currency (order of CURRENCIES). */
  total: minor,
  perCurrency: z.array(currencyAmountSchema),
  outOfRange: z.boolean(),
});
export type WalletList = z.infer<typeof walletListSchema>;

export const WALLET_MOVEMENT_KINDS = [
  'opening',
  'income',
  'expense',
  'transfer_in',
  'transfer_out',
  'adjustment',
  'debt_payment',
  'debt_borrowed',
] as const;
export type WalletMovementKind = (typeof WALLET_MOVEMENT_KINDS)[number];

/** One movement of a wallet, with the balance just after it in date order (the running balance). */
export const walletMovementSchema = z.object({
  /** Stable within the wallet (`<kind>:<source id>`). */
  id: z.string(),
  kind: z.enum(WALLET_MOVEMENT_KINDS),
  date: calendarDateSchema,
  time: z.string().nullable(),
  /** Signed, minor units of the wallet's currency: + money in, − money out. */
  amount: minor,
  balanceAfter: minor,
  transactionId: z.string().nullable(),
  transferId: z.string().nullable(),
  debtId: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** Income and expense: the transaction's category. */
  categoryId: z.string().nullable(),
  note: z.string().nullable(),
  /** Transfers: the other wallet and what it gave or got (its currency). */
  counterpartWalletId: z.string().nullable(),
  counterpartAmount: moneySchema.nullable(),
  /** Debt payments from the wallet: the parts (interest counts as an expense of `builtin-interest`). */
  principal: minor.nullable(),
  interest: minor.nullable(),
});
export type WalletMovement = z.infer<typeof walletMovementSchema>;

/**
 * `GET /wallets/:id/movements`: newest first (date, time, then as recorded), a page per cursor.
 * `asOf`: the list ends on that day (movements dated up to it), the first row's running balance
 * that of `GET /wallets/:id?asOf=`; without it, every movement (dated ahead too).
 */
export const walletMovementsQuerySchema = z
  .object({
    asOf: asOfSchema.optional(),
    limit: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(200).default(50),
    cursor: z.string().max(512).optional(),
  })
  .strict();
export type WalletMovementsQuery = z.infer<typeof walletMovementsQuerySchema>;

export const walletMovementsSchema = z.object({
  items: z.array(walletMovementSchema),
  nextCursor: z.string().nullable(),
});
export type WalletMovements = z.infer<typeof walletMovementsSchema>;

/** `GET /transfers/:id`: 404 `transfer_not_found` for another user's, unknown or deleted. */
export const transferViewSchema = z.object({
  id: z.string(),
  /** The transfer's fields, as an Activity entry of it shows them. */
  ...activityTransferSchema.shape,
  createdAt: instantSchema,
  updatedAt: instantSchema,
  revision: z.number().int().nonnegative(),
});
export type TransferView = z.infer<typeof transferViewSchema>;

/** `?asOf=` as for wallets; `months` (1–60, default 12) month ends up to the month of `asOf`. */
export const netWorthQuerySchema = z
  .object({
    asOf: asOfSchema.optional(),
    months: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(60).default(12),
  })
  .strict();
export type NetWorthQuery = z.infer<typeof netWorthQuerySchema>;

/** One currency's figures as recorded: wallets (unarchived, not left out), what is still owed on debts, and the difference. */
export const netWorthCurrencySchema = z.object({
  currency: currencySchema,
  assets: minor,
  debts: minor,
  net: minor,
});

/** Net worth in the display currency: `assets − debts = net`, each converted from its per-currency totals. */
export const netWorthPointSchema = z.object({
  assets: minor,
  debts: minor,
  net: minor,
  perCurrency: z.array(netWorthCurrencySchema),
});
export type NetWorthPoint = z.infer<typeof netWorthPointSchema>;

/**
 * `GET /net-worth`: at the end of `asOf` (today by default), and at the end of each of the
 * last `months` months, oldest first (the last one is the month of `asOf`, as of that day).
 * Debts count what was still owed (principal) at that day: their `currentAmount` from
 * `startDate`, less the principal of payments dated up to it; a debt opened later owes nothing yet.
 */
export const netWorthSchema = z.object({
  asOf: calendarDateSchema,
  displayCurrency: currencySchema,
  current: netWorthPointSchema,
  months: z.array(netWorthPointSchema.extend({ month: monthSchema })),
  outOfRange: z.boolean(),
});
export type NetWorth = z.infer<typeof netWorthSchema>;
