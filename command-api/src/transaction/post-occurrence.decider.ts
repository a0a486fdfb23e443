import { findBuiltInCategory, type CategoryType } from '@plenty/contracts/categories';
import { domainError, type DomainError } from '@plenty/contracts/errors';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import type { PostOccurrence } from '@plenty/contracts/recurring';
import { isRuleOccurrence, occurrenceDetails } from '@plenty/contracts/recurring-schedule';
import type { Wallet } from '../profile/wallets.decider.js';
import { tooFarAhead } from '../recurring/recurring.decider.js';
import type { RecurringState } from '../recurring/recurring.state.js';
import { checkCategory, checkSplits, checkWallet } from './transaction.decider.js';
import type { TransactionState } from './transaction.state.js';

export interface PostOccurrenceContext {
  /** The occurrence's transaction id (`occurrenceTransactionId` of the user, the rule and the date). */
  readonly transactionId: string;
  /** The rule's stream as folded; `none` for another user's or an unknown rule. */
  readonly rule: RecurringState;
  /** The user's local date now. */
  readonly today: string;
  /** Type of each live custom category of the user. */
  categoryType(categoryId: string): CategoryType | null;
  /** The category a deleted custom category's transactions were moved to, or null. */
  replacement(categoryId: string): string | null;
  /** The user's wallet with this id (their own or one of their default wallets), or null. */
  wallet(walletId: string): Wallet | null;
}

/** How many deleted categories in a row are followed to a live one (a replacement may be deleted too). */
const MAX_REPLACEMENTS = 64;

/**
 * The category an occurrence is posted in: the rule's, or, once that custom category is deleted,
 * where DeleteCategory moved its transactions (followed through later deletions); null when none.
 */
function liveCategory(context: PostOccurrenceContext, categoryId: string): string | null {
  let id: string | null = categoryId;
  for (let step = 0; id !== null && step <= MAX_REPLACEMENTS; step += 1) {
    if (findBuiltInCategory(id) !== undefined || context.categoryType(id) !== null) return id;
    id = context.replacement(id);
  }
  return null;
}

/**
 * PostOccurrence on `transaction-<occurrenceTransactionId>`: the occurrence posted as a
 * transaction with the rule's fields, its own changes and the command's amount and date,
 * through AddTransaction's category and wallet checks. Pure.
 */
export function decidePostOccurrence(
  command: PostOccurrence,
  state: TransactionState,
  context: PostOccurrenceContext,
): TransactionEvent[] | DomainError {
  const { rule } = context;
  if (rule.status === 'none' || rule.status === 'deleted') return domainError('recurring_not_found', 404);
  if (state.status !== 'none') return domainError('occurrence_already_posted', 409);
  const { ruleId, date, amount, transactionDate } = command.data;
  const { versions, skipped, overrides } = rule.rule;
  if (!isRuleOccurrence(versions, date)) return domainError('occurrence_not_found', 422, 'date');
  if (skipped.has(date)) return domainError('occurrence_skipped', 422, 'date');
  if (rule.status !== 'active') return domainError('recurring_paused', 422);
  if (tooFarAhead(date, context.today)) return domainError('occurrence_too_far', 422, 'date');
  const details = occurrenceDetails(versions, overrides, date);
  if (details === null) return domainError('occurrence_not_found', 422, 'date');
  const categoryId = liveCategory(context, details.categoryId);
  if (categoryId === null) return domainError('category_not_found', 422, 'categoryId');
  const lines = details.splits?.map((line) => ({ ...line, categoryId: liveCategory(context, line.categoryId) }));
  const lost = lines?.findIndex((line) => line.categoryId === null) ?? -1;
  if (lost >= 0) return domainError('category_not_found', 422, `splits.${lost}.categoryId`);
  const splits = lines?.map(({ categoryId: id, amount: part, note }) => ({
    categoryId: id ?? categoryId,
    amount: part,
    ...(note === null ? {} : { note }),
  }));
  const money = amount ?? details.amount;
  const tags = [...details.tags];
  const problem =
    checkCategory(context, categoryId, details.type) ??
    checkSplits(context, { type: details.type, amount: money, categoryId, splits }, 'amount') ??
    checkWallet(context, details.walletId, money.currency, true, amount === undefined ? 'walletId' : 'amount');
  if (problem !== null) return problem;
  return [
    {
      type: 'TransactionAdded',
      data: {
        transactionId: context.transactionId,
        type: details.type,
        amount: money,
        categoryId,
        date: transactionDate ?? date,
        ...(details.note === null ? {} : { note: details.note }),
        ...(details.walletId === null ? {} : { walletId: details.walletId }),
        ...(splits === undefined ? {} : { splits }),
        ...(tags.length === 0 ? {} : { tags }),
        recurrence: { ruleId, date },
      },
    },
  ];
}
