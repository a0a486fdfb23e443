/*
 * The catalog key of the label of each field a history names as changed, for the app's history
 * views and the backup's history.csv alike, so both call a field by the same name in every
 * language. The wallet field is each one's own (the app says "Wallet" in its own words, the CSV
 * in its column's).
 */

/** A transaction's fields. */
export const TRANSACTION_FIELD_LABEL_KEYS = {
  type: 'transactions.field.type',
  amount: 'transactions.field.amount',
  categoryId: 'transactions.field.categoryId',
  date: 'transactions.field.date',
  time: 'transactions.field.time',
  note: 'transactions.field.note',
  receipt: 'transactions.field.receipt',
  location: 'transactions.field.location',
  splits: 'transactions.field.splits',
  tags: 'transactions.field.tags',
} as const;

/** A debt's fields, in the order a change lists them. */
export const DEBT_FIELD_LABEL_KEYS = {
  name: 'debts.history.field.name',
  type: 'debts.history.field.type',
  lender: 'debts.history.field.lender',
  description: 'debts.history.field.description',
  icon: 'debts.history.field.icon',
  color: 'debts.history.field.color',
  currency: 'debts.history.field.currency',
  initialAmount: 'debts.history.field.initialAmount',
  currentAmount: 'debts.history.field.currentAmount',
  annualRatePercent: 'debts.history.field.annualRatePercent',
  minimumPayment: 'debts.history.field.minimumPayment',
  paymentDueDay: 'debts.history.field.paymentDueDay',
  loanType: 'debts.history.field.loanType',
  termMonths: 'debts.history.field.termMonths',
  monthlyPayment: 'debts.history.field.monthlyPayment',
  openDate: 'debts.history.field.openDate',
  startDate: 'debts.history.field.startDate',
  amount: 'debts.history.field.amount',
  date: 'debts.history.field.date',
  notes: 'debts.history.field.notes',
} as const;
