import fc from 'fast-check';
import { testUser } from '@plenty/command-api/testing/stores';
import type { CommandName } from '@plenty/contracts/commands/registry';
import { importBatchId } from '@plenty/contracts/imports';
import { defaultWalletId } from '@plenty/contracts/wallets';

/** The generated histories of the replay test: commands of two users and what the read side does between them. */

/** Alice and Bob, the two users whose commands interleave. */
export const users = [testUser('alice'), testUser('bob')] as const;

const ids = (prefix: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `0192f0c4-7a1b-7c3d-8e4f-${prefix}${String(i).padStart(12 - prefix.length, '0')}`,
  );
const transactionIds = ids('a', 4);
const categoryIds = ids('c', 2);
const goalIds = ids('9', 2);
const debtIds = ids('d', 2);
const paymentIds = ids('e', 3);
const openedWalletIds = ids('b', 2);
const transferIds = ids('f', 3);
const ruleIds = ids('7', 2);
/** Wallets the users open, and each user's default wallet of baht (the other user's is not theirs). */
const walletIds = [...openedWalletIds, ...users.map((user) => defaultWalletId(user.uid, 'THB'))];
const wallet = fc.constantFrom(...walletIds);
/** An optional wallet: absent, the default wallet of the currency. */
const maybeWallet = fc.option(wallet, { nil: undefined });

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const thb = (min: number, max: number) => fc.integer({ min, max }).map((amount) => ({ amount, currency: 'THB' }));
const date = pick(['2026-09-30', '2026-10-31', '2026-11-01', '2026-11-20']);
const category = pick([...categoryIds, 'builtin-food', 'builtin-other']);

