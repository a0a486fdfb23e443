import { randomUUID } from 'node:crypto';
import { carLoanFields } from '@plenty/contracts/testing/car-loan';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { TestUser } from '../support/users.js';
import { commandNames } from './route-inventory.js';

/**
 * The cases of the isolation suites: what a second user's command or query against the first
 * user's items must end in, route by route. A new route or command without a case here fails
 * the route list test.
 */

/** Text only Alice wrote: it must never reach Bob in any answer. */
export const SECRET = `alice-secret-${randomUUID()}`;
/**
 * A tag only Alice gave (tags are at most 32 characters), in capitals: it must never reach Bob
 * either. Its key (lower case) is what Bob types when he tries her tag, so his own answers may
 * show that, never her spelling.
 */
export const SECRET_TAG = `T-${randomUUID().replaceAll('-', '').slice(0, 30).toUpperCase()}`;
export const ids = {
  transaction: uuidV7(),
  category: uuidV7(),
  goal: uuidV7(),
  debt: uuidV7(),
  payment: uuidV7(),
  wallet: uuidV7(),
  transfer: uuidV7(),
  recurring: uuidV7(),
  receipt: '',
  /** Alice's import batch (started in the set-up with `aliceImport`). */
  importBatch: uuidV7(),
  /** The backup Alice's restore reads (started in the set-up with `aliceRestore`). */
  restoreBackup: uuidV7(),
};
/** The StartRestore of Alice's restore: a backup of another account of hers, merged. */
export const aliceRestore = () => ({
  backupId: ids.restoreBackup,
  sourceUserId: 'alice-old-account',
  merge: true,
  eventCount: 1,
});
/** The StartImport of Alice's batch: one row, the file named by her secret text. */
export const aliceImport = () => ({
  batchId: ids.importBatch,
  fileName: SECRET,
  fileSha256: 'a1'.repeat(32),
  source: 'csv',
  rowCount: 1,
});
export const thb = (amount: number) => ({ amount, currency: 'THB' });
/** Alice's car loan, named and lent by her secret text. */
export const debtTerms = { ...carLoanFields, debtId: ids.debt, name: SECRET, lender: SECRET, paymentDueDay: 15 };

/** Alice's monthly rent from 1 November, noted with her secret text, posted when she confirms it. */
export const recurringRent = () => ({
  ruleId: ids.recurring,
  type: 'expense',
  amount: thb(450_000),
  categoryId: ids.category,
  note: SECRET,
  mode: 'confirm',
  remind: true,
  schedule: { frequency: 'month', interval: 1, startDate: '2026-11-01', end: { kind: 'never' } },
});

/** How a second user's command against the first user's items must end. */
export type CommandCase = { body: () => Record<string, unknown>; expect: 'not-found' | 'own-data' | 'refused' };

