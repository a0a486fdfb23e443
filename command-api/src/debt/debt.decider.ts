import { type DebtCommand } from '@plenty/contracts/commands/debt';
import { type DebtEvent, type DebtChanges } from '@plenty/contracts/events/debt';
import { domainError, type DomainError } from '@plenty/contracts/errors';
import { buildLoanSchedule, equalInstallment } from '@plenty/contracts/loan-schedule';
import { checkWalletUse, type Wallet } from '../profile/wallets.decider.js';
import { outstandingOf, type DebtDetails, type DebtState } from './debt.state.js';
import { pendingOf, scheduleProblem, settle } from './debt.settle.js';

type Decision = DebtEvent[] | DomainError;
type Command<T extends DebtCommand['type']> = Extract<DebtCommand, { type: T }>;

const notFound = (): DomainError => domainError('debt_not_found', 404);

export interface DebtContext {
  /** The user's wallet with this id (their own or one of their default wallets), or null. */
  wallet(walletId: string): Wallet | null;
}

/** The context of commands that name no wallet. */
export const withoutWallets: DebtContext = { wallet: () => null };

/** Money of the debt's currency into or out of a wallet the command names: the wallet rules (wallets.decider.ts). */
function checkWallet(
  context: DebtContext,
  walletId: string | null | undefined,
  debt: { currency: DebtDetails['currency'] },
) {
  if (walletId === null || walletId === undefined) return null;
  return checkWalletUse((id) => context.wallet(id), {
    walletId,
    currency: debt.currency,
    field: 'walletId',
    newMoney: true,
  });
}

function open(command: Command<'OpenDebt'>, state: DebtState, context: DebtContext): Decision {
  if (state.status !== 'none') return domainError('debt_exists', 409, 'debtId');
  const { commandId: _commandId, termMonths, monthlyPayment, ...fields } = command.data;
  if (fields.currentAmount > fields.initialAmount) {
    return domainError('current_amount_above_initial', 422, 'currentAmount');
  }
  const walletProblem = checkWallet(context, fields.walletId, fields);
  if (walletProblem !== null) return walletProblem;
  let installment: number;
  try {
    installment = buildLoanSchedule({
      principal: fields.currentAmount,
      annualRatePercent: fields.annualRatePercent,
      loanType: fields.loanType,
      startDate: fields.startDate,
      paymentDueDay: fields.paymentDueDay,
      ...(termMonths === undefined ? {} : { termMonths }),
      ...(monthlyPayment === undefined ? {} : { monthlyPayment }),
    }).installment;
  } catch (error) {
    return scheduleProblem(error);
  }
  const terms = fields.loanType === 'emi' ? { termMonths } : { monthlyPayment };
  return [{ type: 'DebtOpened', data: { ...fields, ...terms, installment } }];
}

const TERMS = [
  'currentAmount',
  'annualRatePercent',
  'paymentDueDay',
  'loanType',
  'termMonths',
  'monthlyPayment',
  'startDate',
];
/** Changes after which an EMI installment is worked out again; dates alone keep it. */
const AMOUNT_TERMS = ['currentAmount', 'annualRatePercent', 'loanType', 'termMonths', 'monthlyPayment'];

