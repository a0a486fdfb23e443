import type { CategoryType } from '@plenty/contracts/categories';
import { addDays } from '@plenty/contracts/calendar/date';
import { domainError, type DomainError } from '@plenty/contracts/errors';
import {
  MAX_DAYS_AHEAD,
  type OccurrenceChanges,
  type RecurringCommand,
  type RecurringEvent,
  type RecurringRuleFields,
} from '@plenty/contracts/recurring';
import { isRuleOccurrence, LAST_DATE, occurrenceDetails, ruleOccurrences } from '@plenty/contracts/recurring-schedule';
import type { Wallet } from '../profile/wallets.decider.js';
import { checkCategory, checkSplits, checkWallet } from '../transaction/transaction.decider.js';
import type { RecurringRule, RecurringState } from './recurring.state.js';

/**
 * The server's poster holding an `auto` rule whose occurrence `date` it could not post (`reason`:
 * the error code). Not a route: only `holdRecurringRule` (posting.ts) sends it.
 */
export interface HoldRecurringRule {
  readonly type: 'HoldRecurringRule';
  readonly data: {
    readonly commandId: string;
    readonly ruleId: string;
    readonly date: string;
    readonly reason: string;
  };
}

export type RecurringStreamCommand = RecurringCommand | HoldRecurringRule;

export interface RecurringContext {
  /** Type of each custom category the user may pick (built-ins are known without it). */
  categoryType(categoryId: string): CategoryType | null;
  /** The user's wallet with this id (their own or one of their default wallets), or null. */
  wallet(walletId: string): Wallet | null;
  /** The user's local date now (their time zone). */
  readonly today: string;
  /** Whether the occurrence the command names (Skip, EditOccurrence) was posted. */
  readonly posted: boolean;
  /** Whether the transaction a new rule is made from is the user's own, and not deleted. */
  readonly fromTransactionFound: boolean;
}

/** An error on a field inside an object of the command (`rule.categoryId`). */
function under(prefix: string, error: DomainError | null): DomainError | null {
  if (error === null || prefix === '' || error.field === undefined) return error;
  return domainError(error.code, error.status, `${prefix}${error.field}`);
}

/**
 * AddTransaction's checks on a rule's fields: the category fits the type, the lines follow the
 * split rules (splits.ts), the wallet takes new money in the currency.
 */
function checkFields(context: RecurringContext, fields: RecurringRuleFields, prefix: string): DomainError | null {
  return (
    under(prefix, checkCategory(context, fields.categoryId, fields.type)) ??
    under(prefix, checkSplits(context, fields)) ??
    under(prefix, checkWallet(context, fields.walletId, fields.amount.currency, true, 'walletId'))
  );
}

function liveRule(state: RecurringState): RecurringRule | DomainError {
  if (state.status === 'none' || state.status === 'deleted') return domainError('recurring_not_found', 404);
  return state.rule;
}

/** Whether `date` is more than MAX_DAYS_AHEAD days after today. */
export const tooFarAhead = (date: string, today: string): boolean => date > addDays(today, MAX_DAYS_AHEAD);

/** An occurrence a command may change: of the rule, not posted, not too far ahead. */
function checkOccurrence(rule: RecurringRule, date: string, context: RecurringContext): DomainError | null {
  if (!isRuleOccurrence(rule.versions, date)) return domainError('occurrence_not_found', 422, 'date');
  if (context.posted) return domainError('occurrence_already_posted', 409, 'date');
  if (tooFarAhead(date, context.today)) return domainError('occurrence_too_far', 422, 'date');
  return null;
}

function create(
  command: Extract<RecurringCommand, { type: 'CreateRecurringRule' }>,
  state: RecurringState,
  context: RecurringContext,
): RecurringEvent[] | DomainError {
  if (state.status !== 'none') return domainError('recurring_exists', 409, 'ruleId');
  const { commandId: _commandId, ...data } = command.data;
  if (data.fromTransactionId !== undefined && !context.fromTransactionFound) {
    return domainError('transaction_not_found', 404, 'fromTransactionId');
  }
  return checkFields(context, data, '') ?? [{ type: 'RecurringRuleCreated', data }];
}

function edit(
  command: Extract<RecurringCommand, { type: 'EditRecurringRule' }>,
  state: RecurringState,
  context: RecurringContext,
): RecurringEvent[] | DomainError {
  const rule = liveRule(state);
  if ('kind' in rule) return rule;
  const { commandId: _commandId, ...data } = command.data;
  const first = rule.versions[0];
  if (first !== undefined && data.from < first.from) return domainError('recurrence_invalid', 422, 'from');
  if (data.rule.schedule.startDate < data.from) {
    return domainError('recurrence_invalid', 422, 'rule.schedule.startDate');
  }
  return checkFields(context, data.rule, 'rule.') ?? [{ type: 'RecurringRuleEdited', data }];
}