/** Each command's case; the DeleteAccount and RequestPasswordReset cases name Alice's address. */
export function commandCases(users: { readonly alice: TestUser }): Record<string, CommandCase> {
  // Alice's wallets: the one she opened is tried on its own in OpenWallet's case; her default wallet here.
  const aliceWallet = () => defaultWalletId(users.alice.uid, 'THB');
  return {
    AddTransaction: {
      // The id is Alice's transaction: Bob cannot add to her stream.
      body: () => ({
        transactionId: ids.transaction,
        type: 'expense',
        amount: thb(100),
        categoryId: 'builtin-food',
        date: '2026-11-01',
      }),
      expect: 'not-found',
    },
    EditTransaction: {
      // With a revision that is not hers (she edited it once): still 404, never 409 transaction_changed.
      body: () => ({ transactionId: ids.transaction, baseRevision: 0, changes: { note: 'mine now' } }),
      expect: 'not-found',
    },
    DeleteTransaction: { body: () => ({ transactionId: ids.transaction }), expect: 'not-found' },
    AddCategory: {
      // Categories and goals live in each user's own profile: Bob's are his own.
      body: () => ({ categoryId: uuidV7(), name: 'Bob things', type: 'expense', icon: 'bus', color: '#aa3300' }),
      expect: 'own-data',
    },
    EditCategory: { body: () => ({ categoryId: ids.category, changes: { name: 'renamed' } }), expect: 'not-found' },
    DeleteCategory: { body: () => ({ categoryId: ids.category }), expect: 'not-found' },
    ChangePreferences: { body: () => ({ changes: { currency: 'USD' } }), expect: 'own-data' },
    SetExchangeRates: { body: () => ({ rates: null }), expect: 'own-data' },
    AddGoal: {
      body: () => ({ goalId: uuidV7(), name: 'Bob goal', target: thb(10_000), targetDate: '2027-12-31' }),
      expect: 'own-data',
    },
    EditGoal: { body: () => ({ goalId: ids.goal, changes: { name: 'renamed' } }), expect: 'not-found' },
    ContributeToGoal: { body: () => ({ goalId: ids.goal, amount: thb(1), date: '2026-11-01' }), expect: 'not-found' },
    WithdrawFromGoal: { body: () => ({ goalId: ids.goal, amount: thb(1), date: '2026-11-01' }), expect: 'not-found' },
    DeleteGoal: { body: () => ({ goalId: ids.goal }), expect: 'not-found' },
    OpenDebt: {
      body: () => ({ ...debtTerms, name: 'Bob debt', lender: 'Bob' }),
      expect: 'not-found',
    },
    EditDebt: { body: () => ({ debtId: ids.debt, changes: { name: 'renamed' } }), expect: 'not-found' },
    RecordPayment: {
      body: () => ({ debtId: ids.debt, paymentId: uuidV7(), amount: 1, date: '2026-02-01' }),
      expect: 'not-found',
    },
    EditPayment: {
      body: () => ({ debtId: ids.debt, paymentId: ids.payment, changes: { notes: 'x' } }),
      expect: 'not-found',
    },
    DeletePayment: { body: () => ({ debtId: ids.debt, paymentId: ids.payment }), expect: 'not-found' },
    MarkInstallmentPaid: {
      body: () => ({ debtId: ids.debt, number: 2, paymentId: uuidV7(), date: '2026-03-01' }),
      expect: 'not-found',
    },
    MarkInstallmentUnpaid: { body: () => ({ debtId: ids.debt, number: 1 }), expect: 'not-found' },
    DeleteDebt: { body: () => ({ debtId: ids.debt, confirmPhrase: 'Delete Debt' }), expect: 'not-found' },
    OpenWallet: {
      // Wallets live in each user's own profile: Bob's are his own.
      body: () => ({
        walletId: uuidV7(),
        name: 'Bob wallet',
        kind: 'cash',
        currency: 'THB',
        openingBalance: 0,
        openingDate: '2026-11-01',
        icon: 'wallet',
        color: '#aa3300',
        excludeFromTotals: false,
      }),
      expect: 'own-data',
    },
    EditWallet: { body: () => ({ walletId: aliceWallet(), changes: { name: 'renamed' } }), expect: 'not-found' },
    ArchiveWallet: { body: () => ({ walletId: aliceWallet() }), expect: 'not-found' },
    RestoreWallet: { body: () => ({ walletId: aliceWallet() }), expect: 'not-found' },
    ReconcileWallet: {
      body: () => ({ walletId: aliceWallet(), date: '2026-11-20', balance: 1, expectedBalance: 0 }),
      expect: 'not-found',
    },
    RecordTransfer: {
      // The id is Alice's transfer: Bob cannot add to her stream.
      body: () => ({
        transferId: ids.transfer,
        fromWalletId: defaultWalletId(users.alice.uid, 'THB'),
        toWalletId: ids.wallet,
        amountOut: thb(100),
        amountIn: thb(100),
        date: '2026-11-01',
      }),
      expect: 'not-found',
    },
    EditTransfer: { body: () => ({ transferId: ids.transfer, changes: { note: 'mine now' } }), expect: 'not-found' },
    DeleteTransfer: { body: () => ({ transferId: ids.transfer }), expect: 'not-found' },
    // The id is Alice's rule: Bob cannot add to her stream, nor change, post or see any of it.
    CreateRecurringRule: { body: () => ({ ...recurringRent(), categoryId: 'builtin-housing' }), expect: 'not-found' },
    EditRecurringRule: {
      body: () => {
        const { ruleId, ...rule } = recurringRent();
        return { ruleId, from: '2026-12-01', rule: { ...rule, categoryId: 'builtin-housing', note: 'mine now' } };
      },
      expect: 'not-found',
    },
    EditOccurrence: {
      body: () => ({ ruleId: ids.recurring, date: '2026-12-01', changes: { note: 'mine now' } }),
      expect: 'not-found',
    },
    SkipOccurrence: { body: () => ({ ruleId: ids.recurring, date: '2026-12-01' }), expect: 'not-found' },
    PauseRecurringRule: { body: () => ({ ruleId: ids.recurring }), expect: 'not-found' },
    ResumeRecurringRule: { body: () => ({ ruleId: ids.recurring }), expect: 'not-found' },
    DeleteRecurringRule: { body: () => ({ ruleId: ids.recurring }), expect: 'not-found' },
    PostOccurrence: { body: () => ({ ruleId: ids.recurring, date: '2026-12-01' }), expect: 'not-found' },
    // The id is Alice's import batch: Bob cannot open it again, finish or undo it (nor send it rows: IMPORT_ROUTES).
    StartImport: { body: () => ({ ...aliceImport(), fileName: 'bob.csv' }), expect: 'not-found' },
    FinishImport: {
      body: () => ({ batchId: ids.importBatch, added: 0, existing: 0, skipped: {} }),
      expect: 'not-found',
    },
    UndoImport: { body: () => ({ batchId: ids.importBatch }), expect: 'not-found' },
    // A restore is the caller's own (its stream is derived from the caller and the backup): Bob has
    // none of Alice's to finish, and one he starts restores into his own account only (another
    // backup id, so that Alice's stays unknown to him for the restore's events route).
    FinishRestore: { body: () => ({ backupId: ids.restoreBackup, appended: 0, existing: 0 }), expect: 'not-found' },
    StartRestore: { body: () => ({ ...aliceRestore(), backupId: uuidV7() }), expect: 'own-data' },
    // Tags are each user's own: Bob naming Alice's tag (by its key: what he typed is not mistaken for
    // her spelling in his own answers) renames or deletes his own (none).
    RenameTag: { body: () => ({ from: SECRET_TAG.toLowerCase(), to: 'bob tag' }), expect: 'own-data' },
    DeleteTag: { body: () => ({ tag: SECRET_TAG.toLowerCase() }), expect: 'own-data' },
    // Alice's custom category is unknown to Bob; a copy acts on his own budgets only.
    SetCategoryBudget: {
      body: () => ({ categoryId: ids.category, month: '2026-11', limit: thb(1), repeat: true }),
      expect: 'not-found',
    },
    SetCategoryRollover: { body: () => ({ categoryId: ids.category, rollover: false }), expect: 'not-found' },
    CopyCategoryBudgets: { body: () => ({ from: '2026-11', to: '2026-12' }), expect: 'own-data' },
    // Account commands act on the caller only; with Alice's email Bob's deletion is refused.
    DeleteAccount: {
      body: () => ({ confirmEmail: users.alice.email, confirmPhrase: 'Delete My Account', reason: 'other' }),
      expect: 'refused',
    },
    SendVerificationCode: { body: () => ({}), expect: 'refused' },
    // Bob's email is verified already: the code changes nothing, of his or anyone's.
    VerifyEmail: { body: () => ({ code: '000000' }), expect: 'own-data' },
    RequestPasswordReset: { body: () => ({ email: users.alice.email, locale: 'en' }), expect: 'own-data' },
  };
}