function edit(command: Command<'EditDebt'>, state: DebtState, now: Date, context: DebtContext): Decision {
  if (state.status !== 'open') return notFound();
  const debt = state.debt;
  const changes = Object.fromEntries(
    Object.entries(command.data.changes).filter(
      ([key, value]) => value !== undefined && debt[key as keyof DebtDetails] !== value,
    ),
  ) as DebtChanges;
  const changed = Object.keys(changes);
  if (changed.length === 0) return domainError('nothing_to_change', 422);
  const hasPayments = debt.paidRows.length > 0 || debt.extras.length > 0;
  if (changes.currency !== undefined && hasPayments) return domainError('debt_has_payments', 409, 'currency');
  // The borrowed money stays in its wallet's currency, unless it moves to a wallet of the new one.
  if (changes.currency !== undefined && changes.walletId === undefined && debt.walletId !== null) {
    return domainError('wallet_currency_mismatch', 422, 'currency');
  }
  const next = { ...debt, ...changes } as DebtDetails;
  // Borrowed money moved to another wallet is new money in it; taking the wallet away always works.
  const walletProblem = checkWallet(context, changes.walletId, next);
  if (walletProblem !== null) return walletProblem;
  if (next.currentAmount > next.initialAmount) {
    return domainError(
      'current_amount_above_initial',
      422,
      changes.currentAmount === undefined ? 'initialAmount' : 'currentAmount',
    );
  }
  const { debtId } = command.data;
  if (!changed.some((key) => TERMS.includes(key))) return [{ type: 'DebtEdited', data: { debtId, changes } }];

  if (next.loanType === 'emi' && next.termMonths === null) return domainError('field_required', 422, 'termMonths');
  if (next.loanType === 'fixed' && next.monthlyPayment === null) {
    return domainError('field_required', 422, 'monthlyPayment');
  }
  const owed = outstandingOf(next);
  if (owed < 0) return domainError('payments_exceed_amount', 422, 'currentAmount');
  const paid = next.paidRows.length;
  let installment = next.installment;
  if (next.loanType === 'fixed') installment = next.monthlyPayment ?? installment;
  else if (changed.some((key) => AMOUNT_TERMS.includes(key)) && owed > 0) {
    const remaining = (next.termMonths ?? 0) - paid;
    if (remaining < 1) return domainError('term_invalid', 422, 'termMonths');
    installment = equalInstallment(owed, next.annualRatePercent, remaining);
  }
  const rows = pendingOf({ ...next, installment });
  if (!Array.isArray(rows)) return rows;
  const events: DebtEvent[] = [{ type: 'DebtEdited', data: { debtId, changes, installment } }];
  return settle(state, events, debtId, null, now, changes.currentAmount === undefined ? undefined : 'currentAmount');
}

function recordPayment(command: Command<'RecordPayment'>, state: DebtState, now: Date, context: DebtContext): Decision {
  if (state.status !== 'open') return notFound();
  const { commandId: _commandId, ...data } = command.data;
  if (state.debt.usedPaymentIds.includes(data.paymentId)) return domainError('payment_exists', 409, 'paymentId');
  if (data.amount > outstandingOf(state.debt)) return domainError('payment_exceeds_balance', 422, 'amount');
  const walletProblem = checkWallet(context, data.walletId, state.debt);
  if (walletProblem !== null) return walletProblem;
  return settle(state, [{ type: 'PaymentRecorded', data }], data.debtId, data.date, now);
}

function editPayment(command: Command<'EditPayment'>, state: DebtState, now: Date, context: DebtContext): Decision {
  if (state.status !== 'open') return notFound();
  const { debtId, paymentId } = command.data;
  const extra = state.debt.extras.find((payment) => payment.paymentId === paymentId);
  const row = state.debt.paidRows.find((paid) => paid.paymentId === paymentId);
  const current = extra ?? row;
  if (current === undefined) return domainError('payment_not_found', 404);
  const changes = Object.fromEntries(
    Object.entries(command.data.changes).filter(
      ([key, value]) => value !== undefined && current[key as keyof typeof current] !== value,
    ),
  );
  if (Object.keys(changes).length === 0) return domainError('nothing_to_change', 422);
  if (changes.amount !== undefined) {
    if (extra === undefined) return domainError('payment_is_installment', 422, 'amount');
    if (Number(changes.amount) - extra.amount > outstandingOf(state.debt)) {
      return domainError('payment_exceeds_balance', 422, 'amount');
    }
  }
  // A payment moved to another wallet is new money out of it; taking the wallet away always works.
  const walletProblem = checkWallet(context, changes.walletId as string | null | undefined, state.debt);
  if (walletProblem !== null) return walletProblem;
  const events: DebtEvent[] = [{ type: 'PaymentEdited', data: { debtId, paymentId, changes } }];
  return settle(state, events, debtId, redatedPayoff(state.debt, current, changes.date), now, 'amount');
}

/**
 * The day a paid-off debt is paid off on after one of its payments moves to `newDate`: when
 * it was the last payment left on the payoff day, the latest payment's day after the move.
 * Null when the payoff day stays.
 */