/** Recurring rules: monthly on the 1st from October, or weekly on Mondays from 2 November. */
const recurringFields = fc.record({
  ruleId: pick(ruleIds),
  type: pick(['expense', 'income']),
  amount: thb(1, 500_000),
  categoryId: category,
  walletId: maybeWallet,
  note: fc.option(pick(['rent', 'ค่าเช่า', 'ຄ່າເຊົ່າ']), { nil: undefined }),
  mode: pick(['auto', 'confirm']),
  remind: fc.boolean(),
  schedule: pick([
    { frequency: 'month', interval: 1, startDate: '2026-10-01', end: { kind: 'never' } },
    { frequency: 'week', interval: 1, startDate: '2026-11-02', end: { kind: 'after', count: 3 } },
  ]),
});
/** Dates that are occurrences of one schedule or the other (or of an edit's). */
const occurrenceDate = pick(['2026-10-01', '2026-11-01', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);

/** Not a command: rows of an import batch sent to `POST /api/imports/rows`. */
export const IMPORT_ROWS = 'ImportRows';

/** One command of one of the two users (or rows of an import), its body not yet parsed. */
export type Step = {
  readonly user: 0 | 1;
  readonly name: CommandName | typeof IMPORT_ROWS;
  readonly body: Record<string, unknown>;
};
const command = (
  name: CommandName | typeof IMPORT_ROWS,
  body: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Step> =>
  fc.record({ user: fc.constantFrom(0 as const, 1 as const), body }).map((c) => ({ ...c, name }));

/**
 * Import batches: a file of each user's, its first attempt or the one after an undo (batch ids are
 * derived from the user's id); now and then a batch of the other user's, as unknown to them as a
 * missing one. Each file has four rows.
 */
export const FILE_SHA = 'a'.repeat(64);
const batchOf = (user: 0 | 1) => {
  const own = (attempt: number) => importBatchId(users[user].uid, FILE_SHA, attempt);
  const other = importBatchId(users[user === 0 ? 1 : 0].uid, FILE_SHA, 0);
  return pick([own(0), own(0), own(0), own(0), own(1), other]);
};
/** A step whose body depends on the user who sends it. */
const userCommand = (
  name: CommandName | typeof IMPORT_ROWS,
  body: (user: 0 | 1) => fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Step> =>
  fc.constantFrom(0 as const, 1 as const).chain((user) => body(user).map((b) => ({ user, name, body: b })));
/** A row of a file: mostly one Plenty takes, now and then one it refuses (an unknown category or wallet). */
const importRow = (row: number) =>
  fc.record({
    row: fc.constant(row),
    type: pick(['expense', 'expense', 'expense', 'income']),
    amount: thb(1, 500_000),
    categoryId: pick(['builtin-food', 'builtin-food', 'builtin-other', ...categoryIds]),
    date,
    note: fc.option(pick(['lunch', 'ค่ารถ']), { nil: undefined }),
    walletId: pick([undefined, undefined, undefined, ...walletIds]),
  });

/** Any command of the registry, with bodies over a few ids so that commands meet the same items. */
export const commands: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: command(
      'AddTransaction',
      fc.record({
        transactionId: pick(transactionIds),
        type: pick(['expense', 'income']),
        amount: thb(1, 500_000),
        categoryId: category,
        date,
        note: pick(['lunch', 'ข้าวผัด', 'ເຂົ້າປຽກ']),
        walletId: maybeWallet,
      }),
    ),
  },
  {
    weight: 3,
    arbitrary: command(
      'EditTransaction',
      fc.record({
        transactionId: pick(transactionIds),
        changes: fc
          .record(
            {
              amount: thb(1, 500_000),
              categoryId: category,
              date,
              note: fc.option(pick(['dinner', 'ค่ารถ']), { nil: null }),
              walletId: wallet,
            },
            { requiredKeys: [] },
          )
          .filter((c) => Object.keys(c).length > 0),
      }),
    ),
  },
  { weight: 1, arbitrary: command('DeleteTransaction', fc.record({ transactionId: pick(transactionIds) })) },
  {
    weight: 1,
    arbitrary: command(
      'AddCategory',
      fc.record({
        categoryId: pick(categoryIds),
        name: pick(['Coffee', 'ຄ່າເດີນທາງ']),
        type: pick(['expense', 'income']),
        icon: pick(['coffee', 'bus']),
        color: pick(['#336699', '#aa3300']),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'EditCategory',
      fc.record({ categoryId: pick(categoryIds), changes: fc.record({ name: pick(['Café', 'ชา']) }) }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'DeleteCategory',
      fc.record({ categoryId: pick(categoryIds), replacementCategoryId: pick(['builtin-food', 'builtin-other']) }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'ChangePreferences',
      fc.record({
        changes: fc
          .record(
            {
              monthlyBudget: fc.option(thb(1_000, 2_000_000), { nil: null }),
              currency: pick(['THB', 'LAK', 'USD']),
              timeZone: pick(['Asia/Bangkok', 'Asia/Vientiane']),
            },
            { requiredKeys: [] },
          )
          .filter((c) => Object.keys(c).length > 0),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'AddGoal',
      fc.record({
        goalId: pick(goalIds),
        name: pick(['Bike', 'ບ້ານ', 'ทองคำ']),
        target: thb(10_000, 1_000_000),
        targetDate: fc.constant('2027-12-31'),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: command('ContributeToGoal', fc.record({ goalId: pick(goalIds), amount: thb(1, 200_000), date })),
  },
  {
    weight: 1,
    arbitrary: command('WithdrawFromGoal', fc.record({ goalId: pick(goalIds), amount: thb(1, 100_000), date })),
  },
  { weight: 1, arbitrary: command('DeleteGoal', fc.record({ goalId: pick(goalIds) })) },
  {
    weight: 1,
    arbitrary: command(
      'OpenDebt',
      fc.record({
        debtId: pick(debtIds),
        name: pick(['Car', 'ເງິນກູ້']),
        type: fc.constant('loan'),
        initialAmount: fc.constant(1_200_000),
        currentAmount: fc.constant(1_200_000),
        annualRatePercent: pick(['0', '6', '12.5']),
        paymentDueDay: pick([1, 31]),
        icon: fc.constant('car'),
        color: fc.constant('#336699'),
        currency: fc.constant('THB'),
        loanType: fc.constant('emi'),
        termMonths: pick([6, 12]),
        openDate: fc.constant('2026-01-15'),
        startDate: fc.constant('2026-01-15'),
        walletId: maybeWallet,
      }),
    ),
  },
  {
    weight: 2,
    arbitrary: command(
      'MarkInstallmentPaid',
      fc.record({
        debtId: pick(debtIds),
        number: fc.integer({ min: 1, max: 3 }),
        paymentId: pick(paymentIds),
        date,
        walletId: maybeWallet,
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'MarkInstallmentUnpaid',
      fc.record({ debtId: pick(debtIds), number: fc.integer({ min: 1, max: 3 }) }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'RecordPayment',
      fc.record({
        debtId: pick(debtIds),
        paymentId: pick(paymentIds),
        amount: fc.integer({ min: 1, max: 400_000 }),
        date,
        walletId: maybeWallet,
      }),
    ),
  },
  { weight: 1, arbitrary: command('DeletePayment', fc.record({ debtId: pick(debtIds), paymentId: pick(paymentIds) })) },
  {
    weight: 1,
    arbitrary: command(
      'EditPayment',
      fc.record({
        debtId: pick(debtIds),
        paymentId: pick(paymentIds),
        changes: fc.record({ walletId: fc.option(wallet, { nil: null }) }),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'OpenWallet',
      fc.record({
        walletId: pick(openedWalletIds),
        name: pick(['BCEL One', 'K PLUS', 'ກະເປົາ']),
        kind: pick(['bank', 'e_wallet', 'savings']),
        currency: fc.constant('THB'),
        openingBalance: fc.integer({ min: -50_000, max: 5_000_000 }),
        openingDate: date,
        icon: fc.constant('landmark'),
        color: fc.constant('#2563eb'),
        excludeFromTotals: fc.boolean(),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'EditWallet',
      fc.record({
        walletId: wallet,
        changes: fc
          .record(
            {
              name: pick(['Pocket', 'Savings']),
              openingBalance: fc.integer({ min: 0, max: 1_000_000 }),
              openingDate: date,
            },
            { requiredKeys: [] },
          )
          .filter((c) => Object.keys(c).length > 0),
      }),
    ),
  },
  { weight: 1, arbitrary: command('ArchiveWallet', fc.record({ walletId: wallet })) },
  { weight: 1, arbitrary: command('RestoreWallet', fc.record({ walletId: wallet })) },
  {
    weight: 1,
    arbitrary: command(
      'ReconcileWallet',
      fc.record({
        walletId: wallet,
        date,
        balance: fc.integer({ min: -100_000, max: 2_000_000 }),
        expectedBalance: fc.integer({ min: 0, max: 2_000_000 }),
      }),
    ),
  },
  {
    weight: 2,
    arbitrary: command(
      'RecordTransfer',
      fc.integer({ min: 1, max: 300_000 }).chain((amount) =>
        fc.record({
          transferId: pick(transferIds),
          fromWalletId: wallet,
          toWalletId: wallet,
          amountOut: fc.constant({ amount, currency: 'THB' }),
          amountIn: fc.constant({ amount, currency: 'THB' }),
          date,
          note: fc.option(pick(['ATM', 'ถอนเงิน']), { nil: undefined }),
        }),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'EditTransfer',
      fc.record({
        transferId: pick(transferIds),
        changes: fc
          .record({ toWalletId: wallet, date, note: fc.option(pick(['Cash']), { nil: null }) }, { requiredKeys: [] })
          .filter((c) => Object.keys(c).length > 0),
      }),
    ),
  },
  { weight: 1, arbitrary: command('DeleteTransfer', fc.record({ transferId: pick(transferIds) })) },
  { weight: 2, arbitrary: command('CreateRecurringRule', recurringFields) },
  {
    weight: 1,
    arbitrary: command(
      'EditRecurringRule',
      fc.record({
        ruleId: pick(ruleIds),
        from: pick(['2026-11-01', '2026-11-16']),
        rule: recurringFields.map(({ ruleId: _ruleId, ...fields }) => ({
          ...fields,
          schedule: { ...fields.schedule, startDate: '2026-11-16' },
        })),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      'EditOccurrence',
      fc.record({ ruleId: pick(ruleIds), date: occurrenceDate, changes: fc.record({ amount: thb(1, 500_000) }) }),
    ),
  },
  { weight: 1, arbitrary: command('SkipOccurrence', fc.record({ ruleId: pick(ruleIds), date: occurrenceDate })) },
  { weight: 1, arbitrary: command('PauseRecurringRule', fc.record({ ruleId: pick(ruleIds) })) },
  { weight: 1, arbitrary: command('ResumeRecurringRule', fc.record({ ruleId: pick(ruleIds) })) },
  { weight: 1, arbitrary: command('DeleteRecurringRule', fc.record({ ruleId: pick(ruleIds) })) },
  {
    weight: 3,
    arbitrary: userCommand('StartImport', (user) =>
      fc.record({
        batchId: batchOf(user),
        fileName: pick(['kbank.csv', 'ເງິນສົດ.csv']),
        fileSha256: fc.constant(FILE_SHA),
        source: fc.constant('csv'),
        rowCount: fc.constant(4),
      }),
    ),
  },
  {
    weight: 6,
    arbitrary: userCommand(IMPORT_ROWS, (user) =>
      fc.record({
        // As the browser does: StartImport first (a retry when the batch is there), then the rows.
        start: fc.boolean(),
        batchId: batchOf(user),
        rows: fc
          .uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 })
          .chain((rows) => fc.tuple(...rows.map(importRow))),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: userCommand('FinishImport', (user) =>
      fc.record({
        batchId: batchOf(user),
        added: fc.integer({ min: 0, max: 4 }),
        existing: fc.constant(0),
        skipped: pick([{}, { duplicate: 1 }]),
      }),
    ),
  },
  { weight: 2, arbitrary: userCommand('UndoImport', (user) => fc.record({ batchId: batchOf(user) })) },
  {
    weight: 2,
    arbitrary: command(
      'PostOccurrence',
      fc.record(
        { ruleId: pick(ruleIds), date: occurrenceDate, amount: thb(1, 500_000) },
        { requiredKeys: ['ruleId', 'date'] },
      ),
    ),
  },
);

/** What happens between two commands on the read side. */
export type ReadSide =
  | { readonly kind: 'nothing' }
  | { readonly kind: 'catch-up' }
  | { readonly kind: 'restart' }
  | { readonly kind: 'redeliver'; readonly from: number; readonly count: number };
export const readSide: fc.Arbitrary<ReadSide> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'nothing' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'catch-up' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('redeliver' as const),
      from: fc.nat(),
      count: fc.integer({ min: 1, max: 6 }),
    }),
  },
);
