import { z } from 'zod';
import { calendarDateSchema } from './calendar/schema.js';
import { colorSchema, iconSchema } from './categories.js';
import { uuidSchema, uuidV5 } from './ids.js';
import { CURRENCIES, MAX_AMOUNT, currencySchema, type Currency } from './money.js';
import { boundedText } from './text.js';

/*
 * Wallets: where the money is (cash, a bank account, an e-wallet, a credit card, savings).
 * Their events live on the user's `profile-<uid>` stream beside categories and goals, so a
 * transaction, a transfer or a debt payment that names a wallet checks it through the same
 * per-user profile cache as a custom category, and ownership is the profile's.
 *
 * Every transaction belongs to a wallet. One recorded without `walletId` (all those from before
 * wallets) belongs to the user's default wallet of its currency: `defaultWalletId(uid, currency)`,
 * a deterministic id. A default wallet exists without an event (like a built-in category): a
 * cash wallet named by `nameKey` `wallet.default` ("Cash"), opening balance 0 from its first
 * movement. The user may edit, archive or reconcile it like any other; its currency is fixed.
 */

export const WALLET_KINDS = ['cash', 'bank', 'e_wallet', 'credit_card', 'savings', 'other'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];
export const walletKindSchema = z.enum(WALLET_KINDS, { error: 'type_invalid' });

/** Longest wallet name, in characters after trimming. */
export const WALLET_NAME_MAX = 60;
export const walletNameSchema = boundedText(WALLET_NAME_MAX, 'name_required');

/**
 * A signed amount in minor units of the wallet's currency: an opening balance or a reconciled
 * balance may be below zero (a credit card, an overdraft).
 */
export const signedAmountSchema = z
  .number({ error: 'amount_required' })
  .int({ error: 'amount_not_integer' })
  .refine((n) => Math.abs(n) <= MAX_AMOUNT, { error: 'amount_too_large' });

export const walletFieldsSchema = z
  .object({
    name: walletNameSchema,
    kind: walletKindSchema,
    currency: currencySchema,
    /** The balance on `openingDate`, before any movement of that day. */
    openingBalance: signedAmountSchema,
    openingDate: calendarDateSchema,
    icon: iconSchema,
    color: colorSchema,
    /** Left out of the wallets' total and of net worth (money kept for someone else, say). */
    excludeFromTotals: z.boolean({ error: 'field_invalid' }),
  })
  .strict();
export type WalletFields = z.infer<typeof walletFieldsSchema>;

/** Namespace of default wallet ids (UUIDv5 of `<uid>:<currency>`). */
const DEFAULT_WALLET_NAMESPACE = '3b8f6a2e-5c1d-4e7a-9f20-7d4c8b1e6a53';

/** Users whose default wallet ids are kept; past it the cache starts again (ids are cheap to remake). */
const DEFAULT_IDS_CACHED = 10_000;
const defaultIds = new Map<string, ReadonlyMap<Currency, string>>();

/**
 * The user's default wallet id of every currency. A UUIDv5 costs a SHA-1 in plain TypeScript
 * (about 15 µs), and every transaction event and wallet check asks for them, so each user's are
 * made once and kept.
 */
function defaultIdsOf(userId: string): ReadonlyMap<Currency, string> {
  const known = defaultIds.get(userId);
  if (known !== undefined) return known;
  if (defaultIds.size >= DEFAULT_IDS_CACHED) defaultIds.clear();
  const ids = new Map(
    CURRENCIES.map((currency) => [currency, uuidV5(`${userId}:${currency}`, DEFAULT_WALLET_NAMESPACE)]),
  );
  defaultIds.set(userId, ids);
  return ids;
}

/** The user's default wallet of a currency, which holds every movement recorded without a wallet. */
export function defaultWalletId(userId: string, currency: Currency): string {
  return defaultIdsOf(userId).get(currency) ?? uuidV5(`${userId}:${currency}`, DEFAULT_WALLET_NAMESPACE);
}

/** The currency whose default wallet of the user `walletId` is, or null when it is no default wallet. */
export function defaultWalletCurrency(userId: string, walletId: string): Currency | null {
  for (const [currency, id] of defaultIdsOf(userId)) if (id === walletId) return currency;
  return null;
}

/** Message id of the name of a default wallet that the user has not renamed. */
export const DEFAULT_WALLET_NAME_KEY = 'wallet.default';
export const DEFAULT_WALLET_ICON = 'wallet';
export const DEFAULT_WALLET_COLOR = '#64748b';

// Events on `profile-<uid>`. A wallet's name is personal text and is encrypted.

export const walletOpenedSchema = walletFieldsSchema.extend({ walletId: uuidSchema }).strict();

/** Only the fields that change. The currency never changes: a wallet in another currency is another wallet. */
export const walletChangesSchema = z
  .object({
    name: walletNameSchema.optional(),
    kind: walletKindSchema.optional(),
    openingBalance: signedAmountSchema.optional(),
    openingDate: calendarDateSchema.optional(),
    icon: iconSchema.optional(),
    color: colorSchema.optional(),
    excludeFromTotals: z.boolean({ error: 'field_invalid' }).optional(),
  })
  .strict();