function redatedPayoff(
  debt: DebtDetails,
  moved: { readonly paymentId: string; readonly date: string },
  newDate: unknown,
): string | null {
  if (debt.paidOffAt === null || typeof newDate !== 'string' || moved.date !== debt.paidOffAt) return null;
  const payments = [...debt.paidRows, ...debt.extras];
  if (payments.some((payment) => payment.paymentId !== moved.paymentId && payment.date === debt.paidOffAt)) return null;
  const dates = payments.map((payment) => (payment.paymentId === moved.paymentId ? newDate : payment.date));
  return dates.reduce((latest, date) => (date > latest ? date : latest), newDate);
}

function unmark(state: DebtState, debtId: string, number: number, now: Date): Decision {
  if (state.status !== 'open') return notFound();
  const rows = state.debt.paidRows;
  const row = rows.find((paid) => paid.number === number);
  if (row === undefined) return domainError('installment_not_paid', 409, 'number');
  return settle(
    state,
    [{ type: 'InstallmentMarkedUnpaid', data: { debtId, number, paymentId: row.paymentId } }],
    debtId,
    null,
    now,
  );
}

function deletePayment(command: Command<'DeletePayment'>, state: DebtState, now: Date): Decision {
  if (state.status !== 'open') return notFound();
  const { debtId, paymentId } = command.data;
  const row = state.debt.paidRows.find((paid) => paid.paymentId === paymentId);
  if (row !== undefined) return unmark(state, debtId, row.number, now);
  if (!state.debt.extras.some((extra) => extra.paymentId === paymentId)) return domainError('payment_not_found', 404);
  return settle(state, [{ type: 'PaymentDeleted', data: { debtId, paymentId } }], debtId, null, now);
}

function markPaid(
  command: Command<'MarkInstallmentPaid'>,
  state: DebtState,
  now: Date,
  context: DebtContext,
): Decision {
  if (state.status !== 'open') return notFound();
  const { commandId: _commandId, debtId, number, paymentId, date, notes, walletId } = command.data;
  const debt = state.debt;
  if (debt.paidRows.some((row) => row.number === number)) return domainError('installment_already_paid', 409, 'number');
  const pending = pendingOf(debt);
  if (!Array.isArray(pending)) return pending;
  // Any pending row, in any order: the page asks the user before it skips earlier ones.
  const row = pending.find((candidate) => candidate.number === number);
  if (row === undefined) return domainError('installment_not_found', 404, 'number');
  if (debt.usedPaymentIds.includes(paymentId)) return domainError('payment_exists', 409, 'paymentId');
  const walletProblem = checkWallet(context, walletId, debt);
  if (walletProblem !== null) return walletProblem;
  const data = {
    ...row,
    debtId,
    paymentId,
    date,
    ...(notes === undefined ? {} : { notes }),
    ...(walletId === undefined ? {} : { walletId }),
  };
  return settle(state, [{ type: 'InstallmentMarkedPaid', data }], debtId, date, now);
}

function remove(command: Command<'DeleteDebt'>, state: DebtState): Decision {
  if (state.status !== 'open') return notFound();
  return [{ type: 'DebtDeleted', data: { debtId: command.data.debtId } }];
}

/**
 * Decides what a debt command records, or why it cannot. Pure: time comes in as `now`, the
 * wallets a command names through `context`.
 */
export function decideDebt(
  command: DebtCommand,
  state: DebtState,
  now: Date,
  context: DebtContext = withoutWallets,
): Decision {
  switch (command.type) {
    case 'OpenDebt':
      return open(command, state, context);
    case 'EditDebt':
      return edit(command, state, now, context);
    case 'RecordPayment':
      return recordPayment(command, state, now, context);
    case 'EditPayment':
      return editPayment(command, state, now, context);
    case 'DeletePayment':
      return deletePayment(command, state, now);
    case 'MarkInstallmentPaid':
      return markPaid(command, state, now, context);
    case 'MarkInstallmentUnpaid':
      return unmark(state, command.data.debtId, command.data.number, now);
    case 'DeleteDebt':
      return remove(command, state);
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown debt command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