/** How a second user's request to each query or file route must end. */
export type QueryCase = { url: () => string; expect: 'not-found' | 'own-data' | 'unauthorized' };

export const QUERIES: Record<string, QueryCase> = {
  'GET /api/queries/transactions': { url: () => '/api/queries/transactions', expect: 'own-data' },
  'GET /api/queries/transactions/totals': { url: () => '/api/queries/transactions/totals', expect: 'own-data' },
  'GET /api/queries/transactions/:id': {
    url: () => `/api/queries/transactions/${ids.transaction}`,
    expect: 'not-found',
  },
  'GET /api/queries/transactions/:id/history': {
    url: () => `/api/queries/transactions/${ids.transaction}/history`,
    expect: 'not-found',
  },
  'GET /api/queries/categories': { url: () => '/api/queries/categories', expect: 'own-data' },
  'GET /api/queries/preferences': { url: () => '/api/queries/preferences', expect: 'own-data' },
  'GET /api/queries/goals': { url: () => '/api/queries/goals', expect: 'own-data' },
  'GET /api/queries/goals/:id': { url: () => `/api/queries/goals/${ids.goal}`, expect: 'not-found' },
  'GET /api/queries/debts': { url: () => '/api/queries/debts', expect: 'own-data' },
  'GET /api/queries/debts/:id': { url: () => `/api/queries/debts/${ids.debt}`, expect: 'not-found' },
  'GET /api/queries/debts/:id/history': { url: () => `/api/queries/debts/${ids.debt}/history`, expect: 'not-found' },
  'GET /api/queries/dashboard': { url: () => '/api/queries/dashboard', expect: 'own-data' },
  'GET /api/queries/budget-alerts': { url: () => '/api/queries/budget-alerts?month=2026-11', expect: 'own-data' },
  'GET /api/queries/reports': { url: () => '/api/queries/reports?month=2026-11', expect: 'own-data' },
  'GET /api/queries/reports/range': {
    url: () => '/api/queries/reports/range?from=2026-01-01&to=2026-12-31',
    expect: 'own-data',
  },
  'GET /api/queries/budgets': { url: () => '/api/queries/budgets?month=2026-11', expect: 'own-data' },
  'GET /api/queries/tags': { url: () => '/api/queries/tags', expect: 'own-data' },
  'GET /api/queries/activity': { url: () => '/api/queries/activity', expect: 'own-data' },
  'GET /api/queries/wallets': { url: () => '/api/queries/wallets', expect: 'own-data' },
  'GET /api/queries/wallets/:id': { url: () => `/api/queries/wallets/${ids.wallet}`, expect: 'not-found' },
  'GET /api/queries/wallets/:id/movements': {
    url: () => `/api/queries/wallets/${ids.wallet}/movements`,
    expect: 'not-found',
  },
  'GET /api/queries/transfers/:id': { url: () => `/api/queries/transfers/${ids.transfer}`, expect: 'not-found' },
  'GET /api/queries/net-worth': { url: () => '/api/queries/net-worth', expect: 'own-data' },
  'GET /api/queries/recurring': { url: () => '/api/queries/recurring', expect: 'own-data' },
  'GET /api/queries/recurring/:id': { url: () => `/api/queries/recurring/${ids.recurring}`, expect: 'not-found' },
  'GET /api/queries/upcoming': { url: () => '/api/queries/upcoming?days=62', expect: 'own-data' },
  'GET /api/queries/imports': { url: () => '/api/queries/imports', expect: 'own-data' },
  'GET /api/queries/imports/:id': { url: () => `/api/queries/imports/${ids.importBatch}`, expect: 'not-found' },
  'GET /api/queries/imports/existing': {
    url: () => '/api/queries/imports/existing?from=2026-01-01&to=2026-12-31',
    expect: 'own-data',
  },
  'GET /api/queries/receipts/:receiptId/link': {
    url: () => `/api/queries/receipts/${ids.receipt}/link`,
    expect: 'not-found',
  },
  'GET /api/queries/export/link': { url: () => '/api/queries/export/link', expect: 'own-data' },
  // Files are fetched with a signed link, never with a bearer token: a token alone gets 401.
  'GET /api/files/receipts/:receiptId': { url: () => `/api/files/receipts/${ids.receipt}`, expect: 'unauthorized' },
  'GET /api/files/export.csv': { url: () => '/api/files/export.csv', expect: 'unauthorized' },
  // "Download all my data": the link is to the caller's own backup; the file only through it.
  'GET /api/backup/link': { url: () => '/api/backup/link', expect: 'own-data' },
  'GET /api/backup/file': { url: () => '/api/backup/file', expect: 'unauthorized' },
};

/** Routes anyone may call, and the routes that carry commands and uploads (tried below). */
export const PUBLIC_ROUTES = ['GET /healthz', 'GET /readyz', 'GET /api/openapi.json'];
export const COMMAND_ROUTES = ['POST /api/commands/:commandName'];
/** One route per command of the registry; each command's own case is in COMMANDS. */
export const COMMAND_PATHS = commandNames().map((name) => `POST /api/commands/${name}`);
export const UPLOAD_ROUTES = ['POST /api/receipts'];
/** The rows of an import batch: Bob's rows for Alice's batch are 404 `import_not_found`. */
export const IMPORT_ROUTES = ['POST /api/imports/rows'];
/** The events of a restore: Bob's events for Alice's restore are 404 `restore_not_started`. */
export const RESTORE_ROUTES = ['POST /api/restore/events'];