export type WalletChanges = z.infer<typeof walletChangesSchema>;

export const walletEditedSchema = z.object({ walletId: uuidSchema, changes: walletChangesSchema }).strict();
export const walletArchivedSchema = z.object({ walletId: uuidSchema }).strict();
export const walletRestoredSchema = z.object({ walletId: uuidSchema }).strict();

/**
 * The user compared the wallet with their bank app: on `date` it held `balance`; Plenty
 * then showed `balance − adjustment` for that day, so `adjustment` (signed, may be 0) is
 * recorded as a movement of that day and the balances agree from then on.
 */
export const walletReconciledSchema = z
  .object({
    walletId: uuidSchema,
    date: calendarDateSchema,
    balance: signedAmountSchema,
    adjustment: signedAmountSchema,
  })
  .strict();

export type WalletOpened = { type: 'WalletOpened'; data: z.infer<typeof walletOpenedSchema> };
export type WalletEdited = { type: 'WalletEdited'; data: z.infer<typeof walletEditedSchema> };
export type WalletArchived = { type: 'WalletArchived'; data: z.infer<typeof walletArchivedSchema> };
export type WalletRestored = { type: 'WalletRestored'; data: z.infer<typeof walletRestoredSchema> };
export type WalletReconciled = { type: 'WalletReconciled'; data: z.infer<typeof walletReconciledSchema> };
export type WalletEvent = WalletOpened | WalletEdited | WalletArchived | WalletRestored | WalletReconciled;

export const walletEventSchemas = {
  WalletOpened: walletOpenedSchema,
  WalletEdited: walletEditedSchema,
  WalletArchived: walletArchivedSchema,
  WalletRestored: walletRestoredSchema,
  WalletReconciled: walletReconciledSchema,
} as const;

export const walletPersonalFields = {
  WalletOpened: ['name'],
  WalletEdited: ['changes.name'],
  WalletArchived: [],
  WalletRestored: [],
  WalletReconciled: [],
} as const satisfies Record<WalletEvent['type'], readonly string[]>;

/*
 * Wallet commands: POST /api/commands/<Name> with `{ commandId, ...payload }`; answer
 * `{ streamId: 'profile-<uid>', revision, position }`. A wallet that is not the user's (or
 * not a default wallet id of theirs): 404 `wallet_not_found`.
 */

const commandBase = { commandId: uuidSchema };

/** OpenWallet: a new wallet with a client-made UUIDv7 `walletId`. 409 `wallet_exists`; 422 `wallet_name_taken` (name, case-insensitive, among unarchived wallets). */
export const openWalletSchema = walletOpenedSchema.extend(commandBase).strict();

/** EditWallet: 422 `wallet_name_taken`. */
export const editWalletSchema = z
  .object({
    ...commandBase,
    walletId: uuidSchema,
    changes: walletChangesSchema.refine((c) => Object.keys(c).length > 0, { error: 'nothing_to_change' }),
  })
  .strict();

/** ArchiveWallet: hidden from pickers and totals, its history kept. 409 `wallet_archived` when it already is. */
export const archiveWalletSchema = z.object({ ...commandBase, walletId: uuidSchema }).strict();

/** RestoreWallet: 409 `wallet_not_archived` when it is not archived. */
export const restoreWalletSchema = z.object({ ...commandBase, walletId: uuidSchema }).strict();

/**
 * ReconcileWallet: `balance` is what the bank app shows on `date`; `expectedBalance` is the
 * balance Plenty showed the user for that day (`GET /wallets/:id?asOf=date`). The difference
 * is recorded as the adjustment.
 */
export const reconcileWalletSchema = z
  .object({
    ...commandBase,
    walletId: uuidSchema,
    date: calendarDateSchema,
    balance: signedAmountSchema,
    expectedBalance: signedAmountSchema,
  })
  .strict()
  .refine((c) => Math.abs(c.balance - c.expectedBalance) <= MAX_AMOUNT, {
    error: 'amount_too_large',
    path: ['balance'],
  });

export type OpenWallet = { type: 'OpenWallet'; data: z.infer<typeof openWalletSchema> };
export type EditWallet = { type: 'EditWallet'; data: z.infer<typeof editWalletSchema> };
export type ArchiveWallet = { type: 'ArchiveWallet'; data: z.infer<typeof archiveWalletSchema> };
export type RestoreWallet = { type: 'RestoreWallet'; data: z.infer<typeof restoreWalletSchema> };
export type ReconcileWallet = { type: 'ReconcileWallet'; data: z.infer<typeof reconcileWalletSchema> };
export type WalletCommand = OpenWallet | EditWallet | ArchiveWallet | RestoreWallet | ReconcileWallet;

export const walletCommandSchemas = {
  OpenWallet: openWalletSchema,
  EditWallet: editWalletSchema,
  ArchiveWallet: archiveWalletSchema,
  RestoreWallet: restoreWalletSchema,
  ReconcileWallet: reconcileWalletSchema,
} as const;