function editOccurrence(
  command: Extract<RecurringCommand, { type: 'EditOccurrence' }>,
  state: RecurringState,
  context: RecurringContext,
): RecurringEvent[] | DomainError {
  const rule = liveRule(state);
  if ('kind' in rule) return rule;
  const { ruleId, date } = command.data;
  const problem = checkOccurrence(rule, date, context);
  if (problem !== null) return problem;
  if (rule.skipped.has(date)) return domainError('occurrence_skipped', 422, 'date');
  // New lines sent without a category give the occurrence the first line's (splits.ts).
  const first = command.data.changes.splits?.[0]?.categoryId;
  const changes: OccurrenceChanges =
    first !== undefined && command.data.changes.categoryId === undefined
      ? { ...command.data.changes, categoryId: first }
      : command.data.changes;
  const details = occurrenceDetails(rule.versions, { [date]: { ...rule.overrides[date], ...defined(changes) } }, date);
  if (details === null) return domainError('occurrence_not_found', 422, 'date');
  if (changes.categoryId !== undefined) {
    const wrong = under('changes.', checkCategory(context, details.categoryId, details.type));
    if (wrong !== null) return wrong;
  }
  if (changes.amount !== undefined || changes.categoryId !== undefined || changes.splits !== undefined) {
    // A split occurrence given another amount or category without lines that fit is refused.
    const field = changes.splits === undefined || changes.splits === null ? 'amount' : 'splits';
    const wrong = under('changes.', checkSplits(context, details, changes.amount === undefined ? 'splits' : field));
    if (wrong !== null) return wrong;
  }
  if (details.walletId !== null && (changes.walletId !== undefined || changes.amount !== undefined)) {
    const field = changes.walletId !== undefined ? 'walletId' : 'amount';
    const wrong = under('changes.', checkWallet(context, details.walletId, details.amount.currency, true, field));
    if (wrong !== null) return wrong;
  }
  return [{ type: 'OccurrenceEdited', data: { ruleId, date, changes } }];
}

function defined(changes: OccurrenceChanges): OccurrenceChanges {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

function skip(
  command: Extract<RecurringCommand, { type: 'SkipOccurrence' }>,
  state: RecurringState,
  context: RecurringContext,
): RecurringEvent[] | DomainError {
  const rule = liveRule(state);
  if ('kind' in rule) return rule;
  if (state.status !== 'active') return domainError('recurring_paused', 422);
  const { ruleId, date } = command.data;
  const problem = checkOccurrence(rule, date, context);
  if (problem !== null) return problem;
  if (rule.skipped.has(date)) return [];
  return [{ type: 'OccurrenceSkipped', data: { ruleId, date } }];
}

function pause(
  command: Extract<RecurringCommand, { type: 'PauseRecurringRule' }>,
  state: RecurringState,
  context: RecurringContext,
): RecurringEvent[] | DomainError {
  const rule = liveRule(state);
  if ('kind' in rule) return rule;
  if (state.status === 'paused') return [];
  // A held occurrence is still to post; otherwise there must be one left from today on.
  if (rule.heldOn === null && ruleOccurrences(rule.versions, context.today, LAST_DATE, 1).length === 0) {
    return domainError('recurring_ended', 422);
  }
  return [{ type: 'RecurringRulePaused', data: { ruleId: command.data.ruleId, on: context.today } }];
}

function resume(
  command: Extract<RecurringCommand, { type: 'ResumeRecurringRule' }>,
  state: RecurringState,
  context: RecurringContext,
): RecurringEvent[] | DomainError {
  const rule = liveRule(state);
  if ('kind' in rule) return rule;
  if (state.status === 'active') return domainError('recurring_not_paused', 422);
  return [{ type: 'RecurringRuleResumed', data: { ruleId: command.data.ruleId, on: context.today } }];
}

function remove(
  command: Extract<RecurringCommand, { type: 'DeleteRecurringRule' }>,
  state: RecurringState,
): RecurringEvent[] | DomainError {
  const rule = liveRule(state);
  if ('kind' in rule) return rule;
  return [{ type: 'RecurringRuleDeleted', data: { ruleId: command.data.ruleId } }];
}

/** Only an active rule is held; a rule paused, held or edited meanwhile records nothing. */
function hold(command: HoldRecurringRule, state: RecurringState): RecurringEvent[] | DomainError {
  const rule = liveRule(state);
  if ('kind' in rule) return rule;
  if (state.status !== 'active') return [];
  const { ruleId, date, reason } = command.data;
  return [{ type: 'RecurringRuleHeld', data: { ruleId, date, reason } }];
}

/** Decides what a recurring rule command records, or why it cannot. Pure. */
export function decideRecurring(
  command: RecurringStreamCommand,
  state: RecurringState,
  context: RecurringContext,
): RecurringEvent[] | DomainError {
  switch (command.type) {
    case 'CreateRecurringRule':
      return create(command, state, context);
    case 'EditRecurringRule':
      return edit(command, state, context);
    case 'EditOccurrence':
      return editOccurrence(command, state, context);
    case 'SkipOccurrence':
      return skip(command, state, context);
    case 'PauseRecurringRule':
      return pause(command, state, context);
    case 'ResumeRecurringRule':
      return resume(command, state, context);
    case 'DeleteRecurringRule':
      return remove(command, state);
    case 'HoldRecurringRule':
      return hold(command, state);
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown recurring command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
